"""applications's business rules: the applicant projection, get-or-create, applying again, admin review and shelf
companies."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import Select, func
from sqlalchemy import select as sa_select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from applications.banking import term_end
from applications.errors import ApplicationsErrorCode
from applications.models import CLOSED_STATUSES, Applicant, Application, Company, StatusUpdate
from applications.schemas import CompanyAssignment, CompanyCreate, StatusChange, StatusFilter
from portal_common.auth import Identity
from portal_common.clock import utcnow
from portal_common.errors import ApiError, ErrorCode
from portal_common.events import ApplicationCreated, ApplicationStatusChanged, CompanyAssigned
from portal_common.outbox import add_event
from portal_common.projection import upsert_if_newer

ASSIGNABLE_STATUSES = ("approved", "active")
AnySelect = TypeVar("AnySelect", bound=Select[*tuple[Any, ...]])
SEARCH_SEPARATOR = "\x1f"
NOTHING_TO_UPDATE = "Please either change the status or add notes."
CODE_TAKEN = "A company with this registry code already exists"
APPLICATION_OPEN = "You can apply again once your current application is rejected or completed"


# ---- the applicant projection (fed by identity's events) -----------------------------------------------

async def upsert_applicant(db: AsyncSession, user_id: int, occurred_at: datetime, profile: dict[str, Any],
                           account: dict[str, Any] | None = None) -> None:
    """Profile fields change only when this event is newer than what we hold, so a late event never wins;
    ``account`` fields (username, language) only come with the registration and are always taken."""
    await upsert_if_newer(db, Applicant, {"user_id": user_id}, "updated_at", occurred_at, profile, account,
                          on_insert={"search_text": ""})
    applicant = await db.get(Applicant, user_id, populate_existing=True)
    assert applicant is not None
    applicant.search_text = search_text(applicant.full_name, applicant.email, applicant.id_code)
    db.add(applicant)


def search_text(*values: str | None) -> str:
    return SEARCH_SEPARATOR.join(value.casefold() for value in values if value)


async def current_application(db: AsyncSession, user_id: int, lock: bool = False) -> Application | None:
    """The user's newest application: each one follows the one before, so it has the highest id."""
    query = (select(Application).where(col(Application.user_id) == user_id)
             .order_by(col(Application.id).desc()).limit(1))
    return (await db.exec(query.with_for_update() if lock else query)).first()


async def _insert_application(db: AsyncSession, user_id: int, previous_id: int | None) -> int | None:
    """A new pending application following ``previous_id`` (None: the user's first), announced; None when
    the chain already has one there (a concurrent request or the registration event made it)."""
    now = utcnow()
    created = await db.execute(insert(Application).values(
        user_id=user_id, previous_application_id=previous_id, status="pending", created_at=now, updated_at=now,
    ).on_conflict_do_nothing().returning(col(Application.id)))
    application_id = created.scalar_one_or_none()
    if application_id is not None:
        add_event(db, ApplicationCreated(application_id=application_id, user_id=user_id))
    return application_id


async def ensure_application(db: AsyncSession, user_id: int) -> Application:
    """The user's current application, the first one made if there is none yet: safe to race with the
    registration event and with itself (one first application per user)."""
    found = await current_application(db, user_id)
    if found is None:
        await _insert_application(db, user_id, None)
        found = await current_application(db, user_id)
    assert found is not None
    return found


# ---- reading ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class PastApplication:
    application: Application
    status_updates: Sequence[StatusUpdate]


@dataclass(frozen=True)
class ApplicationView:
    """An application with what is shown beside it: the applicant, the status history (newest first), the
    company and the same user's other applications (newest first), each with its own status history."""

    application: Application
    applicant: Applicant | None
    status_updates: Sequence[StatusUpdate]
    company: Company | None
    others: Sequence[PastApplication]


async def _view(db: AsyncSession, application: Application) -> ApplicationView:
    assert application.id is not None
    others = await _other_applications(db, application)
    return ApplicationView(application, await _applicant(db, application.user_id),
                           await _status_updates(db, application.id), await _company_of(db, application.id), others)


async def _other_applications(db: AsyncSession, application: Application) -> list[PastApplication]:
    others = (await db.exec(select(Application).where(col(Application.user_id) == application.user_id,
                                                      col(Application.id) != application.id)
                            .order_by(col(Application.id).desc()))).all()
    ids = [other.id for other in others]
    updates = (await db.exec(select(StatusUpdate).where(col(StatusUpdate.application_id).in_(ids))
                             .order_by(col(StatusUpdate.created_at).desc(), col(StatusUpdate.id).desc()))).all()
    return [PastApplication(other, [u for u in updates if u.application_id == other.id]) for other in others]


async def _applicant(db: AsyncSession, user_id: int) -> Applicant | None:
    return await db.get(Applicant, user_id)


async def _status_updates(db: AsyncSession, application_id: int) -> Sequence[StatusUpdate]:
    return (await db.exec(select(StatusUpdate).where(col(StatusUpdate.application_id) == application_id)
                          .order_by(col(StatusUpdate.created_at).desc(), col(StatusUpdate.id).desc()))).all()


async def _company_of(db: AsyncSession, application_id: int) -> Company | None:
    return (await db.exec(select(Company).where(col(Company.application_id) == application_id))).first()


async def own_application(db: AsyncSession, identity: Identity) -> ApplicationView:
    if identity.is_admin:
        # Staff are not applicants: an admin sees an application only if one exists, none is made up.
        found = await current_application(db, identity.user_id)
        if found is None:
            raise ApiError(404, ErrorCode.NOT_FOUND, "No application")
        application = found
    else:
        application = await ensure_application(db, identity.user_id)
    return await _view(db, application)


# ---- applying again (spec §1: "The person may apply again") -----------------------------------------------

async def apply_again(db: AsyncSession, identity: Identity) -> ApplicationView:
    """"The person may apply again" (spec §1): a new application once the current one is rejected or
    completed; 409 while it is open. The current one is locked, so an admin reopening it meanwhile waits."""
    if identity.is_admin:
        raise ApiError(403, ErrorCode.FORBIDDEN, "Staff do not apply")
    current = await current_application(db, identity.user_id, lock=True)
    if current is not None and current.status not in CLOSED_STATUSES:
        raise _still_open()
    created_id = await _insert_application(db, identity.user_id, current.id if current else None)
    if created_id is None:  # another request of the same user made it first
        raise _still_open()
    return await _view(db, await _application(db, created_id))


def _still_open() -> ApiError:
    return ApiError(409, ApplicationsErrorCode.APPLICATION_OPEN, APPLICATION_OPEN)


def _escape_like(term: str) -> str:
    return term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _filtered(query: AnySelect, search: str | None, status: StatusFilter | None) -> AnySelect:
    query = query.outerjoin(Applicant, col(Applicant.user_id) == col(Application.user_id))
    if status and status != "all":
        query = query.where(col(Application.status) == status)
    term = "".join(ch for ch in (search or "") if ch.isprintable()).strip().casefold()
    if term:
        query = query.where(col(Applicant.search_text).ilike(f"%{_escape_like(term)}%", escape="\\"))
    return query


async def list_applications(db: AsyncSession, search: str | None, status: StatusFilter | None, limit: int,
                            offset: int) -> tuple[list[tuple[Application, Applicant | None]], int]:
    """A page of applications, newest first, with each one's applicant, and how many match in all."""
    total = (await db.execute(_filtered(sa_select(func.count(col(Application.id))), search, status))).scalar_one()
    rows = (await db.execute(
        _filtered(sa_select(Application, Applicant), search, status)
        .order_by(col(Application.created_at).desc(), col(Application.id).desc()).limit(limit).offset(offset)
    )).all()
    return [(application, applicant) for application, applicant in rows], total


async def _application(db: AsyncSession, application_id: int, lock: bool = False) -> Application:
    query = select(Application).where(col(Application.id) == application_id)
    application = (await db.exec(query.with_for_update() if lock else query)).first()
    if application is None:
        raise ApiError(404, ErrorCode.NOT_FOUND, "Application not found")
    return application


async def application_detail(db: AsyncSession, application_id: int) -> ApplicationView:
    return await _view(db, await _application(db, application_id))


# ---- admin changes ------------------------------------------------------------------------------------

async def change_status(db: AsyncSession, application_id: int, change: StatusChange, identity: Identity) -> None:
    """Any status may follow any other (spec §4); the same status is fine as long as notes come with it."""
    application = await _application(db, application_id, lock=True)
    if change.status == application.status and change.notes is None:
        raise ApiError(422, ApplicationsErrorCode.NOTHING_TO_UPDATE, NOTHING_TO_UPDATE)
    old_status = application.status
    application.status = change.status
    if change.notes is not None:
        application.admin_notes = change.notes
    application.updated_at = utcnow()
    db.add(application)
    db.add(StatusUpdate(application_id=application_id, old_status=old_status, new_status=change.status,
                        notes=change.notes, changed_by=identity.user_id, created_at=application.updated_at))
    await _follow_company(db, application)
    add_event(db, ApplicationStatusChanged(
        application_id=application_id, user_id=application.user_id, old_status=old_status,
        new_status=change.status, notes=change.notes, changed_by=identity.user_id))


async def _follow_company(db: AsyncSession, application: Application) -> None:
    """A completed application means its company was handed over to the client (spec §1)."""
    assert application.id is not None
    company = await _company_of(db, application.id)
    if company is not None:
        company.status = "transferred" if application.status == "completed" else "assigned"
        db.add(company)


async def assign_company(db: AsyncSession, application_id: int, body: CompanyAssignment) -> None:
    application = await _application(db, application_id, lock=True)
    if application.status not in ASSIGNABLE_STATUSES:
        raise ApiError(409, ApplicationsErrorCode.NOT_ASSIGNABLE,
                       "A company can be assigned only to an approved or active application")
    company = (await db.exec(select(Company).where(col(Company.id) == body.company_id).with_for_update())).first()
    if company is None:
        raise ApiError.on_field(404, ErrorCode.NOT_FOUND, "companyId", "Company not found",
                                ApplicationsErrorCode.COMPANY_NOT_FOUND)
    if company.application_id not in (None, application_id):
        raise ApiError.on_field(409, ApplicationsErrorCode.COMPANY_TAKEN, "companyId",
                                "This company is already assigned to another application")
    previous = await _company_of(db, application_id)
    if previous is not None and previous.id != company.id:
        previous.application_id, previous.status = None, "available"
        db.add(previous)
        await db.flush()  # frees the one-company-per-application slot before the new company takes it
    company.application_id, company.status = application_id, "assigned"
    if body.registration_date is not None:
        company.registration_date = body.registration_date
    db.add(company)
    add_event(db, _company_assigned(application, company))


def _company_assigned(application: Application, company: Company) -> CompanyAssigned:
    """Tells contracts when the board member's term ends (spec §1), so the employment contract ends then."""
    assert application.id is not None and company.id is not None
    start = company.registration_date
    return CompanyAssigned(application_id=application.id, user_id=application.user_id, company_id=company.id,
                           registration_date=start, term_ends_on=term_end(start) if start else None)


async def list_companies(db: AsyncSession) -> list[tuple[Company, str | None]]:
    """Every company, newest first, with the name of the applicant it is assigned to."""
    rows = (await db.execute(
        select(Company, Applicant.full_name)
        .outerjoin(Application, col(Application.id) == col(Company.application_id))
        .outerjoin(Applicant, col(Applicant.user_id) == col(Application.user_id))
        .order_by(col(Company.created_at).desc(), col(Company.id).desc()))).all()
    return [(company, name) for company, name in rows]


async def create_company(db: AsyncSession, body: CompanyCreate) -> Company:
    taken = (await db.exec(select(Company.id).where(col(Company.registration_code) == body.registration_code)))
    if taken.first() is not None:
        raise _code_taken()
    company = Company(name=body.name, registration_code=body.registration_code,
                      registration_date=body.registration_date)
    db.add(company)
    try:
        await db.flush()
    except IntegrityError:
        raise _code_taken() from None
    return company


def _code_taken() -> ApiError:
    return ApiError.on_field(409, ApplicationsErrorCode.REGISTRATION_CODE_TAKEN, "registrationCode", CODE_TAKEN)
