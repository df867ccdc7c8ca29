"""An async client of SK's Mobile-ID REST API (SK-EID/MID), the one the portal's services use in production
against SK's DEMO (https://tsp.demo.sk.ee/mid-api) or LIVE (https://mid.sk.ee/mid-api) service and, locally,
against the stand-in (deploy/local/sk_standin).

Flows (MID README §3; SK-EID/mid-rest-java-client is the reference implementation followed here):
- `POST certificate` {phoneNumber, nationalIdentityNumber} → the person's signing certificate (result OK), which
  an XAdES signature names before it is signed; NOT_FOUND / NOT_ACTIVE: not a Mobile-ID customer;
- `POST signature` / `POST authentication` {phoneNumber, nationalIdentityNumber, hash (Base64), hashType
  SHA256|SHA384|SHA512, language EST|ENG|RUS|LIT, displayText, displayTextFormat} → sessionID; the verification
  code is computed here from the hash: 6 bits from its start and 7 from its end (§2.4.1);
- `GET signature/session/<id>?timeoutMs=` / `GET authentication/session/<id>?timeoutMs=`: a long poll; state
  RUNNING or COMPLETE with `result` OK, TIMEOUT, NOT_MID_CLIENT, USER_CANCELLED, SIGNATURE_HASH_MISMATCH,
  PHONE_ABSENT, DELIVERY_ERROR or SIM_ERROR; `signature` {value, algorithm e.g. SHA256WithECEncryption}; an
  authentication's answer also has `cert`, a signature's does not (it is the one `POST certificate` gave).

The signature is over the hash itself: ECDSA as r||s (the form XML signatures carry too) or RSA PKCS#1 v1.5.

As in portal_eid.smart_id, each `*_result` polls once and returns None while the person has not answered, and
the session objects are what a caller stores between polls."""

import logging
import os
import re
from typing import Any, Final, Literal, Self

import httpx
from cryptography import x509
from cryptography.hazmat.primitives import serialization
from pydantic import BaseModel, ConfigDict, Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from portal_eid.sk_rest import (
    EidSessionFailed,
    ProviderMaintenance,
    ProviderResponseInvalid,
    ProviderUnavailable,
    RelyingPartyRejected,
    SessionOutcome,
    b64decode,
    b64encode,
    hash_algorithm,
    http_client,
    json_body,
    load_certificate,
    require_str,
    retry_after,
    send,
    verify_over_digest,
)

log = logging.getLogger(__name__)

SERVICE: Final = "mobile_id"
MIN_POLL_MS: Final = 1000
MAX_POLL_MS: Final = 120_000
POLL_MARGIN_SECONDS: Final = 1.5
# Mobile-ID's names of the hashes → the portal's.
HASH_TYPES: Final = {"SHA256": "SHA-256", "SHA384": "SHA-384", "SHA512": "SHA-512"}
HASH_LENGTHS: Final = {"SHA256": 32, "SHA384": 48, "SHA512": 64}
PHONE: Final = re.compile(r"^\+[1-9][0-9]{6,14}$")
DISPLAY_TEXT_GSM7: Final = 40  # SK's clients keep the text short: the phone shows it beside the RP's name and code

HashType = Literal["SHA256", "SHA384", "SHA512"]
Language = Literal["EST", "ENG", "RUS", "LIT"]

RESULTS: Final[dict[str, SessionOutcome]] = {
    "USER_CANCELLED": "refused",
    "TIMEOUT": "timeout",
    "EXPIRED_TRANSACTION": "timeout",
    "NOT_MID_CLIENT": "not_a_customer",
    "PHONE_ABSENT": "phone_unreachable",
    "DELIVERY_ERROR": "phone_unreachable",
    "SIM_ERROR": "sim_error",
    # The SIM's Mobile-ID configuration differs from the operator's: the person must see their operator.
    "SIGNATURE_HASH_MISMATCH": "account_unusable",
}


class MobileIdSettings(BaseSettings):
    """Where and as whom the portal asks Mobile-ID (.env.example; deploy/README.md). DEMO: base URL
    https://tsp.demo.sk.ee/mid-api, relying party 00000000-0000-0000-0000-000000000000 "DEMO"; LIVE:
    https://mid.sk.ee/mid-api with the UUID and name from the contract with SK."""

    model_config = SettingsConfigDict(extra="ignore", populate_by_name=True)

    base_url: str = Field(default="https://mid.sk.ee/mid-api", alias="EID_MOBILE_ID_URL")
    relying_party_uuid: str = Field(default="", alias="EID_MOBILE_ID_RP_UUID")
    relying_party_name: str = Field(default="", alias="EID_MOBILE_ID_RP_NAME")
    pinned_certificates: str = Field(
        default="", alias="EID_MOBILE_ID_TLS_CERTIFICATES",
        description="A PEM file of SK's TLS certificates of the MID API host; when set, the only ones trusted.",
    )
    connect_timeout: float = Field(default=5.0, gt=0, alias="EID_MOBILE_ID_CONNECT_TIMEOUT")
    request_timeout: float = Field(default=10.0, gt=0, alias="EID_MOBILE_ID_REQUEST_TIMEOUT")
    poll_ms: int = Field(default=MIN_POLL_MS, ge=MIN_POLL_MS, le=MAX_POLL_MS, alias="EID_MOBILE_ID_POLL_MS")

    def configured(self) -> bool:
        return bool(self.base_url and self.relying_party_uuid and self.relying_party_name)


class _Stored(BaseModel):
    model_config = ConfigDict(frozen=True)

    def dumps(self) -> str:
        return self.model_dump_json()

    @classmethod
    def loads(cls, raw: str) -> Self:
        return cls.model_validate_json(raw)


class SignatureSession(_Stored):
    session_id: str
    verification_code: str
    hash_b64: str
    hash_type: HashType
    # DER, Base64: the certificate `POST certificate` gave, which the signature is checked against.
    certificate_b64: str


class AuthenticationSession(_Stored):
    session_id: str
    verification_code: str
    hash_b64: str
    hash_type: HashType


class Signature(BaseModel):
    """A verified signature over the session's hash: `value` is r||s for EC keys, PKCS#1 v1.5 for RSA."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    value: bytes
    algorithm: str
    certificate: x509.Certificate


class Authentication(BaseModel):
    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    certificate: x509.Certificate
    algorithm: str


def verification_code(digest: bytes) -> str:
    """The 6 first and the 7 last bits of the hash as a number, four digits (MID README §2.4.1)."""
    if len(digest) < 20:  # no hash Mobile-ID takes is shorter
        raise ValueError("a hash is at least 20 bytes")
    return f"{((digest[0] & 0xFC) << 5) | (digest[-1] & 0x7F):04d}"


def valid_phone(phone: str) -> bool:
    return bool(PHONE.fullmatch(phone))


def _check_person(id_code: str, phone: str) -> None:
    if not (id_code.isascii() and id_code.isdigit()):
        raise ValueError("an ID code is digits")
    if not valid_phone(phone):
        raise ValueError("a phone number is + and the country code and number, e.g. +37255512345")


class MobileIdClient:
    """One per process; `async with MobileIdClient(settings) as client`."""

    def __init__(self, settings: MobileIdSettings, *, transport: httpx.AsyncBaseTransport | None = None) -> None:
        self.settings = settings
        self._http = http_client(
            settings.base_url, pinned_certificates=settings.pinned_certificates or None,
            connect_timeout=settings.connect_timeout, request_timeout=settings.request_timeout,
            user_agent="portal-eid (Mobile-ID REST)", transport=transport,
        )

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._http.aclose()

    async def signing_certificate(self, id_code: str, phone: str) -> x509.Certificate:
        _check_person(id_code, phone)
        answer = await self._post("certificate", {**self._relying_party(), "phoneNumber": phone,
                                                  "nationalIdentityNumber": id_code})
        result = answer.get("result")
        if result in ("NOT_FOUND", "NOT_ACTIVE"):
            raise EidSessionFailed("not_a_customer", str(result))
        if result != "OK":
            raise ProviderResponseInvalid(f"certificate result {result!r}")
        return load_certificate(answer.get("cert"), "cert")

    async def start_signature(self, id_code: str, phone: str, digest: bytes, hash_type: HashType,
                              certificate: x509.Certificate, display_text: str, *,
                              language: Language = "EST") -> SignatureSession:
        """Asks the person to sign `digest`; `certificate` is the one `signing_certificate` gave, which the
        signed data names and which the answer is checked against."""
        _check_person(id_code, phone)
        if len(digest) != HASH_LENGTHS[hash_type]:
            raise ValueError(f"a {hash_type} hash is {HASH_LENGTHS[hash_type]} bytes")
        session_id = await self._start("signature", id_code, phone, digest, hash_type, display_text, language)
        return SignatureSession(
            session_id=session_id, verification_code=verification_code(digest), hash_b64=b64encode(digest),
            hash_type=hash_type, certificate_b64=b64encode(certificate.public_bytes(serialization.Encoding.DER)),
        )

    async def start_authentication(self, id_code: str, phone: str, display_text: str, *,
                                   language: Language = "EST", hash_type: HashType = "SHA256") -> AuthenticationSession:
        """Authentication signs a random hash the portal made (MID README §2.3)."""
        _check_person(id_code, phone)
        digest = os.urandom(HASH_LENGTHS[hash_type])
        session_id = await self._start("authentication", id_code, phone, digest, hash_type, display_text, language)
        return AuthenticationSession(session_id=session_id, verification_code=verification_code(digest),
                                     hash_b64=b64encode(digest), hash_type=hash_type)

    async def signature_result(self, session: SignatureSession, *, timeout_ms: int | None = None) -> Signature | None:
        body = await self.session_status("signature", session.session_id, timeout_ms=timeout_ms)
        if body is None:
            return None
        value, algorithm = _signature(body, session.hash_type)
        certificate = load_certificate(session.certificate_b64, "certificate")
        verify_over_digest(certificate, value, b64decode(session.hash_b64, "hash"),
                           hash_algorithm(HASH_TYPES[session.hash_type]))
        return Signature(value=value, algorithm=algorithm, certificate=certificate)

    async def authentication_result(self, session: AuthenticationSession, *,
                                    timeout_ms: int | None = None) -> Authentication | None:
        body = await self.session_status("authentication", session.session_id, timeout_ms=timeout_ms)
        if body is None:
            return None
        value, algorithm = _signature(body, session.hash_type)
        certificate = load_certificate(body.get("cert"), "cert")
        verify_over_digest(certificate, value, b64decode(session.hash_b64, "hash"),
                           hash_algorithm(HASH_TYPES[session.hash_type]))
        return Authentication(certificate=certificate, algorithm=algorithm)

    async def session_status(self, kind: Literal["signature", "authentication"], session_id: str, *,
                             timeout_ms: int | None = None) -> dict[str, Any] | None:
        """One long poll: None while RUNNING, the body when COMPLETE and OK, EidSessionFailed otherwise."""
        wait_ms = max(MIN_POLL_MS, min(MAX_POLL_MS, timeout_ms or self.settings.poll_ms))
        response = await send(self._http, "GET", f"{kind}/session/{session_id}", params={"timeoutMs": wait_ms},
                              wait_seconds=wait_ms / 1000 + POLL_MARGIN_SECONDS + self.settings.connect_timeout,
                              service=SERVICE)
        if response.status_code == httpx.codes.NOT_FOUND:
            # MID keeps a session for five minutes (README §3.3.9): one that is gone has run out of time.
            raise EidSessionFailed("timeout", "SESSION_NOT_FOUND")
        _raise_for_http(response)
        body = json_body(response, SERVICE)
        state = body.get("state")
        if state == "RUNNING":
            return None
        if state != "COMPLETE":
            raise ProviderResponseInvalid(f"session state {state!r}")
        result = body.get("result")
        if result == "OK":
            return body
        if isinstance(result, str) and result in RESULTS:
            raise EidSessionFailed(RESULTS[result], result)
        log.error("Mobile-ID session %s ended with %r", session_id, result)
        raise ProviderUnavailable(SERVICE, f"Mobile-ID ended the session with {result!r}")

    def _relying_party(self) -> dict[str, str]:
        if not self.settings.configured():
            raise RelyingPartyRejected(SERVICE, "Mobile-ID is not configured: EID_MOBILE_ID_RP_UUID and _RP_NAME")
        return {"relyingPartyUUID": self.settings.relying_party_uuid,
                "relyingPartyName": self.settings.relying_party_name}

    async def _start(self, kind: str, id_code: str, phone: str, digest: bytes, hash_type: HashType,
                     display_text: str, language: Language) -> str:
        text = display_text[:DISPLAY_TEXT_GSM7]
        answer = await self._post(kind, {
            **self._relying_party(), "phoneNumber": phone, "nationalIdentityNumber": id_code,
            "hash": b64encode(digest), "hashType": hash_type, "language": language, "displayText": text,
            "displayTextFormat": "GSM-7" if text.isascii() else "UCS-2",
        })
        return require_str(answer, "sessionID", "response")

    async def _post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        response = await send(self._http, "POST", path, json=body, service=SERVICE)
        _raise_for_http(response)
        return json_body(response, SERVICE)


def _raise_for_http(response: httpx.Response) -> None:
    code = response.status_code
    if code == httpx.codes.OK:
        return
    if code == httpx.codes.SERVICE_UNAVAILABLE:
        raise ProviderMaintenance(SERVICE, "Mobile-ID is unavailable", retry_after(response))
    if code in (httpx.codes.UNAUTHORIZED, httpx.codes.FORBIDDEN):
        log.error("Mobile-ID refused our relying party (%s): %s", code, response.text[:500])
        raise RelyingPartyRejected(SERVICE, f"Mobile-ID refused the relying party ({code})")
    if code >= httpx.codes.INTERNAL_SERVER_ERROR:
        raise ProviderUnavailable(SERVICE, f"Mobile-ID answered {code}", retry_after(response))
    log.error("Mobile-ID answered %s: %s", code, response.text[:500])
    raise ProviderResponseInvalid(f"Mobile-ID answered {code}")


def _signature(body: dict[str, Any], hash_type: HashType) -> tuple[bytes, str]:
    signature = body.get("signature")
    if not isinstance(signature, dict):
        raise ProviderResponseInvalid("signature is missing")
    algorithm = require_str(signature, "algorithm", "signature")
    if not algorithm.upper().startswith(hash_type):
        raise ProviderResponseInvalid(f"signature algorithm {algorithm} is not over {hash_type}")
    return b64decode(signature.get("value"), "signature.value"), algorithm
