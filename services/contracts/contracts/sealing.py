"""The portal's seal on signed contract PDFs and its check (issue 13, "Sealed PDFs that anyone can verify").

A signed contract's PDF leaves the service sealed: a PAdES certification signature (pyHanko) made with the
portal's key and certificate from a PKCS#12 file (CONTRACTS_SEAL_PKCS12_PATH and _PASSWORD), with an RFC 3161
time stamp when CONTRACTS_TIMESTAMP_URL names a time-stamp server. A PDF reader then shows the document as
unchanged since sealing. The document's keywords carry the contract id and the SHA-256 of its text, under
the seal, so the check can tell which stored contract a sealed copy claims to be.

A copy is genuine when the seal covers the whole file, its hash matches the bytes (one changed byte breaks
it), it was made by the portal's certificate (trusted against the chain in the PKCS#12 file, with the
portal's certificate's subject, so a renewed certificate still verifies older copies), and the contract
it names is stored with that same text. pyHanko checks the sealing certificate at the time of the check, not
of the sealing (nor of its time stamp): a copy sealed by an earlier certificate stops verifying once that
certificate has expired.

Without a seal (no file named, or none at the named path yet) the service runs and its PDFs go out unsealed;
it says so at start (announce_seal), and the expiry gauge reads NaN.
"""

import io
import logging
import re
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path

from asn1crypto import x509
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign import fields, signers
from pyhanko.sign.timestamps import HTTPTimeStamper
from pyhanko.sign.validation import validate_pdf_signature
from pyhanko.sign.validation.status import PdfSignatureStatus, SignatureCoverageLevel
from pyhanko_certvalidator import ValidationContext

from contracts.config import ContractsSettings
from contracts.templates import Company

logger = logging.getLogger(__name__)

SEAL_FIELD = "PortalSeal"
KEYWORDS = re.compile(r"\bportal-contract:(?P<id>\d{1,10}) content-sha256:(?P<sha256>[0-9a-f]{64})\b")
TIMESTAMP_TIMEOUT_SECONDS = 10


class VerifyReason(StrEnum):
    """Why a copy is not genuine; the SPA shows each in the reader's language (verify.reasons.*)."""

    NOT_A_PDF = "not_a_pdf"
    NOT_SEALED = "not_sealed"
    SEAL_BROKEN = "seal_broken"  # bytes under the seal changed: the hash or the signature does not match
    CHANGED_AFTER_SEALING = "changed_after_sealing"  # something was added after the seal
    NOT_PORTAL_SEAL = "not_portal_seal"  # sealed, but not with the portal's certificate
    UNKNOWN_CONTRACT = "unknown_contract"
    CONTENT_MISMATCH = "content_mismatch"  # the stored contract's text is not the one sealed


@dataclass(frozen=True)
class Seal:
    signer: signers.SimpleSigner
    certificate: x509.Certificate
    trust_roots: tuple[x509.Certificate, ...]
    timestamp_url: str | None


@dataclass(frozen=True)
class SealedClaim:
    """What a genuine seal vouches for: the contract id and text hash written under it."""

    contract_id: int
    content_sha256: str


def contract_keywords(contract_id: int, content_sha256: str) -> str:
    return f"portal-contract:{contract_id} content-sha256:{content_sha256}"


def load_seal(pkcs12_path: Path, password: str, timestamp_url: str | None = None) -> Seal:
    try:
        signer = signers.SimpleSigner.load_pkcs12_data(pkcs12_path.read_bytes(), other_certs=[],
                                                       passphrase=password.encode() or None)
    except (OSError, ValueError) as error:
        raise RuntimeError(f"the sealing key and certificate could not be read from {pkcs12_path} "
                           "(CONTRACTS_SEAL_PKCS12_PATH, CONTRACTS_SEAL_PKCS12_PASSWORD)") from error
    certificate = signer.signing_cert
    chain = tuple(cert for cert in signer.cert_registry if cert.sha256 != certificate.sha256)
    # A self-signed sealing certificate with no chain is its own trust root.
    return Seal(signer, certificate, chain or (certificate,), timestamp_url or None)


@cache
def _configured(path: str, password: str, timestamp_url: str) -> Seal | None:
    # The deployments name the file's place whether or not the operator has put a seal there yet (compose's
    # seal/ folder, Kubernetes' optional Secret contracts-seal): no file there is no seal, as no path is.
    if not path or not Path(path).exists():
        return None
    return load_seal(Path(path), password, timestamp_url)


def configured_seal(settings: ContractsSettings) -> Seal | None:
    """The seal the settings name, read once; None when no PKCS#12 file is configured or none is at the path.
    A file that is there but does not open (a wrong password, not a PKCS#12 file) raises RuntimeError."""
    return _configured(settings.seal_pkcs12_path, settings.seal_pkcs12_password.get_secret_value(),
                       settings.timestamp_url)


def announce_seal(settings: ContractsSettings) -> Seal | None:
    """The seal, read at the service's start and said in its log: a WARNING while contract PDFs go out unsealed,
    so that no one takes the service for sealing; the certificate's subject and end otherwise. A seal file that
    is there but does not open raises, and the service does not start: it would otherwise hand out unsealed
    copies, or none, while the operator believes them sealed."""
    seal = configured_seal(settings)
    path = settings.seal_pkcs12_path
    if seal is None:
        why = f"there is no file at {path} (CONTRACTS_SEAL_PKCS12_PATH)" if path else \
            "CONTRACTS_SEAL_PKCS12_PATH is empty"
        logger.warning("contract PDFs are NOT sealed: %s. Signed contracts' PDFs go out without the portal's seal "
                       "and /verify calls every copy not genuine until a seal is given and the service restarted "
                       "(deploy/README.md, The contract seal)", why)
        return None
    validity = seal.certificate["tbs_certificate"]["validity"]["not_after"].native
    logger.info("contract PDFs are sealed by %s (%s), whose certificate is valid until %s",
                seal.certificate.subject.human_friendly, path, validity.isoformat())
    return seal


def seal_pdf(pdf: bytes, seal: Seal) -> bytes:
    """The PDF with the portal's seal appended as an incremental update (blocking: run it in a thread)."""
    metadata = signers.PdfSignatureMetadata(
        field_name=SEAL_FIELD, md_algorithm="sha256", subfilter=fields.SigSeedSubFilter.PADES,
        reason="Allkirjastatud leping / Signed contract", location="Tallinn", name=Company.name,
        certify=True, docmdp_permissions=fields.MDPPerm.NO_CHANGES)
    timestamper = (HTTPTimeStamper(seal.timestamp_url, timeout=TIMESTAMP_TIMEOUT_SECONDS)
                   if seal.timestamp_url else None)
    writer = IncrementalPdfFileWriter(io.BytesIO(pdf))
    out = signers.sign_pdf(writer, metadata, signer=seal.signer, timestamper=timestamper)
    return bytes(out.getbuffer())


def _problem(status: PdfSignatureStatus, seal: Seal) -> VerifyReason | None:
    if not (status.intact and status.valid):
        return VerifyReason.SEAL_BROKEN
    if status.coverage != SignatureCoverageLevel.ENTIRE_FILE or status.docmdp_ok is False:
        return VerifyReason.CHANGED_AFTER_SEALING
    if not status.trusted or status.signing_cert.subject != seal.certificate.subject:
        return VerifyReason.NOT_PORTAL_SEAL
    return None


def _keywords(reader: PdfFileReader) -> str:
    info = reader.trailer_view.get("/Info")
    return str(info.get_object().get("/Keywords", "")) if info is not None else ""


def check_seal(data: bytes, seal: Seal | None) -> SealedClaim | VerifyReason:
    """What a genuine copy's seal vouches for, or why it is not genuine (blocking: run it in a thread)."""
    try:
        reader = PdfFileReader(io.BytesIO(data))
        signatures = reader.embedded_signatures
    except Exception:  # whatever the parser trips on, the answer is the same
        return VerifyReason.NOT_A_PDF
    if not signatures:
        return VerifyReason.NOT_SEALED
    if seal is None:
        return VerifyReason.NOT_PORTAL_SEAL
    try:
        status = validate_pdf_signature(signatures[0], ValidationContext(trust_roots=list(seal.trust_roots)))
    except Exception:  # a damaged signature object is a broken seal
        logger.info("seal validation failed", exc_info=True)
        return VerifyReason.SEAL_BROKEN
    if (problem := _problem(status, seal)) is not None:
        return problem
    keywords = KEYWORDS.search(_keywords(reader))
    if keywords is None:
        return VerifyReason.UNKNOWN_CONTRACT
    return SealedClaim(int(keywords["id"]), keywords["sha256"])
