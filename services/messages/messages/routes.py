"""messages' API (spec §7): the public contact form and the admin inbox."""

from fastapi import APIRouter, Request

from messages import service
from messages.models import Message
from messages.schemas import ContactAccepted, ContactRequest, MessageOut
from portal_common.auth import AdminIdentity
from portal_common.db import SessionDep
from portal_common.validation import ResourceId

router = APIRouter(prefix="/api", tags=["messages"])


def message_out(message: Message) -> MessageOut:
    assert message.id is not None
    return MessageOut(id=message.id, subject=message.subject, name=message.name, email=message.email,
                      message=message.message, is_read=message.is_read, created_at=message.created_at)


@router.post("/contact", status_code=201, response_model=ContactAccepted)
async def contact(body: ContactRequest, request: Request, db: SessionDep) -> ContactAccepted:
    message = await service.receive(db, body)
    await db.commit()
    request.app.state.relay.wake()
    assert message.id is not None
    return ContactAccepted(id=message.id, created_at=message.created_at)


@router.get("/admin/messages", response_model=list[MessageOut])
async def list_messages(_: AdminIdentity, db: SessionDep) -> list[MessageOut]:
    return [message_out(m) for m in await service.newest_first(db)]


@router.put("/admin/messages/{message_id}/read", response_model=MessageOut)
async def read_message(message_id: ResourceId, admin: AdminIdentity, db: SessionDep) -> MessageOut:
    message = await service.mark_read(db, message_id, admin.user_id)
    await db.commit()
    return message_out(message)
