"""messages' part of a person's data export (issue 16, Download my data): the contact messages sent from their
e-mail address, in any case (messages knows people only by the address they typed)."""

from typing import Any

from sqlalchemy import func
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from messages.models import Message
from portal_common.app import Subscription
from portal_common.events import EventEnvelope, MessagesExportPart, PrivacyExportRequested, read_payload
from portal_common.privacy_export import stage_export_part

SERVICE = "messages"


async def messages_data(db: AsyncSession, email: str) -> dict[str, Any]:
    if not email.strip():
        return {"messages": []}
    # lower(email) is what the inbox's e-mail filter uses too: ix_messages_email_lower serves it.
    query = (select(Message).where(func.lower(col(Message.email)) == email.strip().lower())
             .order_by(col(Message.created_at), col(Message.id)))
    return {"messages": [{"name": m.name, "email": m.email, "subject": m.subject, "message": m.message,
                          "sentAt": m.created_at} for m in (await db.exec(query)).all()]}


async def on_export_requested(db: AsyncSession, envelope: EventEnvelope) -> None:
    request = read_payload(envelope, PrivacyExportRequested)
    stage_export_part(db, MessagesExportPart, request, SERVICE, await messages_data(db, request.email))


SUBSCRIPTIONS = [Subscription(PrivacyExportRequested.TYPE, on_export_requested)]
