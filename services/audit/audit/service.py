"""Reading the log: one page of records, newest first, filtered by who acted, whom it concerns, what was done
and when (issue 15, Audit log)."""

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from fastapi import Response
from sqlalchemy import ColumnElement
from sqlalchemy.orm import aliased
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from audit.models import AuditRecord, Person
from audit.schemas import AccessLogEntryOut, AuditRecordOut
from portal_common.errors import ApiError, ErrorCode
from portal_common.listing import PageParams, column, in_order, page_of_ids

# The days of ?from= and ?to= are Tallinn's, as the admins live them.
LOCAL_TIME = ZoneInfo("Europe/Tallinn")
ACTION_PREFIX_END = "."
# Issue 16, Access transparency: the records an applicant sees of their own, the ones where an admin saw their
# data (the application detail, a document's file, a contract's PDF). Admin changes (a status, a review, a new
# contract) reach the applicant by their own notices; application.exported is a list of everyone, recorded
# without an applicant, so it cannot be shown to one.
DATA_ACCESS_ACTIONS = ("application.viewed", "document.downloaded", "contract.pdf_viewed")


@dataclass(frozen=True)
class AuditFilters:
    actor: int | None = None
    applicant: int | None = None
    action: str | None = None  # exact, or every action that starts with it when it ends in "."
    first_day: date | None = None
    last_day: date | None = None


def _day_starts(day: date) -> datetime:
    return datetime.combine(day, time.min, tzinfo=LOCAL_TIME)


def _conditions(filters: AuditFilters) -> list[ColumnElement[bool]]:
    if filters.first_day and filters.last_day and filters.last_day < filters.first_day:
        raise ApiError.on_field(422, ErrorCode.VALIDATION_ERROR, "to", "The end date is before the start date",
                                ErrorCode.INVALID_VALUE)
    conditions: list[ColumnElement[bool]] = []
    if filters.actor is not None:
        conditions.append(col(AuditRecord.actor_id) == filters.actor)
    if filters.applicant is not None:
        conditions.append(col(AuditRecord.applicant_id) == filters.applicant)
    if filters.action:
        action = col(AuditRecord.action)
        conditions.append(action.startswith(filters.action, autoescape=True)
                          if filters.action.endswith(ACTION_PREFIX_END) else action == filters.action)
    if filters.first_day is not None:
        conditions.append(col(AuditRecord.occurred_at) >= _day_starts(filters.first_day))
    if filters.last_day is not None:
        conditions.append(col(AuditRecord.occurred_at) < _day_starts(filters.last_day + timedelta(days=1)))
    return conditions


def _name(person: Any) -> str | None:
    if person is None:
        return None
    return str(person.full_name or person.username or "") or None


async def page(db: AsyncSession, filters: AuditFilters, limit: int, offset: int,
               response: Response) -> list[AuditRecordOut]:
    """One page, newest first (X-Total-Count on ``response``), each record with its people's names."""
    ids = await page_of_ids(db, column(AuditRecord.id), column(AuditRecord.occurred_at), _conditions(filters),
                            PageParams(None, None, limit, offset), True, response)
    actor, applicant = aliased(Person), aliased(Person)
    rows = (await db.exec(
        select(AuditRecord, actor, applicant)
        .outerjoin(actor, col(actor.user_id) == col(AuditRecord.actor_id))
        .outerjoin(applicant, col(applicant.user_id) == col(AuditRecord.applicant_id))
        .where(col(AuditRecord.id).in_(ids)))).all()
    by_id = {record.id: AuditRecordOut.model_validate({
        **record.model_dump(), "actor_name": _name(actor_row), "applicant_name": _name(applicant_row)})
        for record, actor_row, applicant_row in rows}
    return [by_id[record_id] for record_id in ids if record_id in by_id]


async def own_access_page(db: AsyncSession, user_id: int, limit: int, offset: int,
                          response: Response) -> list[AccessLogEntryOut]:
    """One page of the admin views and downloads of ``user_id``'s data, newest first (X-Total-Count on
    ``response``), without anything about the admins (issue 16, Access transparency)."""
    conditions = [col(AuditRecord.applicant_id) == user_id, col(AuditRecord.action).in_(DATA_ACCESS_ACTIONS)]
    ids = await page_of_ids(db, column(AuditRecord.id), column(AuditRecord.occurred_at), conditions,
                            PageParams(None, None, limit, offset), True, response)
    records = (await db.exec(select(AuditRecord).where(col(AuditRecord.id).in_(ids)))).all()
    return [AccessLogEntryOut.model_validate(record.model_dump())
            for record in in_order(records, ids, lambda record: record.id)]
