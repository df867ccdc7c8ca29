"""Erasure in notifications (issue 16, Erasure (Art. 17) and retention): on ``identity.privacy.erasure.approved``
the person's e-mails (with their addresses, subjects and contexts), their recipient projection, e-mail preferences,
watched document requests and known contracts go. E-mails to others that speak of them (an admin's "new contact
message" e-mail names its sender) keep only what does not hold the person's name, address or ID code.
E-mails are rendered when sent from the stored context, so no stored body holds more than the context does."""

from sqlalchemy import Text, delete, func, or_, update
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from notifications.models import Email, EmailPreference, KnownContract, Recipient, RequestWatch
from portal_common.app import Subscription
from portal_common.erasure import holds, needles, redacted, scrub_outbox
from portal_common.events import ErasureApproved, EventEnvelope, NotificationsErasureDone, read_payload
from portal_common.outbox import add_event

SERVICE = "notifications"


async def on_erasure_approved(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, ErasureApproved)
    recipient = await db.get(Recipient, event.user_id)
    found = needles(event.email, event.id_code,
                    *((recipient.full_name, recipient.email, recipient.username) if recipient else ()))
    for table in (Email, EmailPreference, KnownContract, RequestWatch, Recipient):
        await db.execute(delete(table).where(col(table.user_id) == event.user_id))
    await _redact_emails_about(db, found)
    await scrub_outbox(db, found)
    add_event(db, NotificationsErasureDone(request_id=event.request_id, user_id=event.user_id, service=SERVICE))


async def _redact_emails_about(db: AsyncSession, found: list[str]) -> None:
    if not found:
        return
    # An e-mail about the person may name them in its subject alone: an admin's "new application" e-mail keeps
    # only the applicant's id in its context and takes the name from the projection when it is sent.
    texts = [func.lower(Email.context.cast(Text)),  # type: ignore[attr-defined]
             func.lower(func.coalesce(Email.address, "")), func.lower(func.coalesce(Email.subject, ""))]
    rows = await db.exec(select(Email).where(or_(*(
        func.strpos(text, func.lower(needle)) > 0 for needle in found for text in texts))))
    for email in rows.all():
        await db.execute(update(Email).where(col(Email.id) == email.id).values(
            context=redacted(email.context, found),
            address=None if email.address and holds(email.address, found) else email.address,
            subject=None if email.subject and holds(email.subject, found) else email.subject))


SUBSCRIPTIONS = [Subscription(ErasureApproved.TYPE, on_erasure_approved)]
