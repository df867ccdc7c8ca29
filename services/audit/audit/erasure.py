"""Erasure in audit (issue 16, Erasure (Art. 17) and retention): on ``identity.privacy.erasure.approved`` the
person leaves the people projection (the names shown beside the ids in the log).

The records themselves stay, untouched, and the hash chain with them (chain.py: changing a record breaks its
link). They hold no personal text of the people they concern: ids (actor, applicant, target), the action, the
acting admin's address and browser, and small facts (a new status, a decision, a company id); services keep free
text (notes, reasons, search terms) out of ``details`` on purpose. The one address in them is an invited admin's.

The audit store publishes nothing (its NATS user may not: deploy/k8s/base/nats-users.conf), so it does not answer
with an ``audit.privacy.erasure.done``; identity's IDENTITY_ERASURE_SERVICES leaves it out."""

from sqlalchemy import delete
from sqlmodel import col
from sqlmodel.ext.asyncio.session import AsyncSession

from audit.models import Person
from portal_common.app import Subscription
from portal_common.events import ErasureApproved, EventEnvelope, read_payload


async def on_erasure_approved(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, ErasureApproved)
    await db.execute(delete(Person).where(col(Person.user_id) == event.user_id))


SUBSCRIPTIONS = [Subscription(ErasureApproved.TYPE, on_erasure_approved)]
