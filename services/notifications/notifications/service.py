"""notifications' rules: who is written to (the projection), which e-mails an event makes (one row each, never
twice), sending them with back-off, and the admin list and resend."""

import logging
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from fastapi import Response
from sqlalchemy import ColumnElement, func, update
from sqlalchemy.dialects.postgresql import insert
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from notifications.config import NotificationsSettings
from notifications.errors import NotificationsErrorCode
from notifications.mail import GUEST, Mailer, Rendered, render
from notifications.metrics import EMAIL_ATTEMPTS_FAILED, EMAILS_SENT, count_queue
from notifications.models import FAILED, QUEUED, SEND_CHANNEL, SENT, Email, Recipient
from notifications.preferences import opted_out
from portal_common.app import NextRound
from portal_common.clock import utcnow
from portal_common.errors import ApiError, ErrorCode
from portal_common.events import EventEnvelope
from portal_common.listing import PageParams, column, in_order, page_of_ids
from portal_common.projection import upsert_if_newer
from portal_common.unit_of_work import UnitOfWork
from portal_common.wakeups import wake_on_commit

log = logging.getLogger(__name__)
# An event older than this feeds the projection but sends nothing: a new deployment reads the whole event
# history, and nobody should be welcomed again for registering last year.
MAX_EVENT_AGE = timedelta(days=1)
MAX_BACKOFF = timedelta(minutes=10)
SENDS_PER_ROUND = 50
# Addresses under .invalid (RFC 2606) never receive mail: identity gives one to an admin made without --email.
UNDELIVERABLE_DOMAIN = ".invalid"
# An e-mail's context may name the address it goes to instead of the projection's (security_emails.py: the new
# address that confirms a change, the old one that is told of it).
ADDRESS_OVERRIDE = "to_address"
# An e-mail to someone who has no account yet (an admin invitation) has no user id (NO_ACCOUNT) and its context
# names the recipient instead of the projection: {GUEST: {"full_name", "email", "language"}}.
NO_ACCOUNT = 0


# ---- the projection -------------------------------------------------------------------------------------

async def note_user(db: AsyncSession, user_id: int, occurred_at: datetime, profile: dict[str, Any],
                    language: str | None = None, is_admin: bool = False) -> None:
    """Name and address as of this event (an older event never overwrites a newer one); the language too, when
    the event carries it."""
    await upsert_if_newer(db, Recipient, {"user_id": user_id}, "profile_at", occurred_at, profile,
                          always={"is_admin": True} if is_admin else None)
    if language is not None:
        await note_language(db, user_id, occurred_at, language)


async def note_language(db: AsyncSession, user_id: int, occurred_at: datetime, language: str) -> None:
    await upsert_if_newer(db, Recipient, {"user_id": user_id}, "language_at", occurred_at, {"language": language})


async def admin_ids(db: AsyncSession) -> list[int]:
    """Every active admin with an address that can receive mail."""
    query = select(Recipient.user_id).where(col(Recipient.is_admin).is_(True), col(Recipient.active).is_(True),
                                            col(Recipient.email).is_not(None),
                                            ~col(Recipient.email).endswith(UNDELIVERABLE_DOMAIN))
    return list((await db.exec(query.order_by(col(Recipient.user_id)))).all())


# ---- queueing --------------------------------------------------------------------------------------------

async def queue(db: AsyncSession, envelope: EventEnvelope, template: str, user_ids: Sequence[int],
                context: dict[str, Any]) -> None:
    """One e-mail per recipient for this event, unless this event already made it (the unique key): two
    replicas, or a redelivered event, add nothing. Nobody gets one of a kind they turned off (preferences.py)."""
    if envelope.occurred_at < utcnow() - MAX_EVENT_AGE or not user_ids:
        return
    declined = await opted_out(db, template, user_ids)
    user_ids = [user_id for user_id in user_ids if user_id not in declined]
    if not user_ids:
        return
    now = utcnow()
    rows = [{"event_id": envelope.id, "user_id": user_id, "template": template, "context": context,
             "status": QUEUED, "attempts": 0, "next_attempt_at": now, "created_at": now} for user_id in user_ids]
    await db.execute(insert(Email).values(rows).on_conflict_do_nothing(
        index_elements=["event_id", "user_id", "template"]))
    wake_on_commit(db, SEND_CHANNEL)


# ---- sending ---------------------------------------------------------------------------------------------

def backoff(attempts: int) -> timedelta:
    """2, 4, 8 ... seconds after the nth failed attempt, at most 10 minutes."""
    return min(timedelta(seconds=2 ** min(attempts, 20)), MAX_BACKOFF)


class NotDeliverable(Exception):
    """This e-mail cannot be sent (yet): its recipient is unknown or has no address."""


async def _claim_due(db: AsyncSession) -> Email | None:
    """The oldest due e-mail, locked until this transaction ends; another replica skips it."""
    query = (select(Email).where(col(Email.status) == QUEUED, col(Email.next_attempt_at) <= utcnow())
             .order_by(col(Email.next_attempt_at), col(Email.id)).limit(1).with_for_update(skip_locked=True))
    return (await db.exec(query)).first()


def _guest(email: Email) -> Recipient | None:
    guest = email.context.get(GUEST)
    if not isinstance(guest, dict):
        return None
    return Recipient(user_id=email.user_id, full_name=str(guest["full_name"]), email=str(guest["email"]),
                     language=str(guest["language"]))


async def _prepare(db: AsyncSession, email: Email, settings: NotificationsSettings) -> Rendered:
    recipient = _guest(email) or await db.get(Recipient, email.user_id)
    if recipient is None or not recipient.email:
        raise NotDeliverable(f"user {email.user_id} is not known yet")
    address = str(email.context.get(ADDRESS_OVERRIDE) or recipient.email)
    if address.endswith(UNDELIVERABLE_DOMAIN):
        raise NotDeliverable(f"{address} cannot receive mail")
    applicant = None
    if (applicant_id := email.context.get("applicant_id")) is not None:
        applicant = await db.get(Recipient, applicant_id)
    email.address, email.language = address, recipient.language
    return render(email.template, recipient, applicant, email.context, settings.public_url)


async def send_one(db: AsyncSession, mailer: Mailer, settings: NotificationsSettings) -> bool:
    """Sends the next due e-mail, if any, and records the outcome; returns whether there was one."""
    email = await _claim_due(db)
    if email is None:
        return False
    assert email.id is not None
    try:
        rendered = await _prepare(db, email, settings)
        email.subject = rendered.subject[:300]
        await mailer.send(email.id, email.template, email.address or "", rendered)
    except Exception as error:  # SMTP down, refused, unknown recipient: try again later, up to the limit
        email.attempts += 1
        email.last_error = f"{type(error).__name__}: {error}"[:2000]
        email.next_attempt_at = utcnow() + backoff(email.attempts)
        email.status = FAILED if email.attempts >= settings.max_attempts else QUEUED
        EMAIL_ATTEMPTS_FAILED.labels(email.template, str(email.status == FAILED).lower()).inc()
        log.warning("e-mail %s (%s) attempt %d failed: %s", email.id, email.template, email.attempts,
                    email.last_error)
    else:
        email.attempts += 1
        email.status, email.sent_at, email.last_error = SENT, utcnow(), None
        EMAILS_SENT.labels(email.template).inc()
        log.info("e-mail %s (%s) sent", email.id, email.template)
    db.add(email)
    return True


async def send_due(unit_of_work: UnitOfWork, mailer: Mailer, settings: NotificationsSettings) -> NextRound | None:
    """Sends what is due, each e-mail in a transaction of its own (its row locked while it is sent), and says
    when the next round falls due: at once if this one stopped at its limit, else at the earliest retry."""
    sent = 0
    while sent < SENDS_PER_ROUND and await unit_of_work.commit_independently(
            lambda session: send_one(session, mailer, settings)):
        sent += 1
    await count_queue(unit_of_work.session)
    if sent == SENDS_PER_ROUND:
        return NextRound(0)
    return await _next_attempt(unit_of_work.session)


async def _next_attempt(db: AsyncSession) -> NextRound | None:
    earliest = (await db.exec(select(func.min(Email.next_attempt_at)).where(col(Email.status) == QUEUED))).one()
    return None if earliest is None else NextRound((earliest - utcnow()).total_seconds())


# ---- the admin list and resend ----------------------------------------------------------------------------

async def admin_page(db: AsyncSession, page: PageParams, response: Response, status: str | None) -> list[Email]:
    """One page of e-mails, newest first (X-Total-Count on ``response``)."""
    conditions: list[ColumnElement[bool]] = [] if status is None else [col(Email.status) == status]
    ids = await page_of_ids(db, column(Email.id), column(Email.created_at), conditions, page,
                            page.descending("desc"), response)
    rows = (await db.exec(select(Email).where(col(Email.id).in_(ids)))).all()
    return in_order(rows, ids, lambda email: email.id)


async def resend(db: AsyncSession, email_id: int) -> Email:
    """A sent or failed e-mail goes out again, from its first attempt; one still queued is refused (409)."""
    queued_again = (await db.execute(
        update(Email).where(col(Email.id) == email_id, col(Email.status).in_((SENT, FAILED)))
        .values(status=QUEUED, attempts=0, last_error=None, next_attempt_at=utcnow())
        .returning(col(Email.id)))).first()
    wake_on_commit(db, SEND_CHANNEL)
    email = await db.get(Email, email_id, populate_existing=True)
    if email is None:
        raise ApiError(404, ErrorCode.NOT_FOUND, "E-mail not found")
    if queued_again is None:
        raise ApiError(409, NotificationsErrorCode.EMAIL_ALREADY_QUEUED, "This e-mail is already waiting to be sent")
    return email
