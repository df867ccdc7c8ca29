"""The stand-in's time-stamping authority (RFC 3161, issue 33): a TimeStampResp with a CMS SignedData token
signed by the test PKI's TSA, its certificate included when asked (certReq) and named in ESS signingCertificateV2
(RFC 5816), as SK's TSA answers."""

import datetime as dt
import hashlib
import secrets

from asn1crypto import algos, cms, core, tsp
from asn1crypto import x509 as asn1_x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from fastapi import APIRouter, Request, Response

from .pki import TestPki

TIMESTAMP_REPLY = "application/timestamp-reply"
# ETSI EN 319 421's best-practices policy for time-stamps, which SK's TSA names.
POLICY = "0.4.0.2023.1.1"


def _rejection(failure: str) -> bytes:
    return bytes(tsp.TimeStampResp({"status": {"status": "rejection", "fail_info": {failure}}}).dump())


def answer(pki: TestPki, request_der: bytes) -> bytes:
    try:
        request = tsp.TimeStampReq.load(request_der)
        imprint = request["message_imprint"]
        algorithm = imprint["hash_algorithm"]["algorithm"].native
        digest = imprint["hashed_message"].native
    except (ValueError, TypeError, KeyError):
        return _rejection("bad_request")
    if algorithm not in ("sha256", "sha384", "sha512") or len(digest) != hashlib.new(algorithm).digest_size:
        return _rejection("bad_alg")
    tsa = pki.tsa
    certificate = asn1_x509.Certificate.load(tsa.certificate.public_bytes(serialization.Encoding.DER))
    info: dict[str, object] = {
        "version": "v1", "policy": POLICY, "message_imprint": imprint,
        "serial_number": secrets.randbits(64), "gen_time": dt.datetime.now(dt.UTC).replace(microsecond=0),
        "accuracy": {"seconds": 1}, "ordering": False,
        "tsa": asn1_x509.GeneralName({"directory_name": certificate.subject}),
    }
    if request["nonce"].native is not None:
        info["nonce"] = request["nonce"].native
    content = tsp.TSTInfo(info).dump()
    attributes = cms.CMSAttributes([
        cms.CMSAttribute({"type": "content_type", "values": ["tst_info"]}),
        cms.CMSAttribute({"type": "message_digest", "values": [hashlib.sha256(content).digest()]}),
        cms.CMSAttribute({"type": "signing_certificate_v2", "values": [tsp.SigningCertificateV2({"certs": [
            tsp.ESSCertIDv2({"hash_algorithm": {"algorithm": "sha256"},
                             "cert_hash": hashlib.sha256(certificate.dump()).digest()})]})]}),
    ])
    assert isinstance(tsa.private_key, ec.EllipticCurvePrivateKey)
    signature = tsa.private_key.sign(attributes.dump(), ec.ECDSA(hashes.SHA256()))
    signer = cms.SignerInfo({
        "version": "v1",
        "sid": cms.SignerIdentifier({"issuer_and_serial_number": cms.IssuerAndSerialNumber({
            "issuer": certificate.issuer, "serial_number": certificate.serial_number})}),
        "digest_algorithm": algos.DigestAlgorithm({"algorithm": "sha256"}),
        "signed_attrs": attributes,
        "signature_algorithm": algos.SignedDigestAlgorithm({"algorithm": "sha256_ecdsa"}),
        "signature": signature,
    })
    signed_data = cms.SignedData({
        "version": "v3",
        "digest_algorithms": [algos.DigestAlgorithm({"algorithm": "sha256"})],
        "encap_content_info": {"content_type": "tst_info", "content": core.ParsableOctetString(content)},
        "certificates": [certificate] if request["cert_req"].native else [],
        "signer_infos": [signer],
    })
    token = cms.ContentInfo({"content_type": "signed_data", "content": signed_data})
    return bytes(tsp.TimeStampResp({"status": {"status": "granted"}, "time_stamp_token": token}).dump())


def router(pki: TestPki) -> APIRouter:
    routes = APIRouter()

    @routes.post("/tsa")
    async def post(request: Request) -> Response:
        return Response(answer(pki, await request.body()), media_type=TIMESTAMP_REPLY)

    return routes
