"""Erasure in messages (issue 16, Erasure (Art. 17) and retention): on ``identity.privacy.erasure.approved`` every
contact message sent from the person's e-mail address (any case) goes, and so do the person's name, address and
subjects in this service's outbox copies of ``messages.received``."""

from sqlalchemy import delete, func
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from messages.models import Message
from portal_common.app import Subscription
from portal_common.erasure import needles, scrub_outbox, scrub_outbox_fields_where
from portal_common.events import ErasureApproved, EventEnvelope, MessagesErasureDone, read_payload
from portal_common.outbox import add_event

SERVICE = "messages"
FREE_TEXT = ("name", "subject")


async def on_erasure_approved(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, ErasureApproved)
    if event.email:
        sent = func.lower(col(Message.email)) == event.email.lower()
        names = (await db.exec(select(Message.name).where(sent))).all()
        await db.execute(delete(Message).where(sent))
        await scrub_outbox(db, needles(event.email, event.id_code, *names))
        await scrub_outbox_fields_where(db, "email", event.email, FREE_TEXT)
    add_event(db, MessagesErasureDone(request_id=event.request_id, user_id=event.user_id, service=SERVICE))


SUBSCRIPTIONS = [Subscription(ErasureApproved.TYPE, on_erasure_approved)]
