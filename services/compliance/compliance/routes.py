"""compliance's API (issue 35): client cases and their people for admins. Every view of a case and every change
is in the audit log."""

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request, Response

from compliance import clients
from compliance.schemas import ClientIn, ClientOut, ClientStatus, ClientSummary, PersonIn, PersonOut, RiskLevel
from portal_common.audit import record_admin_action
from portal_common.auth import AdminIdentity, Identity
from portal_common.listing import TOTAL_RESPONSES, PageParams, page_params
from portal_common.unit_of_work import SessionDep
from portal_common.validation import ResourceId

router = APIRouter(prefix="/api", tags=["compliance"])
CLIENT = "client"


def _audit(db: SessionDep, request: Request, admin: Identity, action: str, client_id: int, **details: str) -> None:
    record_admin_action(db, request, admin, f"{CLIENT}.{action}", CLIENT, client_id, None, **details)


@router.post("/admin/clients", response_model=ClientOut, status_code=201)
async def create_client(body: ClientIn, admin: AdminIdentity, request: Request, db: SessionDep) -> ClientOut:
    """A draft case with its first risk assessment."""
    client = await clients.create(db, body, admin.user_id)
    assert client.id is not None
    _audit(db, request, admin, "created", client.id)
    return await clients.client_out(db, client)


@router.get("/admin/clients", response_model=list[ClientSummary], responses=TOTAL_RESPONSES)
async def list_clients(_: AdminIdentity, db: SessionDep, response: Response,
                       page: Annotated[PageParams, Depends(page_params)],
                       status: Annotated[ClientStatus | None, Query()] = None,
                       risk: Annotated[RiskLevel | None, Query()] = None) -> list[ClientSummary]:
    """The cases newest first (``order=asc`` oldest), searched by name, registry code or country, paged."""
    return await clients.client_page(db, page, status, risk, response)


@router.get("/admin/clients/{client_id}", response_model=ClientOut)
async def get_client(client_id: ResourceId, admin: AdminIdentity, request: Request, db: SessionDep) -> ClientOut:
    """A case with its people, screening results, risk and history; the view is audited."""
    client = await clients.client_of(db, client_id)
    _audit(db, request, admin, "viewed", client_id)
    return await clients.client_out(db, client)


@router.put("/admin/clients/{client_id}", response_model=ClientOut)
async def put_client(client_id: ResourceId, body: ClientIn, admin: AdminIdentity, request: Request,
                     db: SessionDep) -> ClientOut:
    """Changes a draft (409 client_not_draft after it was submitted)."""
    client = await clients.update(db, client_id, body, admin.user_id)
    _audit(db, request, admin, "updated", client_id)
    return await clients.client_out(db, client)


@router.post("/admin/clients/{client_id}/people", response_model=PersonOut, status_code=201)
async def add_person(client_id: ResourceId, body: PersonIn, admin: AdminIdentity, request: Request,
                     db: SessionDep) -> PersonOut:
    person = await clients.add_person(db, client_id, body, admin.user_id)
    assert person.id is not None
    _audit(db, request, admin, "person_added", client_id, person_id=str(person.id))
    return clients.person_out(person)


@router.delete("/admin/clients/{client_id}/people/{person_id}", status_code=204)
async def remove_person(client_id: ResourceId, person_id: ResourceId, admin: AdminIdentity, request: Request,
                        db: SessionDep) -> Response:
    await clients.remove_person(db, client_id, person_id, admin.user_id)
    _audit(db, request, admin, "person_removed", client_id, person_id=str(person_id))
    return Response(status_code=204)


@router.post("/admin/clients/{client_id}/submit", response_model=ClientOut)
async def submit_client(client_id: ResourceId, admin: AdminIdentity, request: Request, db: SessionDep) -> ClientOut:
    """draft → in_review; a company needs a beneficial owner first (409 beneficial_owner_missing)."""
    client = await clients.submit(db, client_id, admin.user_id)
    _audit(db, request, admin, "submitted", client_id)
    return await clients.client_out(db, client)
