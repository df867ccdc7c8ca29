"""applications's API (spec §7): the applicant's own application, admin review and shelf companies."""

from typing import Annotated

from fastapi import APIRouter, Query, Request, Response
from fastapi.responses import StreamingResponse

from applications import service
from applications.export import csv_chunks, filename
from applications.mappers import (
    application_detail_out,
    application_list_item,
    client_ref,
    company_item,
    own_application_out,
)
from applications.schemas import (
    ApplicationDetail,
    ApplicationListItem,
    ApplicationSort,
    AssigneeFilter,
    ClientRef,
    CompanyAssignment,
    CompanyCreate,
    CompanyListItem,
    CompanySort,
    CompanyStatus,
    EidFilter,
    OwnApplicationOut,
    StatusChange,
    StatusFilter,
)
from portal_common.audit import record_admin_action, record_list_view
from portal_common.auth import AdminIdentity, CurrentIdentity
from portal_common.clock import utcnow
from portal_common.listing import MAX_QUERY_LENGTH, TOTAL_RESPONSES, Order, PageDep, search_term
from portal_common.unit_of_work import SessionDep
from portal_common.validation import ResourceId

router = APIRouter(prefix="/api", tags=["applications"])
# The audit target of an export: every application the filters match.
EVERY_APPLICATION = "*"
AssigneeQuery = Annotated[AssigneeFilter | None, Query(description="me: assigned to you; none: to nobody")]
EidQuery = Annotated[EidFilter | None, Query(description="verified: applicants who registered with an eID "
                                                         "(issue 34); unverified: the others")]


@router.get("/application", response_model=OwnApplicationOut)
async def own_application(identity: CurrentIdentity, db: SessionDep) -> OwnApplicationOut:
    return own_application_out(await service.own_application(db, identity))


@router.post("/application", status_code=201, response_model=OwnApplicationOut)
async def apply_again(identity: CurrentIdentity, db: SessionDep) -> OwnApplicationOut:
    """A new application once the current one is rejected or completed (spec §1); 409 `application_open`
    while it is open."""
    return own_application_out(await service.apply_again(db, identity))


@router.get("/admin/applications", response_model=list[ApplicationListItem], responses=TOTAL_RESPONSES)
async def list_applications(identity: AdminIdentity, request: Request, db: SessionDep, response: Response,
                            page: PageDep, status: StatusFilter | None = None, assignee: AssigneeQuery = None,
                            sort: ApplicationSort = "createdAt", eid: EidQuery = None) -> list[ApplicationListItem]:
    """A page of applications (issue 17); `q` finds word beginnings of the applicant's name, e-mail or ID code.
    Newest first unless sorted otherwise (by name and status A to Z). The page shows names, e-mail addresses and
    ID codes (masked), so each one is recorded (issue 37): the filters and which applications it showed."""
    filters = service.ApplicationFilters(page.term, status, assignee, sort, page.order, identity.user_id, eid)
    rows = await service.application_page(db, filters, page, response)
    record_list_view(db, request, identity, "application", [row.application.id for row in rows], None,
                     status=status or "", assignee=assignee or "", sort=sort, order=page.order or "",
                     offset=str(page.offset), searched="yes" if page.term else "", **({"eid": eid} if eid else {}))
    return [application_list_item(row) for row in rows]


@router.get("/admin/applications/export.csv", response_class=StreamingResponse,
            responses={200: {"content": {"text/csv": {"schema": {"type": "string"}}}}})
async def export_applications(
    identity: AdminIdentity, request: Request, db: SessionDep,
    q: Annotated[str | None, Query(max_length=MAX_QUERY_LENGTH, description="search text")] = None,
    status: StatusFilter | None = None, assignee: AssigneeQuery = None, sort: ApplicationSort = "createdAt",
    order: Order | None = None, eid: EidQuery = None,
) -> StreamingResponse:
    """Every application the list would show with the same filters and sort, as CSV (issue 17)."""
    filters = service.ApplicationFilters(search_term(q), status, assignee, sort, order, identity.user_id, eid)
    # Recorded (committed before the rows stream) with the filters, but not the search text: it may be a name.
    record_admin_action(db, request, identity, "application.exported", "application", EVERY_APPLICATION, None,
                        status=status or "", assignee=assignee or "", sort=sort, **({"eid": eid} if eid else {}))
    rows = service.stream_applications(request.app.state.db, filters)
    return StreamingResponse(csv_chunks(rows, identity.language), media_type="text/csv; charset=utf-8",
                             headers={"Content-Disposition": f'attachment; filename="{filename(utcnow())}"'})


@router.get("/admin/applications/{application_id}", response_model=ApplicationDetail)
async def application_detail(application_id: ResourceId, identity: AdminIdentity, request: Request,
                             db: SessionDep) -> ApplicationDetail:
    """One application with its applicant's personal data: every such view is recorded (issue 15, Audit log)."""
    view = await service.application_detail(db, application_id)
    record_admin_action(db, request, identity, "application.viewed", "application", application_id,
                        view.application.user_id)
    return application_detail_out(view)


@router.put("/admin/applications/{application_id}/status", response_model=ApplicationDetail)
async def change_status(application_id: ResourceId, body: StatusChange, identity: AdminIdentity,
                        request: Request, db: SessionDep) -> ApplicationDetail:
    # A rejection is a status change too; its notes stay out of the record (free text about the applicant).
    old_status = await service.change_status(db, application_id, body, identity)
    view = await service.application_detail(db, application_id)
    # A handover names its client (issue 35, Handover gate): the record says which.
    client = {"client": str(view.client.client_id)} if view.client and body.client_id is not None else {}
    record_admin_action(db, request, identity, "application.status_changed", "application", application_id,
                        view.application.user_id, **{"from": old_status, "to": body.status}, **client)
    return application_detail_out(view)


@router.post("/admin/applications/{application_id}/assign-to-me", response_model=ApplicationDetail)
async def assign_to_me(application_id: ResourceId, identity: AdminIdentity, request: Request,
                       db: SessionDep) -> ApplicationDetail:
    """Takes the application on (issue 17, Work sharing), also from another admin; recorded with whom it was
    taken from (issue 37)."""
    previous = await service.assign(db, application_id, identity.user_id)
    view = await service.application_detail(db, application_id)
    record_admin_action(db, request, identity, "application.assigned", "application", application_id,
                        view.application.user_id, assignee=str(identity.user_id),
                        previous="" if previous is None else str(previous))
    return application_detail_out(view)


@router.delete("/admin/applications/{application_id}/assignee", response_model=ApplicationDetail)
async def unassign(application_id: ResourceId, identity: AdminIdentity, request: Request,
                   db: SessionDep) -> ApplicationDetail:
    previous = await service.assign(db, application_id, None)
    view = await service.application_detail(db, application_id)
    record_admin_action(db, request, identity, "application.unassigned", "application", application_id,
                        view.application.user_id, previous="" if previous is None else str(previous))
    return application_detail_out(view)


@router.put("/admin/applications/{application_id}/company", response_model=ApplicationDetail)
async def assign_company(application_id: ResourceId, body: CompanyAssignment, identity: AdminIdentity,
                         request: Request, db: SessionDep) -> ApplicationDetail:
    # The company it replaces, if any, is freed: the record says which (issue 37, assign and unassign).
    previous = await service.assign_company(db, application_id, body)
    view = await service.application_detail(db, application_id)
    replaced = {"previous_company": str(previous)} if previous is not None else {}
    record_admin_action(db, request, identity, "application.company_assigned", "application", application_id,
                        view.application.user_id, company=str(body.company_id), **replaced)
    return application_detail_out(view)


@router.get("/admin/companies", response_model=list[CompanyListItem], responses=TOTAL_RESPONSES)
async def list_companies(_: AdminIdentity, db: SessionDep, response: Response, page: PageDep,
                         status: CompanyStatus | None = None,
                         sort: CompanySort = "createdAt") -> list[CompanyListItem]:
    """A page of shelf companies (issue 17); `q` finds word beginnings of the name or registry code. Newest
    first unless sorted otherwise (by name A to Z; by registration date, unknown dates last)."""
    companies = await service.company_page(db, page, status, sort, response)
    names = await service.applicant_names(db, companies)
    cases = await service.client_cases(db, companies)
    return [company_item(company, names.get(company.application_id) if company.application_id else None,
                         cases.get(company.client_id) if company.client_id else None)
            for company in companies]


@router.get("/admin/companies/handover-clients", response_model=list[ClientRef])
async def handover_clients(_: AdminIdentity, db: SessionDep) -> list[ClientRef]:
    """Issue 35, Handover gate: the clients a company may be handed over to now (their compliance case approved
    and not past its periodic review date), by name; their names and case status only."""
    return [ref for ref in map(client_ref, await service.handover_clients(db)) if ref is not None]


@router.post("/admin/companies", status_code=201, response_model=CompanyListItem)
async def create_company(body: CompanyCreate, _: AdminIdentity, db: SessionDep) -> CompanyListItem:
    return company_item(await service.create_company(db, body), None)
