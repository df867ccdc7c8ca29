"""The second factor's own API (issue 15): its state, setting up an authenticator app (TOTP), turning it off
(applicants only) and new recovery codes. Identity checks the session cookie itself (route access "self")."""

from fastapi import APIRouter, Request
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from identity import second_factor
from identity.models import Passkey, User, UserSession
from identity.routes import CurrentSession, CurrentUser
from identity.schemas import CodeRequest, PasskeySummary, RecoveryCodesOut, SecondFactorOut, TotpStartOut
from identity.sessions import session_token
from portal_common.unit_of_work import SessionDep

router = APIRouter(prefix="/api/second-factor", tags=["second-factor"])


@router.get("", response_model=SecondFactorOut)
async def second_factor_state(user: CurrentUser, db: SessionDep) -> SecondFactorOut:
    assert user.id is not None
    passkeys = (await db.exec(select(Passkey).where(Passkey.user_id == user.id)
                              .order_by(col(Passkey.created_at)))).all()
    return SecondFactorOut(
        totp=second_factor.has_totp(user),
        passkeys=[PasskeySummary.model_validate(passkey, from_attributes=True) for passkey in passkeys],
        recovery_codes_left=await second_factor.recovery_codes_left(db, user.id),
        required=user.role == "admin")


async def _may_change(db: AsyncSession, user: User, session: UserSession) -> None:
    """An account that has a second factor changes it only from a session that passed it: a session opened
    before another device enrolled one must not add its own."""
    if not session.second_factor and await second_factor.has_second_factor(db, user):
        raise second_factor.not_passed()


@router.post("/totp/start", response_model=TotpStartOut)
async def start_totp(signed_in: CurrentSession, db: SessionDep) -> TotpStartOut:
    user, session = signed_in
    await _may_change(db, user, session)
    enrolment = second_factor.start_totp(user)
    db.add(user)
    return TotpStartOut(secret=enrolment.secret, otpauth_uri=enrolment.otpauth_uri, qr_svg=enrolment.qr_svg)


@router.post("/totp/confirm", response_model=RecoveryCodesOut)
async def confirm_totp(body: CodeRequest, request: Request, signed_in: CurrentSession,
                       db: SessionDep) -> RecoveryCodesOut:
    user, session = signed_in
    await _may_change(db, user, session)
    codes = await second_factor.confirm_totp(db, user, body.code)
    await second_factor.mark_session_passed(db, session_token(request))
    return RecoveryCodesOut(recovery_codes=codes)


@router.delete("/totp", status_code=204)
async def turn_totp_off(body: CodeRequest, user: CurrentUser, db: SessionDep) -> None:
    await second_factor.turn_totp_off(db, user, body.code)


@router.post("/recovery-codes", response_model=RecoveryCodesOut)
async def new_recovery_codes(body: CodeRequest, user: CurrentUser, db: SessionDep) -> RecoveryCodesOut:
    if not await second_factor.has_second_factor(db, user):
        raise second_factor.totp_not_enabled()
    await second_factor.require_code(db, user, body.code)
    return RecoveryCodesOut(recovery_codes=await second_factor.issue_recovery_codes(db, user))
