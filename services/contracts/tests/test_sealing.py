"""Issue 13, "Sealed PDFs that anyone can verify": the signed contract PDF carries the portal's PAdES seal,
pyHanko validates a downloaded copy against the local CA and refuses one with a byte changed, and
`POST /api/contracts/verify` (public, at most 10 MB, rate limited) vouches only for an unchanged copy of a
stored contract, saying why otherwise.

The seal is the one the local stack made under its data directory (deploy/local/stack.py, local_seal); the
unit tests make their own with the same code."""

import hashlib
import io
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
from pyhanko.keys import load_cert_from_pemder
from pyhanko.pdf_utils import generic
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign.validation import validate_pdf_signature
from pyhanko.sign.validation.status import PdfSignatureStatus, SignatureCoverageLevel
from pyhanko_certvalidator import ValidationContext
from stack import SEAL_PASSWORD_KEY, Stack, local_seal, seal_files

from conftest import Applicant, browser_client
from contracts.models import Contract, SignatureAudit
from contracts.pdf import render_pdf
from contracts.sealing import Seal, SealedClaim, VerifyReason, check_seal, load_seal, seal_pdf
from contracts.verification import MAX_VERIFY_BYTES
from gateway.render import middleware_chain
from gateway.routes import ROUTES

VERIFY = "/api/contracts/verify"
SEAL_PASSWORD = "local test password"
CONTENT = "Juhatuse liikme leping. Õie Šaržant kohustub ... / The board member agrees to ..."


# ---- helpers ------------------------------------------------------------------------------------------

def sha256_text(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def signed_contract(contract_id: int = 7, content: str = CONTENT) -> tuple[Contract, SignatureAudit]:
    now = datetime.now(UTC)
    digest = sha256_text(content)
    contract = Contract(id=contract_id, user_id=1, title="Juhatuse liikme leping", content=content, status="signed",
                        created_at=now, created_by=1, signed_at=now, content_sha256=digest)
    audit = SignatureAudit(contract_id=contract_id, signer_user_id=1, signed_at=now, method="drawn",
                           ip_address="127.0.0.1", user_agent="Mozilla/5.0", content_sha256=digest,
                           signer_name="Õie Šaržant", signer_id_code="49403136526")
    return contract, audit


def make_seal(folder: Path, password: str = SEAL_PASSWORD) -> Seal:
    return load_seal(local_seal(folder, password), password)


def one_byte_changed(pdf: bytes) -> bytes:
    """The copy with one byte flipped inside the first stream the seal covers (the PDF still opens)."""
    offset = pdf.index(b"stream\n") + len(b"stream\n") + 10
    return pdf[:offset] + bytes([pdf[offset] ^ 0x01]) + pdf[offset + 1:]


def pyhanko_status(pdf: bytes, ca_pem: Path) -> PdfSignatureStatus:
    [signature] = PdfFileReader(io.BytesIO(pdf)).embedded_signatures
    return validate_pdf_signature(signature, ValidationContext(trust_roots=[load_cert_from_pemder(str(ca_pem))]))


def portal_seal(stack: Stack) -> Seal:
    """The stack's own seal, as an insider would hold it: to make copies the seal vouches for but the
    database does not."""
    pkcs12_path, _ = seal_files(stack.config.data_dir)
    return load_seal(pkcs12_path, stack.env[SEAL_PASSWORD_KEY])


def employment_contract(applicant: Applicant, eventually: Any) -> dict[str, Any]:
    def arrived() -> list[dict[str, Any]]:
        response = applicant.client.get("/api/contracts")
        assert response.status_code == 200, response.text
        return [c for c in response.json() if c["kind"] == "employment"]

    [contract] = eventually(arrived, what="the registration contract")
    return contract


def download(applicant: Applicant, contract_id: int) -> bytes:
    response = applicant.client.get(f"/api/contracts/{contract_id}/pdf")
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/pdf"
    return response.content


def verify(client: httpx.Client, data: bytes, name: str = "contract.pdf") -> httpx.Response:
    return client.post(VERIFY, files={"file": (name, data, "application/pdf")})


@pytest.fixture
def anonymous(gateway: str) -> Any:
    with browser_client(gateway) as c:
        yield c


@pytest.fixture
def downloaded(make_applicant: Any, eventually: Any) -> tuple[dict[str, Any], bytes]:
    applicant = make_applicant()
    contract = employment_contract(applicant, eventually)
    return contract, download(applicant, contract["id"])


# ---- the seal itself ----------------------------------------------------------------------------------

def test_a_sealed_pdf_says_which_contract_and_text_it_vouches_for(tmp_path: Path) -> None:
    seal = make_seal(tmp_path)
    contract, audit = signed_contract()
    sealed = seal_pdf(render_pdf(contract, audit), seal)
    assert check_seal(sealed, seal) == SealedClaim(7, sha256_text(CONTENT))


def test_the_seal_refuses_a_changed_byte_an_unsealed_pdf_and_anything_else(tmp_path: Path) -> None:
    seal = make_seal(tmp_path)
    contract, audit = signed_contract()
    unsealed = render_pdf(contract, audit)
    sealed = seal_pdf(unsealed, seal)
    assert check_seal(one_byte_changed(sealed), seal) == VerifyReason.SEAL_BROKEN
    assert check_seal(unsealed, seal) == VerifyReason.NOT_SEALED
    assert check_seal(b"%PDF-1.7\nnot really a PDF", seal) == VerifyReason.NOT_A_PDF
    assert check_seal(b"", seal) == VerifyReason.NOT_A_PDF


def test_only_the_portals_seal_counts_and_nothing_may_follow_it(tmp_path: Path) -> None:
    seal, stranger = make_seal(tmp_path / "portal"), make_seal(tmp_path / "stranger", "another password")
    contract, audit = signed_contract()
    unsealed = render_pdf(contract, audit)
    assert check_seal(seal_pdf(unsealed, stranger), seal) == VerifyReason.NOT_PORTAL_SEAL
    # An update appended after the seal (pyHanko itself will not sign a document certified "no changes"):
    # the seal still holds for what it covered, but no longer covers the whole file.
    writer = IncrementalPdfFileWriter(io.BytesIO(seal_pdf(unsealed, seal)))
    writer.root["/PortalTest"] = generic.NameObject("/Appended")
    writer.update_root()
    appended = io.BytesIO()
    writer.write(appended)
    assert check_seal(appended.getvalue(), seal) == VerifyReason.CHANGED_AFTER_SEALING


def test_the_local_stack_makes_its_ca_and_seal_once(tmp_path: Path) -> None:
    pkcs12_path = local_seal(tmp_path, "one password")
    _, ca_pem = seal_files(tmp_path)
    made = pkcs12_path.read_bytes(), ca_pem.read_bytes()
    assert local_seal(tmp_path, "one password") == pkcs12_path
    assert (pkcs12_path.read_bytes(), ca_pem.read_bytes()) == made
    assert pkcs12_path.stat().st_mode & 0o077 == 0
    seal = load_seal(pkcs12_path, "one password")
    assert seal.certificate.subject.native["common_name"] == "Shelf Board portal seal"
    assert [root.subject.native["common_name"] for root in seal.trust_roots] == ["Shelf Board local CA"]


# ---- a downloaded copy, through the gateway -----------------------------------------------------------

def test_a_downloaded_contract_pdf_is_sealed_and_pyhanko_validates_it(stack: Stack,
                                                                      downloaded: tuple[dict[str, Any], bytes]) -> None:
    _, pdf = downloaded
    status = pyhanko_status(pdf, seal_files(stack.config.data_dir)[1])
    assert status.bottom_line, status.pretty_print_details()
    assert status.coverage == SignatureCoverageLevel.ENTIRE_FILE
    assert status.docmdp_ok
    assert status.signing_cert.subject.native["common_name"] == "Shelf Board portal seal"


def test_pyhanko_finds_a_downloaded_copy_with_one_byte_changed_broken(stack: Stack,
                                                                      downloaded: tuple[dict[str, Any], bytes]) -> None:
    _, pdf = downloaded
    status = pyhanko_status(one_byte_changed(pdf), seal_files(stack.config.data_dir)[1])
    assert not status.intact
    assert not status.bottom_line


# What the answer about a PDF says of the fields an .asice fills (issue 33).
PDF_ONLY = {"kind": "pdf", "signerIdCode": None, "profile": None, "portalContract": None, "problems": []}


def test_the_verify_endpoint_vouches_for_a_downloaded_copy_without_signing_in(
        anonymous: httpx.Client, downloaded: tuple[dict[str, Any], bytes]) -> None:
    contract, pdf = downloaded
    response = verify(anonymous, pdf)
    assert response.status_code == 200, response.text
    assert response.json() == {
        "valid": True, "contractId": contract["id"], "title": contract["title"], "signedAt": contract["signedAt"],
        "signerName": "Mari Maasikas", "sha256": sha256_text(contract["content"]), "reason": None, **PDF_ONLY}


def test_the_verify_endpoint_reports_a_copy_with_one_byte_changed_invalid_with_the_reason(
        anonymous: httpx.Client, downloaded: tuple[dict[str, Any], bytes]) -> None:
    _, pdf = downloaded
    response = verify(anonymous, one_byte_changed(pdf))
    assert response.status_code == 200, response.text
    assert response.json() == {"valid": False, "contractId": None, "title": None, "signedAt": None,
                               "signerName": None, "sha256": None, "reason": "seal_broken", **PDF_ONLY}


def test_a_genuine_seal_on_a_contract_that_is_not_stored_so_is_not_vouched_for(
        stack: Stack, anonymous: httpx.Client, downloaded: tuple[dict[str, Any], bytes]) -> None:
    """The seal alone is not enough: the contract it names must be stored with the same text."""
    contract, _ = downloaded
    seal = portal_seal(stack)
    other_text = seal_pdf(render_pdf(*signed_contract(contract["id"], contract["content"] + " (changed)")), seal)
    assert verify(anonymous, other_text).json()["reason"] == "content_mismatch"
    nobodys = seal_pdf(render_pdf(*signed_contract(2_000_000_000)), seal)
    assert verify(anonymous, nobodys).json()["reason"] == "unknown_contract"
    unsealed = render_pdf(*signed_contract(contract["id"], contract["content"]))
    assert verify(anonymous, unsealed).json()["reason"] == "not_sealed"


def test_the_verify_endpoint_takes_at_most_10_mb(anonymous: httpx.Client) -> None:
    at_limit = verify(anonymous, b"x" * MAX_VERIFY_BYTES)
    assert at_limit.status_code == 200, at_limit.text
    assert at_limit.json()["reason"] == "not_a_pdf"
    over = verify(anonymous, b"x" * (MAX_VERIFY_BYTES + 1))
    assert over.status_code == 413, over.text
    assert over.json()["code"] == "too_large"


def test_the_verify_endpoint_asks_for_the_file(anonymous: httpx.Client) -> None:
    response = anonymous.post(VERIFY, data={"other": "value"}, files={"note": ("a.txt", b"hello", "text/plain")})
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["code"] == "validation_error" and body["fieldCodes"] == {"file": "required"}


def test_the_verify_route_is_public_and_rate_limited() -> None:
    [route] = [r for r in ROUTES if re.search(r"/api/contracts/verify", r.rule)]
    assert route.access == "public" and route.service == "contracts"
    chain = middleware_chain(route)
    assert "rate-limit" in chain and not any(step.startswith("auth-") for step in chain)
