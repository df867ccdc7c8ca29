"""audit's API: the log for admins (issue 15, Audit log) and, for every signed-in user, the admin views of
their own data (issue 16, Access transparency)."""

from datetime import date
from typing import Annotated

from fastapi import APIRouter, Query, Response

from audit import service
from audit.schemas import AccessLogEntryOut, AuditRecordOut
from portal_common.auth import AdminIdentity, CurrentIdentity
from portal_common.listing import DEFAULT_LIMIT, MAX_LIMIT, TOTAL_RESPONSES
from portal_common.unit_of_work import SessionDep
from portal_common.validation import MAX_DB_INT, without_nul

router = APIRouter(prefix="/api", tags=["audit"])

# Days the log can hold; outside them a bound only risks overflowing a time zone's arithmetic.
FIRST_DAY, LAST_DAY = date(2000, 1, 1), date(2999, 12, 31)


@router.get("/admin/audit", response_model=list[AuditRecordOut], responses=TOTAL_RESPONSES)
async def list_audit_records(
    _: AdminIdentity, db: SessionDep, response: Response,
    actor: Annotated[int | None, Query(ge=1, le=MAX_DB_INT, description="the acting user's id")] = None,
    applicant: Annotated[int | None, Query(ge=1, le=MAX_DB_INT, description="the applicant's user id")] = None,
    action: Annotated[str | None, Query(min_length=1, max_length=100, description=(
        "an action, e.g. application.viewed; one ending in '.' (document.) keeps every action it begins"))] = None,
    first_day: Annotated[date | None, Query(alias="from", ge=FIRST_DAY, le=LAST_DAY, description=(
        "YYYY-MM-DD: from the start of this day in Europe/Tallinn"))] = None,
    last_day: Annotated[date | None, Query(alias="to", ge=FIRST_DAY, le=LAST_DAY, description=(
        "YYYY-MM-DD: up to the end of this day in Europe/Tallinn"))] = None,
    limit: Annotated[int, Query(ge=1, le=MAX_LIMIT)] = DEFAULT_LIMIT,
    offset: Annotated[int, Query(ge=0, le=MAX_DB_INT)] = 0,
) -> list[AuditRecordOut]:
    """Admin actions and admin views of personal data, newest first, paged, with the number of matches in
    X-Total-Count."""
    filters = service.AuditFilters(actor, applicant, without_nul(action), first_day, last_day)
    return await service.page(db, filters, limit, offset, response)


@router.get("/privacy/access-log", response_model=list[AccessLogEntryOut], responses=TOTAL_RESPONSES)
async def list_own_access_log(
    identity: CurrentIdentity, db: SessionDep, response: Response,
    limit: Annotated[int, Query(ge=1, le=MAX_LIMIT)] = DEFAULT_LIMIT,
    offset: Annotated[int, Query(ge=0, le=MAX_DB_INT)] = 0,
) -> list[AccessLogEntryOut]:
    """Who has seen my data: the admin views and downloads of the caller's application, documents and contract
    PDFs, newest first, paged, with the number in X-Total-Count; never who the admin was or where from."""
    return await service.own_access_page(db, identity.user_id, limit, offset, response)
