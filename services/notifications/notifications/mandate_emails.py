"""The board member's mandate e-mails (issue 36, "The mandate, tracked"), from applications' record of the Business
Register's dates (applications.mandate.recorded):

- to the board member when the appointment is entered and when the removal is (at once, from the event); on the
  term's last day; and once the shareholders' removal deadline has passed without a removal, with what to do;
- to the admins 10 Estonian banking days before the term's last day, on that day, and every banking day while the
  removal is overdue.

The dated ones go in a daily round at 09:00 Europe/Tallinn, run as the document reminders' round is
(reminders.py): inserting the day's ``mandate_runs`` row decides which replica runs it, and each e-mail's event id
is derived from the mandate and what it says (the overdue admins' one also from the day), so the e-mails' unique
key sends each once whatever happens. A fixed clock runs it from the command line (``mandate-round --now``).
"""

import uuid
from collections.abc import Sequence
from datetime import date, datetime
from typing import Any

from sqlalchemy.dialects.postgresql import insert
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from notifications import service
from notifications.models import QUEUED, SEND_CHANNEL, Email, MandateRun, MandateWatch
from notifications.preferences import opted_out
from notifications.reminders import REMINDER_TIME, TALLINN
from portal_common.app import Subscription
from portal_common.banking_days import banking_days_before, is_banking_day
from portal_common.clock import utcnow
from portal_common.events import EventEnvelope, MandateRecorded, read_payload
from portal_common.projection import upsert_if_newer
from portal_common.wakeups import wake_on_commit

MANDATE_EVENTS = uuid.UUID("3b7e2f4a-8c1d-4f5e-9a6b-0c2d4e6f8a13")  # the namespace of the mandate e-mails' ids
ENDING_BANKING_DAYS = 10
# To the board member.
APPOINTED, TERM_ENDED, REMOVAL_OVERDUE, REMOVED = (
    "mandate_appointed", "mandate_term_ended", "mandate_removal_overdue", "mandate_removed")
# To the admins.
ADMIN_ENDING, ADMIN_ENDED, ADMIN_OVERDUE = "admin_mandate_ending", "admin_mandate_ended", "admin_mandate_overdue"


def mandate_event_id(watch: MandateWatch, template: str, day: date | None = None) -> uuid.UUID:
    """One e-mail of a kind per mandate (its application and company) and term end; per day where ``day`` is."""
    return uuid.uuid5(MANDATE_EVENTS, f"{watch.application_id}:{watch.company_id}:{watch.planned_end}:{template}"
                                      f"{':' + day.isoformat() if day else ''}")


def _context(watch: MandateWatch) -> dict[str, Any]:
    def iso(value: date | None) -> str | None:
        return value.isoformat() if value else None
    return {"application_id": watch.application_id, "applicant_id": watch.user_id,
            "company_name": watch.company_name, "appointed_on": iso(watch.appointed_on),
            "planned_end": iso(watch.planned_end), "removal_deadline": iso(watch.removal_deadline),
            "removed_on": iso(watch.removed_on)}


async def _queue(db: AsyncSession, event_id: uuid.UUID, template: str, user_ids: Sequence[int],
                 context: dict[str, Any]) -> int:
    """One e-mail per recipient, unless one with this id was made already; none for those who turned it off."""
    declined = await opted_out(db, template, user_ids)
    now = utcnow()  # the real time: a fixed clock decides which e-mails are due, not when they go out
    rows = [{"event_id": event_id, "user_id": user_id, "template": template, "context": context, "status": QUEUED,
             "attempts": 0, "next_attempt_at": now, "created_at": now} for user_id in user_ids
            if user_id not in declined]
    if not rows:
        return 0
    queued = await db.execute(insert(Email).values(rows).on_conflict_do_nothing(
        index_elements=["event_id", "user_id", "template"]).returning(col(Email.id)))
    wake_on_commit(db, SEND_CHANNEL)
    return len(queued.all())


# ---- the watched mandates (applications' events) ------------------------------------------------------------

async def on_mandate_recorded(db: AsyncSession, envelope: EventEnvelope) -> None:
    """Keeps the newest dates; tells the board member of the appointment and the removal, each once."""
    event = read_payload(envelope, MandateRecorded)
    await upsert_if_newer(db, MandateWatch, {"application_id": event.application_id}, "recorded_at",
                          envelope.occurred_at, {
                              "user_id": event.user_id, "company_id": event.company_id,
                              "company_name": event.company_name[:200], "appointed_on": event.appointed_on,
                              "removed_on": event.removed_on, "planned_end": event.planned_end,
                              "removal_deadline": event.removal_deadline})
    if envelope.occurred_at < utcnow() - service.MAX_EVENT_AGE:
        return  # a replayed old event: its e-mails went long ago
    watch = MandateWatch(application_id=event.application_id, user_id=event.user_id, company_id=event.company_id,
                         company_name=event.company_name, appointed_on=event.appointed_on,
                         removed_on=event.removed_on, planned_end=event.planned_end,
                         removal_deadline=event.removal_deadline, recorded_at=envelope.occurred_at)
    # Keyed without the term's end: one appointment and one removal e-mail per mandate.
    for template, entered in ((APPOINTED, event.appointed_on), (REMOVED, event.removed_on)):
        if entered is not None:
            event_id = uuid.uuid5(MANDATE_EVENTS, f"{event.application_id}:{event.company_id}:{template}")
            await _queue(db, event_id, template, [event.user_id], _context(watch))


# ---- the daily round -------------------------------------------------------------------------------------------

def due_emails(watch: MandateWatch, today: date) -> list[tuple[str, bool, date | None]]:
    """What a mandate calls for ``today``: (template, to the admins?, the day it is keyed by, if per day)."""
    if watch.appointed_on is None or watch.removed_on is not None or watch.planned_end is None \
            or watch.removal_deadline is None:
        return []
    end, deadline = watch.planned_end, watch.removal_deadline
    if banking_days_before(end, ENDING_BANKING_DAYS) <= today < end:
        return [(ADMIN_ENDING, True, None)]
    if end <= today <= deadline:
        return [(ADMIN_ENDED, True, None), (TERM_ENDED, False, None)]
    if today > deadline:
        return [(REMOVAL_OVERDUE, False, None), *([(ADMIN_OVERDUE, True, today)] if is_banking_day(today) else [])]
    return []


async def _claim_day(db: AsyncSession, today: date, now: datetime) -> bool:
    claimed = await db.execute(insert(MandateRun).values(day=today, ran_at=now)
                               .on_conflict_do_nothing(index_elements=["day"]).returning(col(MandateRun.day)))
    return claimed.first() is not None


async def mandate_round(db: AsyncSession, now: datetime) -> int | None:
    """The round as of ``now``: the number of e-mails it queued, or None if it is not 09:00 in Tallinn yet or
    today's round already ran. Commit the session to keep both."""
    local = now.astimezone(TALLINN)
    if local.time() < REMINDER_TIME or not await _claim_day(db, local.date(), now):
        return None
    today = local.date()
    watches = (await db.exec(select(MandateWatch).where(
        col(MandateWatch.appointed_on).is_not(None), col(MandateWatch.removed_on).is_(None),
        col(MandateWatch.planned_end).is_not(None)).order_by(col(MandateWatch.application_id)))).all()
    admins = await service.admin_ids(db)
    queued = 0
    for watch in watches:
        for template, to_admins, day in due_emails(watch, today):
            recipients = admins if to_admins else [watch.user_id]
            if recipients:
                queued += await _queue(db, mandate_event_id(watch, template, day), template, recipients,
                                       _context(watch))
    return queued


MANDATE_SUBSCRIPTIONS = [Subscription(MandateRecorded.TYPE, on_mandate_recorded)]
