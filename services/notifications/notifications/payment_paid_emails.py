"""The e-mail payroll's `payroll.payment.paid` calls for (issue 23): the applicant learns, in their language, that
a payment was paid and how much reached the account (payment_paid_texts.py says what)."""

from sqlmodel.ext.asyncio.session import AsyncSession

from notifications import service
from portal_common.app import Subscription
from portal_common.events import EventEnvelope, PaymentPaid, read_payload


async def on_payment_paid(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, PaymentPaid)
    await service.queue(db, envelope, "payment_paid", [event.user_id], {
        "payment_id": event.payment_id, "net": event.net, "gross": event.gross, "period": event.period,
        "pay_date": event.pay_date.isoformat()})


PAYMENT_SUBSCRIPTIONS = [Subscription(PaymentPaid.TYPE, on_payment_paid)]
