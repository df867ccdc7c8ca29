"""messages' rules: store what a visitor sent (and announce it), list it, mark it read."""

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from messages.models import Message
from messages.schemas import ContactRequest
from portal_common.clock import utcnow
from portal_common.errors import ApiError, ErrorCode
from portal_common.events import MessageReceived
from portal_common.outbox import add_event


async def receive(db: AsyncSession, body: ContactRequest) -> Message:
    message = Message(name=body.name, email=body.email, subject=body.subject, message=body.message)
    db.add(message)
    await db.flush()
    assert message.id is not None
    add_event(db, MessageReceived(message_id=message.id, name=message.name, email=message.email,
                                  subject=message.subject))
    return message


async def newest_first(db: AsyncSession) -> list[Message]:
    return list((await db.exec(select(Message).order_by(col(Message.created_at).desc(), col(Message.id).desc()))).all())


async def mark_read(db: AsyncSession, message_id: int, admin_id: int) -> Message:
    message = await db.get(Message, message_id)
    if message is None:
        raise ApiError(404, ErrorCode.NOT_FOUND, "Message not found")
    if not message.is_read:  # marking twice keeps the first reader and time
        message.is_read, message.read_at, message.read_by = True, utcnow(), admin_id
        db.add(message)
    return message
