"""Reminders of open document requests (issue 14, "Reminders"): one e-mail when a request still open is due
within 3 days, one the day after it is overdue; each once, never repeated, at 09:00 Europe/Tallinn.

documents' events feed the requests watched here: a request is open (the applicant owes its document) while
nothing was uploaded for it or its last upload was rejected, as documents' own ``is_overdue`` says.

The round runs once a day, the first time a replica looks at or after 09:00 (a replica that was down at 09:00
catches up later the same day): inserting the day's ``reminder_runs`` row decides which replica runs it, the
others wait for that row's transaction and then find it there. Each reminder's event id is derived from its
request, so the e-mails' unique key stops a second one whatever happens to the day's row.
"""

import uuid
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy.dialects.postgresql import insert
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from notifications.models import QUEUED, SEND_CHANNEL, Email, ReminderRun, RequestWatch
from notifications.preferences import opted_out
from portal_common.clock import utcnow
from portal_common.projection import upsert_if_newer
from portal_common.wakeups import wake_on_commit

TALLINN = ZoneInfo("Europe/Tallinn")
REMINDER_TIME = time(9, 0)
DUE_SOON_DAYS = 3
# An overdue reminder goes the day after the due date, or on the first round after it if rounds were missed;
# a request overdue longer than this (one known only from replaying old events) gets none.
OVERDUE_CATCH_UP = timedelta(days=7)
# documents' request statuses (documents/models.py): requested and rejected ones still owe a document.
REQUESTED, SUBMITTED = "requested", "submitted"
OPEN_STATUSES = (REQUESTED, "rejected")
DUE_SOON, OVERDUE = "document_due_soon", "document_overdue"
REMINDER_EVENTS = uuid.UUID("6f1d3c52-9a0b-4e8e-b7c1-2d5a4f9e0c13")  # the namespace of reminders' event ids


# ---- the watched requests (documents' events) ----------------------------------------------------------

async def watch_request(db: AsyncSession, request_id: int, user_id: int, occurred_at: datetime, name: str,
                        due_date: date | None) -> None:
    """documents.requested; its facts are kept whenever it arrives, its status only if nothing newer came."""
    await upsert_if_newer(db, RequestWatch, {"request_id": request_id}, "status_at", occurred_at,
                          {"status": REQUESTED}, always={"user_id": user_id, "name": name[:200], "due_date": due_date})


async def note_request_status(db: AsyncSession, request_id: int, user_id: int, occurred_at: datetime,
                              status: str) -> None:
    """An upload for the request (submitted) or its review (approved, rejected); may come before the request."""
    await upsert_if_newer(db, RequestWatch, {"request_id": request_id}, "status_at", occurred_at,
                          {"status": status}, on_insert={"user_id": user_id, "name": "", "due_date": None})


# ---- the daily round -----------------------------------------------------------------------------------

def reminder_event_id(request_id: int, template: str) -> uuid.UUID:
    return uuid.uuid5(REMINDER_EVENTS, f"{request_id}:{template}")


def reminder_for(due_date: date, today: date) -> str | None:
    """Which reminder a request open ``today`` calls for, if any."""
    if today <= due_date <= today + timedelta(days=DUE_SOON_DAYS):
        return DUE_SOON
    if today - OVERDUE_CATCH_UP <= due_date < today:
        return OVERDUE
    return None


async def _claim_day(db: AsyncSession, today: date, now: datetime) -> bool:
    claimed = await db.execute(insert(ReminderRun).values(day=today, ran_at=now)
                               .on_conflict_do_nothing(index_elements=["day"]).returning(col(ReminderRun.day)))
    return claimed.first() is not None


async def _open_requests(db: AsyncSession, today: date) -> list[RequestWatch]:
    query = select(RequestWatch).where(
        col(RequestWatch.status).in_(OPEN_STATUSES),
        col(RequestWatch.due_date).between(today - OVERDUE_CATCH_UP, today + timedelta(days=DUE_SOON_DAYS)))
    return list((await db.exec(query.order_by(col(RequestWatch.request_id)))).all())


async def _queue_reminders(db: AsyncSession, template: str, requests: list[RequestWatch]) -> int:
    declined = await opted_out(db, template, [request.user_id for request in requests])
    now = utcnow()  # the real time: a fixed clock decides which reminders are due, not when they go out
    rows: list[dict[str, Any]] = [
        {"event_id": reminder_event_id(request.request_id, template), "user_id": request.user_id,
         "template": template, "status": QUEUED, "attempts": 0, "next_attempt_at": now, "created_at": now,
         "context": {"request_id": request.request_id, "name": request.name,
                     "due_date": request.due_date.isoformat() if request.due_date else None}}
        for request in requests if request.user_id not in declined]
    if not rows:
        return 0
    queued = await db.execute(insert(Email).values(rows).on_conflict_do_nothing(
        index_elements=["event_id", "user_id", "template"]).returning(col(Email.id)))
    wake_on_commit(db, SEND_CHANNEL)
    return len(queued.all())


async def remind(db: AsyncSession, now: datetime) -> int | None:
    """The reminder round as of ``now``: the number of e-mails it queued, or None if it is not 09:00 in
    Tallinn yet or today's round already ran. Commit the session to keep both."""
    local = now.astimezone(TALLINN)
    if local.time() < REMINDER_TIME or not await _claim_day(db, local.date(), now):
        return None
    today = local.date()
    due: dict[str, list[RequestWatch]] = {DUE_SOON: [], OVERDUE: []}
    for request in await _open_requests(db, today):
        if request.due_date is not None and (template := reminder_for(request.due_date, today)) is not None:
            due[template].append(request)
    return sum([await _queue_reminders(db, template, requests) for template, requests in due.items() if requests])
