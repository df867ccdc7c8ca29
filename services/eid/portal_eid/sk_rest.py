"""What the clients of SK's two REST services (Smart-ID RP API v3, Mobile-ID REST) share: the outcome codes a
person's session can end with, the errors the portal's services map to their answers, HTTPS with pinned
certificates, and checking a signature value against the certificate that is said to have made it.

Outcomes (issue 33): a session that the person or their device ended without a signature raises
`EidSessionFailed` with one of `SESSION_OUTCOMES`; SK's service being down or in maintenance raises
`ProviderUnavailable` (its `retry_after` is for the 503's Retry-After); an answer that breaks the protocol (a
signature that does not verify, a missing field) raises `ProviderResponseInvalid` and is never trusted."""

import base64
import binascii
import hashlib
import logging
import ssl
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final, Literal

import httpx
from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.hazmat.primitives.asymmetric.utils import Prehashed, encode_dss_signature

from portal_eid.errors import EidError, ServiceUnavailable

log = logging.getLogger(__name__)

SessionOutcome = Literal[
    "refused", "timeout", "wrong_verification_code", "account_unusable", "not_a_customer", "phone_unreachable",
    "sim_error",
]
SESSION_OUTCOMES: Final[tuple[str, ...]] = (
    "refused", "timeout", "wrong_verification_code", "account_unusable", "not_a_customer", "phone_unreachable",
    "sim_error",
)
# Seconds a caller is told to wait when SK's service is in maintenance and says nothing itself.
DEFAULT_RETRY_AFTER_SECONDS: Final = 60


class EidSessionFailed(EidError):
    """The person's session ended without a signature: `code` is one of SESSION_OUTCOMES (what the portal shows),
    `provider_result` SK's own end result (for the logs)."""

    def __init__(self, code: SessionOutcome, provider_result: str) -> None:
        super().__init__(f"{code} ({provider_result})")
        self.code: SessionOutcome = code
        self.provider_result = provider_result


class ProviderUnavailable(ServiceUnavailable):
    """SK's service cannot be used now (unreachable, too slow, a 5xx): the portal's services answer 503 with
    Retry-After and change nothing. `service` is "smart_id" or "mobile_id"."""

    def __init__(self, service: str, detail: str, retry_after: int = DEFAULT_RETRY_AFTER_SECONDS) -> None:
        super().__init__(service, detail, retry_after)

    @property
    def retry_after(self) -> int:
        return self.retry_after_seconds


class ProviderMaintenance(ProviderUnavailable):
    """SK says it is in maintenance (Smart-ID: HTTP 580; Mobile-ID: HTTP 503)."""


class RelyingPartyRejected(ProviderUnavailable):
    """SK refused our relying party (HTTP 401/403), or none is configured: the UUID, name or source address is not
    what SK has; an operator must fix the settings, the person can do nothing but wait."""


class ProviderResponseInvalid(ProviderUnavailable):
    """SK's answer breaks the protocol: a field missing or malformed, or a signature that does not verify against
    the certificate. Nothing in it is used; to the person it is an outage (503)."""

    def __init__(self, detail: str, service: str = "sk") -> None:
        super().__init__(service, detail)


HASH_ALGORITHMS: Final[Mapping[str, type[hashes.HashAlgorithm]]] = {
    "SHA-256": hashes.SHA256, "SHA-384": hashes.SHA384, "SHA-512": hashes.SHA512,
    "SHA3-256": hashes.SHA3_256, "SHA3-384": hashes.SHA3_384, "SHA3-512": hashes.SHA3_512,
}


def hash_algorithm(name: str) -> hashes.HashAlgorithm:
    """A hash by the names the protocols use ("SHA-256", "SHA3-512", ...)."""
    try:
        return HASH_ALGORITHMS[name]()
    except KeyError:
        raise ValueError(f"unsupported hash algorithm {name!r}") from None


def b64decode(value: Any, field: str) -> bytes:
    """Strict standard Base64, as both protocols use; anything else is an invalid response."""
    if not isinstance(value, str) or not value:
        raise ProviderResponseInvalid(f"{field} is missing")
    try:
        return base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        raise ProviderResponseInvalid(f"{field} is not Base64") from None


def b64encode(value: bytes) -> str:
    return base64.b64encode(value).decode("ascii")


def load_certificate(value: Any, field: str) -> x509.Certificate:
    try:
        return x509.load_der_x509_certificate(b64decode(value, field))
    except ValueError:
        raise ProviderResponseInvalid(f"{field} is not an X.509 certificate") from None


def verify_rsa_pss(certificate: x509.Certificate, signature: bytes, data: bytes, algorithm: hashes.HashAlgorithm,
                   *, prehashed: bool, salt_length: int) -> None:
    """RSASSA-PSS (RFC 8017 §8.1) with MGF1 over the same hash and trailer field 0xBC, as Smart-ID v3 signs:
    over `data` itself, or, `prehashed`, over a digest the relying party made."""
    key = certificate.public_key()
    if not isinstance(key, rsa.RSAPublicKey):
        raise ProviderResponseInvalid("the certificate's key is not RSA, but the signature is RSASSA-PSS")
    try:
        key.verify(signature, data, padding.PSS(mgf=padding.MGF1(algorithm), salt_length=salt_length),
                   Prehashed(algorithm) if prehashed else algorithm)
    except InvalidSignature:
        raise ProviderResponseInvalid("the signature does not verify against the certificate") from None


def verify_over_digest(certificate: x509.Certificate, signature: bytes, digest: bytes,
                       algorithm: hashes.HashAlgorithm) -> None:
    """A signature over a digest as Mobile-ID's SIM makes it: ECDSA as r||s (each half the curve's size, as XML
    signatures carry it too) or RSA PKCS#1 v1.5 over the DigestInfo."""
    key = certificate.public_key()
    try:
        if isinstance(key, ec.EllipticCurvePublicKey):
            if len(signature) % 2:
                raise ProviderResponseInvalid("an ECDSA signature of odd length")
            half = len(signature) // 2
            der = encode_dss_signature(int.from_bytes(signature[:half], "big"), int.from_bytes(signature[half:], "big"))
            key.verify(der, digest, ec.ECDSA(Prehashed(algorithm)))
        elif isinstance(key, rsa.RSAPublicKey):
            key.verify(signature, digest, padding.PKCS1v15(), Prehashed(algorithm))
        else:
            raise ProviderResponseInvalid("the certificate's key is neither EC nor RSA")
    except InvalidSignature:
        raise ProviderResponseInvalid("the signature does not verify against the certificate") from None


def ssl_context(pinned_certificates: str | Path | None) -> ssl.SSLContext | bool:
    """HTTPS pinning as SK asks of relying parties: with a PEM file of SK's TLS certificates (smart-id-documentation,
    https_pinning; MID README §2.8) only those are trusted, as anchors of their own (partial chains allowed), so a
    certificate any public CA issues for SK's name is refused. Without one: the system's CAs (the local stand-in
    on plain HTTP needs none)."""
    if not pinned_certificates:
        return True
    context = ssl.create_default_context(ssl.Purpose.SERVER_AUTH)
    context.load_verify_locations(cadata=Path(pinned_certificates).read_text())
    context.verify_flags |= ssl.VERIFY_X509_PARTIAL_CHAIN
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    return context


def http_client(base_url: str, *, pinned_certificates: str | Path | None, connect_timeout: float,
                request_timeout: float, user_agent: str,
                transport: httpx.AsyncBaseTransport | None = None) -> httpx.AsyncClient:
    base = base_url if base_url.endswith("/") else base_url + "/"
    return httpx.AsyncClient(
        base_url=base, verify=ssl_context(pinned_certificates), transport=transport,
        timeout=httpx.Timeout(request_timeout, connect=connect_timeout),
        headers={"Accept": "application/json", "User-Agent": user_agent}, follow_redirects=False,
    )


async def send(client: httpx.AsyncClient, method: str, path: str, *, json: Any = None,
               params: Mapping[str, Any] | None = None, wait_seconds: float | None = None,
               service: str) -> httpx.Response:
    """One request; a failure to get any answer is ProviderUnavailable (the services' 503), never a hang."""
    try:
        return await client.request(method, path, json=json, params=params,
                                     timeout=httpx.USE_CLIENT_DEFAULT if wait_seconds is None else wait_seconds)
    except httpx.TimeoutException as exc:
        log.warning("%s did not answer %s %s in time: %s", service, method, path, exc)
        raise ProviderUnavailable(service, "no answer in time") from exc
    except httpx.HTTPError as exc:
        log.warning("%s could not be reached for %s %s: %s", service, method, path, exc)
        raise ProviderUnavailable(service, "cannot be reached") from exc


def json_body(response: httpx.Response, service: str) -> dict[str, Any]:
    try:
        body = response.json()
    except ValueError:
        raise ProviderResponseInvalid(f"answered {response.status_code} without JSON", service) from None
    if not isinstance(body, dict):
        raise ProviderResponseInvalid(f"answered {response.status_code} with JSON that is not an object", service)
    return body


def retry_after(response: httpx.Response) -> int:
    value = response.headers.get("Retry-After", "")
    return int(value) if value.isdigit() and int(value) > 0 else DEFAULT_RETRY_AFTER_SECONDS


def sha256(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def require_str(body: Mapping[str, Any], field: str, where: str) -> str:
    value = body.get(field)
    if not isinstance(value, str) or not value:
        raise ProviderResponseInvalid(f"{where}.{field} is missing")
    return value

