"""messages' API (spec §7): the public contact form and the admin inbox."""

from fastapi import APIRouter

from messages import service
from messages.mappers import contact_accepted, message_out
from messages.schemas import ContactAccepted, ContactRequest, MessageOut
from portal_common.auth import AdminIdentity
from portal_common.unit_of_work import SessionDep
from portal_common.validation import ResourceId

router = APIRouter(prefix="/api", tags=["messages"])


@router.post("/contact", status_code=201, response_model=ContactAccepted)
async def contact(body: ContactRequest, db: SessionDep) -> ContactAccepted:
    return contact_accepted(await service.receive(db, body))


@router.get("/admin/messages", response_model=list[MessageOut])
async def list_messages(_: AdminIdentity, db: SessionDep) -> list[MessageOut]:
    return [message_out(m) for m in await service.newest_first(db)]


@router.put("/admin/messages/{message_id}/read", response_model=MessageOut)
async def read_message(message_id: ResourceId, admin: AdminIdentity, db: SessionDep) -> MessageOut:
    return message_out(await service.mark_read(db, message_id, admin.user_id))
