"""ASiC-E containers with a XAdES baseline-LT signature (issue 33), as libdigidocpp (DigiDoc4's engine) makes them
with its profile ``time-stamp``, in two steps so that a remote signer (Web eID, Smart-ID, Mobile-ID) fits between:

    prepared = prepare(data_files, signer_certificate)         # prepared.digest goes to the signer
    container = await finish(prepared, signature_value, tsa, ocsp)
    verdict = await verify(container, trust)                    # libdigidocpp's judgement, plus ours

The container (ETSI EN 319 162-1): ``mimetype`` first and stored, the data files, ``META-INF/manifest.xml`` and
``META-INF/signatures0.xml`` holding an ``asic:XAdESSignatures`` with one ``ds:Signature``: a reference to each
data file and to the SignedProperties (SigningTime, SigningCertificateV2, DataObjectFormat), exclusive c14n
throughout; unsigned, a SignatureTimeStamp (RFC 3161) over the canonical SignatureValue, the issuer's certificate
and the OCSP response taken after the time-stamp (libdigidocpp refuses one produced before it)."""

from __future__ import annotations

import asyncio
import base64
import datetime as dt
import hashlib
import io
import json
import os
import struct
import sys
import zipfile
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal
from urllib.parse import quote

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa, utils
from lxml import etree

from . import certificates
from .certificates import Person
from .errors import CertificateError, ServiceUnavailable
from .ocsp import OcspClient
from .settings import Trust
from .tsa import TsaClient

MIMETYPE = "application/vnd.etsi.asic-e+zip"
SIGNATURES_FILE = "META-INF/signatures0.xml"
ASIC_NS = "http://uri.etsi.org/02918/v1.2.1#"
DS_NS = "http://www.w3.org/2000/09/xmldsig#"
XADES_NS = "http://uri.etsi.org/01903/v1.3.2#"
MANIFEST_NS = "urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"
EXC_C14N = "http://www.w3.org/2001/10/xml-exc-c14n#"
SIGNED_PROPERTIES_TYPE = "http://uri.etsi.org/01903#SignedProperties"
_DIGEST_URIS = {"SHA-256": "http://www.w3.org/2001/04/xmlenc#sha256",
                "SHA-384": "http://www.w3.org/2001/04/xmldsig-more#sha384",
                "SHA-512": "http://www.w3.org/2001/04/xmlenc#sha512"}
_HASHES: dict[str, hashes.SHA256 | hashes.SHA384 | hashes.SHA512] = {
    "SHA-256": hashes.SHA256(), "SHA-384": hashes.SHA384(), "SHA-512": hashes.SHA512()}

HashFunction = Literal["SHA-256", "SHA-384", "SHA-512"]
RsaPadding = Literal["pss", "pkcs1"]


class InvalidSignatureValue(ValueError):
    """The signer's answer is not a signature of the digest with the certificate's key."""


@dataclass(frozen=True)
class DataFile:
    name: str
    content: bytes = field(repr=False)
    media_type: str = "application/pdf"


@dataclass(frozen=True)
class PreparedSignature:
    """A signature waiting for its value: ``digest`` (of the canonical SignedInfo, by ``hash_function``) is what the
    signer signs. ``state()`` is what to keep between the two steps (no data file contents): ``restore`` it with
    the same data files."""

    data_files: tuple[DataFile, ...]
    signer_certificate: x509.Certificate
    signature_xml: bytes  # signatures0.xml without SignatureValue's content and unsigned properties
    digest: bytes
    hash_function: HashFunction
    signature_method: str

    def state(self) -> dict[str, Any]:
        return {"files": [{"name": f.name, "mediaType": f.media_type, "sha256": hashlib.sha256(f.content).hexdigest()}
                          for f in self.data_files],
                "certificate": base64.b64encode(self.signer_certificate.public_bytes(
                    serialization.Encoding.DER)).decode(),
                "xml": base64.b64encode(self.signature_xml).decode(), "digest": base64.b64encode(self.digest).decode(),
                "hashFunction": self.hash_function, "signatureMethod": self.signature_method}

    @classmethod
    def restore(cls, state: dict[str, Any], data_files: list[DataFile]) -> PreparedSignature:
        expected = [(f["name"], f["mediaType"], f["sha256"]) for f in state["files"]]
        if expected != [(f.name, f.media_type, hashlib.sha256(f.content).hexdigest()) for f in data_files]:
            raise ValueError("the data files are not the ones prepared for signing")
        return cls(tuple(data_files), x509.load_der_x509_certificate(base64.b64decode(state["certificate"])),
                   base64.b64decode(state["xml"]), base64.b64decode(state["digest"]), state["hashFunction"],
                   state["signatureMethod"])

    def dumps(self) -> str:
        return json.dumps(self.state())


def _hash_function(certificate: x509.Certificate) -> HashFunction:
    key = certificate.public_key()
    if isinstance(key, ec.EllipticCurvePublicKey):
        return "SHA-384" if key.curve.key_size == 384 else "SHA-512" if key.curve.key_size > 384 else "SHA-256"
    return "SHA-256"


def _signature_method(certificate: x509.Certificate, hash_function: HashFunction, rsa_padding: RsaPadding) -> str:
    bits = hash_function.removeprefix("SHA-")
    key = certificate.public_key()
    if isinstance(key, ec.EllipticCurvePublicKey):
        return f"http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha{bits}"
    if isinstance(key, rsa.RSAPublicKey):
        if rsa_padding == "pss":  # RFC 6931 §2.3.10: MGF1 with the same hash, salt as long as the hash
            return f"http://www.w3.org/2007/05/xmldsig-more#sha{bits}-rsa-MGF1"
        return f"http://www.w3.org/2001/04/xmldsig-more#rsa-sha{bits}"
    raise CertificateError("certificate_invalid", "the certificate's key is neither RSA nor EC")


def _element(parent: etree._Element, ns: str, tag: str, text: str | None = None,
             **attributes: str) -> etree._Element:
    element = etree.SubElement(parent, f"{{{ns}}}{tag}", attrib=attributes)
    if text is not None:
        element.text = text
    return element


def _c14n(element: etree._Element) -> bytes:
    return bytes(etree.tostring(element, method="c14n", exclusive=True, with_comments=False))


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def _digest_element(parent: etree._Element, hash_function: HashFunction, digest: bytes) -> None:
    _element(parent, DS_NS, "DigestMethod", Algorithm=_DIGEST_URIS[hash_function])
    _element(parent, DS_NS, "DigestValue", _b64(digest))


def prepare(data_files: list[DataFile], signer_certificate: x509.Certificate, *,
            rsa_padding: RsaPadding = "pss", signing_time: dt.datetime | None = None) -> PreparedSignature:
    """The XAdES signature over the data files by the certificate's holder, but for its value. RSA keys sign
    with RSASSA-PSS (Smart-ID v3) unless ``rsa_padding`` is pkcs1; EC keys with ECDSA; the hash follows the key."""
    if not data_files:
        raise ValueError("nothing to sign")
    names = [f.name for f in data_files]
    if len(set(names)) != len(names) or any(not n or n.startswith(("/", "META-INF")) or "\\" in n for n in names):
        raise ValueError("data file names must be unique, relative and outside META-INF")
    hash_function = _hash_function(signer_certificate)
    method = _signature_method(signer_certificate, hash_function, rsa_padding)
    signing_time = (signing_time or dt.datetime.now(dt.UTC)).astimezone(dt.UTC)

    root = etree.Element(f"{{{ASIC_NS}}}XAdESSignatures", nsmap={"asic": ASIC_NS, "ds": DS_NS, "xades": XADES_NS})
    signature = _element(root, DS_NS, "Signature", Id="S0")
    signed_info = _element(signature, DS_NS, "SignedInfo")
    _element(signed_info, DS_NS, "CanonicalizationMethod", Algorithm=EXC_C14N)
    _element(signed_info, DS_NS, "SignatureMethod", Algorithm=method)
    _element(signature, DS_NS, "SignatureValue", Id="S0-SIG")
    x509_data = _element(_element(signature, DS_NS, "KeyInfo"), DS_NS, "X509Data")
    _element(x509_data, DS_NS, "X509Certificate", _b64(signer_certificate.public_bytes(serialization.Encoding.DER)))
    qualifying = _element(_element(signature, DS_NS, "Object"), XADES_NS, "QualifyingProperties", Target="#S0")
    signed_properties = _element(qualifying, XADES_NS, "SignedProperties", Id="S0-SignedProperties")
    signature_properties = _element(signed_properties, XADES_NS, "SignedSignatureProperties")
    _element(signature_properties, XADES_NS, "SigningTime", signing_time.strftime("%Y-%m-%dT%H:%M:%SZ"))
    cert = _element(_element(signature_properties, XADES_NS, "SigningCertificateV2"), XADES_NS, "Cert")
    _digest_element(_element(cert, XADES_NS, "CertDigest"), "SHA-256",
                    hashlib.sha256(signer_certificate.public_bytes(serialization.Encoding.DER)).digest())
    object_properties = _element(signed_properties, XADES_NS, "SignedDataObjectProperties")
    for index, data_file in enumerate(data_files):
        reference = _element(signed_info, DS_NS, "Reference", Id=f"S0-RefId{index}", URI=quote(data_file.name))
        _digest_element(reference, "SHA-256", hashlib.sha256(data_file.content).digest())
        format_ = _element(object_properties, XADES_NS, "DataObjectFormat", ObjectReference=f"#S0-RefId{index}")
        _element(format_, XADES_NS, "MimeType", data_file.media_type)
    reference = _element(signed_info, DS_NS, "Reference", Id=f"S0-RefId{len(data_files)}",
                         Type=SIGNED_PROPERTIES_TYPE, URI="#S0-SignedProperties")
    _element(_element(reference, DS_NS, "Transforms"), DS_NS, "Transform", Algorithm=EXC_C14N)
    _digest_element(reference, "SHA-256", hashlib.sha256(_c14n(signed_properties)).digest())

    digest = hashlib.new(hash_function.replace("-", "").lower(), _c14n(signed_info)).digest()
    return PreparedSignature(tuple(data_files), signer_certificate,
                             etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=False),
                             digest, hash_function, method)


def _raw_ecdsa(signature: bytes, key: ec.EllipticCurvePublicKey) -> bytes:
    """XMLDSig wants r and s side by side (RFC 4050); a DER ECDSA-Sig-Value is turned into that."""
    size = (key.curve.key_size + 7) // 8
    if len(signature) == 2 * size:
        return signature
    try:
        r, s = utils.decode_dss_signature(signature)
    except ValueError as error:
        raise InvalidSignatureValue("not an ECDSA signature") from error
    return r.to_bytes(size, "big") + s.to_bytes(size, "big")


def check_signature_value(prepared: PreparedSignature, signature_value: bytes) -> bytes:
    """The value as XMLDSig writes it, once it proves to sign the prepared digest; InvalidSignatureValue else."""
    key = prepared.signer_certificate.public_key()
    algorithm = _HASHES[prepared.hash_function]
    try:
        if isinstance(key, ec.EllipticCurvePublicKey):
            raw = _raw_ecdsa(signature_value, key)
            half = len(raw) // 2
            der = utils.encode_dss_signature(int.from_bytes(raw[:half], "big"), int.from_bytes(raw[half:], "big"))
            key.verify(der, prepared.digest, ec.ECDSA(utils.Prehashed(algorithm)))
            return raw
        if isinstance(key, rsa.RSAPublicKey):
            scheme: padding.AsymmetricPadding = padding.PSS(padding.MGF1(algorithm), algorithm.digest_size) \
                if "MGF1" in prepared.signature_method else padding.PKCS1v15()
            key.verify(signature_value, prepared.digest, scheme, utils.Prehashed(algorithm))
            return signature_value
    except InvalidSignature as error:
        raise InvalidSignatureValue("the signature does not match the digest and the certificate") from error
    raise InvalidSignatureValue("unsupported key")


async def finish(prepared: PreparedSignature, signature_value: bytes, tsa: TsaClient, ocsp: OcspClient, *,
                 issuer: x509.Certificate | None = None) -> bytes:
    """The .asice: the signature value checked and put in, a time-stamp over it, then the OCSP response of the
    signer's certificate (good, or CertificateError certificate_revoked / certificate_untrusted). ``issuer``
    defaults to the TSA client's trust anchors' issuer of the certificate. Outages raise ServiceUnavailable."""
    value = check_signature_value(prepared, signature_value)
    certificate = prepared.signer_certificate
    issuer = issuer or tsa.trust.issuer_of(certificate, dt.datetime.now(dt.UTC))
    if issuer is None:
        raise CertificateError("certificate_untrusted", "the certificate was not issued by a trusted CA")
    root = etree.fromstring(prepared.signature_xml)
    signature_value_element = root.find(f"{{{DS_NS}}}Signature/{{{DS_NS}}}SignatureValue")
    qualifying = root.find(f"{{{DS_NS}}}Signature/{{{DS_NS}}}Object/{{{XADES_NS}}}QualifyingProperties")
    assert signature_value_element is not None and qualifying is not None
    signature_value_element.text = _b64(value)

    token = await tsa.timestamp(_c14n(signature_value_element))
    status = await ocsp.check(certificate, issuer)  # after the time-stamp: libdigidocpp requires it
    if status.status == "revoked":
        raise CertificateError("certificate_revoked", "the signer's certificate is revoked")
    if status.status != "good":
        raise CertificateError("certificate_untrusted", "the OCSP responder does not know the certificate")

    unsigned = _element(_element(qualifying, XADES_NS, "UnsignedProperties"), XADES_NS,
                        "UnsignedSignatureProperties")
    time_stamp = _element(unsigned, XADES_NS, "SignatureTimeStamp", Id="S0-T0")
    _element(time_stamp, DS_NS, "CanonicalizationMethod", Algorithm=EXC_C14N)
    _element(time_stamp, XADES_NS, "EncapsulatedTimeStamp", _b64(token.der))
    _element(_element(unsigned, XADES_NS, "CertificateValues"), XADES_NS, "EncapsulatedX509Certificate",
             _b64(issuer.public_bytes(serialization.Encoding.DER)), Id="S0-CA-CERT")
    ocsp_values = _element(_element(unsigned, XADES_NS, "RevocationValues"), XADES_NS, "OCSPValues")
    _element(ocsp_values, XADES_NS, "EncapsulatedOCSPValue", _b64(status.der), Id="N0")
    signatures = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=False)
    return container(prepared.data_files, signatures)


def manifest(data_files: tuple[DataFile, ...] | list[DataFile]) -> bytes:
    root = etree.Element(f"{{{MANIFEST_NS}}}manifest", nsmap={"manifest": MANIFEST_NS})
    root.set(f"{{{MANIFEST_NS}}}version", "1.2")
    entries = [("/", MIMETYPE), *((f.name, f.media_type) for f in data_files)]
    for path, media_type in entries:
        etree.SubElement(root, f"{{{MANIFEST_NS}}}file-entry",
                         attrib={f"{{{MANIFEST_NS}}}full-path": path, f"{{{MANIFEST_NS}}}media-type": media_type})
    return bytes(etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=False))


def container(data_files: tuple[DataFile, ...] | list[DataFile], signatures_xml: bytes) -> bytes:
    """The ZIP: ``mimetype`` first, stored, without extra fields (ETSI EN 319 162-1 §A.1), then the rest."""
    buffer = io.BytesIO()
    fixed_time = dt.datetime.now(dt.UTC).timetuple()[:6]
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(zipfile.ZipInfo("mimetype", date_time=fixed_time), MIMETYPE, zipfile.ZIP_STORED)
        for data_file in data_files:
            archive.writestr(zipfile.ZipInfo(data_file.name, date_time=fixed_time), data_file.content,
                             zipfile.ZIP_DEFLATED)
        archive.writestr(zipfile.ZipInfo("META-INF/manifest.xml", date_time=fixed_time), manifest(data_files),
                         zipfile.ZIP_DEFLATED)
        archive.writestr(zipfile.ZipInfo(SIGNATURES_FILE, date_time=fixed_time), signatures_xml,
                         zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


# ---- verification -------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class ContainedFile:
    name: str
    media_type: str
    sha256: str
    size: int


@dataclass(frozen=True)
class Verdict:
    valid: bool
    reason: str | None  # the first problem, in English, for logs and the /verify page's details
    problems: list[str]
    signer: Person | None = None
    signer_certificate: x509.Certificate | None = None
    level: certificates.Level | None = None
    signed_at: dt.datetime | None = None  # the time-stamp's time
    profile: str | None = None  # libdigidocpp's: BES/time-stamp
    signature_method: str | None = None
    data_files: list[ContainedFile] = field(default_factory=list)
    signatures: int = 0


class _Digidoc:
    """The worker process running libdigidocpp (portal_eid.digidoc_worker), one per event loop and trust, asked
    one container at a time."""

    def __init__(self, trust: Trust) -> None:
        self.trust_key = (trust.trusted_list_path, tuple(trust.trusted_list_signers))
        self.env = {**os.environ, "PORTAL_EID_TRUSTED_LIST": str(trust.trusted_list_path or ""),
                    "PORTAL_EID_TRUSTED_LIST_SIGNERS": ",".join(
                        base64.b64encode(s.public_bytes(serialization.Encoding.DER)).decode()
                        for s in trust.trusted_list_signers)}
        self.loop = asyncio.get_running_loop()
        self.lock = asyncio.Lock()
        self.process: asyncio.subprocess.Process | None = None

    async def judge(self, data: bytes) -> dict[str, Any]:
        async with self.lock:
            for attempt in (1, 2):  # a worker that died (or was stopped) is started again, once
                if self.process is None or self.process.returncode is not None:
                    self.process = await asyncio.create_subprocess_exec(
                        sys.executable, "-m", "portal_eid.digidoc_worker", env=self.env,
                        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
                assert self.process.stdin is not None and self.process.stdout is not None
                try:
                    self.process.stdin.write(struct.pack(">I", len(data)) + data)
                    await self.process.stdin.drain()
                    (length,) = struct.unpack(">I", await self.process.stdout.readexactly(4))
                    answer: dict[str, Any] = json.loads(await self.process.stdout.readexactly(length))
                    return answer
                except (asyncio.IncompleteReadError, ConnectionError, BrokenPipeError) as error:
                    self.process = None
                    if attempt == 2:
                        raise ServiceUnavailable("digidoc", "the validation process stopped") from error
        raise AssertionError("unreachable")

    _workers: ClassVar[dict[int, _Digidoc]] = {}

    @classmethod
    def of(cls, trust: Trust) -> _Digidoc:
        loop = asyncio.get_running_loop()
        worker = cls._workers.get(id(loop))
        if worker is None or worker.loop is not loop or worker.trust_key != (
                trust.trusted_list_path, tuple(trust.trusted_list_signers)):
            worker = cls._workers[id(loop)] = _Digidoc(trust)
        return worker


def _problems_of(error: BaseException) -> list[str]:
    return [line.strip() for line in str(error).splitlines() if line.strip()] or [type(error).__name__]


async def verify(data: bytes, trust: Trust) -> Verdict:
    """libdigidocpp's validation of the container (in its worker process, portal_eid.digidoc_worker), plus ours:
    the container's form, one signature at profile time-stamp, by a qualified signing certificate chaining to
    ``trust``'s anchors at the time-stamp's time. ServiceUnavailable if the worker process keeps dying."""
    problems: list[str] = []
    files = _contained_files(data, problems)
    judged = await _Digidoc.of(trust).judge(data)
    if not judged["opened"]:
        reasons = judged["problems"]
        return Verdict(False, f"the container cannot be opened: {reasons[0]}", [*problems, *reasons],
                       data_files=files)
    problems += judged["problems"]
    profile, method, count = judged["profile"], judged["method"], judged["signatures"]
    der, stamp_time = base64.b64decode(judged["certificate"]), judged["timeStampTime"]
    if count > 1:
        problems.append("the container holds more than one signature")
    certificate = x509.load_der_x509_certificate(der)
    signed_at = dt.datetime.strptime(stamp_time, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=dt.UTC) \
        if stamp_time else None
    if profile != "BES/time-stamp":
        problems.append(f"the signature's profile is {profile}, not BES/time-stamp")
    signer: Person | None = None
    level: certificates.Level | None = None
    try:  # our own rules on top of libdigidocpp's: a qualified signing certificate of a person, trusted by us
        checked = certificates.check(certificate, trust.anchors, "signing", at=signed_at)
        signer, level = checked.person, checked.level
    except CertificateError as error:
        problems.append(error.detail)
        try:
            described = certificates.describe(certificate)
            signer, level = described.person, described.level
        except CertificateError:
            pass
    return Verdict(not problems, problems[0] if problems else None, problems, signer, certificate, level, signed_at,
                   profile, method, files, count)


def _contained_files(data: bytes, problems: list[str]) -> list[ContainedFile]:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            entries = archive.infolist()
            if not entries or entries[0].filename != "mimetype" or entries[0].compress_type != zipfile.ZIP_STORED \
                    or archive.read("mimetype") != MIMETYPE.encode():
                problems.append("the container does not start with a stored mimetype of ASiC-E")
            media_types = _manifest_media_types(archive)
            return [ContainedFile(e.filename, media_types.get(e.filename, ""),
                                  hashlib.sha256(archive.read(e)).hexdigest(), e.file_size)
                    for e in entries if e.filename != "mimetype" and not e.filename.startswith("META-INF/")]
    except (zipfile.BadZipFile, KeyError, OSError):
        problems.append("not a ZIP container")
        return []


def _manifest_media_types(archive: zipfile.ZipFile) -> dict[str, str]:
    try:
        root = etree.fromstring(archive.read("META-INF/manifest.xml"),
                                etree.XMLParser(resolve_entities=False, no_network=True))
    except (KeyError, etree.XMLSyntaxError):
        return {}
    return {e.get(f"{{{MANIFEST_NS}}}full-path", ""): e.get(f"{{{MANIFEST_NS}}}media-type", "")
            for e in root.iter(f"{{{MANIFEST_NS}}}file-entry")}


def data_file(data: bytes, name: str) -> bytes:
    """A data file's content out of a container."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return archive.read(name)
