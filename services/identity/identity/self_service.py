"""Password reset and account self-service (issue 14): links by e-mail whose tokens are good once and for a
while (only their SHA-256 is kept), a password changed with the current one, an address changed only once the
new one confirms it. The e-mails themselves are notifications' (the events below)."""

import secrets
from datetime import datetime, timedelta
from typing import TypeVar

from sqlalchemy import delete, func, or_, update
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from identity.errors import IdentityErrorCode
from identity.models import EmailChangeToken, LoginFailure, PasswordResetToken, User
from identity.passwords import hash_password, verify_password
from identity.schemas import EmailChangeRequest, PasswordChange
from identity.service import EMAIL_TAKEN, seconds_until, too_many_attempts
from identity.sessions import hash_token, revoke_all_sessions
from portal_common.clock import utcnow
from portal_common.errors import ApiError
from portal_common.events import EmailChangeRequested, PasswordChanged, PasswordResetRequested, ProfileUpdated
from portal_common.outbox import add_event

PASSWORD_RESET_VALIDITY = timedelta(hours=1)
EMAIL_CHANGE_VALIDITY = timedelta(hours=24)
REQUEST_WINDOW = timedelta(hours=1)
# Tokens are kept a while after they expire (the hourly counts read them), then removed.
TOKEN_MEMORY = timedelta(days=2)
RESET_LINK_SENT = "If an account exists, we sent a link to reset the password"
EMAIL_CHANGE_SENT = "We sent a confirmation link to the new address"
PASSWORD_CHANGED = "The password was changed"  # noqa: S105 (a message, not a password)

TokenTable = type[PasswordResetToken] | type[EmailChangeToken]
Token = TypeVar("Token", PasswordResetToken, EmailChangeToken)


def invalid_token() -> ApiError:
    return ApiError(400, IdentityErrorCode.INVALID_TOKEN, "This link is invalid, already used or expired")


def wrong_password() -> ApiError:
    return ApiError.on_field(422, IdentityErrorCode.WRONG_PASSWORD, "currentPassword",
                             "The current password is wrong")


def new_token() -> tuple[str, str]:
    """A random 256-bit token and its SHA-256, the only form kept."""
    token = secrets.token_urlsafe(32)
    return token, hash_token(token)


async def _find_by_login(db: AsyncSession, login: str) -> User | None:
    key = login.strip().lower()
    return (await db.exec(select(User).where(or_(func.lower(User.username) == key, col(User.email) == key)))).first()


async def _recent_requests(db: AsyncSession, table: TokenTable, user_id: int, now: datetime) -> list[datetime]:
    """When the account asked for links of this kind in the last hour, oldest first. The account's row is
    locked first, so parallel requests count one after another; long-expired tokens are removed on the way."""
    await db.exec(select(User.id).where(col(User.id) == user_id).with_for_update())
    await db.execute(delete(table).where(col(table.user_id) == user_id,
                                         col(table.expires_at) < now - TOKEN_MEMORY))
    query = (select(table.created_at).where(col(table.user_id) == user_id,
                                            col(table.created_at) > now - REQUEST_WINDOW)
             .order_by(col(table.created_at)))
    return list((await db.exec(query)).all())


async def request_password_reset(db: AsyncSession, login: str, per_hour: int) -> None:
    """Sends the account of ``login`` (username or e-mail) a reset link, unless it had ``per_hour`` already in
    the last hour. Says nothing either way: the caller answers alike, in the same time."""
    token, token_hash = new_token()  # made for unknown logins too: the same work
    user = await _find_by_login(db, login)
    if user is None or user.id is None:
        return
    now = utcnow()
    if len(await _recent_requests(db, PasswordResetToken, user.id, now)) >= per_hour:
        return
    expires_at = now + PASSWORD_RESET_VALIDITY
    db.add(PasswordResetToken(token_hash=token_hash, user_id=user.id, created_at=now, expires_at=expires_at))
    add_event(db, PasswordResetRequested(user_id=user.id, token=token, expires_at=expires_at))


async def _valid_token(db: AsyncSession, table: type[Token], token: str) -> Token:
    """The unused, unexpired row of ``token``, locked until the transaction ends (a second use waits, then
    finds it used); else 400 invalid_token."""
    query = (select(table).where(col(table.token_hash) == hash_token(token), col(table.used_at).is_(None),
                                 col(table.expires_at) > utcnow()).with_for_update())
    row = (await db.exec(query)).first()
    if row is None:
        raise invalid_token()
    return row


async def _use_every_token(db: AsyncSession, table: TokenTable, user_id: int, now: datetime) -> None:
    """The account's other links of this kind die with the one used."""
    await db.execute(update(table).where(col(table.user_id) == user_id, col(table.used_at).is_(None))
                     .values(used_at=now))


async def confirm_password_reset(db: AsyncSession, token: str, password: str) -> None:
    """Sets the new password and ends every session of the account."""
    reset = await _valid_token(db, PasswordResetToken, token)
    user = await db.get(User, reset.user_id)
    assert user is not None and user.id is not None
    await _use_every_token(db, PasswordResetToken, user.id, utcnow())
    user.password_hash = hash_password(password)
    db.add(user)
    # The owner is back: sign-in failures counted against the name no longer slow them down.
    await db.execute(delete(LoginFailure).where(col(LoginFailure.username_key) == user.username.lower()[:150]))
    await revoke_all_sessions(db, user.id)
    add_event(db, PasswordChanged(user_id=user.id, via="reset"))


async def change_password(db: AsyncSession, user: User, body: PasswordChange, session_token: str | None) -> None:
    """A new password for the signed-in user; every other session of theirs ends, this one stays."""
    assert user.id is not None
    if not verify_password(user.password_hash, body.current_password):
        raise wrong_password()
    user.password_hash = hash_password(body.password)
    db.add(user)
    await revoke_all_sessions(db, user.id, keep_token=session_token)
    add_event(db, PasswordChanged(user_id=user.id, via="profile"))


async def _address_taken(db: AsyncSession, email: str, except_user: int | None = None) -> bool:
    query = select(User.id).where(col(User.email) == email)
    if except_user is not None:
        query = query.where(col(User.id) != except_user)
    return (await db.exec(query)).first() is not None


def _email_taken() -> ApiError:
    return ApiError(422, EMAIL_TAKEN.code, EMAIL_TAKEN.message, {"email": EMAIL_TAKEN})


async def request_email_change(db: AsyncSession, user: User, body: EmailChangeRequest, per_hour: int) -> None:
    """Sends a confirmation link to the new address (and a notice to the current one); nothing changes yet."""
    assert user.id is not None
    if not verify_password(user.password_hash, body.current_password):
        raise wrong_password()
    if await _address_taken(db, body.email):  # the account's own address too: there is nothing to change
        raise _email_taken()
    now = utcnow()
    recent = await _recent_requests(db, EmailChangeToken, user.id, now)
    if len(recent) >= per_hour:
        raise too_many_attempts(seconds_until(recent[len(recent) - per_hour] + REQUEST_WINDOW, now))
    token, token_hash = new_token()
    expires_at = now + EMAIL_CHANGE_VALIDITY
    db.add(EmailChangeToken(token_hash=token_hash, user_id=user.id, new_email=body.email, created_at=now,
                            expires_at=expires_at))
    add_event(db, EmailChangeRequested(user_id=user.id, new_email=body.email, token=token, expires_at=expires_at))


async def confirm_email_change(db: AsyncSession, token: str) -> User:
    """Applies the address the link was sent to; another account may have taken it meanwhile (422)."""
    change = await _valid_token(db, EmailChangeToken, token)
    user = await db.get(User, change.user_id)
    assert user is not None and user.id is not None
    if await _address_taken(db, change.new_email, except_user=user.id):
        raise _email_taken()
    await _use_every_token(db, EmailChangeToken, user.id, utcnow())
    user.email = change.new_email
    db.add(user)
    add_event(db, ProfileUpdated(user_id=user.id, full_name=user.full_name, email=user.email, phone=user.phone,
                                 date_of_birth=user.date_of_birth, id_code=user.id_code, city=user.city,
                                 address=user.address))
    return user
