"""Erasure requests (issue 16, Erasure (Art. 17) and retention): an applicant asks, an admin approves or refuses
within 30 days; a retention job's request is approved at once.

Approving anonymises the account in the same transaction (it can no longer sign in: the sign-in is refused as a
wrong password is, and every session ends) and stages ``identity.privacy.erasure.approved``, on which every other
service erases what it holds and answers ``<service>.privacy.erasure.done``; once all have answered the request is
``completed``, and the approval event's own copy of the e-mail and ID code leaves identity's outbox too.
"""

import json
import secrets
import uuid
from collections.abc import Sequence
from datetime import date, datetime, timedelta
from typing import Any, cast

from fastapi import Response
from sqlalchemy import ColumnElement, Select, delete, func, or_, update
from sqlalchemy import select as sql_select
from sqlalchemy.dialects.postgresql import insert
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from identity.config import get_settings
from identity.errors import IdentityErrorCode
from identity.models import (
    Consent,
    ContractAcceptance,
    EidSession,
    EmailChangeToken,
    ErasureAnswer,
    ErasureRequest,
    IdCodeChange,
    LiabilityAcknowledgement,
    LoginFailure,
    Passkey,
    PasswordResetToken,
    RecoveryCode,
    User,
    UserSession,
    WebAuthnChallenge,
)
from identity.schemas import TALLINN
from identity.sessions import session_cache
from portal_common.app import Subscription
from portal_common.clock import utcnow
from portal_common.erasure import needles, scrub_outbox
from portal_common.errors import ApiError, ErrorCode
from portal_common.events import ErasureApproved, ErasureDone, EventEnvelope, RetentionDue, read_payload
from portal_common.listing import TOTAL_HEADER, PageParams, column, ordered
from portal_common.outbox import OutboxEvent, add_event

RESPONSE_DAYS = 30  # GDPR Art. 12(3): a request is answered within a month (spec §1: 30 days)
PENDING, APPROVED, REFUSED, COMPLETED = "pending", "approved", "refused", "completed"
ORIGIN_REQUEST, ORIGIN_RETENTION = "request", "retention"
ERASED_DOMAIN = "erased.invalid"
SORTS = {"requestedAt": ErasureRequest.requested_at, "dueDate": ErasureRequest.due_date,
         "status": ErasureRequest.status}


def due_date_of(requested_at: datetime) -> date:
    return requested_at.astimezone(TALLINN).date() + timedelta(days=RESPONSE_DAYS)


def already_requested() -> ApiError:
    return ApiError(409, IdentityErrorCode.ERASURE_ALREADY_REQUESTED, "An erasure request is already open")


def not_pending() -> ApiError:
    return ApiError(409, IdentityErrorCode.ERASURE_NOT_PENDING, "This request has already been decided")


def not_found() -> ApiError:
    return ApiError(404, ErrorCode.NOT_FOUND, "No such erasure request")


async def ask(db: AsyncSession, user: User, reason: str) -> ErasureRequest:
    """An applicant's request; admins cannot ask (so no admin decides on their own)."""
    if user.role != "applicant":
        raise ApiError(403, ErrorCode.FORBIDDEN, "Admins cannot ask for erasure")
    assert user.id is not None
    if await _pending_of(db, user.id) is not None:
        raise already_requested()
    now = utcnow()
    request = ErasureRequest(user_id=user.id, reason=reason, requested_at=now, due_date=due_date_of(now))
    db.add(request)
    await db.flush()  # the unique index turns a parallel second request into a conflict here
    return request


async def _pending_of(db: AsyncSession, user_id: int) -> ErasureRequest | None:
    found = await db.exec(select(ErasureRequest).where(col(ErasureRequest.user_id) == user_id,
                                                       col(ErasureRequest.status) == PENDING))
    return found.first()


async def latest_of(db: AsyncSession, user_id: int) -> ErasureRequest:
    found = await db.exec(select(ErasureRequest).where(col(ErasureRequest.user_id) == user_id)
                          .order_by(col(ErasureRequest.requested_at).desc()).limit(1))
    request = found.first()
    if request is None:
        raise not_found()
    return request


async def page(db: AsyncSession, status: str | None, sort: str, params: PageParams,
               response: Response) -> Sequence[tuple[ErasureRequest, User]]:
    """One page of the requests with their accounts, like the other admin lists (portal_common.listing)."""
    conditions: list[ColumnElement[bool]] = []
    if status is not None:
        conditions.append(col(ErasureRequest.status) == status)
    if params.term is not None:
        pattern = f"%{params.term}%"
        conditions.append(or_(func.lower(User.full_name).like(pattern), func.lower(User.email).like(pattern)))
    joined = cast(Select[Any], sql_select(ErasureRequest, User)
                  .join(User, col(User.id) == col(ErasureRequest.user_id)).where(*conditions))
    total = (await db.execute(sql_select(func.count()).select_from(joined.subquery()))).scalar_one()
    response.headers[TOTAL_HEADER] = str(total)
    query = ordered(joined, column(SORTS[sort]), column(ErasureRequest.id), params.descending())
    rows = (await db.execute(query.limit(params.limit).offset(params.offset))).all()
    return [(row[0], row[1]) for row in rows]


async def with_account(db: AsyncSession, request: ErasureRequest) -> tuple[ErasureRequest, User]:
    user = await db.get(User, request.user_id)
    assert user is not None
    return request, user


async def _decidable(db: AsyncSession, request_id: uuid.UUID) -> ErasureRequest:
    found = await db.exec(select(ErasureRequest).where(col(ErasureRequest.id) == request_id).with_for_update())
    request = found.first()
    if request is None:
        raise not_found()
    if request.status != PENDING:
        raise not_pending()
    return request


async def approve(db: AsyncSession, request_id: uuid.UUID, admin_id: int) -> ErasureRequest:
    request = await _decidable(db, request_id)
    _decide(request, APPROVED, admin_id, None)
    await erase_account(db, request)
    return request


async def refuse(db: AsyncSession, request_id: uuid.UUID, admin_id: int, reason: str) -> ErasureRequest:
    request = await _decidable(db, request_id)
    _decide(request, REFUSED, admin_id, reason)
    return request


def _decide(request: ErasureRequest, status: str, admin_id: int | None, reason: str | None) -> None:
    request.status, request.decided_at, request.decided_by, request.decision_reason = status, utcnow(), admin_id, reason


async def erase_account(db: AsyncSession, request: ErasureRequest) -> None:
    """Anonymises the account and tells the other services (the approval event carries what they find it by)."""
    user = await db.get(User, request.user_id, with_for_update=True)
    assert user is not None and user.id is not None and request.id is not None
    email, id_code = user.email, user.id_code
    pending_emails = (await db.exec(select(EmailChangeToken.new_email)
                                    .where(col(EmailChangeToken.user_id) == user.id))).all()
    found = needles(user.full_name, user.email, user.phone, user.id_code, user.username, user.address,
                    *pending_emails)
    await _forget_credentials(db, user)
    await _anonymise(db, user)
    await scrub_outbox(db, found)
    add_event(db, ErasureApproved(request_id=request.id, user_id=user.id, email=email,
                                  reason="retention" if request.origin == ORIGIN_RETENTION else "request",
                                  id_code=id_code))


async def _forget_credentials(db: AsyncSession, user: User) -> None:
    """Every way in: sessions (they end at once), passkeys, recovery codes, links, the sign-in counters."""
    assert user.id is not None
    session_cache().user_changed(user.id)
    for table in (UserSession, Passkey, RecoveryCode, WebAuthnChallenge, PasswordResetToken, EmailChangeToken,
                  IdCodeChange, EidSession):
        await db.execute(delete(table).where(col(table.user_id) == user.id))
    await db.execute(delete(LoginFailure).where(col(LoginFailure.username_key) == user.username.strip().lower()[:150]))


async def _anonymise(db: AsyncSession, user: User) -> None:
    assert user.id is not None
    marker = f"erased-{user.id}"
    user.username, user.email, user.full_name, user.phone = marker, f"{marker}@{ERASED_DOMAIN}", "", ""
    user.date_of_birth = user.id_code = user.city = user.address = None
    user.totp_secret = user.totp_confirmed_at = None
    user.eid_verified_method = user.eid_verified_at = None
    user.password_hash = f"!erased-{secrets.token_hex(16)}"  # no password verifies against it
    user.deactivated_at = utcnow()
    db.add(user)
    await db.execute(update(ContractAcceptance).where(col(ContractAcceptance.user_id) == user.id)
                     .values(full_name="", id_code="", ip_address=None, user_agent=None))
    await db.execute(update(Consent).where(col(Consent.user_id) == user.id).values(ip_address=None, user_agent=None))
    await db.execute(update(LiabilityAcknowledgement).where(col(LiabilityAcknowledgement.user_id) == user.id)
                     .values(ip_address=None, user_agent=None))


async def on_erasure_done(db: AsyncSession, envelope: EventEnvelope) -> None:
    """A service has answered; the request is completed once every expected one has."""
    event = read_payload(envelope, ErasureDone)
    await db.execute(insert(ErasureAnswer).values(request_id=event.request_id, service=event.service,
                                                  answered_at=utcnow()).on_conflict_do_nothing())
    request = (await db.exec(select(ErasureRequest).where(col(ErasureRequest.id) == event.request_id)
                             .with_for_update())).first()
    if request is None or request.status != APPROVED:
        return
    answered = set((await db.exec(select(ErasureAnswer.service)
                                  .where(col(ErasureAnswer.request_id) == event.request_id))).all())
    if set(get_settings().erasure_service_list) <= answered:
        request.status, request.completed_at = COMPLETED, utcnow()
        db.add(request)
        await _forget_approval_details(db, request.id)


async def _forget_approval_details(db: AsyncSession, request_id: uuid.UUID) -> None:
    """Every service has read the approval: its outbox copy keeps the request, not the e-mail and ID code."""
    rows = await db.exec(select(OutboxEvent.id, OutboxEvent.body)
                            .where(col(OutboxEvent.subject) == ErasureApproved.TYPE))
    for event_id, raw in rows.all():
        envelope = json.loads(raw)
        payload = envelope.get("payload", {})
        if payload.get("requestId") == str(request_id):
            payload.update(email="", idCode=None)
            await db.execute(update(OutboxEvent).where(col(OutboxEvent.id) == event_id)
                             .values(body=json.dumps(envelope, ensure_ascii=False).encode()))


async def on_retention_due(db: AsyncSession, envelope: EventEnvelope) -> None:
    """A retention job's finding becomes an approved erasure (origin "retention"), unless the account is an
    admin's or is already erased."""
    event = read_payload(envelope, RetentionDue)
    user = await db.get(User, event.user_id)
    if user is None or user.role != "applicant":
        return
    erased = await db.exec(select(ErasureRequest.id).where(col(ErasureRequest.user_id) == event.user_id,
                                                           col(ErasureRequest.status).in_((APPROVED, COMPLETED))))
    if erased.first() is not None:
        return
    pending = await _pending_of(db, event.user_id)
    now = utcnow()
    request = pending or ErasureRequest(user_id=event.user_id, reason=f"retention: {event.why}", requested_at=now,
                                        due_date=due_date_of(now))
    request.origin = ORIGIN_RETENTION
    _decide(request, APPROVED, None, f"retention: {event.why}")
    db.add(request)
    await db.flush()
    await erase_account(db, request)


SUBSCRIPTIONS = [Subscription("*.privacy.erasure.done", on_erasure_done),
                 Subscription("*.privacy.retention.due", on_retention_due)]
