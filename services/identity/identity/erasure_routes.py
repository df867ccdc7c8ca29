"""The erasure requests' API (issue 16, Erasure (Art. 17) and retention): the applicant's own request on the profile
and the admins' list, approval and refusal (each decision audited in its transaction)."""

import uuid
from typing import Annotated, Literal

from fastapi import APIRouter, Query, Request, Response

from identity import erasure
from identity.erasure_schemas import ErasureAsk, ErasureRefusal, ErasureRequestOut, ErasureStatus, OwnErasureRequestOut
from identity.models import ErasureRequest, User
from identity.routes import CurrentUser
from portal_common.audit import record_admin_action
from portal_common.auth import AdminIdentity
from portal_common.listing import TOTAL_RESPONSES, PageDep
from portal_common.unit_of_work import SessionDep

router = APIRouter(prefix="/api", tags=["identity"])
TARGET = "erasure_request"
ErasureSort = Literal["requestedAt", "dueDate", "status"]


def own_out(request: ErasureRequest, user: User) -> OwnErasureRequestOut:
    return OwnErasureRequestOut.model_validate({**_fields(request), "full_name": user.full_name, "email": user.email})


def admin_out(request: ErasureRequest, user: User) -> ErasureRequestOut:
    return ErasureRequestOut.model_validate({**_fields(request), "user_id": request.user_id,
                                             "full_name": user.full_name, "email": user.email})


def _fields(request: ErasureRequest) -> dict[str, object]:
    return request.model_dump(include={"id", "reason", "status", "requested_at", "due_date", "decided_at",
                                       "decision_reason"})


@router.post("/privacy/erasure", status_code=202, response_model=OwnErasureRequestOut)
async def ask_for_erasure(body: ErasureAsk, user: CurrentUser, db: SessionDep) -> OwnErasureRequestOut:
    """Asks for the account's erasure; an admin answers by the due date. 409 `erasure_already_requested` while one
    is pending."""
    return own_out(await erasure.ask(db, user, body.reason), user)


@router.get("/privacy/erasure", response_model=OwnErasureRequestOut)
async def own_erasure_request(user: CurrentUser, db: SessionDep) -> OwnErasureRequestOut:
    """The caller's latest request, or 404."""
    assert user.id is not None
    return own_out(await erasure.latest_of(db, user.id), user)


@router.get("/admin/erasure-requests", response_model=list[ErasureRequestOut], responses=TOTAL_RESPONSES)
async def list_erasure_requests(_: AdminIdentity, db: SessionDep, response: Response, page: PageDep,
                                status: Annotated[ErasureStatus | None, Query()] = None,
                                sort: ErasureSort = "requestedAt") -> list[ErasureRequestOut]:
    """A page of the requests, newest first unless sorted otherwise; `q` finds a name or e-mail."""
    return [admin_out(request, user) for request, user in await erasure.page(db, status, sort, page, response)]


@router.post("/admin/erasure-requests/{request_id}/approve", response_model=ErasureRequestOut)
async def approve_erasure(request_id: uuid.UUID, identity: AdminIdentity, request: Request,
                          db: SessionDep) -> ErasureRequestOut:
    """Anonymises the account at once and asks every service to erase; 409 `erasure_not_pending` if decided."""
    decided = await erasure.approve(db, request_id, identity.user_id)
    record_admin_action(db, request, identity, "erasure_request.approved", TARGET, str(request_id), decided.user_id)
    return admin_out(*await erasure.with_account(db, decided))


@router.post("/admin/erasure-requests/{request_id}/refuse", response_model=ErasureRequestOut)
async def refuse_erasure(request_id: uuid.UUID, body: ErasureRefusal, identity: AdminIdentity, request: Request,
                         db: SessionDep) -> ErasureRequestOut:
    """Refuses with a reason the applicant sees; 409 `erasure_not_pending` if decided."""
    decided = await erasure.refuse(db, request_id, identity.user_id, body.reason)
    record_admin_action(db, request, identity, "erasure_request.refused", TARGET, str(request_id), decided.user_id)
    return admin_out(*await erasure.with_account(db, decided))
