"""messages' rules: store what a visitor sent (and announce it), list it, mark it read."""

from typing import Any

from fastapi import Response
from sqlalchemy import ColumnElement, func
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from messages.models import Message
from messages.schemas import ContactRequest, MessageListSort, MessageListStatus
from portal_common.clock import utcnow
from portal_common.errors import ApiError, ErrorCode
from portal_common.events import MessageReceived
from portal_common.listing import PageParams, column, in_order, matches, page_of_ids
from portal_common.outbox import add_event


async def receive(db: AsyncSession, body: ContactRequest) -> Message:
    message = Message(name=body.name, email=body.email, subject=body.subject, message=body.message)
    db.add(message)
    await db.flush()
    assert message.id is not None
    add_event(db, MessageReceived(message_id=message.id, name=message.name, email=message.email,
                                  subject=message.subject))
    return message


# Each sort's expression (names and subjects case-insensitively, as their indexes) and whether it runs newest
# first unless the request says otherwise (none is ever null: listing.ordered adds no NULLS LAST).
SORTS: dict[MessageListSort, tuple[ColumnElement[Any], bool]] = {
    "createdAt": (column(Message.created_at), True),
    "name": (func.lower(column(Message.name)), False),
    "subject": (func.lower(column(Message.subject)), False),
}


def _conditions(status: MessageListStatus | None, email: str | None, term: str | None) -> list[ColumnElement[bool]]:
    conditions: list[ColumnElement[bool]] = [] if status is None else [col(Message.is_read).is_(status == "read")]
    if email is not None:
        conditions.append(func.lower(col(Message.email)) == func.lower(email.strip()))
    if term is not None:
        conditions.append(matches(column(Message.search_vector), term))
    return conditions


async def admin_page(db: AsyncSession, page: PageParams, response: Response, status: MessageListStatus | None,
                     email: str | None, sort: MessageListSort | None) -> list[Message]:
    """One page of the inbox, filtered, searched and sorted (X-Total-Count on ``response``); ``email`` keeps
    the messages sent from that address, whatever its case. The page's ids come first and then their rows, so a
    far page skips index entries, not whole messages."""
    conditions = _conditions(status, email, page.term)
    sort_column, newest_first = SORTS[sort or "createdAt"]
    page_ids = await page_of_ids(db, column(Message.id), sort_column, conditions, page,
                                 page.descending("desc" if newest_first else "asc"), response)
    rows = (await db.exec(select(Message).where(col(Message.id).in_(page_ids)))).all()
    return in_order(rows, page_ids, lambda message: message.id)


async def mark_read(db: AsyncSession, message_id: int, admin_id: int) -> Message:
    message = await db.get(Message, message_id)
    if message is None:
        raise ApiError(404, ErrorCode.NOT_FOUND, "Message not found")
    if not message.is_read:  # marking twice keeps the first reader and time
        message.is_read, message.read_at, message.read_by = True, utcnow(), admin_id
        db.add(message)
    return message
