"""The second factor (issue 15): a TOTP authenticator (RFC 6238) and ten one-time recovery codes; passkeys
(passkeys.py) count as well. Mandatory for admins, optional for applicants.

A code is good in its 30 s step and one step either side (clocks drift), and only once (RFC 6238 §5.2, issue
37): the account keeps the last step a code was accepted for, and a code of that step or an earlier one is wrong,
as a replayed or stolen code must be. Scripts that sign one account in several times use the next step's code or
a recovery code. Recovery codes are good once and only their SHA-256 is stored."""

import hashlib
import hmac
import io
import secrets
from dataclasses import dataclass

import pyotp
import segno
from sqlalchemy import delete, func, or_, update
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from identity.errors import IdentityErrorCode
from identity.models import Passkey, RecoveryCode, User, UserSession
from identity.sessions import hash_token
from portal_common.clock import utcnow
from portal_common.errors import ApiError, FieldError

ISSUER = "Shelf Board"
RECOVERY_CODE_COUNT = 10
# Lower-case letters and digits without the look-alikes (0/o, 1/l/i), in two groups of five: easy to retype.
RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
RECOVERY_GROUP = 5
TOTP_DRIFT_STEPS = 1


@dataclass(frozen=True)
class TotpEnrolment:
    secret: str
    otpauth_uri: str
    qr_svg: str


def _normalised(code: str) -> str:
    return "".join(code.split()).replace("-", "").lower()


def _recovery_hash(code: str) -> str:
    return hashlib.sha256(_normalised(code).encode()).hexdigest()


def _new_recovery_code() -> str:
    letters = "".join(secrets.choice(RECOVERY_ALPHABET) for _ in range(2 * RECOVERY_GROUP))
    return f"{letters[:RECOVERY_GROUP]}-{letters[RECOVERY_GROUP:]}"


def totp_step_of(secret: str, code: str) -> int | None:
    """The time step within the drift window whose code this is (the latest, should two steps share it)."""
    # As bytes: compare_digest refuses str with non-ASCII characters, which anyone may send.
    totp, given = pyotp.TOTP(secret), _normalised(code).encode()
    current = int(utcnow().timestamp()) // totp.interval
    for step in range(current + TOTP_DRIFT_STEPS, current - TOTP_DRIFT_STEPS - 1, -1):
        if hmac.compare_digest(totp.generate_otp(step).encode(), given):
            return step
    return None


async def _use_totp_code(db: AsyncSession, user: User, secret: str, code: str) -> bool:
    """Whether ``code`` is a code of ``secret`` from a step later than the last one accepted; if so, that step is
    now the last accepted. One statement: two requests racing with the same code cannot both pass (the second
    waits for the first's row lock and then sees its step)."""
    assert user.id is not None
    step = totp_step_of(secret, code)
    if step is None:
        return False
    accepted = await db.execute(
        update(User)
        .where(col(User.id) == user.id,
               or_(col(User.totp_last_step).is_(None), col(User.totp_last_step) < step))
        .values(totp_last_step=step).returning(col(User.id))
        .execution_options(synchronize_session=False))
    if accepted.first() is None:
        return False
    set_committed_value(user, "totp_last_step", step)
    return True


def has_totp(user: User) -> bool:
    return user.totp_secret is not None and user.totp_confirmed_at is not None


async def _passkey_count(db: AsyncSession, user_id: int) -> int:
    return int((await db.exec(select(func.count()).select_from(Passkey).where(Passkey.user_id == user_id))).one())


async def has_second_factor(db: AsyncSession, user: User) -> bool:
    """A confirmed TOTP secret or at least one passkey."""
    assert user.id is not None
    return has_totp(user) or await _passkey_count(db, user.id) > 0


async def issue_recovery_codes(db: AsyncSession, user: User) -> list[str]:
    """Ten new codes in place of the old ones; the plain codes exist only in this answer."""
    assert user.id is not None
    await db.execute(delete(RecoveryCode).where(col(RecoveryCode.user_id) == user.id))
    codes = [_new_recovery_code() for _ in range(RECOVERY_CODE_COUNT)]
    db.add_all([RecoveryCode(user_id=user.id, code_hash=_recovery_hash(code)) for code in codes])
    return codes


async def recovery_codes_left(db: AsyncSession, user_id: int) -> int:
    left = select(func.count()).select_from(RecoveryCode).where(
        RecoveryCode.user_id == user_id, col(RecoveryCode.used_at).is_(None))
    return int((await db.exec(left)).one())


async def _use_recovery_code(db: AsyncSession, user_id: int, code: str) -> bool:
    # One statement: two sign-ins racing with the same code cannot both use it.
    used = await db.execute(
        update(RecoveryCode)
        .where(col(RecoveryCode.user_id) == user_id, col(RecoveryCode.code_hash) == _recovery_hash(code),
               col(RecoveryCode.used_at).is_(None))
        .values(used_at=utcnow()).returning(col(RecoveryCode.id)))
    return used.first() is not None


async def code_is_right(db: AsyncSession, user: User, code: str) -> bool:
    """The account's current TOTP code, not used before, or one of its unused recovery codes (which is then used up)."""
    assert user.id is not None
    if not code.strip():
        return False
    if has_totp(user) and user.totp_secret and await _use_totp_code(db, user, user.totp_secret, code):
        return True
    return await _use_recovery_code(db, user.id, code)


async def mark_session_passed(db: AsyncSession, token: str | None) -> None:
    """The session's holder has just proved the second factor (enrolment, or a passkey)."""
    if token:
        await db.execute(update(UserSession).where(col(UserSession.token_hash) == hash_token(token))
                         .values(second_factor=True))


def mfa_required(wrong: bool) -> ApiError:
    if wrong:
        error = FieldError(IdentityErrorCode.WRONG_CODE, "The code is wrong or already used")
        return ApiError(401, IdentityErrorCode.MFA_REQUIRED, error.message, {"otp": error})
    return ApiError(401, IdentityErrorCode.MFA_REQUIRED, "Enter the code from your authenticator app")


def not_passed() -> ApiError:
    """A signed-in session that did not pass the account's second factor asks for what needs it (ForwardAuth's
    admin routes say the same)."""
    return ApiError(403, IdentityErrorCode.MFA_REQUIRED, "Sign in with your second factor first")


def wrong_code() -> ApiError:
    error = FieldError(IdentityErrorCode.WRONG_CODE, "The code is wrong")
    return ApiError(422, IdentityErrorCode.WRONG_CODE, error.message, {"code": error})


def totp_not_enabled() -> ApiError:
    return ApiError(409, IdentityErrorCode.TOTP_NOT_ENABLED, "The authenticator app is not set up")


def _qr_svg(uri: str) -> str:
    out = io.BytesIO()
    segno.make(uri, error="m").save(out, kind="svg", scale=4, border=2, xmldecl=False, svgns=True,
                                    title="TOTP QR code")
    return out.getvalue().decode()


def start_totp(user: User) -> TotpEnrolment:
    """A new secret for the account, not yet counted: confirm_totp makes it the second factor."""
    if has_totp(user):
        raise ApiError(409, IdentityErrorCode.TOTP_ALREADY_ENABLED, "The authenticator app is already set up")
    user.totp_secret = pyotp.random_base32()
    user.totp_confirmed_at = None
    user.totp_last_step = None
    uri = pyotp.TOTP(user.totp_secret).provisioning_uri(name=user.username, issuer_name=ISSUER)
    return TotpEnrolment(user.totp_secret, uri, _qr_svg(uri))


async def confirm_totp(db: AsyncSession, user: User, code: str) -> list[str]:
    if has_totp(user):
        raise ApiError(409, IdentityErrorCode.TOTP_ALREADY_ENABLED, "The authenticator app is already set up")
    if not user.totp_secret:
        raise ApiError(409, IdentityErrorCode.TOTP_NOT_STARTED, "Start setting up the authenticator app first")
    if not await _use_totp_code(db, user, user.totp_secret, code):
        raise wrong_code()
    user.totp_confirmed_at = utcnow()
    db.add(user)
    return await issue_recovery_codes(db, user)


async def require_code(db: AsyncSession, user: User, code: str) -> None:
    """A change to the second factor itself is made only with a current code (or a recovery code)."""
    if not await code_is_right(db, user, code):
        raise wrong_code()


async def turn_totp_off(db: AsyncSession, user: User, code: str) -> None:
    assert user.id is not None
    if user.role == "admin":
        raise ApiError(403, IdentityErrorCode.SECOND_FACTOR_REQUIRED_FOR_ADMINS,
                       "Admins must keep a second factor")
    if not has_totp(user):
        raise totp_not_enabled()
    await require_code(db, user, code)
    user.totp_secret = None
    user.totp_confirmed_at = None
    user.totp_last_step = None
    db.add(user)
    if await _passkey_count(db, user.id) == 0:
        await db.execute(delete(RecoveryCode).where(col(RecoveryCode.user_id) == user.id))


def enrol_with_secret(user: User, secret: str) -> bool:
    """The command line's enrolment (PORTAL_ADMIN_TOTP_SECRET): the secret counts at once. True if it changed."""
    secret = secret.strip().upper()
    try:
        pyotp.TOTP(secret).now()
    except ValueError:
        raise ValueError("PORTAL_ADMIN_TOTP_SECRET must be base32 (letters A-Z and digits 2-7)") from None
    if user.totp_secret == secret and user.totp_confirmed_at is not None:
        return False
    user.totp_secret = secret
    user.totp_confirmed_at = utcnow()
    user.totp_last_step = None
    return True
