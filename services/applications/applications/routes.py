"""applications's API (spec §7): the applicant's own application, admin review and shelf companies."""

from typing import Annotated

from fastapi import APIRouter, Query, Response

from applications import service
from applications.mappers import application_detail_out, application_list_item, company_item, own_application_out
from applications.schemas import (
    ApplicationDetail,
    ApplicationListItem,
    CompanyAssignment,
    CompanyCreate,
    CompanyListItem,
    OwnApplicationOut,
    StatusChange,
    StatusFilter,
)
from portal_common.auth import AdminIdentity, CurrentIdentity
from portal_common.unit_of_work import SessionDep
from portal_common.validation import MAX_DB_INT, ResourceId

router = APIRouter(prefix="/api", tags=["applications"])
TOTAL_HEADER = "X-Total-Count"


@router.get("/application", response_model=OwnApplicationOut)
async def own_application(identity: CurrentIdentity, db: SessionDep) -> OwnApplicationOut:
    return own_application_out(await service.own_application(db, identity))


@router.post("/application", status_code=201, response_model=OwnApplicationOut)
async def apply_again(identity: CurrentIdentity, db: SessionDep) -> OwnApplicationOut:
    """A new application once the current one is rejected or completed (spec §1); 409 `application_open`
    while it is open."""
    return own_application_out(await service.apply_again(db, identity))


@router.get("/admin/applications", response_model=list[ApplicationListItem],
            responses={200: {"headers": {TOTAL_HEADER: {"description": "matches before limit/offset",
                                                        "schema": {"type": "integer"}}}}})
async def list_applications(
    _: AdminIdentity, db: SessionDep, response: Response,
    search: Annotated[str | None, Query(max_length=200, description="full name, email or ID code")] = None,
    status: StatusFilter | None = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    offset: Annotated[int, Query(ge=0, le=MAX_DB_INT)] = 0,
) -> list[ApplicationListItem]:
    rows, total = await service.list_applications(db, search, status, limit, offset)
    response.headers[TOTAL_HEADER] = str(total)
    return [application_list_item(application, applicant) for application, applicant in rows]


@router.get("/admin/applications/{application_id}", response_model=ApplicationDetail)
async def application_detail(application_id: ResourceId, _: AdminIdentity, db: SessionDep) -> ApplicationDetail:
    return application_detail_out(await service.application_detail(db, application_id))


@router.put("/admin/applications/{application_id}/status", response_model=ApplicationDetail)
async def change_status(application_id: ResourceId, body: StatusChange, identity: AdminIdentity,
                        db: SessionDep) -> ApplicationDetail:
    await service.change_status(db, application_id, body, identity)
    return application_detail_out(await service.application_detail(db, application_id))


@router.put("/admin/applications/{application_id}/company", response_model=ApplicationDetail)
async def assign_company(application_id: ResourceId, body: CompanyAssignment, _: AdminIdentity,
                         db: SessionDep) -> ApplicationDetail:
    await service.assign_company(db, application_id, body)
    return application_detail_out(await service.application_detail(db, application_id))


@router.get("/admin/companies", response_model=list[CompanyListItem])
async def list_companies(_: AdminIdentity, db: SessionDep) -> list[CompanyListItem]:
    return [company_item(company, applicant_name) for company, applicant_name in await service.list_companies(db)]


@router.post("/admin/companies", status_code=201, response_model=CompanyListItem)
async def create_company(body: CompanyCreate, _: AdminIdentity, db: SessionDep) -> CompanyListItem:
    return company_item(await service.create_company(db, body), None)
