"""Signing in and registering with eID (issue 34): Smart-ID, Mobile-ID and the ID-card through Web eID, on
portal_eid's protocol clients and certificate checks, the same ones qualified signing uses (issue 33).

Smart-ID and Mobile-ID: `POST /api/login/eid` (or `/api/register/eid`) asks SK to authenticate the person whose
ID code is given and answers 201 with the verification code the phone will show; each
`GET /api/login/eid/{sessionId}` asks SK once (one long poll of at most EID_*_POLL_MS, awaited without a database
connection, so a person waiting on the phone holds no worker and no connection) and answers 202 while the person
has not answered. Smart-ID's answer is an RSASSA-PSS signature over the ACSP_V2 payload of our random challenge,
Mobile-ID's a signature over the random hash we sent: portal_eid checks each against the returned certificate and
its level; the verification codes are each protocol's (portal_eid.smart_id / mobile_id.verification_code).

ID-card: `GET /api/login/eid/challenge` gives a nonce of 256 random bits, good once for five minutes and only in the
browser that asked (its pre-login cookie, PRELOGIN_COOKIE, is what binds it: only its SHA-256 is stored);
`POST /api/login/eid/id-card` takes the Web eID token (web-eid:1.0) signed over hash(origin) || hash(nonce), the
origin being the portal's configured public one (IDENTITY_EID_ORIGIN).

Every certificate must chain to the trust anchors, be valid, be for authentication (clientAuth), name a `PNOEE-`
code, not be revoked (OCSP good) and, for an ID-card, not be a Mobile-ID certificate (portal_eid.authentication).
The account signed in is the one with the certificate's ID code. A sign-in opens a new session (a token planted
before it is worthless), counts as a passed second factor for an applicant who has one, is audited
("user.signed_in_with_eid") and a failure counts like a wrong password toward the account's and address's
slow-down. An admin still gives the TOTP code: the phone session ends in state `second_factor` (401
mfa_required) and `POST /api/login/eid/{sessionId}/second-factor` finishes it; an ID-card token carries `otp`.

Registration: the same sessions with purpose `registration` confirm a person (name, ID code, date of birth from the
code) for a few minutes; `POST /api/register` with `eidSessionId` takes the identity from that session only. An ID
code with an account is told to sign in (409 eid_account_exists); a code under 21 is refused (422) and nothing of
the person is stored."""

import hashlib
import logging
import secrets
import uuid
from dataclasses import dataclass
from datetime import timedelta
from functools import lru_cache
from typing import Final

from fastapi import Request, Response
from portal_eid import authentication, certificates, mobile_id, smart_id, web_eid
from portal_eid.certificates import PersonCertificate
from portal_eid.errors import CertificateError, ServiceUnavailable
from portal_eid.ocsp import OcspClient
from portal_eid.sk_rest import EidSessionFailed, ProviderUnavailable
from sqlalchemy import delete, func, update
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from identity import service
from identity.config import IdentitySettings, get_eid_settings, get_trust
from identity.eid_schemas import EidIdentityOut, EidStartedOut, EidStartRequest, EidWaitingOut, WebEidToken
from identity.errors import IdentityErrorCode
from identity.estonian_id import birth_date_in
from identity.models import EidNonce, EidSession, LoginFailure, User
from identity.schemas import MINIMUM_AGE, TOO_YOUNG, age_on, today_in_tallinn
from identity.second_factor import has_second_factor, mfa_required
from identity.sessions import open_session, revoke_session, session_token, set_session_cookie
from portal_common.audit import client_address, record_admin_action
from portal_common.auth import Identity
from portal_common.clock import utcnow
from portal_common.errors import ApiError, ErrorCode, FieldError
from portal_common.unit_of_work import UnitOfWork

log = logging.getLogger(__name__)

SIGN_IN, REGISTRATION = "sign_in", "registration"
RUNNING, FAILED, DONE, SECOND_FACTOR = "running", "failed", "done", "second_factor"
CONFIRMED, USED = "confirmed", "used"
PRELOGIN_COOKIE: Final = "portal_eid_browser"
PRELOGIN_COOKIE_SECONDS: Final = 3600
# A phone session is SK's for a few minutes (Smart-ID, Mobile-ID: about two); its row outlives it a little.
PHONE_SESSION_LIFETIME: Final = timedelta(minutes=10)
# Finished sessions and spent nonces are kept a day (what happened to a sign-in can be looked up), then removed.
KEPT_FOR: Final = timedelta(days=1)
# The key failed eID sign-ins count under when no account has the ID code (a username never starts with a space).
NO_ACCOUNT_KEY: Final = " eid:"
_MOBILE_ID_LANGUAGES: Final[dict[str, mobile_id.Language]] = {"et": "EST", "en": "ENG"}

MESSAGES: Final[dict[str, str]] = {
    "refused": "The request was refused on the phone",
    "timeout": "The phone did not answer in time. Please try again.",
    "wrong_verification_code": "Another verification code than the one shown was chosen on the phone",
    "not_a_customer": "This person has no Smart-ID or Mobile-ID account for this request",
    "account_unusable": "The Smart-ID or Mobile-ID account cannot be used now; see the app or your operator",
    "phone_unreachable": "The phone could not be reached",
    "sim_error": "The SIM card could not answer",
    "certificate_untrusted": "The eID certificate is not trusted for signing in",
    "certificate_revoked": "The eID certificate is revoked",
    "certificate_invalid": "The eID certificate names no Estonian personal code",
    "signer_mismatch": "The eID certificate belongs to another person",
    "no_account": "No account has this ID code. Register first.",
    "nonce_invalid": "This ID-card request has expired or was already used. Please try again.",
    "token_invalid": "The ID-card's answer is not a Web eID authentication token",
    "signature_invalid": "The ID-card's signature does not match this request",
}


def refusal(code: str) -> ApiError:
    return ApiError(401, IdentityErrorCode(code), MESSAGES.get(code, "Signing in with eID failed"))


def outage(error: ServiceUnavailable) -> ApiError:
    what = "The certificate status service" if error.service == "ocsp" else "The eID service"
    retry = error.retry_after if isinstance(error, ProviderUnavailable) else error.retry_after_seconds
    return ApiError(503, ErrorCode.UNAVAILABLE, f"{what} is temporarily unavailable. Please try again shortly.",
                    headers={"Retry-After": str(retry)})


def session_not_found() -> ApiError:
    return ApiError(404, ErrorCode.NOT_FOUND, "eID session not found")


# --- the clients, one per process --------------------------------------------------------------------------------

@lru_cache
def smart_id_client() -> smart_id.SmartIdClient:
    return smart_id.SmartIdClient(smart_id.SmartIdSettings())


@lru_cache
def mobile_id_client() -> mobile_id.MobileIdClient:
    return mobile_id.MobileIdClient(mobile_id.MobileIdSettings())


def ocsp_client() -> OcspClient:
    settings = get_eid_settings()
    return OcspClient(settings.ocsp_url, trusted_responders=get_trust().anchors.ocsp_responders,
                      timeout_seconds=settings.timeout_seconds)


# --- the browser's pre-login cookie ------------------------------------------------------------------------------

def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def browser_hash(request: Request) -> str | None:
    token = request.cookies.get(PRELOGIN_COOKIE)
    return _hash(token) if token and len(token) <= 100 else None


def ensure_browser(request: Request, response: Response, settings: IdentitySettings) -> str:
    """The browser's pre-login identity: its cookie's hash, a new cookie when it has none. Strict, so no other
    site's page can use it."""
    known = browser_hash(request)
    if known is not None:
        return known
    token = secrets.token_urlsafe(32)
    secure = settings.cookie_secure or request.headers.get("x-forwarded-proto") == "https"
    response.set_cookie(PRELOGIN_COOKIE, token, max_age=PRELOGIN_COOKIE_SECONDS, path="/api", httponly=True,
                        samesite="strict", secure=secure)
    return _hash(token)


# --- failures and the slow-down ----------------------------------------------------------------------------------

async def _failure_key(db: AsyncSession, id_code: str | None) -> str:
    """A failed eID sign-in counts for the account of the ID code (its username, as a wrong password would),
    else under the code itself."""
    if id_code:
        username = (await db.exec(select(User.username).where(col(User.id_code) == id_code))).first()
        if username:
            return username
    return f"{NO_ACCOUNT_KEY}{id_code or ''}"


async def _refuse_if_blocked(db: AsyncSession, key: str, address: str | None) -> None:
    failure_key, failure_address = service._failure_key(key, address)
    now = utcnow()
    failure = await db.get(LoginFailure, (failure_key, failure_address))
    if failure is not None and failure.blocked_until is not None and failure.blocked_until > now:
        raise service.too_many_attempts(service.seconds_until(failure.blocked_until, now))


async def _fail(unit_of_work: UnitOfWork, session_id: str | None, code: str, *, count_for: str | None,
                address: str | None, settings: IdentitySettings, purpose: str) -> ApiError:
    """Ends the session as failed with ``code`` and, for a sign-in, counts the failure like a wrong password; in a
    transaction of its own, after the request's (which may hold the session's lock) is rolled back."""
    await unit_of_work.session.rollback()
    key = None
    if purpose == SIGN_IN:
        key = await unit_of_work.commit_independently(lambda db: _failure_key(db, count_for))
        await service.count_failed_sign_in(unit_of_work, key, address, settings.login_free_failures)
    if session_id is not None:
        await unit_of_work.commit_independently(lambda db: _mark_failed(db, session_id, code))
    return refusal(code)


async def _mark_failed(db: AsyncSession, session_id: str, code: str) -> None:
    await db.execute(update(EidSession).where(col(EidSession.id) == session_id,
                                              col(EidSession.state).in_((RUNNING, CONFIRMED, SECOND_FACTOR)))
                     .values(state=FAILED, error_code=code, finished_at=utcnow()))


# --- Smart-ID and Mobile-ID --------------------------------------------------------------------------------------

def _display_text(purpose: str, language: str) -> str:
    if language == "en":
        return "Sign in to Shelf Board" if purpose == SIGN_IN else "Register at Shelf Board"
    return "Sisselogimine: Shelf Board" if purpose == SIGN_IN else "Registreerumine: Shelf Board"


def _language(request: Request) -> str:
    return "en" if request.headers.get("accept-language", "").lower().startswith("en") else "et"


def require_adult(id_code: str) -> None:
    """Spec §5: at least 21 years old, by the date the ID code carries."""
    birthday = birth_date_in(id_code)
    if birthday is None or age_on(birthday, today_in_tallinn()) < MINIMUM_AGE:
        error = FieldError(IdentityErrorCode.UNDER_MINIMUM_AGE, TOO_YOUNG)
        raise ApiError(422, ErrorCode.VALIDATION_ERROR, TOO_YOUNG, {"idCode": error})


async def start(unit_of_work: UnitOfWork, body: EidStartRequest, request: Request, response: Response,
                settings: IdentitySettings, purpose: str) -> EidStartedOut:
    """Asks SK to authenticate the person; the 201 carries the verification code the phone will show."""
    db, address = unit_of_work.session, client_address(request)
    browser = ensure_browser(request, response, settings)
    if purpose == SIGN_IN:
        await _refuse_if_blocked(db, await _failure_key(db, body.id_code), address)
    else:
        require_adult(body.id_code)
    language = _language(request)
    text = _display_text(purpose, language)
    try:
        if body.method == "mobile_id":
            phone = (body.phone or "").replace(" ", "")
            if not mobile_id.valid_phone(phone):
                error = FieldError(ErrorCode.INVALID_VALUE if phone else ErrorCode.REQUIRED,
                                   "A phone number is + and the country code and number, e.g. +37255512345")
                raise ApiError(422, ErrorCode.VALIDATION_ERROR, error.message, {"phone": error})
            mid = await mobile_id_client().start_authentication(body.id_code, phone, text,
                                                               language=_MOBILE_ID_LANGUAGES[language])
            provider, code = mid.dumps(), mid.verification_code
        else:
            sid = await smart_id_client().start_authentication(body.id_code, text)
            provider, code = sid.dumps(), sid.verification_code
    except EidSessionFailed as failed:
        raise await _fail(unit_of_work, None, failed.code, count_for=body.id_code, address=address,
                          settings=settings, purpose=purpose) from None
    except ServiceUnavailable as error:
        raise outage(error) from None
    now = utcnow()
    await db.execute(delete(EidSession).where(col(EidSession.expires_at) < now - KEPT_FOR))
    session = EidSession(id=str(uuid.uuid4()), purpose=purpose, method=body.method, browser_hash=browser,
                         provider_session=provider, verification_code=code, requested_id_code=body.id_code,
                         client_address=(address or "")[:64] or None, expires_at=now + PHONE_SESSION_LIFETIME)
    db.add(session)
    return EidStartedOut(session_id=session.id, verification_code=code)


@dataclass(frozen=True)
class _Snapshot:
    """What a poll needs of the session, read in a short transaction of its own."""

    id: str
    method: str
    state: str
    provider_session: str | None
    verification_code: str | None
    requested_id_code: str | None
    error_code: str | None
    expired: bool


async def _snapshot(db: AsyncSession, session_id: str, browser: str, purpose: str) -> _Snapshot:
    session = (await db.exec(select(EidSession).where(
        col(EidSession.id) == session_id, col(EidSession.browser_hash) == browser,
        col(EidSession.purpose) == purpose))).first()
    if session is None:
        raise session_not_found()
    return _Snapshot(session.id, session.method, session.state, session.provider_session, session.verification_code,
                     session.requested_id_code, session.error_code, session.expires_at <= utcnow())


async def _provider_answer(snapshot: _Snapshot) -> PersonCertificate | None:
    """SK asked once; the person's checked certificate once they confirmed, None while they have not."""
    assert snapshot.provider_session is not None
    if snapshot.method == "smart_id":
        sid = await smart_id_client().authentication_result(
            smart_id.AuthenticationSession.loads(snapshot.provider_session))
        certificate = None if sid is None else sid.certificate
    else:
        mid = await mobile_id_client().authentication_result(
            mobile_id.AuthenticationSession.loads(snapshot.provider_session))
        certificate = None if mid is None else mid.certificate
    if certificate is None:
        return None
    checked = await authentication.check(certificate, get_trust().anchors, ocsp_client())
    if checked.person.id_code != snapshot.requested_id_code:
        raise CertificateError("signer_mismatch", "the certificate names another person than was asked for")
    return checked


def _settled(snapshot: _Snapshot) -> ApiError:
    """The answer about a session that is no longer running."""
    if snapshot.state == FAILED:
        return refusal(snapshot.error_code or "refused")
    if snapshot.state == SECOND_FACTOR:
        return mfa_required(wrong=False)
    return ApiError(409, ErrorCode.CONFLICT, "This eID session is already finished")


async def poll(unit_of_work: UnitOfWork, session_id: str, request: Request, response: Response,
               settings: IdentitySettings, purpose: str) -> object:
    """One poll: EidWaitingOut while the person has not answered, else what the purpose makes of the person
    (a signed-in user, or the confirmed identity of a registration); a refusal as ApiError."""
    browser = browser_hash(request)
    if browser is None:
        raise session_not_found()
    snapshot = await unit_of_work.commit_independently(lambda db: _snapshot(db, session_id[:36], browser, purpose))
    if snapshot.state == CONFIRMED and purpose == REGISTRATION and not snapshot.expired:
        db = unit_of_work.session
        confirmed = await db.get(EidSession, snapshot.id)
        assert confirmed is not None
        return identity_out(confirmed)
    if snapshot.state != RUNNING:
        raise _settled(snapshot)
    address = client_address(request)
    try:
        checked = await _provider_answer(snapshot)
    except (EidSessionFailed, CertificateError) as failed:
        raise await _fail(unit_of_work, snapshot.id, failed.code, count_for=snapshot.requested_id_code,
                          address=address, settings=settings, purpose=purpose) from None
    except ServiceUnavailable as error:
        raise outage(error) from None
    if checked is None:
        return EidWaitingOut(session_id=snapshot.id, verification_code=snapshot.verification_code)
    db = unit_of_work.session
    session = await db.get(EidSession, snapshot.id, with_for_update=True, populate_existing=True)
    assert session is not None
    if session.state != RUNNING:  # another poll finished it meanwhile
        raise _settled(_Snapshot(session.id, session.method, session.state, None, None, None, session.error_code,
                                 False))
    if purpose == SIGN_IN:
        return await sign_in(unit_of_work, session, checked, request, response, settings, otp=None)
    return await confirm_registration(unit_of_work, session, checked, settings)


# --- ID-card through Web eID -------------------------------------------------------------------------------------

async def challenge(db: AsyncSession, request: Request, response: Response, settings: IdentitySettings) -> str:
    """A new nonce for this browser; its earlier unused ones are spent (one challenge at a time)."""
    browser = ensure_browser(request, response, settings)
    now = utcnow()
    await db.execute(delete(EidNonce).where(col(EidNonce.expires_at) < now - KEPT_FOR))
    await db.execute(update(EidNonce).where(col(EidNonce.browser_hash) == browser, col(EidNonce.used_at).is_(None))
                     .values(used_at=now))
    nonce = web_eid.new_nonce()
    db.add(EidNonce(nonce=nonce, browser_hash=browser,
                    expires_at=now + timedelta(minutes=settings.eid_session_minutes)))
    return nonce


async def _use_nonce(db: AsyncSession, browser: str) -> str | None:
    """This browser's live nonce, spent now (whatever becomes of the sign-in); None if it has none."""
    now = utcnow()
    live = (select(EidNonce.nonce).where(col(EidNonce.browser_hash) == browser, col(EidNonce.used_at).is_(None),
                                         col(EidNonce.expires_at) > now)
            .order_by(col(EidNonce.expires_at).desc()).limit(1).with_for_update().scalar_subquery())
    used = await db.execute(update(EidNonce).where(col(EidNonce.nonce) == live).values(used_at=now)
                            .returning(col(EidNonce.nonce)))
    return used.scalar_one_or_none()


def _id_code_in(token: WebEidToken) -> str | None:
    """The ID code the token's certificate names, if it names one (for counting a failure), unchecked."""
    try:
        person = certificates.person_of(certificates.load_certificate(token.unverified_certificate))
    except (CertificateError, ValueError):
        return None
    return person.id_code if person.id_code.isdigit() and len(person.id_code) == 11 else None


async def id_card(unit_of_work: UnitOfWork, token: WebEidToken, request: Request, response: Response,
                  settings: IdentitySettings, purpose: str) -> object:
    """The Web eID token checked against this browser's nonce and the portal's origin, its certificate checked:
    then signed in (a sign-in) or the person confirmed (a registration)."""
    address, browser = client_address(request), browser_hash(request)
    count_for = _id_code_in(token)
    if purpose == SIGN_IN:
        await _refuse_if_blocked(unit_of_work.session, await _failure_key(unit_of_work.session, count_for), address)
    nonce = None if browser is None else await unit_of_work.commit_independently(lambda db: _use_nonce(db, browser))
    try:
        if nonce is None:
            raise web_eid.TokenError("token_invalid", "no live challenge")  # answered as nonce_invalid below
        certificate = web_eid.verify(web_eid.AuthToken.model_validate(token.model_dump(by_alias=True)),
                                     origin=settings.eid_public_origin, nonce=nonce)
        checked = await authentication.check(certificate, get_trust().anchors, ocsp_client(), allow_mobile_id=False)
    except (web_eid.TokenError, CertificateError) as failed:
        code = "nonce_invalid" if nonce is None else failed.code
        raise await _fail(unit_of_work, None, code, count_for=count_for, address=address, settings=settings,
                          purpose=purpose) from None
    except ServiceUnavailable as error:
        raise outage(error) from None
    now = utcnow()
    session = EidSession(id=str(uuid.uuid4()), purpose=purpose, method="id_card", browser_hash=browser or "",
                         requested_id_code=checked.person.id_code, client_address=(address or "")[:64] or None,
                         expires_at=now + PHONE_SESSION_LIFETIME)
    unit_of_work.session.add(session)
    if purpose == SIGN_IN:
        return await sign_in(unit_of_work, session, checked, request, response, settings, otp=token.otp or "")
    return await confirm_registration(unit_of_work, session, checked, settings)


# --- what a confirmed person becomes -----------------------------------------------------------------------------

@dataclass(frozen=True)
class SignedIn:
    user: User
    second_factor: bool  # the new session counts as having passed the account's second factor


def _record_person(session: EidSession, checked: PersonCertificate) -> None:
    person = checked.person
    session.id_code, session.given_name, session.surname = person.id_code, person.given_name[:100], \
        person.surname[:100]
    session.finished_at = utcnow()


async def sign_in(unit_of_work: UnitOfWork, session: EidSession, checked: PersonCertificate, request: Request,
                  response: Response, settings: IdentitySettings, *, otp: str | None) -> SignedIn:
    """Signs in the account of the certificate's ID code. ``otp``: None on a phone session's poll (an admin's
    session then waits for the code), the code given with an ID-card token ("" if none)."""
    db, address = unit_of_work.session, client_address(request)
    user = (await db.exec(select(User).where(col(User.id_code) == checked.person.id_code))).first()
    if user is None or user.deactivated_at is not None:
        raise await _fail(unit_of_work, session.id if session.method != "id_card" else None, "no_account",
                          count_for=checked.person.id_code, address=address, settings=settings, purpose=SIGN_IN)
    _record_person(session, checked)
    session.user_id = user.id
    if user.role == "admin":  # eID alone does not sign an admin in: the second factor still applies
        if otp is None:
            session.state = SECOND_FACTOR
            db.add(session)
            await db.commit()
            raise mfa_required(wrong=False)
        passed = await service.pass_second_factor(unit_of_work, user, otp, address, settings.login_free_failures)
    else:
        passed = await has_second_factor(db, user)
    return await finish_sign_in(unit_of_work, session, user, passed, request, response, settings)


async def finish_sign_in(unit_of_work: UnitOfWork, session: EidSession, user: User, second_factor: bool,
                         request: Request, response: Response, settings: IdentitySettings) -> SignedIn:
    db = unit_of_work.session
    assert user.id is not None
    session.state, session.finished_at = DONE, utcnow()
    db.add(session)
    user.last_login_at = utcnow()
    db.add(user)
    key, address = service._failure_key(user.username, client_address(request))
    await db.execute(delete(LoginFailure).where(col(LoginFailure.username_key) == key,
                                                col(LoginFailure.client_address) == address))
    # A new token on every sign-in, so a token planted before it is worthless after it.
    await revoke_session(db, session_token(request))
    token = await open_session(db, user.id, settings.session_ttl_hours, second_factor=second_factor)
    set_session_cookie(response, request, token, settings)
    actor = Identity(user.id, user.role, user.language, 0, second_factor=second_factor)
    record_admin_action(db, request, actor, "user.signed_in_with_eid", "user", user.id,
                        user.id if user.role == "applicant" else None, method=session.method)
    return SignedIn(user, second_factor)


async def second_factor_step(unit_of_work: UnitOfWork, session_id: str, otp: str, request: Request,
                             response: Response, settings: IdentitySettings) -> SignedIn:
    """An admin's eID sign-in, confirmed on the phone, finished with the TOTP (or a recovery) code."""
    browser = browser_hash(request)
    db = unit_of_work.session
    session = (await db.exec(select(EidSession).where(
        col(EidSession.id) == session_id[:36], col(EidSession.browser_hash) == (browser or ""),
        col(EidSession.purpose) == SIGN_IN).with_for_update())).first()
    if browser is None or session is None:
        raise session_not_found()
    if session.state != SECOND_FACTOR:
        raise _settled(_Snapshot(session.id, session.method, session.state, None, None, None, session.error_code,
                                 False))
    user = None if session.user_id is None else await db.get(User, session.user_id)
    if session.expires_at <= utcnow() or user is None or user.deactivated_at is not None:
        raise session_not_found()
    passed = await service.pass_second_factor(unit_of_work, user, otp, client_address(request),
                                              settings.login_free_failures)
    return await finish_sign_in(unit_of_work, session, user, passed, request, response, settings)


async def confirm_registration(unit_of_work: UnitOfWork, session: EidSession, checked: PersonCertificate,
                               settings: IdentitySettings) -> EidIdentityOut:
    """The person may register: at least 21, and no account has the ID code yet (else they are told to sign in).
    Either refusal ends the session and keeps nothing of the person."""
    db, code = unit_of_work.session, checked.person.id_code
    try:
        require_adult(code)
    except ApiError:
        await _fail(unit_of_work, session.id if session.method != "id_card" else None, "under_minimum_age",
                    count_for=None, address=None, settings=settings, purpose=REGISTRATION)
        raise
    taken = (await db.exec(select(func.count()).select_from(User).where(col(User.id_code) == code))).one()
    if taken:
        await _fail(unit_of_work, session.id if session.method != "id_card" else None, "eid_account_exists",
                    count_for=None, address=None, settings=settings, purpose=REGISTRATION)
        raise ApiError(409, IdentityErrorCode.EID_ACCOUNT_EXISTS,
                       "You already have an account. Sign in with your eID instead.")
    _record_person(session, checked)
    session.state = CONFIRMED
    session.expires_at = utcnow() + timedelta(minutes=settings.eid_session_minutes)
    db.add(session)
    return identity_out(session)


def _name(value: str) -> str:
    """A certificate's upper-case name as people write it: MARI-LIIS → Mari-Liis."""
    return "-".join(" ".join(word.capitalize() for word in part.split(" ")) for part in value.split("-"))


def identity_out(session: EidSession) -> EidIdentityOut:
    assert session.id_code and session.given_name is not None and session.surname is not None
    birthday = birth_date_in(session.id_code)
    assert birthday is not None
    given, surname = _name(session.given_name), _name(session.surname)
    return EidIdentityOut(session_id=session.id, method=session.method,
                          given_name=given, surname=surname, full_name=f"{given} {surname}".strip(),
                          id_code=session.id_code, date_of_birth=birthday)


async def take_registration_identity(db: AsyncSession, session_id: str, request: Request) -> EidSession:
    """The confirmed registration session of this browser, locked, to be used once by POST /api/register."""
    browser = browser_hash(request)
    session = (await db.exec(select(EidSession).where(
        col(EidSession.id) == session_id[:36], col(EidSession.browser_hash) == (browser or ""),
        col(EidSession.purpose) == REGISTRATION, col(EidSession.state) == CONFIRMED,
        col(EidSession.expires_at) > utcnow()).with_for_update())).first()
    if browser is None or session is None:
        error = FieldError(IdentityErrorCode.EID_SESSION_INVALID,
                           "The eID confirmation has expired or was already used. Please confirm again.")
        raise ApiError(422, ErrorCode.VALIDATION_ERROR, error.message, {"eidSessionId": error})
    return session
