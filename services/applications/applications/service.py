"""applications's business rules: the applicant projection, get-or-create, applying again, admin review and shelf
companies."""

from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from fastapi import Response
from sqlalchemy import ColumnElement, Select, update
from sqlalchemy import select as sa_select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import aliased
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from applications.errors import ApplicationsErrorCode
from applications.mandate import company_changed, removal_overdue
from applications.models import (
    CLOSED_STATUSES,
    Applicant,
    Application,
    ClientCase,
    Company,
    ScreeningBlock,
    StatusUpdate,
)
from applications.schemas import (
    ApplicationSort,
    AssigneeFilter,
    CompanyAssignment,
    CompanyCreate,
    CompanySort,
    CompanyStatus,
    EidFilter,
    StatusChange,
    StatusFilter,
)
from applications.term import term_end, today_in_tallinn
from portal_common.auth import Identity
from portal_common.clock import utcnow
from portal_common.db import Database
from portal_common.errors import ApiError, ErrorCode
from portal_common.events import (
    ApplicationCreated,
    ApplicationReopened,
    ApplicationStatusChanged,
    CompanyAssigned,
    CompanyTransferred,
)
from portal_common.listing import Order, PageParams, column, in_order, matches, ordered, page_of_ids, search_text
from portal_common.outbox import add_event
from portal_common.projection import once_projected, upsert_if_newer

ASSIGNABLE_STATUSES = ("approved", "active")
Rows = Select[*tuple[Any, ...]]
APPLICANT_SEARCH = column(Applicant.search_vector)
COMPANY_SEARCH = column(Company.search_vector)
EXPORT_BATCH = 500
NOTHING_TO_UPDATE = "Please either change the status or add notes."
CODE_TAKEN = "A company with this registry code already exists"
APPLICATION_OPEN = "You can apply again once your current application is rejected or completed"
REOPEN_SUPERSEDED = ("The applicant has applied again since this application was completed, so it cannot be "
                     "reopened: its employment contract cannot come back beside the new one")
REOPEN_TERM_ENDED = ("The board member's term ended on {date}, so this application cannot be reopened: its "
                     "employment contract cannot come back")
CLIENT_REQUIRED = "Name the client the company is handed over to: a client whose compliance case is approved"
CLIENT_UNKNOWN = "There is no such client case in compliance"
CLIENT_NOT_APPROVED = "The client's compliance case is {status}, not approved: the company cannot be handed over"
CLIENT_EXPIRED = ("The client's compliance case was due for its periodic review on {date}: the company cannot be "
                  "handed over until it is approved again")


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
    await db.execute(update(Application).where(col(Application.user_id) == user_id)
                     .values(sort_name=sort_name(applicant.full_name)))


def sort_name(full_name: str | None) -> str:
    return (full_name or "").casefold()


async def current_application(db: AsyncSession, user_id: int, lock: bool = False) -> Application | None:
    """The user's newest application: each one follows the one before, so it has the highest id."""
    query = (select(Application).where(col(Application.user_id) == user_id)
             .order_by(col(Application.id).desc()).limit(1))
    return (await db.exec(query.with_for_update() if lock else query)).first()


async def _insert_application(db: AsyncSession, user_id: int, previous_id: int | None) -> int | None:
    """A new pending application following ``previous_id`` (None: the user's first), announced; None when
    the chain already has one there (a concurrent request or the registration event made it)."""
    now = utcnow()
    name = (await db.exec(select(Applicant.full_name).where(col(Applicant.user_id) == user_id))).first()
    created = await db.execute(insert(Application).values(
        user_id=user_id, previous_application_id=previous_id, status="pending", created_at=now, updated_at=now,
        sort_name=sort_name(name),
    ).on_conflict_do_nothing().returning(col(Application.id)))
    application_id = created.scalar_one_or_none()
    if application_id is not None:
        add_event(db, ApplicationCreated(application_id=application_id, user_id=user_id,
                                         previous_application_id=previous_id))
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
class Assignee:
    id: int
    name: str


def assignee_of(admin_id: int | None, full_name: str | None, username: str | None) -> Assignee | None:
    """Named as applications knows the admin: from identity's events, which only an admin who once
    registered or edited a profile has sent; otherwise by id."""
    if admin_id is None:
        return None
    return Assignee(admin_id, full_name or username or f"#{admin_id}")


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
    assignee: Assignee | None
    client: ClientCase | None = None


async def _view(db: AsyncSession, application: Application) -> ApplicationView:
    assert application.id is not None
    others = await _other_applications(db, application)
    company = await _company_of(db, application.id)
    client = await db.get(ClientCase, company.client_id) if company and company.client_id else None
    return ApplicationView(application, await _applicant(db, application.user_id),
                           await _status_updates(db, application.id), company, others,
                           await _assignee(db, application.assigned_admin_id), client)


async def _assignee(db: AsyncSession, admin_id: int | None) -> Assignee | None:
    if admin_id is None:
        return None
    admin = await _applicant(db, admin_id)
    return assignee_of(admin_id, admin.full_name if admin else None, admin.username if admin else None)


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


# ---- the admin list (issue 17: paged, sorted and searched on the server) ------------------------------------

AssigneeApplicant = aliased(Applicant, name="assignee_applicant")
APPLICATION_SORTS: dict[ApplicationSort, Any] = {
    "createdAt": Application.created_at, "updatedAt": Application.updated_at, "status": Application.status,
    "name": Application.sort_name}
ASCENDING_SORTS = {"status", "name"}


@dataclass(frozen=True)
class ApplicationFilters:
    """The list's filters and sort, shared by its pages and its CSV export; ``admin_id`` is whoever asks
    (``assignee=me``)."""

    term: str | None
    status: StatusFilter | None
    assignee: AssigneeFilter | None
    sort: ApplicationSort
    order: Order | None
    admin_id: int
    eid: EidFilter | None = None


@dataclass(frozen=True)
class ApplicationRow:
    application: Application
    applicant: Applicant | None
    assignee: Assignee | None


def _conditions(filters: ApplicationFilters) -> list[ColumnElement[bool]]:
    conditions: list[ColumnElement[bool]] = []
    if filters.status == "removal_overdue":
        conditions.append(removal_overdue(today_in_tallinn()))
    elif filters.status and filters.status != "all":
        conditions.append(col(Application.status) == filters.status)
    if filters.assignee == "me":
        conditions.append(col(Application.assigned_admin_id) == filters.admin_id)
    elif filters.assignee == "none":
        conditions.append(col(Application.assigned_admin_id).is_(None))
    if filters.eid is not None:
        # Issue 34: the applicants verified by eID at registration (a partial index), then their applications.
        verified = sa_select(col(Applicant.user_id)).where(col(Applicant.eid_method).is_not(None))
        conditions.append(col(Application.user_id).in_(verified) if filters.eid == "verified"
                          else col(Application.user_id).not_in(verified))
    if filters.term:
        # The applicants' GIN index first, then their applications by user id (no OR across the join).
        found = sa_select(col(Applicant.user_id)).where(matches(APPLICANT_SEARCH, filters.term))
        conditions.append(col(Application.user_id).in_(found))
    return conditions


def _descending(filters: ApplicationFilters) -> bool:
    return (filters.order or ("asc" if filters.sort in ASCENDING_SORTS else "desc")) == "desc"


def _sorted_applications(query: Rows, filters: ApplicationFilters) -> Rows:
    return ordered(query.where(*_conditions(filters)), column(APPLICATION_SORTS[filters.sort]),
                   column(Application.id), _descending(filters))


async def application_page(db: AsyncSession, filters: ApplicationFilters, page: PageParams,
                           response: Response) -> list[ApplicationRow]:
    """One page of the matching applications (X-Total-Count on ``response``): paged on the applications table
    alone, then only its own rows joined to their people (``with_people``)."""
    ids = await page_of_ids(db, column(Application.id), column(APPLICATION_SORTS[filters.sort]),
                            _conditions(filters), page, _descending(filters), response)
    applications = (await db.exec(select(Application).where(col(Application.id).in_(ids)))).all()
    return await with_people(db, in_order(applications, ids, lambda application: application.id))


async def with_people(db: AsyncSession, applications: Sequence[Application]) -> list[ApplicationRow]:
    """The applications with their applicants and assignees, in one query for the page."""
    admin_ids = {application.assigned_admin_id for application in applications} - {None}
    user_ids = {application.user_id for application in applications} | admin_ids
    people = {person.user_id: person for person in
              (await db.exec(select(Applicant).where(col(Applicant.user_id).in_(user_ids)))).all()}

    def assignee(admin_id: int | None) -> Assignee | None:
        admin = people.get(admin_id) if admin_id is not None else None
        return assignee_of(admin_id, admin.full_name if admin else None, admin.username if admin else None)

    return [ApplicationRow(application, people.get(application.user_id), assignee(application.assigned_admin_id))
            for application in applications]


async def stream_applications(database: Database, filters: ApplicationFilters) -> AsyncIterator[ApplicationRow]:
    """Every matching application with its people (joined: the export reads them all anyway), in batches through
    a server-side cursor on a session of its own (the export streams after the request's unit of work ended)."""
    query = _sorted_applications(
        sa_select(Application, Applicant, col(AssigneeApplicant.full_name), col(AssigneeApplicant.username))
        .outerjoin(Applicant, col(Applicant.user_id) == col(Application.user_id))
        .outerjoin(AssigneeApplicant, col(AssigneeApplicant.user_id) == col(Application.assigned_admin_id)),
        filters)
    async with database.session() as session:
        result = await session.stream(query.execution_options(yield_per=EXPORT_BATCH))
        async for rows in result.partitions():
            for application, applicant, assignee_name, assignee_username in rows:
                assignee = assignee_of(application.assigned_admin_id, assignee_name, assignee_username)
                yield ApplicationRow(application, applicant, assignee)


async def _application(db: AsyncSession, application_id: int, lock: bool = False) -> Application:
    query = select(Application).where(col(Application.id) == application_id)
    application = (await db.exec(query.with_for_update() if lock else query)).first()
    if application is None:
        raise ApiError(404, ErrorCode.NOT_FOUND, "Application not found")
    return application


async def application_detail(db: AsyncSession, application_id: int) -> ApplicationView:
    return await _view(db, await _application(db, application_id))


# ---- admin changes ------------------------------------------------------------------------------------

async def assign(db: AsyncSession, application_id: int, admin_id: int | None) -> int | None:
    """Assigns the application to ``admin_id`` (None: to nobody); taking it over from another admin is fine.
    Returns whom it was assigned to before."""
    application = await _application(db, application_id, lock=True)
    previous = application.assigned_admin_id
    application.assigned_admin_id = admin_id
    application.assigned_at = utcnow() if admin_id is not None else None
    db.add(application)
    return previous


async def change_status(db: AsyncSession, application_id: int, change: StatusChange, identity: Identity) -> str:
    """Any status may follow any other (spec §4); the same status is fine as long as a note (either kind) comes
    with it. Returns the status it had before."""
    application = await _application(db, application_id, lock=True)
    if change.status == application.status and change.notes is None and change.internal_note is None:
        raise ApiError(422, ApplicationsErrorCode.NOTHING_TO_UPDATE, NOTHING_TO_UPDATE)
    old_status = application.status
    reopening = old_status == "completed" and change.status not in CLOSED_STATUSES
    if reopening:
        await _refuse_unless_reopenable(db, application)
    client = await _handover_client(db, application_id, change) if change.status == "completed" else None
    blocked = await db.get(ScreeningBlock, application.user_id) if change.status == "approved" else None
    if blocked is not None and old_status != "approved":
        raise ApiError(409, ApplicationsErrorCode.SCREENING_HIT,
                       "A compliance officer confirmed a sanctions screening hit on the applicant")
    application.status = change.status
    if change.notes is not None:
        application.admin_notes = change.notes
    application.updated_at = utcnow()
    db.add(application)
    db.add(StatusUpdate(application_id=application_id, old_status=old_status, new_status=change.status,
                        notes=change.notes, internal_note=change.internal_note, changed_by=identity.user_id,
                        created_at=application.updated_at))
    await _follow_company(db, application, client)
    # Only the applicant's note travels: events reach services that show or send things to the applicant.
    add_event(db, ApplicationStatusChanged(
        application_id=application_id, user_id=application.user_id, old_status=old_status,
        new_status=change.status, notes=change.notes, changed_by=identity.user_id))
    if reopening:
        company = await _company_of(db, application_id)
        start = company.registration_date if company else None
        add_event(db, ApplicationReopened(application_id=application_id, user_id=application.user_id,
                                          new_status=change.status, company_id=company.id if company else None,
                                          term_ends_on=term_end(start) if start else None))
    return old_status


async def _refuse_unless_reopenable(db: AsyncSession, application: Application) -> None:
    """A completed application may go back to an open status only if its employment contract can come back with
    it (issue 37, Applying again): not once the person has applied again (two running contracts), nor once the
    company's 6-month term is over (spec §1: the contract has ended with it either way)."""
    follower = (await db.exec(select(Application.id)
                              .where(col(Application.previous_application_id) == application.id))).first()
    if follower is not None:
        raise ApiError(409, ApplicationsErrorCode.REOPEN_SUPERSEDED, REOPEN_SUPERSEDED)
    assert application.id is not None
    company = await _company_of(db, application.id)
    if company is not None and company.registration_date is not None:
        ended_on = term_end(company.registration_date)
        if ended_on < today_in_tallinn():
            raise ApiError(409, ApplicationsErrorCode.REOPEN_TERM_ENDED,
                           REOPEN_TERM_ENDED.format(date=ended_on.isoformat()))


async def _handover_client(db: AsyncSession, application_id: int, change: StatusChange) -> ClientCase | None:
    """Issue 35, Handover gate: completing an application hands its company over to a client (spec §1), which
    must be named and whose compliance case must be approved and not past its periodic review date; 409
    client_not_approved otherwise, before anything changes. No company, or one handed over already: no gate."""
    company = await _company_of(db, application_id)
    if company is None or company.status == "transferred":
        return None
    if change.client_id is None:
        raise ApiError.on_field(409, ApplicationsErrorCode.CLIENT_NOT_APPROVED, "clientId", CLIENT_REQUIRED)
    client_id = change.client_id
    # A case approved a moment ago may not have reached this projection yet: wait for it a little.
    case = await once_projected(lambda: db.get(ClientCase, client_id, populate_existing=True),
                                lambda found: found.status == "approved")
    if case is None or case.status == "erased":
        raise ApiError.on_field(409, ApplicationsErrorCode.CLIENT_NOT_APPROVED, "clientId", CLIENT_UNKNOWN)
    if case.status != "approved":
        raise ApiError.on_field(409, ApplicationsErrorCode.CLIENT_NOT_APPROVED, "clientId",
                                CLIENT_NOT_APPROVED.format(status=case.status.replace("_", " ")))
    if case.review_due is not None and case.review_due < today_in_tallinn():
        raise ApiError.on_field(409, ApplicationsErrorCode.CLIENT_NOT_APPROVED, "clientId",
                                CLIENT_EXPIRED.format(date=case.review_due.isoformat()))
    return case


async def _follow_company(db: AsyncSession, application: Application, client: ClientCase | None = None) -> None:
    """A completed application means its company was handed over to the client (spec §1): the board member's
    contract ends that day, and payroll cancels the payments due after it (issue 23). ``client``: the client it
    goes to (the handover gate passed); a company taken back from a client (reopening) forgets it."""
    assert application.id is not None
    company = await _company_of(db, application.id)
    if company is not None:
        was_transferred = company.status == "transferred"
        company.status = "transferred" if application.status == "completed" else "assigned"
        if client is not None:
            company.client_id = client.client_id
        elif company.status != "transferred":
            company.client_id = None
        db.add(company)
        if company.status == "transferred" and not was_transferred:
            assert company.id is not None
            add_event(db, CompanyTransferred(application_id=application.id, user_id=application.user_id,
                                             company_id=company.id, transferred_on=today_in_tallinn()))


async def assign_company(db: AsyncSession, application_id: int, body: CompanyAssignment) -> int | None:
    """Assigns the company (and its registration date, if given); returns the id of the company it replaced."""
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
    await company_changed(db, application_id, application.user_id, company)
    return previous.id if previous is not None and previous.id != company.id else None


def _company_assigned(application: Application, company: Company) -> CompanyAssigned:
    """Tells contracts when the board member's term ends (spec §1), so the employment contract ends then, and
    payroll when the term starts, so it can schedule the payments (issue 23)."""
    assert application.id is not None and company.id is not None
    start = company.registration_date
    return CompanyAssigned(application_id=application.id, user_id=application.user_id, company_id=company.id,
                           registration_date=start, term_ends_on=term_end(start) if start else None,
                           company_name=company.name, registry_code=company.registration_code)


COMPANY_SORTS: dict[CompanySort, Any] = {
    "createdAt": Company.created_at, "name": Company.name, "registrationDate": Company.registration_date}


async def company_page(db: AsyncSession, page: PageParams, status: CompanyStatus | None, sort: CompanySort,
                       response: Response) -> list[Company]:
    """One page of the matching companies (X-Total-Count on ``response``), newest first unless sorted
    otherwise; companies whose registration date is not known yet come last either way."""
    conditions: list[ColumnElement[bool]] = []
    if status is not None:
        conditions.append(col(Company.status) == status)
    if page.term:
        conditions.append(matches(COMPANY_SEARCH, page.term))
    ids = await page_of_ids(db, column(Company.id), column(COMPANY_SORTS[sort]), conditions, page,
                            page.descending("asc" if sort == "name" else "desc"), response)
    companies = (await db.exec(select(Company).where(col(Company.id).in_(ids)))).all()
    return in_order(companies, ids, lambda company: company.id)


async def applicant_names(db: AsyncSession, companies: Sequence[Company]) -> dict[int, str | None]:
    """The full name of the applicant of each assigned company's application, by application id."""
    application_ids = {company.application_id for company in companies} - {None}
    rows = (await db.execute(
        sa_select(col(Application.id), col(Applicant.full_name))
        .outerjoin(Applicant, col(Applicant.user_id) == col(Application.user_id))
        .where(col(Application.id).in_(application_ids)))).all()
    return {application_id: name for application_id, name in rows}


async def client_cases(db: AsyncSession, companies: Sequence[Company]) -> dict[int, ClientCase]:
    """The client case each handed-over company went to, by client id."""
    ids = {company.client_id for company in companies if company.client_id is not None}
    if not ids:
        return {}
    rows = (await db.exec(select(ClientCase).where(col(ClientCase.client_id).in_(ids)))).all()
    return {case.client_id: case for case in rows}


async def handover_clients(db: AsyncSession) -> Sequence[ClientCase]:
    """The clients a company may be handed over to now (issue 35): approved and not past their review date."""
    today = today_in_tallinn()
    return (await db.exec(select(ClientCase).where(
        col(ClientCase.status) == "approved",
        (col(ClientCase.review_due).is_(None)) | (col(ClientCase.review_due) >= today))
        .order_by(col(ClientCase.name), col(ClientCase.client_id)))).all()


async def create_company(db: AsyncSession, body: CompanyCreate) -> Company:
    taken = (await db.exec(select(Company.id).where(col(Company.registration_code) == body.registration_code)))
    if taken.first() is not None:
        raise _code_taken()
    company = Company(name=body.name, registration_code=body.registration_code,
                      registration_date=body.registration_date,
                      search_text=search_text(body.name, body.registration_code))
    db.add(company)
    try:
        await db.flush()
    except IntegrityError:
        raise _code_taken() from None
    return company


def _code_taken() -> ApiError:
    return ApiError.on_field(409, ApplicationsErrorCode.REGISTRATION_CODE_TAKEN, "registrationCode", CODE_TAKEN)
