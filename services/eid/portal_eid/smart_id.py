"""An async client of SK's Smart-ID RP API v3 (notification-based flows), the one the portal's services use in
production against SK's DEMO or LIVE service and, locally, against the stand-in (deploy/local/sk_standin).

Flows (RP API v3; SK-EID/smart-id-java-client is the reference implementation followed here):
- certificate choice: `POST signature/certificate-choice/notification/etsi/PNOEE-<code>` → sessionID; the
  session's result carries the signing certificate and the account's document number, which an XAdES signature
  needs before anything is signed;
- signature: `POST signature/notification/document/<documentNumber>` (or `.../etsi/PNOEE-<code>`) with the
  RAW_DIGEST_SIGNATURE protocol: the digest, `rsassa-pss` and its hash; the answer's `vc` is the verification
  code the person sees on the phone; the result is an RSASSA-PSS signature over that digest (MGF1 with the same
  hash, salt of the hash's length, trailer field 0xBC) and the certificate that made it;
- authentication: `POST authentication/notification/etsi/PNOEE-<code>` with the ACSP_V2 protocol: a random
  `rpChallenge`; the verification code is computed here from it (integer(SHA-256(rpChallenge)[-2:]) mod 10000);
  the result is an RSASSA-PSS signature over the ACSP_V2 payload
  `schemeName|ACSP_V2|serverRandom|rpChallenge|userChallenge|b64(rpName)|b64(brokeredRpName)|b64(SHA-256(interactions))|interactionTypeUsed|initialCallbackUrl|flowType`;
- status: `GET session/<sessionID>?timeoutMs=<1000..120000>` is a long poll; `state` RUNNING or COMPLETE, and
  `result.endResult` OK or why not.

Every `*_result` method polls once (with the long poll's timeoutMs) and returns None while the person has not
answered, so a caller can wait without holding a worker: it polls again on its next request. The session
objects (pydantic) are what a caller stores between polls: they hold what the answer is checked against.

The certificate's chain, validity, revocation and level policy are the caller's to check (portal_eid.certificates);
this module checks that the signature verifies against the returned certificate and that SK's level is the one
asked for."""

import json
import logging
import os
from enum import StrEnum
from typing import Any, Final, Literal, Self

import httpx
from cryptography import x509
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
    sha256,
    verify_rsa_pss,
)

log = logging.getLogger(__name__)

SERVICE: Final = "smart_id"
# The bounds SK sets on the status long poll (RP API v3, session status).
MIN_POLL_MS: Final = 1000
MAX_POLL_MS: Final = 120_000
# What a poll's HTTP request may take beyond timeoutMs (network both ways), as SK advises.
POLL_MARGIN_SECONDS: Final = 1.5
HASH_LENGTHS: Final = {"SHA-256": 32, "SHA-384": 48, "SHA-512": 64, "SHA3-256": 32, "SHA3-384": 48, "SHA3-512": 64}
RP_CHALLENGE_BYTES: Final = 64
INTERACTION_TEXT_60: Final = 60
INTERACTION_TEXT_200: Final = 200

CertificateLevel = Literal["ADVANCED", "QUALIFIED", "QSCD"]
_LEVEL_RANK: Final = {"ADVANCED": 1, "QUALIFIED": 2, "QSCD": 2}

# SK's end results → the portal's outcome codes (issue 33). PROTOCOL_FAILURE, EXPECTED_LINKED_SESSION and
# SERVER_ERROR are SK's or our fault, not the person's: ProviderUnavailable.
END_RESULTS: Final[dict[str, SessionOutcome]] = {
    "USER_REFUSED": "refused",
    "USER_REFUSED_INTERACTION": "refused",
    "USER_REFUSED_CERT_CHOICE": "refused",
    "TIMEOUT": "timeout",
    "WRONG_VC": "wrong_verification_code",
    "DOCUMENT_UNUSABLE": "account_unusable",
    "ACCOUNT_UNUSABLE": "account_unusable",
    "REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP": "account_unusable",
}


class SmartIdSettings(BaseSettings):
    """Where and as whom the portal asks Smart-ID (.env.example; deploy/README.md). DEMO: base URL
    https://sid.demo.sk.ee/smart-id-rp/v3/, relying party 00000000-0000-4000-8000-000000000000 "DEMO", scheme
    smart-id-demo; LIVE: https://rp-api.smart-id.com/v3/, the UUID and name from the contract with SK, scheme
    smart-id."""

    model_config = SettingsConfigDict(extra="ignore", populate_by_name=True)

    base_url: str = Field(default="https://rp-api.smart-id.com/v3/", alias="EID_SMART_ID_URL")
    relying_party_uuid: str = Field(default="", alias="EID_SMART_ID_RP_UUID")
    relying_party_name: str = Field(default="", alias="EID_SMART_ID_RP_NAME")
    scheme_name: str = Field(
        default="smart-id", alias="EID_SMART_ID_SCHEME",
        description="smart-id on LIVE, smart-id-demo on DEMO: it is part of what an authentication signs.",
    )
    pinned_certificates: str = Field(
        default="", alias="EID_SMART_ID_TLS_CERTIFICATES",
        description="A PEM file of SK's TLS certificates of the RP API host; when set, the only ones trusted.",
    )
    connect_timeout: float = Field(default=5.0, gt=0, alias="EID_SMART_ID_CONNECT_TIMEOUT")
    request_timeout: float = Field(default=10.0, gt=0, alias="EID_SMART_ID_REQUEST_TIMEOUT")
    poll_ms: int = Field(
        default=MIN_POLL_MS, ge=MIN_POLL_MS, le=MAX_POLL_MS, alias="EID_SMART_ID_POLL_MS",
        description="timeoutMs of one status poll: how long one request of the portal may wait for the phone.",
    )

    def configured(self) -> bool:
        return bool(self.base_url and self.relying_party_uuid and self.relying_party_name)


class HashAlgorithm(StrEnum):
    SHA256 = "SHA-256"
    SHA384 = "SHA-384"
    SHA512 = "SHA-512"
    SHA3_256 = "SHA3-256"
    SHA3_384 = "SHA3-384"
    SHA3_512 = "SHA3-512"


class _Stored(BaseModel):
    model_config = ConfigDict(frozen=True)

    def dumps(self) -> str:
        return self.model_dump_json()

    @classmethod
    def loads(cls, raw: str) -> Self:
        return cls.model_validate_json(raw)


class CertificateChoiceSession(_Stored):
    session_id: str
    id_code: str
    certificate_level: CertificateLevel


class SignatureSession(_Stored):
    session_id: str
    verification_code: str
    digest_b64: str
    hash_algorithm: HashAlgorithm
    certificate_level: CertificateLevel


class AuthenticationSession(_Stored):
    session_id: str
    verification_code: str
    rp_challenge: str
    interactions: str
    hash_algorithm: HashAlgorithm
    certificate_level: CertificateLevel


class CertificateChoice(BaseModel):
    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    certificate: x509.Certificate
    certificate_level: str
    document_number: str


class Signature(BaseModel):
    """A signature session's verified result. `value` is the RSASSA-PSS signature over the session's digest."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    value: bytes
    algorithm: Literal["rsassa-pss"] = "rsassa-pss"
    hash_algorithm: HashAlgorithm
    salt_length: int
    certificate: x509.Certificate
    certificate_level: str
    document_number: str
    interaction_type_used: str


class Authentication(BaseModel):
    """An authentication session's verified result: the person is the certificate's subject (checks of the
    certificate's chain and revocation are the caller's)."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    certificate: x509.Certificate
    certificate_level: str
    document_number: str
    interaction_type_used: str


def verification_code(data: bytes) -> str:
    """integer(SHA-256(data)[-2:]) mod 10000, four digits: of the rpChallenge for an authentication (RP API v3;
    VerificationCodeCalculator of SK's Java client); SK computes a signature's code itself and returns it."""
    return f"{int.from_bytes(sha256(data)[-2:], 'big') % 10000:04d}"


def semantics_identifier(id_code: str, country: str = "EE") -> str:
    """ETSI EN 319 412-1 natural person semantics identifier: PNO (national personal number), the country, the code."""
    if not (id_code.isascii() and id_code.isdigit()) or len(country) != 2 or not country.isalpha():
        raise ValueError("an ID code is digits and a country two letters")
    return f"PNO{country.upper()}-{id_code}"


def interactions(display_text: str, *, verification_code_choice: bool) -> str:
    """Base64 of the JSON list of interactions in order of preference (RP API v3 notification flows). Asking the
    person to pick the code shown on screen among three (confirmationMessageAndVerificationCodeChoice) is what
    makes a wrong pick (WRONG_VC) possible; older apps fall back to a PIN prompt."""
    text200 = display_text[:INTERACTION_TEXT_200]
    text60 = display_text[:INTERACTION_TEXT_60]
    first = ({"type": "confirmationMessageAndVerificationCodeChoice", "displayText200": text200}
             if verification_code_choice else {"type": "confirmationMessage", "displayText200": text200})
    items = [first, {"type": "displayTextAndPIN", "displayText60": text60}]
    return b64encode(json.dumps(items, separators=(",", ":"), ensure_ascii=False).encode())


def acsp_v2_payload(*, scheme_name: str, server_random: str, rp_challenge: str, user_challenge: str,
                    relying_party_name: str, interactions_b64: str, interaction_type_used: str, flow_type: str,
                    brokered_rp_name: str = "", initial_callback_url: str = "") -> bytes:
    """The data an ACSP_V2 authentication signs, fields joined by "|" (RP API v3 signature protocols)."""
    fields = [
        scheme_name, "ACSP_V2", server_random, rp_challenge, user_challenge,
        b64encode(relying_party_name.encode()), b64encode(brokered_rp_name.encode()) if brokered_rp_name else "",
        b64encode(sha256(interactions_b64.encode())), interaction_type_used, initial_callback_url, flow_type,
    ]
    return "|".join(fields).encode()


def _level_at_least(returned: str, requested: str) -> bool:
    return _LEVEL_RANK.get(returned, 0) >= _LEVEL_RANK.get(requested, 3)


class SmartIdClient:
    """One per process (it holds a connection pool); `async with SmartIdClient(settings) as client`."""

    def __init__(self, settings: SmartIdSettings, *, transport: httpx.AsyncBaseTransport | None = None) -> None:
        self.settings = settings
        self._http = http_client(
            settings.base_url, pinned_certificates=settings.pinned_certificates or None,
            connect_timeout=settings.connect_timeout, request_timeout=settings.request_timeout,
            user_agent="portal-eid (Smart-ID RP API v3)", transport=transport,
        )

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._http.aclose()

    # --- starting sessions -------------------------------------------------------------------------------

    async def start_certificate_choice(self, id_code: str, *, country: str = "EE",
                                       certificate_level: CertificateLevel = "QUALIFIED") -> CertificateChoiceSession:
        body = {**self._relying_party(), "certificateLevel": certificate_level}
        person = semantics_identifier(id_code, country)
        answer = await self._start(f"signature/certificate-choice/notification/etsi/{person}", body)
        return CertificateChoiceSession(session_id=require_str(answer, "sessionID", "response"), id_code=id_code,
                                        certificate_level=certificate_level)

    async def signing_certificate(self, document_number: str, *,
                                  certificate_level: CertificateLevel = "QUALIFIED") -> CertificateChoice:
        """The signing certificate of an account known by its document number, without asking the person
        (`POST signature/certificate/<documentNumber>`, RP API v3.1)."""
        answer = await self._start(f"signature/certificate/{document_number}",
                                   {**self._relying_party(), "certificateLevel": certificate_level})
        state = answer.get("state")
        if state == "DOCUMENT_UNUSABLE":
            raise EidSessionFailed("account_unusable", "DOCUMENT_UNUSABLE")
        if state != "OK":
            raise ProviderResponseInvalid(f"certificate state {state!r}")
        cert = answer.get("cert")
        if not isinstance(cert, dict):
            raise ProviderResponseInvalid("cert is missing")
        return self._certificate_choice(cert.get("value"), certificate_level, document_number,
                                        returned_level=require_str(cert, "certificateLevel", "cert"))

    async def start_signature(self, digest: bytes, hash_algorithm_name: HashAlgorithm, display_text: str, *,
                              document_number: str | None = None, id_code: str | None = None, country: str = "EE",
                              certificate_level: CertificateLevel = "QUALIFIED",
                              nonce: str | None = None) -> SignatureSession:
        """Asks the person to sign `digest` (the hash of what is signed, e.g. an XAdES SignedInfo). An AdES
        signature names its certificate before it is signed, so it must go to the account whose certificate that
        is: by `document_number` (from certificate choice); by `id_code` any of the person's devices may answer."""
        if len(digest) != HASH_LENGTHS[hash_algorithm_name]:
            raise ValueError(f"a {hash_algorithm_name} digest is {HASH_LENGTHS[hash_algorithm_name]} bytes")
        if (document_number is None) == (id_code is None):
            raise ValueError("give either a document number or an ID code")
        body: dict[str, Any] = {
            **self._relying_party(),
            "certificateLevel": certificate_level,
            "signatureProtocol": "RAW_DIGEST_SIGNATURE",
            "signatureProtocolParameters": {
                "digest": b64encode(digest),
                "signatureAlgorithm": "rsassa-pss",
                "signatureAlgorithmParameters": {"hashAlgorithm": str(hash_algorithm_name)},
            },
            "interactions": interactions(display_text, verification_code_choice=True),
        }
        if nonce:
            body["nonce"] = nonce[:30]
        path = (f"signature/notification/document/{document_number}" if document_number
                else f"signature/notification/etsi/{semantics_identifier(id_code or '', country)}")
        answer = await self._start(path, body)
        vc = answer.get("vc")
        if not isinstance(vc, dict) or vc.get("type") != "numeric4":
            raise ProviderResponseInvalid("response.vc is missing or not numeric4")
        code = vc.get("value")
        if not (isinstance(code, str) and len(code) == 4 and code.isascii() and code.isdigit()):
            raise ProviderResponseInvalid("response.vc.value is not four digits")
        return SignatureSession(session_id=require_str(answer, "sessionID", "response"), verification_code=code,
                                digest_b64=b64encode(digest), hash_algorithm=hash_algorithm_name,
                                certificate_level=certificate_level)

    async def start_authentication(self, id_code: str, display_text: str, *, country: str = "EE",
                                   certificate_level: CertificateLevel = "QUALIFIED",
                                   hash_algorithm_name: HashAlgorithm = HashAlgorithm.SHA3_512,
                                   ) -> AuthenticationSession:
        challenge = os.urandom(RP_CHALLENGE_BYTES)
        rp_challenge = b64encode(challenge)
        interactions_b64 = interactions(display_text, verification_code_choice=False)
        body = {
            **self._relying_party(),
            "certificateLevel": certificate_level,
            "signatureProtocol": "ACSP_V2",
            "signatureProtocolParameters": {
                "rpChallenge": rp_challenge,
                "signatureAlgorithm": "rsassa-pss",
                "signatureAlgorithmParameters": {"hashAlgorithm": str(hash_algorithm_name)},
            },
            "interactions": interactions_b64,
            "vcType": "numeric4",
        }
        answer = await self._start(f"authentication/notification/etsi/{semantics_identifier(id_code, country)}", body)
        return AuthenticationSession(
            session_id=require_str(answer, "sessionID", "response"), verification_code=verification_code(challenge),
            rp_challenge=rp_challenge, interactions=interactions_b64, hash_algorithm=hash_algorithm_name,
            certificate_level=certificate_level,
        )

    # --- results -----------------------------------------------------------------------------------------

    async def certificate_choice_result(self, session: CertificateChoiceSession, *,
                                        timeout_ms: int | None = None) -> CertificateChoice | None:
        status = await self.session_status(session.session_id, timeout_ms=timeout_ms)
        if status is None:
            return None
        level = _cert_level(status)
        return self._certificate_choice(status["cert"].get("value"), session.certificate_level,
                                        require_str(status["result"], "documentNumber", "result"),
                                        returned_level=level)

    async def signature_result(self, session: SignatureSession, *, timeout_ms: int | None = None) -> Signature | None:
        status = await self.session_status(session.session_id, timeout_ms=timeout_ms)
        if status is None:
            return None
        if status.get("signatureProtocol") != "RAW_DIGEST_SIGNATURE":
            raise ProviderResponseInvalid("signatureProtocol is not RAW_DIGEST_SIGNATURE")
        signature = status.get("signature")
        if not isinstance(signature, dict):
            raise ProviderResponseInvalid("signature is missing")
        if signature.get("signatureAlgorithm") != "rsassa-pss":
            raise ProviderResponseInvalid("signature.signatureAlgorithm is not rsassa-pss")
        salt = _check_pss_parameters(signature, session.hash_algorithm)
        level = _cert_level(status)
        if not _level_at_least(level, session.certificate_level):
            raise ProviderResponseInvalid(f"certificate level {level} is below {session.certificate_level}")
        certificate = load_certificate(status["cert"].get("value"), "cert.value")
        value = b64decode(signature.get("value"), "signature.value")
        verify_rsa_pss(certificate, value, b64decode(session.digest_b64, "digest"),
                       hash_algorithm(session.hash_algorithm), prehashed=True, salt_length=salt)
        return Signature(
            value=value, hash_algorithm=session.hash_algorithm, salt_length=salt, certificate=certificate,
            certificate_level=level, document_number=require_str(status["result"], "documentNumber", "result"),
            interaction_type_used=require_str(status, "interactionTypeUsed", "status"),
        )

    async def authentication_result(self, session: AuthenticationSession, *,
                                    timeout_ms: int | None = None) -> Authentication | None:
        status = await self.session_status(session.session_id, timeout_ms=timeout_ms)
        if status is None:
            return None
        if status.get("signatureProtocol") != "ACSP_V2":
            raise ProviderResponseInvalid("signatureProtocol is not ACSP_V2")
        signature = status.get("signature")
        if not isinstance(signature, dict):
            raise ProviderResponseInvalid("signature is missing")
        if signature.get("signatureAlgorithm") != "rsassa-pss":
            raise ProviderResponseInvalid("signature.signatureAlgorithm is not rsassa-pss")
        salt = _check_pss_parameters(signature, session.hash_algorithm)
        level = _cert_level(status)
        if not _level_at_least(level, session.certificate_level):
            raise ProviderResponseInvalid(f"certificate level {level} is below {session.certificate_level}")
        certificate = load_certificate(status["cert"].get("value"), "cert.value")
        server_random = require_str(signature, "serverRandom", "signature")
        if len(server_random) < 24:  # RP API v3: at least 24 characters
            raise ProviderResponseInvalid("signature.serverRandom is too short")
        interaction_type_used = require_str(status, "interactionTypeUsed", "status")
        payload = acsp_v2_payload(
            scheme_name=self.settings.scheme_name, server_random=server_random, rp_challenge=session.rp_challenge,
            user_challenge=str(signature.get("userChallenge") or ""),
            relying_party_name=self.settings.relying_party_name, interactions_b64=session.interactions,
            interaction_type_used=interaction_type_used, flow_type=require_str(signature, "flowType", "signature"),
        )
        verify_rsa_pss(certificate, b64decode(signature.get("value"), "signature.value"), payload,
                       hash_algorithm(session.hash_algorithm), prehashed=False, salt_length=salt)
        return Authentication(certificate=certificate, certificate_level=level,
                              document_number=require_str(status["result"], "documentNumber", "result"),
                              interaction_type_used=interaction_type_used)

    async def session_status(self, session_id: str, *, timeout_ms: int | None = None) -> dict[str, Any] | None:
        """One long poll of `GET session/<id>`: None while RUNNING; the body when COMPLETE with endResult OK;
        EidSessionFailed for any other end result."""
        wait_ms = max(MIN_POLL_MS, min(MAX_POLL_MS, timeout_ms or self.settings.poll_ms))
        response = await send(self._http, "GET", f"session/{session_id}", params={"timeoutMs": wait_ms},
                              wait_seconds=wait_ms / 1000 + POLL_MARGIN_SECONDS + self.settings.connect_timeout,
                              service=SERVICE)
        if response.status_code == httpx.codes.NOT_FOUND:
            # Sessions are kept for a few minutes only: one that is gone has run out of time.
            raise EidSessionFailed("timeout", "SESSION_NOT_FOUND")
        self._raise_for_http(response)
        body = json_body(response, SERVICE)
        state = body.get("state")
        if state == "RUNNING":
            return None
        if state != "COMPLETE":
            raise ProviderResponseInvalid(f"session state {state!r}")
        result = body.get("result")
        if not isinstance(result, dict):
            raise ProviderResponseInvalid("result is missing")
        end_result = result.get("endResult")
        if end_result == "OK":
            return body
        if isinstance(end_result, str) and end_result in END_RESULTS:
            raise EidSessionFailed(END_RESULTS[end_result], end_result)
        log.error("Smart-ID session %s ended with %r", session_id, end_result)
        raise ProviderUnavailable(SERVICE, f"Smart-ID ended the session with {end_result!r}")

    # --- internals ---------------------------------------------------------------------------------------

    def _relying_party(self) -> dict[str, str]:
        if not self.settings.configured():
            raise RelyingPartyRejected(SERVICE, "Smart-ID is not configured: EID_SMART_ID_RP_UUID and _RP_NAME")
        return {"relyingPartyUUID": self.settings.relying_party_uuid,
                "relyingPartyName": self.settings.relying_party_name}

    async def _start(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        response = await send(self._http, "POST", path, json=body, service=SERVICE)
        if response.status_code == httpx.codes.NOT_FOUND:
            raise EidSessionFailed("not_a_customer", "USER_ACCOUNT_NOT_FOUND")
        if response.status_code == 471:  # no account of the requested level (e.g. only ADVANCED)
            raise EidSessionFailed("account_unusable", "NO_SUITABLE_ACCOUNT")
        if response.status_code == 472:  # the person must look at the app or SK's portal first
            raise EidSessionFailed("account_unusable", "PERSON_SHOULD_VIEW_APP")
        self._raise_for_http(response)
        return json_body(response, SERVICE)

    @staticmethod
    def _raise_for_http(response: httpx.Response) -> None:
        code = response.status_code
        if code == httpx.codes.OK:
            return
        if code == 580:  # Smart-ID's own "under maintenance"
            raise ProviderMaintenance(SERVICE, "Smart-ID is in maintenance", retry_after(response))
        if code in (httpx.codes.UNAUTHORIZED, httpx.codes.FORBIDDEN):
            log.error("Smart-ID refused our relying party (%s): %s", code, response.text[:500])
            raise RelyingPartyRejected(SERVICE, f"Smart-ID refused the relying party ({code})")
        if code >= httpx.codes.INTERNAL_SERVER_ERROR:
            raise ProviderUnavailable(SERVICE, f"Smart-ID answered {code}", retry_after(response))
        # 400 (our request is wrong), 480 (this API version is no longer served), anything else.
        log.error("Smart-ID answered %s: %s", code, response.text[:500])
        raise ProviderResponseInvalid(f"Smart-ID answered {code}")

    def _certificate_choice(self, value: Any, requested: str, document_number: str, *,
                            returned_level: str | None = None) -> CertificateChoice:
        certificate = load_certificate(value, "cert.value")
        level = returned_level or requested
        if not _level_at_least(level, requested):
            raise ProviderResponseInvalid(f"certificate level {level} is below {requested}")
        return CertificateChoice(certificate=certificate, certificate_level=level, document_number=document_number)


def _cert_level(status: dict[str, Any]) -> str:
    cert = status.get("cert")
    if not isinstance(cert, dict):
        raise ProviderResponseInvalid("cert is missing")
    return require_str(cert, "certificateLevel", "cert")


def _check_pss_parameters(signature: dict[str, Any], requested: HashAlgorithm) -> int:
    """The RSASSA-PSS parameters SK returns must be the ones asked for: the hash, MGF1 over the same hash, a salt
    as long as the hash and trailer field 0xbc. Returns the salt length."""
    params = signature.get("signatureAlgorithmParameters")
    if not isinstance(params, dict):
        raise ProviderResponseInvalid("signature.signatureAlgorithmParameters is missing")
    if params.get("hashAlgorithm") != requested:
        raise ProviderResponseInvalid("signature hash algorithm is not the one requested")
    mgf = params.get("maskGenAlgorithm")
    if not (isinstance(mgf, dict) and mgf.get("algorithm") == "id-mgf1" and isinstance(mgf.get("parameters"), dict)
            and mgf["parameters"].get("hashAlgorithm") == requested):
        raise ProviderResponseInvalid("signature mask generation is not MGF1 over the requested hash")
    if params.get("saltLength") != HASH_LENGTHS[requested]:
        raise ProviderResponseInvalid("signature salt length is not the hash's length")
    if params.get("trailerField") != "0xbc":
        raise ProviderResponseInvalid("signature trailer field is not 0xbc")
    return HASH_LENGTHS[requested]

