"""Passkeys (WebAuthn, the `webauthn` library) as a second factor (issue 15).

Every ceremony starts with a challenge row: good for one answer within five minutes, and used up even when
that answer is refused (it is marked used in a transaction of its own). Credentials are stored as the browser
names them (base64url id) with their COSE public key; a sign-in's signature counter must grow, else the
authenticator may have been cloned and the sign-in is refused (the library checks it)."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import delete, func, or_, update
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import (
    base64url_to_bytes,
    bytes_to_base64url,
    generate_challenge,
    options_to_json_dict,
    parse_client_data_json,
)
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from identity import second_factor
from identity.config import IdentitySettings
from identity.errors import IdentityErrorCode
from identity.models import Passkey, RecoveryCode, User, WebAuthnChallenge
from portal_common.clock import utcnow
from portal_common.errors import ApiError, ErrorCode
from portal_common.unit_of_work import UnitOfWork

CHALLENGE_LIFETIME = timedelta(minutes=5)
CEREMONY_TIMEOUT_MS = int(CHALLENGE_LIFETIME.total_seconds() * 1000)
REGISTER, SIGN_IN = "register", "sign-in"
DEFAULT_NAME = "Passkey"
# What a malformed credential makes the library (or its base64url and JSON parsing) raise.
REFUSED_CREDENTIAL = (WebAuthnException, ValueError, TypeError, KeyError, AttributeError)


@dataclass(frozen=True)
class RelyingParty:
    id: str
    name: str
    origins: list[str]

    @classmethod
    def of(cls, settings: IdentitySettings) -> "RelyingParty":
        return cls(settings.webauthn_rp_id, settings.webauthn_rp_name, settings.webauthn_origin_list)


def challenge_expired() -> ApiError:
    return ApiError(400, IdentityErrorCode.PASSKEY_CHALLENGE_EXPIRED,
                    "This passkey request has expired or was already used. Please try again.")


def not_verified(status: int) -> ApiError:
    return ApiError(status, IdentityErrorCode.PASSKEY_NOT_VERIFIED, "The passkey could not be verified")


def admins_keep_one() -> ApiError:
    return ApiError(403, IdentityErrorCode.SECOND_FACTOR_REQUIRED_FOR_ADMINS, "Admins must keep a second factor")


async def passkeys_of(db: AsyncSession, user_id: int) -> Sequence[Passkey]:
    return (await db.exec(select(Passkey).where(Passkey.user_id == user_id).order_by(col(Passkey.id)))).all()


def _descriptors(passkeys: Sequence[Passkey]) -> list[PublicKeyCredentialDescriptor]:
    return [PublicKeyCredentialDescriptor(id=base64url_to_bytes(passkey.credential_id)) for passkey in passkeys]


async def _new_challenge(db: AsyncSession, user_id: int, purpose: str) -> bytes:
    """A fresh challenge; the account's spent ones go, so the table holds only live ceremonies."""
    now = utcnow()
    await db.execute(delete(WebAuthnChallenge).where(
        col(WebAuthnChallenge.user_id) == user_id,
        or_(col(WebAuthnChallenge.used_at).is_not(None), col(WebAuthnChallenge.expires_at) < now)))
    challenge = generate_challenge()
    db.add(WebAuthnChallenge(user_id=user_id, purpose=purpose, challenge=bytes_to_base64url(challenge),
                             expires_at=now + CHALLENGE_LIFETIME))
    return challenge


def _signed_challenge(credential: dict[str, Any]) -> str | None:
    """The challenge the browser answered, as it wrote it into clientDataJSON (base64url)."""
    try:
        client_data = parse_client_data_json(base64url_to_bytes(credential["response"]["clientDataJSON"]))
    except REFUSED_CREDENTIAL:
        return None
    return bytes_to_base64url(client_data.challenge)


async def _use_challenge(unit_of_work: UnitOfWork, user_id: int, purpose: str, credential: dict[str, Any]) -> bytes:
    """The answered challenge, if it is this account's, for this ceremony, unused and not expired; used up at
    once in a transaction of its own, so it stays used whatever becomes of this request."""
    challenge = _signed_challenge(credential)
    if challenge is None:
        raise challenge_expired()

    async def use(db: AsyncSession) -> bool:
        now = utcnow()
        used = await db.execute(
            update(WebAuthnChallenge)
            .where(col(WebAuthnChallenge.user_id) == user_id, col(WebAuthnChallenge.purpose) == purpose,
                   col(WebAuthnChallenge.challenge) == challenge, col(WebAuthnChallenge.used_at).is_(None),
                   col(WebAuthnChallenge.expires_at) > now)
            .values(used_at=now).returning(col(WebAuthnChallenge.id)))
        return used.first() is not None

    if not await unit_of_work.commit_independently(use):
        raise challenge_expired()
    return base64url_to_bytes(challenge)


async def registration_options(db: AsyncSession, user: User, relying_party: RelyingParty) -> dict[str, Any]:
    """navigator.credentials.create()'s options; the account's passkeys are excluded, so an authenticator
    is not registered twice."""
    assert user.id is not None
    # The user handle is the account's id: stable, and it tells nothing about the person.
    options = generate_registration_options(
        rp_id=relying_party.id, rp_name=relying_party.name, user_name=user.username,
        user_id=str(user.id).encode(), user_display_name=user.full_name,
        challenge=await _new_challenge(db, user.id, REGISTER), timeout=CEREMONY_TIMEOUT_MS,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.PREFERRED, user_verification=UserVerificationRequirement.PREFERRED),
        exclude_credentials=_descriptors(await passkeys_of(db, user.id)))
    return options_to_json_dict(options)


async def register(unit_of_work: UnitOfWork, user: User, credential: dict[str, Any], name: str,
                   relying_party: RelyingParty) -> Passkey:
    assert user.id is not None
    db = unit_of_work.session
    challenge = await _use_challenge(unit_of_work, user.id, REGISTER, credential)
    try:
        verified = verify_registration_response(
            credential=credential, expected_challenge=challenge, expected_rp_id=relying_party.id,
            expected_origin=relying_party.origins)
    except REFUSED_CREDENTIAL:
        raise not_verified(400) from None
    credential_id = bytes_to_base64url(verified.credential_id)
    if (await db.exec(select(Passkey.id).where(Passkey.credential_id == credential_id))).first() is not None:
        raise ApiError(409, ErrorCode.CONFLICT, "This passkey is already registered")
    passkey = Passkey(user_id=user.id, credential_id=credential_id, name=name or DEFAULT_NAME,
                      public_key=bytes_to_base64url(verified.credential_public_key), sign_count=verified.sign_count)
    db.add(passkey)
    await db.flush()
    return passkey


async def remove(db: AsyncSession, user: User, passkey_id: int) -> None:
    """Removes one of the account's passkeys. An admin keeps at least one second factor; an account left
    without any loses its recovery codes too (they belong to a second factor)."""
    assert user.id is not None
    passkey = (await db.exec(select(Passkey).where(Passkey.id == passkey_id, Passkey.user_id == user.id))).first()
    if passkey is None:
        raise ApiError(404, ErrorCode.NOT_FOUND, "No such passkey")
    others = (await db.exec(select(func.count()).select_from(Passkey)
                            .where(Passkey.user_id == user.id, col(Passkey.id) != passkey_id))).one()
    last_factor = others == 0 and not second_factor.has_totp(user)
    if last_factor and user.role == "admin":
        raise admins_keep_one()
    await db.delete(passkey)
    if last_factor:
        await db.execute(delete(RecoveryCode).where(col(RecoveryCode.user_id) == user.id))


async def authentication_options(db: AsyncSession, user_id: int, relying_party: RelyingParty) -> dict[str, Any]:
    """navigator.credentials.get()'s options, limited to this account's passkeys."""
    passkeys = await passkeys_of(db, user_id)
    if not passkeys:
        raise ApiError(409, IdentityErrorCode.NO_PASSKEYS, "This account has no passkey")
    options = generate_authentication_options(
        rp_id=relying_party.id, challenge=await _new_challenge(db, user_id, SIGN_IN), timeout=CEREMONY_TIMEOUT_MS,
        allow_credentials=_descriptors(passkeys), user_verification=UserVerificationRequirement.PREFERRED)
    return options_to_json_dict(options)


async def verify_sign_in(unit_of_work: UnitOfWork, user: User, credential: dict[str, Any],
                         relying_party: RelyingParty) -> None:
    """Accepts the assertion of one of the account's passkeys, signed over this account's sign-in challenge
    with a grown counter, and records the use; otherwise 401 (or 400 for a spent challenge)."""
    assert user.id is not None
    db = unit_of_work.session
    challenge = await _use_challenge(unit_of_work, user.id, SIGN_IN, credential)
    passkey = (await db.exec(select(Passkey).where(
        Passkey.user_id == user.id, Passkey.credential_id == str(credential.get("id", ""))))).first()
    if passkey is None:
        raise not_verified(401)
    try:
        verified = verify_authentication_response(
            credential=credential, expected_challenge=challenge, expected_rp_id=relying_party.id,
            expected_origin=relying_party.origins, credential_public_key=base64url_to_bytes(passkey.public_key),
            credential_current_sign_count=passkey.sign_count)
    except REFUSED_CREDENTIAL:
        raise not_verified(401) from None
    passkey.sign_count = verified.new_sign_count
    passkey.last_used_at = utcnow()
    db.add(passkey)
