"""The stand-in's OCSP responder (RFC 6960, issue 33): answers for the test PKI's issuing CA, signed by its
delegated responder, with the revocations pki.revoke recorded. POST (application/ocsp-request) and GET."""

import base64
import datetime as dt
import hashlib

from asn1crypto import keys
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.x509 import ocsp
from fastapi import APIRouter, Request, Response

from .pki import TestPki

OCSP_RESPONSE = "application/ocsp-response"
# How long an answer may be cached: the responder answers from current data, as SK's does.
_NEXT_UPDATE = dt.timedelta(minutes=15)
_REASONS = {flag.name: flag for flag in x509.ReasonFlags}


def _key_hash(certificate: x509.Certificate, algorithm: hashes.HashAlgorithm) -> bytes:
    """RFC 6960 §4.1.1: the hash of the issuer's public key (the BIT STRING's value, without tag and length)."""
    spki = certificate.public_key().public_bytes(serialization.Encoding.DER,
                                                 serialization.PublicFormat.SubjectPublicKeyInfo)
    bits = keys.PublicKeyInfo.load(spki)["public_key"].contents[1:]  # skip the unused-bits octet
    return hashlib.new(algorithm.name, bits).digest()


def answer(pki: TestPki, request_der: bytes) -> bytes:
    try:
        request = ocsp.load_der_ocsp_request(request_der)
    except ValueError:
        return ocsp.OCSPResponseBuilder.build_unsuccessful(ocsp.OCSPResponseStatus.MALFORMED_REQUEST).public_bytes(
            serialization.Encoding.DER)
    ca = pki.issuing_ca.certificate
    if request.issuer_key_hash != _key_hash(ca, request.hash_algorithm):
        return ocsp.OCSPResponseBuilder.build_unsuccessful(ocsp.OCSPResponseStatus.UNAUTHORIZED).public_bytes(
            serialization.Encoding.DER)
    now = dt.datetime.now(dt.UTC).replace(microsecond=0)
    status = pki.status(request.serial_number)
    revoked_at: dt.datetime | None = None
    reason: x509.ReasonFlags | None = None
    if status == "good":
        cert_status = ocsp.OCSPCertStatus.GOOD
    elif status == "unknown":
        cert_status = ocsp.OCSPCertStatus.UNKNOWN
    else:
        cert_status = ocsp.OCSPCertStatus.REVOKED
        revoked_at, reason = status[0].replace(tzinfo=None), _REASONS.get(status[1])
    builder = ocsp.OCSPResponseBuilder().add_response_by_hash(
        issuer_name_hash=request.issuer_name_hash, issuer_key_hash=request.issuer_key_hash,
        serial_number=request.serial_number, algorithm=request.hash_algorithm, cert_status=cert_status,
        this_update=now, next_update=now + _NEXT_UPDATE, revocation_time=revoked_at, revocation_reason=reason)
    responder = pki.ocsp_responder
    builder = (builder.responder_id(ocsp.OCSPResponderEncoding.HASH, responder.certificate)
               .certificates([responder.certificate]))
    for extension in request.extensions:
        if isinstance(extension.value, x509.OCSPNonce):
            builder = builder.add_extension(extension.value, critical=False)
    response = builder.sign(responder.private_key, hashes.SHA256())
    return response.public_bytes(serialization.Encoding.DER)


def router(pki: TestPki) -> APIRouter:
    routes = APIRouter()

    @routes.post("/ocsp")
    async def post(request: Request) -> Response:
        return Response(answer(pki, await request.body()), media_type=OCSP_RESPONSE)

    @routes.get("/ocsp/{encoded:path}")
    async def get(encoded: str) -> Response:
        # RFC 6960 A.1: GET {url}/{url-encoding of base-64 encoding of the DER encoding of the OCSPRequest}
        try:
            request_der = base64.b64decode(encoded)
        except ValueError:
            request_der = b""
        return Response(answer(pki, request_der), media_type=OCSP_RESPONSE)

    return routes
