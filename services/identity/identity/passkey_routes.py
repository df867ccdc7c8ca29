"""The passkey API (issue 15): registering and removing passkeys (route access "self": identity checks the
cookie itself), and signing in with a password and a passkey (public, slowed down like /api/login)."""

from typing import Any

from fastapi import APIRouter, Request, Response
from sqlmodel.ext.asyncio.session import AsyncSession

from identity import passkeys, second_factor, service
from identity.errors import IdentityErrorCode
from identity.metrics import sign_in_outcome
from identity.models import User, UserSession
from identity.passkey_schemas import (
    PasskeyCreatedOut,
    PasskeyRegistrationRequest,
    PasskeySignInRequest,
    PasswordCredentials,
)
from identity.passkeys import RelyingParty
from identity.routes import CurrentSession, Settings, client_ip, described
from identity.schemas import UserOut
from identity.sessions import open_session, revoke_session, session_token, set_session_cookie
from portal_common.clock import utcnow
from portal_common.errors import ApiError
from portal_common.unit_of_work import SessionDep, UnitOfWorkDep
from portal_common.validation import ResourceId

router = APIRouter(prefix="/api", tags=["passkeys"])


async def _require_passed(db: AsyncSession, user: User, session: UserSession) -> None:
    """A session opened without the account's second factor (one opened before it was set up) may not change
    it: it would add a way in for whoever holds that session."""
    if not session.second_factor and await second_factor.has_second_factor(db, user):
        raise ApiError(403, IdentityErrorCode.MFA_REQUIRED,
                       "Sign in again with your second factor to change it")


@router.post("/second-factor/passkeys/options")
async def passkey_registration_options(signed_in: CurrentSession, db: SessionDep,
                                       settings: Settings) -> dict[str, Any]:
    user, session = signed_in
    await _require_passed(db, user, session)
    return await passkeys.registration_options(db, user, RelyingParty.of(settings))


@router.post("/second-factor/passkeys", status_code=201, response_model=PasskeyCreatedOut)
async def register_passkey(body: PasskeyRegistrationRequest, request: Request, signed_in: CurrentSession,
                           unit_of_work: UnitOfWorkDep, settings: Settings) -> PasskeyCreatedOut:
    """The account's first second factor also brings its recovery codes and counts for this session."""
    user, session = signed_in
    db = unit_of_work.session
    await _require_passed(db, user, session)
    first = not await second_factor.has_second_factor(db, user)
    passkey = await passkeys.register(unit_of_work, user, body.credential, body.name, RelyingParty.of(settings))
    created = PasskeyCreatedOut.model_validate(passkey, from_attributes=True)
    if first:
        created.recovery_codes = await second_factor.issue_recovery_codes(db, user)
        await second_factor.mark_session_passed(db, session_token(request))
    return created


@router.delete("/second-factor/passkeys/{passkey_id}", status_code=204)
async def remove_passkey(passkey_id: ResourceId, signed_in: CurrentSession, db: SessionDep) -> None:
    user, session = signed_in
    await _require_passed(db, user, session)
    await passkeys.remove(db, user, passkey_id)


@router.post("/login/passkey/options")
async def passkey_sign_in_options(body: PasswordCredentials, request: Request, unit_of_work: UnitOfWorkDep,
                                  settings: Settings) -> dict[str, Any]:
    """The password is checked (and a wrong one counted) as /api/login does; a right one alone does not clear
    the failure count, or asking for options between guesses of a code would undo the slow-down."""
    user = await service.authenticate(unit_of_work, body.username, body.password, client_ip(request),
                                      settings.login_free_failures)
    assert user.id is not None
    user_id = user.id
    await unit_of_work.session.rollback()
    return await passkeys.authentication_options(unit_of_work.session, user_id, RelyingParty.of(settings))


@router.post("/login/passkey", response_model=UserOut)
async def passkey_sign_in(body: PasskeySignInRequest, request: Request, response: Response,
                          unit_of_work: UnitOfWorkDep, settings: Settings) -> UserOut:
    with sign_in_outcome("passkey"):
        user = await service.authenticate(unit_of_work, body.username, body.password, client_ip(request),
                                          settings.login_free_failures)
        assert user.id is not None
        try:
            await passkeys.verify_sign_in(unit_of_work, user, body.credential, RelyingParty.of(settings))
        except ApiError:
            await service.count_failed_sign_in(unit_of_work, body.username, client_ip(request),
                                               settings.login_free_failures)
            raise
    db = unit_of_work.session
    user.last_login_at = utcnow()
    db.add(user)
    # A new token on every sign-in, so a token planted before it is worthless after it.
    await revoke_session(db, session_token(request))
    token = await open_session(db, user.id, settings.session_ttl_hours, second_factor=True)
    set_session_cookie(response, request, token, settings)
    return await described(db, user, True)

