"""identity's public API (spec §7): session, registration, language and profile."""

import asyncio
import time
from typing import Annotated, cast

from fastapi import APIRouter, Depends, Request, Response
from sqlmodel.ext.asyncio.session import AsyncSession

from identity import consents, eid_login, self_service, service
from identity.config import IdentitySettings, get_settings
from identity.eid_schemas import Method as EidMethod
from identity.mappers import profile_out, user_out
from identity.metrics import sign_in_outcome
from identity.models import User, UserSession
from identity.schemas import (
    EmailChangeConfirm,
    EmailChangeRequest,
    EmailOut,
    LanguageRequest,
    LoginRequest,
    MessageOut,
    PasswordChange,
    PasswordResetConfirm,
    PasswordResetRequest,
    ProfileOut,
    ProfileUpdate,
    RegisterRequest,
    UserOut,
)
from identity.second_factor import has_second_factor
from identity.sessions import (
    clear_session_cookie,
    open_session,
    revoke_session,
    session_cache,
    session_for_token,
    session_token,
    set_session_cookie,
    user_for_token,
)
from portal_common.audit import client_address
from portal_common.clock import utcnow
from portal_common.errors import ApiError, ErrorCode, FieldError
from portal_common.unit_of_work import SessionDep, UnitOfWorkDep

router = APIRouter(prefix="/api", tags=["identity"])
Settings = Annotated[IdentitySettings, Depends(get_settings)]


async def signed_in_user(request: Request, db: SessionDep) -> User:
    user = await user_for_token(db, session_token(request))
    if user is None:
        raise ApiError(401, ErrorCode.NOT_AUTHENTICATED, "Not signed in")
    return user


async def signed_in_session(request: Request, db: SessionDep) -> tuple[User, UserSession]:
    found = await session_for_token(db, session_token(request))
    if found is None:
        raise ApiError(401, ErrorCode.NOT_AUTHENTICATED, "Not signed in")
    return found


CurrentUser = Annotated[User, Depends(signed_in_user)]
CurrentSession = Annotated[tuple[User, UserSession], Depends(signed_in_session)]


async def described(db: AsyncSession, user: User, second_factor_passed: bool) -> UserOut:
    """The account as UserOut, with its second-factor state and whether this session passed it (issue 15), and
    whether a newer version of a text waits for the user's consent (issue 16)."""
    shown = user_out(user, second_factor=await has_second_factor(db, user),
                     second_factor_passed=second_factor_passed)
    return shown.model_copy(update={"consent_required": await consents.consent_required(db, user)})


client_ip = client_address  # the browser's address, as the gateway forwards it


@router.get("/user", response_model=UserOut, response_model_by_alias=True)
async def current_user(signed_in: CurrentSession, db: SessionDep) -> UserOut:
    user, session = signed_in
    return await described(db, user, session.second_factor)


@router.post("/register", status_code=201, response_model=UserOut)
async def register(body: RegisterRequest, request: Request, response: Response, unit_of_work: UnitOfWorkDep,
                   settings: Settings) -> UserOut:
    db = unit_of_work.session
    verified = None
    if body.eid_session_id is not None:
        # Issue 34: the identity is the eID session's, whatever the body says.
        verified = await eid_login.take_registration_identity(db, body.eid_session_id, request)
        person = eid_login.identity_out(verified)
        eid_login.require_adult(person.id_code)
        body = body.model_copy(update={
            "full_name": person.full_name, "id_code": person.id_code,
            "date_of_birth": person.date_of_birth.isoformat(), "contract_signed_name": None,
            "contract_signed_id_code": None})
    else:
        _require_typed_identity(body)
    user = await service.register(unit_of_work, body, client_ip(request), request.headers.get("user-agent"),
                                  settings.registration_free_refusals,
                                  eid_method=cast(EidMethod, verified.method) if verified else None)
    assert user.id is not None
    if verified is not None:
        verified.state, verified.user_id, verified.finished_at = eid_login.USED, user.id, utcnow()
        db.add(verified)
    await consents.accept_current(db, user.id, client_ip(request), request.headers.get("user-agent"))
    await revoke_session(db, session_token(request))
    token = await open_session(db, user.id, settings.session_ttl_hours)
    set_session_cookie(response, request, token, settings)
    return await described(db, user, False)


def _require_typed_identity(body: RegisterRequest) -> None:
    """Without an eID session the identity and the password are typed: each is required."""
    missing = {name: FieldError(ErrorCode.REQUIRED, "Field required") for name, value in (
        ("password", body.password), ("confirmPassword", body.confirm_password), ("fullName", body.full_name),
        ("idCode", body.id_code), ("dateOfBirth", body.date_of_birth)) if value is None}
    if missing:
        raise ApiError(422, ErrorCode.VALIDATION_ERROR, "Field required", missing)


@router.post("/login", response_model=UserOut)
async def login(body: LoginRequest, request: Request, response: Response, unit_of_work: UnitOfWorkDep,
                settings: Settings) -> UserOut:
    with sign_in_outcome("password"):
        user = await service.authenticate(unit_of_work, body.username, body.password, client_ip(request),
                                          settings.login_free_failures)
        passed = await service.pass_second_factor(unit_of_work, user, body.otp, client_ip(request),
                                                  settings.login_free_failures)
    assert user.id is not None
    db = unit_of_work.session
    user.last_login_at = utcnow()
    db.add(user)
    # A new token on every login, so a token planted before sign-in is worthless after it.
    await revoke_session(db, session_token(request))
    token = await open_session(db, user.id, settings.session_ttl_hours, second_factor=passed)
    set_session_cookie(response, request, token, settings)
    return await described(db, user, passed)


@router.post("/logout")
async def logout(request: Request, response: Response, db: SessionDep) -> dict[str, bool]:
    await revoke_session(db, session_token(request))
    clear_session_cookie(response)
    return {"ok": True}


@router.post("/set-language", response_model=UserOut)
async def set_language(body: LanguageRequest, signed_in: CurrentSession, db: SessionDep) -> UserOut:
    user, session = signed_in
    changed = await described(db, service.set_language(db, user, body.language), session.second_factor)
    session_cache().user_changed(changed.id)  # the identity assertion carries the language
    return changed


@router.get("/profile", response_model=ProfileOut)
async def get_profile(user: CurrentUser) -> ProfileOut:
    return profile_out(user)


@router.put("/profile", response_model=ProfileOut)
async def put_profile(body: ProfileUpdate, user: CurrentUser, unit_of_work: UnitOfWorkDep,
                      settings: Settings) -> ProfileOut:
    await service.update_profile(unit_of_work, user, body, settings.id_code_changes_per_hour)
    return profile_out(user)


# ---- password reset and account self-service (issue 14) -------------------------------------------------

@router.post("/password-reset", status_code=202, response_model=MessageOut)
async def request_password_reset(body: PasswordResetRequest, unit_of_work: UnitOfWorkDep,
                                 settings: Settings) -> MessageOut:
    """The same answer for every login, no sooner than IDENTITY_PASSWORD_RESET_ANSWER_SECONDS: committed here,
    so sending a link (a row and an event) is inside the time that is evened out."""
    started = time.monotonic()
    await unit_of_work.commit_independently(lambda session: self_service.request_password_reset(
        session, body.login, settings.password_resets_per_hour))
    await asyncio.sleep(max(0.0, settings.password_reset_answer_seconds - (time.monotonic() - started)))
    return MessageOut(message=self_service.RESET_LINK_SENT)


@router.post("/password-reset/confirm", response_model=MessageOut)
async def confirm_password_reset(body: PasswordResetConfirm, db: SessionDep) -> MessageOut:
    await self_service.confirm_password_reset(db, body.token, body.password)
    return MessageOut(message=self_service.PASSWORD_CHANGED)


@router.post("/profile/password", response_model=MessageOut)
async def change_password(body: PasswordChange, request: Request, user: CurrentUser, db: SessionDep) -> MessageOut:
    await self_service.change_password(db, user, body, session_token(request))
    return MessageOut(message=self_service.PASSWORD_CHANGED)


@router.post("/profile/email", status_code=202, response_model=MessageOut)
async def request_email_change(body: EmailChangeRequest, user: CurrentUser, db: SessionDep,
                               settings: Settings) -> MessageOut:
    await self_service.request_email_change(db, user, body, settings.email_changes_per_hour)
    return MessageOut(message=self_service.EMAIL_CHANGE_SENT)


@router.post("/email-change/confirm", response_model=EmailOut)
async def confirm_email_change(body: EmailChangeConfirm, db: SessionDep) -> EmailOut:
    user = await self_service.confirm_email_change(db, body.token)
    return EmailOut(email=user.email)
