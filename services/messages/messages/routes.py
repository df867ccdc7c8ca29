"""messages' API (spec §7): the public contact form and the admin inbox."""

from typing import Annotated

from fastapi import APIRouter, Query, Request, Response

from messages import service
from messages.mappers import contact_accepted, message_out
from messages.schemas import ContactAccepted, ContactRequest, MessageListSort, MessageListStatus, MessageOut
from portal_common.audit import record_admin_action
from portal_common.auth import AdminIdentity
from portal_common.listing import TOTAL_RESPONSES, PageDep
from portal_common.unit_of_work import SessionDep
from portal_common.validation import ResourceId, without_nul

router = APIRouter(prefix="/api", tags=["messages"])
MAX_EMAIL_LENGTH = 320


@router.post("/contact", status_code=201, response_model=ContactAccepted)
async def contact(body: ContactRequest, db: SessionDep) -> ContactAccepted:
    return contact_accepted(await service.receive(db, body))


@router.get("/admin/messages", response_model=list[MessageOut], responses=TOTAL_RESPONSES)
async def list_messages(
    _: AdminIdentity, db: SessionDep, page: PageDep, response: Response,
    status: Annotated[MessageListStatus | None, Query()] = None,
    email: Annotated[str | None, Query(min_length=1, max_length=MAX_EMAIL_LENGTH,
                                       description="the sender's exact address, in any case")] = None,
    sort: Annotated[MessageListSort | None, Query(description="createdAt (default)")] = None,
) -> list[MessageOut]:
    """The inbox, paged (spec §7, issue 17): q finds name, e-mail, subject and text; without parameters the
    newest 50."""
    # Postgres text cannot hold NUL: taken out, as from every body (portal_common.validation; a 500 found by fuzzing).
    return [message_out(m) for m in await service.admin_page(db, page, response, status, without_nul(email), sort)]


@router.put("/admin/messages/{message_id}/read", response_model=MessageOut)
async def read_message(message_id: ResourceId, admin: AdminIdentity, request: Request,
                       db: SessionDep) -> MessageOut:
    """The SPA marks a message read as the admin opens it; each time is recorded (issue 15, Audit log). Messages
    come from a public form and are not tied to an account, so the record names no applicant."""
    message = await service.mark_read(db, message_id, admin.user_id)
    record_admin_action(db, request, admin, "message.read", "message", message_id, None)
    return message_out(message)
