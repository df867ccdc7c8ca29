"""The board member's mandate at the Business Register (issue 36, The mandate, tracked): the admin records the
register's appointment and removal entry dates; from them and the term come the planned end, the shareholders'
removal deadline and the mandate's status, which the applicant and the admins read.

- The planned end is the term's last day (applications/term.py: 6 months from the company's registration).
- The removal deadline is MANDATE_REMOVAL_DEADLINE_BANKING_DAYS Estonian banking days after it, counted with
  the one banking-day rule payroll's schedule uses (portal_common.banking_days).
- The status: ``removed`` once the removal is entered; ``awaiting_appointment`` until the appointment is;
  ``removal_overdue`` from the day after the removal deadline; ``ending`` from the 10th banking day before the
  planned end up to the deadline (the term ends and the shareholders' filing is due); ``active`` otherwise.
"""

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Literal

from sqlalchemy import ColumnElement, and_, exists
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from applications.errors import ApplicationsErrorCode
from applications.models import Application, Company, Mandate
from applications.term import TERM_MONTHS, add_months, term_end, today_in_tallinn
from portal_common.auth import Identity
from portal_common.banking_days import banking_days_after, banking_days_before
from portal_common.clock import utcnow
from portal_common.errors import ApiError, ErrorCode, FieldError
from portal_common.events import MandateRecorded
from portal_common.outbox import add_event

MANDATE_REMOVAL_DEADLINE_BANKING_DAYS = 5
ENDING_BANKING_DAYS = 10
MandateStatus = Literal["awaiting_appointment", "active", "ending", "removal_overdue", "removed"]
NO_MANDATE = "No company has been assigned, so there is no mandate yet"
IN_FUTURE = "The date cannot be in the future"
REMOVAL_BEFORE_APPOINTMENT = "The removal cannot be before the appointment"
APPOINTMENT_REQUIRED = "Enter the appointment's date before the removal's"


def removal_deadline(planned_end: date) -> date:
    """The day by which the shareholders must have filed the board member's removal."""
    return banking_days_after(planned_end, MANDATE_REMOVAL_DEADLINE_BANKING_DAYS)


def mandate_status(today: date, appointed_on: date | None, removed_on: date | None,
                   planned_end: date | None) -> MandateStatus:
    if removed_on is not None:
        return "removed"
    if appointed_on is None:
        return "awaiting_appointment"
    if planned_end is None:  # the company's registration date is not known yet, so neither is the end
        return "active"
    if today > removal_deadline(planned_end):
        return "removal_overdue"
    if today >= banking_days_before(planned_end, ENDING_BANKING_DAYS):
        return "ending"
    return "active"


def last_overdue_registration(today: date) -> date:
    """The latest company registration date whose term's removal deadline is before ``today``: the deadline never
    moves back as the registration date moves on, so every company registered on or before it is overdue too."""
    day = add_months(today, -TERM_MONTHS)
    while removal_deadline(term_end(day)) >= today:
        day -= timedelta(days=1)
    return day


def removal_overdue(today: date) -> ColumnElement[bool]:
    """The applications whose mandate is ``removal_overdue`` on ``today`` (the admins' list filter and overview
    tile): appointed to their company, not removed, and past the deadline."""
    return exists().where(
        col(Company.application_id) == col(Application.id),
        col(Company.registration_date) <= last_overdue_registration(today),
        col(Mandate.application_id) == col(Application.id),
        and_(col(Mandate.company_id) == col(Company.id), col(Mandate.appointed_on).is_not(None),
             col(Mandate.removed_on).is_(None)))


@dataclass(frozen=True)
class MandateView:
    application_id: int
    company: str
    registry_code: str
    appointed_on: date | None
    planned_end: date | None
    removal_deadline: date | None
    removed_on: date | None
    status: MandateStatus


def _view(application_id: int, company: Company, mandate: Mandate | None, today: date) -> MandateView:
    # Dates recorded for a company the application no longer has are not this company's.
    if mandate is not None and mandate.company_id != company.id:
        mandate = None
    appointed_on = mandate.appointed_on if mandate else None
    removed_on = mandate.removed_on if mandate else None
    planned_end = term_end(company.registration_date) if company.registration_date else None
    return MandateView(application_id, company.name, company.registration_code, appointed_on, planned_end,
                       removal_deadline(planned_end) if planned_end else None, removed_on,
                       mandate_status(today, appointed_on, removed_on, planned_end))


async def _company(db: AsyncSession, application_id: int, lock: bool = False) -> Company:
    query = select(Company).where(col(Company.application_id) == application_id)
    company = (await db.exec(query.with_for_update() if lock else query)).first()
    if company is None:
        raise ApiError(404, ErrorCode.NOT_FOUND, NO_MANDATE)
    return company


async def own_mandate(db: AsyncSession, identity: Identity) -> MandateView:
    """The caller's newest application that has a company: after applying again, the earlier mandate is still
    the one on the register until it is removed."""
    row = (await db.exec(
        select(Application.id, Company).join(Company, col(Company.application_id) == col(Application.id))
        .where(col(Application.user_id) == identity.user_id).order_by(col(Application.id).desc()).limit(1)
    )).first()
    if row is None:
        raise ApiError(404, ErrorCode.NOT_FOUND, NO_MANDATE)
    application_id, company = row
    assert application_id is not None
    return _view(application_id, company, await db.get(Mandate, application_id), today_in_tallinn())


async def application_mandate(db: AsyncSession, application_id: int) -> MandateView:
    company = await _company(db, application_id)
    return _view(application_id, company, await db.get(Mandate, application_id), today_in_tallinn())


async def record_mandate(db: AsyncSession, application_id: int, changes: dict[str, date | None],
                         identity: Identity) -> MandateView:
    """Sets the dates in ``changes`` (a date, or None to clear it); the others keep what was recorded."""
    company = await _company(db, application_id, lock=True)
    assert company.id is not None
    mandate = await db.get(Mandate, application_id, with_for_update=True)
    if mandate is None or mandate.company_id != company.id:
        mandate = mandate or Mandate(application_id=application_id, company_id=company.id,
                                     updated_by=identity.user_id)
        mandate.company_id, mandate.appointed_on, mandate.removed_on = company.id, None, None
    appointed_on = changes.get("appointed_on", mandate.appointed_on)
    removed_on = changes.get("removed_on", mandate.removed_on)
    _check(today_in_tallinn(), appointed_on, removed_on)
    mandate.appointed_on, mandate.removed_on = appointed_on, removed_on
    mandate.updated_by, mandate.updated_at = identity.user_id, utcnow()
    db.add(mandate)
    await db.flush()
    view = _view(application_id, company, mandate, today_in_tallinn())
    owner = await application_owner(db, application_id)
    assert owner is not None
    announce(db, owner, company, view)
    return view


def announce(db: AsyncSession, user_id: int, company: Company, view: MandateView) -> None:
    """applications.mandate.recorded: the mandate as it is now, for notifications' e-mails."""
    assert company.id is not None
    add_event(db, MandateRecorded(application_id=view.application_id, user_id=user_id, company_id=company.id,
                                  company_name=company.name, appointed_on=view.appointed_on,
                                  removed_on=view.removed_on, planned_end=view.planned_end,
                                  removal_deadline=view.removal_deadline))


async def company_changed(db: AsyncSession, application_id: int, user_id: int, company: Company) -> None:
    """A company assigned (another one, or its registration date set) after dates were recorded: the mandate
    announced again, so its e-mails follow the new term's end, or stop for dates of a company no longer assigned."""
    mandate = await db.get(Mandate, application_id)
    if mandate is not None:
        announce(db, user_id, company, _view(application_id, company, mandate, today_in_tallinn()))


def _check(today: date, appointed_on: date | None, removed_on: date | None) -> None:
    """The register's entries are facts of the past, and a removal follows the appointment."""
    errors: dict[str, FieldError] = {}
    for field, value in (("appointedOn", appointed_on), ("removedOn", removed_on)):
        if value is not None and value > today:
            errors[field] = FieldError(ApplicationsErrorCode.DATE_IN_FUTURE, IN_FUTURE)
    if "removedOn" not in errors and removed_on is not None:
        if appointed_on is None:
            errors["removedOn"] = FieldError(ApplicationsErrorCode.APPOINTMENT_REQUIRED, APPOINTMENT_REQUIRED)
        elif removed_on < appointed_on:
            errors["removedOn"] = FieldError(ApplicationsErrorCode.REMOVAL_BEFORE_APPOINTMENT,
                                             REMOVAL_BEFORE_APPOINTMENT)
    if errors:
        first = next(iter(errors.values()))
        raise ApiError(422, ErrorCode.VALIDATION_ERROR, first.message, errors)


async def application_owner(db: AsyncSession, application_id: int) -> int | None:
    return (await db.exec(select(Application.user_id).where(col(Application.id) == application_id))).first()
