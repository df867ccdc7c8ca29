"""An async OCSP client (RFC 6960, issue 33): asks the responder about a certificate and checks the answer before
believing it: signed by the CA or by a responder the CA delegated (id-kp-OCSPSigning) or that is trusted as itself,
our nonce echoed, about our certificate, fresh."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import httpx
from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.x509 import ocsp
from cryptography.x509.oid import AuthorityInformationAccessOID, ExtendedKeyUsageOID

from .errors import ServiceUnavailable

Status = Literal["good", "revoked", "unknown"]
# RFC 6960 leaves freshness to the relying party: an answer made more than this far from our clock is refused.
MAX_SKEW = dt.timedelta(minutes=15)


@dataclass(frozen=True)
class OcspResponse:
    der: bytes  # the whole OCSPResponse, as XAdES RevocationValues embed it
    status: Status
    produced_at: dt.datetime
    this_update: dt.datetime
    responder: x509.Certificate
    revocation_time: dt.datetime | None = None
    revocation_reason: str | None = None


def ocsp_url_of(certificate: x509.Certificate) -> str | None:
    """The responder the certificate names in its authority information access."""
    try:
        aia = certificate.extensions.get_extension_for_class(x509.AuthorityInformationAccess).value
    except x509.ExtensionNotFound:
        return None
    for description in aia:
        if description.access_method == AuthorityInformationAccessOID.OCSP and \
                isinstance(description.access_location, x509.UniformResourceIdentifier):
            return str(description.access_location.value)
    return None


def verify_signature(signer: x509.Certificate, signature: bytes, data: bytes,
                     algorithm: hashes.HashAlgorithm | None) -> bool:
    key = signer.public_key()
    if algorithm is None:
        return False
    try:
        if isinstance(key, rsa.RSAPublicKey):
            key.verify(signature, data, padding.PKCS1v15(), algorithm)
        elif isinstance(key, ec.EllipticCurvePublicKey):
            key.verify(signature, data, ec.ECDSA(algorithm))
        else:
            return False
    except InvalidSignature:
        return False
    return True


def _issued_by(certificate: x509.Certificate, issuer: x509.Certificate) -> bool:
    try:
        certificate.verify_directly_issued_by(issuer)
    except (ValueError, TypeError, InvalidSignature):
        return False
    return True


def check_response(der: bytes, certificate: x509.Certificate, issuer: x509.Certificate, *,
                   trusted_responders: Sequence[x509.Certificate] = (), nonce: bytes | None = None,
                   now: dt.datetime | None = None) -> OcspResponse:
    """The answer about ``certificate`` in ``der``, once its signature, responder, nonce and freshness check out;
    ServiceUnavailable("ocsp", ...) otherwise (the status is unknowable: the caller may try again later)."""
    now = now or dt.datetime.now(dt.UTC)
    try:
        response = ocsp.load_der_ocsp_response(der)
    except ValueError as error:
        raise ServiceUnavailable("ocsp", "the responder's answer is not an OCSP response") from error
    if response.response_status != ocsp.OCSPResponseStatus.SUCCESSFUL:
        raise ServiceUnavailable("ocsp", f"the responder answered {response.response_status.name}")
    responder = _responder(response, issuer, trusted_responders)
    if responder is None:
        raise ServiceUnavailable("ocsp", "the answer is not signed by the CA or a responder it authorised")
    if not verify_signature(responder, response.signature, response.tbs_response_bytes,
                            response.signature_hash_algorithm):
        raise ServiceUnavailable("ocsp", "the answer's signature does not verify")
    if nonce is not None:
        echoed = [e.value.nonce for e in response.extensions if isinstance(e.value, x509.OCSPNonce)]
        if echoed != [nonce]:
            raise ServiceUnavailable("ocsp", "the answer does not carry our nonce")
    for single in response.responses:
        expected = ocsp.OCSPRequestBuilder().add_certificate(certificate, issuer, single.hash_algorithm).build()
        if (single.serial_number, single.issuer_key_hash, single.issuer_name_hash) != (
                expected.serial_number, expected.issuer_key_hash, expected.issuer_name_hash):
            continue
        if abs(single.this_update_utc - now) > MAX_SKEW and (
                single.next_update_utc is None or single.next_update_utc < now):
            raise ServiceUnavailable("ocsp", "the answer is stale")
        status: Status = {ocsp.OCSPCertStatus.GOOD: "good", ocsp.OCSPCertStatus.REVOKED: "revoked"}.get(
            single.certificate_status, "unknown")  # type: ignore[assignment]
        reason = single.revocation_reason.name if single.revocation_reason is not None else None
        return OcspResponse(der, status, response.produced_at_utc, single.this_update_utc, responder,
                            single.revocation_time_utc, reason)
    raise ServiceUnavailable("ocsp", "the answer is about another certificate")


def _responder(response: ocsp.OCSPResponse, issuer: x509.Certificate,
               trusted: Sequence[x509.Certificate]) -> x509.Certificate | None:
    def named(candidate: x509.Certificate) -> bool:
        if response.responder_name is not None:
            return candidate.subject == response.responder_name
        return response.responder_key_hash == x509.SubjectKeyIdentifier.from_public_key(
            candidate.public_key()).digest

    for candidate in [issuer, *trusted]:
        if named(candidate):
            return candidate
    for candidate in response.certificates:
        if not named(candidate) or not _issued_by(candidate, issuer):
            continue
        try:
            usages = candidate.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value
        except x509.ExtensionNotFound:
            continue
        if ExtendedKeyUsageOID.OCSP_SIGNING in usages:
            return candidate
    return None


class OcspClient:
    """Asks ``url`` (or, without it, the responder the certificate names) over HTTP POST."""

    def __init__(self, url: str | None = None, *, trusted_responders: list[x509.Certificate] | None = None,
                 timeout_seconds: float = 10.0, http: httpx.AsyncClient | None = None) -> None:
        self.url = url
        self.trusted_responders = trusted_responders or []
        self.timeout_seconds = timeout_seconds
        self._http = http

    async def check(self, certificate: x509.Certificate, issuer: x509.Certificate) -> OcspResponse:
        url = self.url or ocsp_url_of(certificate)
        if not url:
            raise ServiceUnavailable("ocsp", "no OCSP responder is configured or named by the certificate")
        nonce = os.urandom(32)
        # SHA-1 CertID, as libdigidocpp asks: some responders refuse others (RFC 6960 §4.1.1 allows it).
        request = (ocsp.OCSPRequestBuilder().add_certificate(certificate, issuer, hashes.SHA1())  # noqa: S303
                   .add_extension(x509.OCSPNonce(nonce), critical=False).build())
        body = request.public_bytes(serialization.Encoding.DER)
        try:
            if self._http is not None:
                answer = await self._http.post(url, content=body, timeout=self.timeout_seconds,
                                               headers={"Content-Type": "application/ocsp-request"})
            else:
                async with httpx.AsyncClient(timeout=self.timeout_seconds) as http:
                    answer = await http.post(url, content=body, headers={"Content-Type": "application/ocsp-request"})
        except httpx.HTTPError as error:
            raise ServiceUnavailable("ocsp", f"the responder could not be reached: {error!r}") from error
        if answer.status_code != 200:
            raise ServiceUnavailable("ocsp", f"the responder answered HTTP {answer.status_code}")
        return check_response(answer.content, certificate, issuer, trusted_responders=self.trusted_responders,
                              nonce=nonce)
