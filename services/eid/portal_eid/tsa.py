"""An async RFC 3161 time-stamp client (issue 33), and the check of a time-stamp token: the TSA's signature over
the token, its certificate (timeStamping usage, trusted as itself or issued by a trusted CA), and that the token
is over our data."""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
from dataclasses import dataclass

import httpx
from asn1crypto import cms, tsp
from cryptography import x509
from cryptography.hazmat.primitives import hashes
from cryptography.x509.oid import ExtendedKeyUsageOID

from .certificates import TrustAnchors
from .errors import ServiceUnavailable
from .ocsp import verify_signature

_HASHES: dict[str, hashes.HashAlgorithm] = {"sha256": hashes.SHA256(), "sha384": hashes.SHA384(),
                                            "sha512": hashes.SHA512()}


class InvalidTimeStamp(ValueError):
    """A token that does not check out."""


@dataclass(frozen=True)
class TimeStampToken:
    der: bytes  # the ContentInfo (SignedData), as XAdES EncapsulatedTimeStamp embeds it
    gen_time: dt.datetime
    tsa_certificate: x509.Certificate
    hash_algorithm: str  # of the message imprint: sha256, sha384, sha512
    message_imprint: bytes


def check_token(der: bytes, data: bytes, trust: TrustAnchors, *, nonce: int | None = None) -> TimeStampToken:
    """The token in ``der`` once it proves to be a trusted TSA's signature over ``data``; InvalidTimeStamp else."""
    try:
        content_info = cms.ContentInfo.load(der)
        if content_info["content_type"].native != "signed_data":
            raise InvalidTimeStamp("the token is not CMS SignedData")
        signed_data = content_info["content"]
        encapsulated = signed_data["encap_content_info"]
        if encapsulated["content_type"].native != "tst_info":
            raise InvalidTimeStamp("the token holds no TSTInfo")
        content = bytes(encapsulated["content"].contents)
        info = tsp.TSTInfo.load(content)
        imprint = info["message_imprint"]
        algorithm = imprint["hash_algorithm"]["algorithm"].native
        if algorithm not in _HASHES:
            raise InvalidTimeStamp(f"unsupported message imprint hash {algorithm}")
        if imprint["hashed_message"].native != hashlib.new(algorithm, data).digest():
            raise InvalidTimeStamp("the time-stamp is over other data")
        if nonce is not None and info["nonce"].native != nonce:
            raise InvalidTimeStamp("the time-stamp does not carry our nonce")
        gen_time: dt.datetime = info["gen_time"].native
        signer_info = signed_data["signer_infos"][0]
        certificates = [x509.load_der_x509_certificate(c.chosen.dump()) for c in signed_data["certificates"]] \
            if signed_data["certificates"].native is not None else []
        tsa = _signer(signer_info, certificates + trust.tsas)
        if tsa is None:
            raise InvalidTimeStamp("the TSA's certificate is not in the token nor trusted")
        _check_signer_info(signer_info, content, tsa)
    except (ValueError, TypeError, KeyError) as error:
        if isinstance(error, InvalidTimeStamp):
            raise
        raise InvalidTimeStamp(f"the token cannot be read: {error}") from error
    if not trust.trusts_service(tsa, trust.tsas, gen_time):
        raise InvalidTimeStamp("the TSA is not trusted")
    try:
        usages = tsa.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value
    except x509.ExtensionNotFound as error:
        raise InvalidTimeStamp("the TSA's certificate is not for time-stamping") from error
    if ExtendedKeyUsageOID.TIME_STAMPING not in usages:
        raise InvalidTimeStamp("the TSA's certificate is not for time-stamping")
    if not tsa.not_valid_before_utc <= gen_time <= tsa.not_valid_after_utc:
        raise InvalidTimeStamp("the TSA's certificate was not valid at the time-stamp's time")
    return TimeStampToken(der, gen_time, tsa, algorithm, imprint["hashed_message"].native)


def _signer(signer_info: cms.SignerInfo, candidates: list[x509.Certificate]) -> x509.Certificate | None:
    sid = signer_info["sid"]
    for candidate in candidates:
        if sid.name == "issuer_and_serial_number":
            wanted = sid.chosen
            if candidate.serial_number == wanted["serial_number"].native and \
                    candidate.issuer.public_bytes() == wanted["issuer"].dump():
                return candidate
        else:
            key_id = x509.SubjectKeyIdentifier.from_public_key(candidate.public_key())
            if key_id.digest == sid.chosen.native:
                return candidate
    return None


def _check_signer_info(signer_info: cms.SignerInfo, content: bytes, tsa: x509.Certificate) -> None:
    digest_name = signer_info["digest_algorithm"]["algorithm"].native
    if digest_name not in _HASHES:
        raise InvalidTimeStamp(f"unsupported signature digest {digest_name}")
    attributes = signer_info["signed_attrs"]
    if not attributes.native:
        raise InvalidTimeStamp("the token has no signed attributes")
    values = {a["type"].native: a["values"][0] for a in attributes}
    if values.get("content_type") is None or values["content_type"].native != "tst_info":
        raise InvalidTimeStamp("the signed content type is not TSTInfo")
    if values.get("message_digest") is None or \
            values["message_digest"].native != hashlib.new(digest_name, content).digest():
        raise InvalidTimeStamp("the signature is over other content")
    # RFC 5652 §5.4: the signature is over the attributes as received, tagged as a SET OF instead of [0].
    signed = b"\x31" + attributes.dump()[1:]
    signature_algorithm = signer_info["signature_algorithm"]["algorithm"].native
    if signature_algorithm == "rsassa_pss":
        raise InvalidTimeStamp("RSASSA-PSS time-stamp tokens are not supported")
    if not verify_signature(tsa, signer_info["signature"].native, signed, _HASHES[digest_name]):
        raise InvalidTimeStamp("the TSA's signature does not verify")


class TsaClient:
    """Asks an RFC 3161 TSA over HTTP POST for a time-stamp over data, and checks what it answers."""

    def __init__(self, url: str, trust: TrustAnchors, *, timeout_seconds: float = 10.0,
                 http: httpx.AsyncClient | None = None) -> None:
        self.url = url
        self.trust = trust
        self.timeout_seconds = timeout_seconds
        self._http = http

    async def timestamp(self, data: bytes, hash_algorithm: str = "sha256") -> TimeStampToken:
        nonce = secrets.randbits(63)
        request = tsp.TimeStampReq({
            "version": "v1",
            "message_imprint": {"hash_algorithm": {"algorithm": hash_algorithm},
                                "hashed_message": hashlib.new(hash_algorithm, data).digest()},
            "nonce": nonce, "cert_req": True,
        }).dump()
        headers = {"Content-Type": "application/timestamp-query"}
        try:
            if self._http is not None:
                answer = await self._http.post(self.url, content=request, headers=headers,
                                               timeout=self.timeout_seconds)
            else:
                async with httpx.AsyncClient(timeout=self.timeout_seconds) as http:
                    answer = await http.post(self.url, content=request, headers=headers)
        except httpx.HTTPError as error:
            raise ServiceUnavailable("tsa", f"the TSA could not be reached: {error!r}") from error
        if answer.status_code != 200:
            raise ServiceUnavailable("tsa", f"the TSA answered HTTP {answer.status_code}")
        try:
            response = tsp.TimeStampResp.load(answer.content)
            status = response["status"]["status"].native
            if status not in ("granted", "granted_with_mods"):
                raise ServiceUnavailable("tsa", f"the TSA answered {status}")
            token = response["time_stamp_token"].dump()
        except (ValueError, TypeError, KeyError) as error:
            raise ServiceUnavailable("tsa", "the TSA's answer is not a TimeStampResp") from error
        try:
            return check_token(token, data, self.trust, nonce=nonce)
        except InvalidTimeStamp as error:
            raise ServiceUnavailable("tsa", f"the TSA's time-stamp does not check out: {error}") from error


