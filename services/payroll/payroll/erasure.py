"""Erasure in payroll (issue 16, Erasure (Art. 17) and retention) on ``identity.privacy.erasure.approved``.

What was paid is an accounting record (the Accounting Act keeps it 7 years): the paid lines, with the name, ID
code and account they were paid to, and the person's name and ID code for their payslips and the TSD annex stay.
Everything else goes: the payout details, the person's name and account on lines that paid nothing (blocked or
failed), the payments not yet paid (cancelled: nobody is paid after erasure), the person's projection when
nothing was ever paid to them, and their values in this service's outbox copies of its events."""

from sqlalchemy import delete, update
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from payroll.models import POOL_STATUSES, Payment, PayoutDetails, PayRunLine, Person
from portal_common.app import Subscription
from portal_common.erasure import ERASED, needles, scrub_outbox
from portal_common.events import ErasureApproved, EventEnvelope, PayrollErasureDone, read_payload
from portal_common.outbox import add_event

SERVICE = "payroll"
UNPAID_LINES = ("blocked", "failed")


async def erase(db: AsyncSession, user_id: int) -> list[str]:
    """Erases what payroll may not keep of ``user_id``; answers the names it held, for the outbox scrub."""
    person = await db.get(Person, user_id)
    names = [person.full_name] if person and person.full_name else []
    await db.execute(delete(PayoutDetails).where(col(PayoutDetails.user_id) == user_id))
    await db.execute(update(Payment).where(col(Payment.user_id) == user_id, col(Payment.status).in_(POOL_STATUSES))
                     .values(status="cancelled"))
    await db.execute(update(PayRunLine).where(col(PayRunLine.user_id) == user_id,
                                              col(PayRunLine.status).in_(UNPAID_LINES))
                     .values(full_name=ERASED, id_code="", iban=None, account_holder=None))
    paid = (await db.exec(select(PayRunLine.id).where(col(PayRunLine.user_id) == user_id,
                                                      col(PayRunLine.status) == "paid").limit(1))).first()
    if paid is None and person is not None:
        await db.delete(person)
    return names


async def on_erasure_approved(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, ErasureApproved)
    names = await erase(db, event.user_id)
    await scrub_outbox(db, needles(event.email, event.id_code, *names))
    add_event(db, PayrollErasureDone(request_id=event.request_id, user_id=event.user_id, service=SERVICE))


SUBSCRIPTIONS = [Subscription(ErasureApproved.TYPE, on_erasure_approved)]
