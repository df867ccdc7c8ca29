"""The company-assignment e-mail (issue 14), sent once payroll has made the schedule of the term (issue 23: payroll
owns the payment schedule, so the payment dates come from its `payroll.schedule.changed`, not from applications).
A schedule changed by an early end (the company transferred) sends nothing."""

from sqlmodel.ext.asyncio.session import AsyncSession

from notifications import service
from portal_common.app import Subscription
from portal_common.events import EventEnvelope, PayrollScheduleChanged, read_payload


async def on_schedule_changed(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, PayrollScheduleChanged)
    if event.cause != "assigned":
        return
    await service.queue(db, envelope, "company_assigned", [event.user_id], {
        "company_name": event.company_name,
        "registration_date": event.registration_date.isoformat() if event.registration_date else None,
        "term_ends_on": event.term_ends_on.isoformat() if event.term_ends_on else None,
        "payment_dates": [payment.due_date.isoformat() for payment in event.payments]})


SCHEDULE_SUBSCRIPTIONS = [Subscription(PayrollScheduleChanged.TYPE, on_schedule_changed)]
