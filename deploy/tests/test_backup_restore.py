"""Issue 21, "Backup and restore, drilled": `make backup` of the running local stack and `make restore FROM=...`
into a stopped one (deploy/local/backup.py). The drill registers an applicant, uploads a document and signs a
contract, backs up, wipes the data directory, restores, and the applicant signs in with the same password and
downloads the same document and contract. A tampered backup and a running stack are refused.

The drill starts a stack of its own on PORTAL_TEST_PORT_BASE + 250 (clear of the run's stack, + 0...200, and of
test_local_stack's, + 500...700)."""

import contextlib
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from backup import MANIFEST
from pyhanko.pdf_utils.reader import PdfFileReader
from stack import Ports, Stack, StackConfig, postgres_answers

from conftest import (
    ADMIN_PASSWORD,
    ADMIN_TOTP_SECRET,
    ADMIN_USERNAME,
    TEST_DATA,
    TEST_RATE_LIMIT,
    admin_login_body,
    browser_client,
    eventually,
    registration,
)
from deploy.tests.support import ROOT
from gateway.routes import SERVICES
from services.contracts.tests.test_api import SIGNATURE

BASE = int(os.environ.get("PORTAL_TEST_PORT_BASE", "28000")) + 250
BACKUP_SCRIPT = ROOT / "deploy/local/backup.py"
DOCUMENT = (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
            + os.urandom(300_000))
PDF_END = b"%%EOF"
EVENT_TIMEOUT = 60.0


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def drill_config(data_dir: Path) -> StackConfig:
    return StackConfig(data_dir=data_dir, ports=Ports(base=BASE, gateway=BASE + 80), documents_replicas=1,
                       rate_limit=TEST_RATE_LIMIT, admin_username=ADMIN_USERNAME, admin_password=ADMIN_PASSWORD,
                       admin_totp_secret=ADMIN_TOTP_SECRET)


@pytest.fixture
def data_dir() -> Iterator[Path]:
    folder = TEST_DATA / f"backup-drill-{BASE}"
    shutil.rmtree(folder, ignore_errors=True)
    yield folder


def backup_script(data_dir: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    """deploy/local/backup.py as `make backup` and `make restore` run it, for the drill's stack."""
    return subprocess.run([sys.executable, str(BACKUP_SCRIPT), "--data-dir", str(data_dir), "--port-base", str(BASE),
                           "--gateway-port", str(BASE + 80), *arguments], capture_output=True, text=True, cwd=ROOT,
                          timeout=900)


def sealed_revision(pdf: bytes) -> bytes:
    """The contract PDF as rendered, before the seal's incremental update: the bytes the seal vouches for. The
    whole file differs at every download (the seal's signing time and ECDSA's random nonce)."""
    return pdf[:pdf.index(PDF_END) + len(PDF_END)]


def seal_certificate(pdf: bytes) -> str:
    [signature] = PdfFileReader(io.BytesIO(pdf)).embedded_signatures
    return str(signature.signer_cert.sha256.hex())


def downloads(client: httpx.Client, document_id: int, contract_id: int) -> dict[str, str]:
    """The SHA-256 of what the applicant downloads: the document, and the contract PDF (whole, as rendered
    before sealing, and the certificate that sealed it)."""
    document = client.get(f"/api/documents/{document_id}/download")
    assert document.status_code == 200, document.text
    contract = client.get(f"/api/contracts/{contract_id}/pdf")
    assert contract.status_code == 200, contract.text
    return {"document": sha256(document.content), "contract pdf": sha256(contract.content),
            "contract pdf as rendered": sha256(sealed_revision(contract.content)),
            "seal certificate": seal_certificate(contract.content)}


def applicant_with_signed_contract(gateway: str) -> tuple[dict[str, str], int, int]:
    """A new applicant's registration body, an uploaded document's id and a contract an admin made that the
    applicant signed."""
    body = registration()
    with browser_client(gateway) as applicant, browser_client(gateway) as admin:
        registered = applicant.post("/api/register", json=body)
        assert registered.status_code == 201, registered.text
        eventually(lambda: applicant.get("/api/contracts").json(), EVENT_TIMEOUT, "the registration contract")
        uploaded = applicant.post("/api/documents", data={"name": "Passport"},
                                  files={"file": ("passport.pdf", DOCUMENT, "application/pdf")})
        assert uploaded.status_code == 201, uploaded.text
        assert admin.post("/api/login", json=admin_login_body()).status_code == 200
        created = admin.post("/api/contracts", json={
            "userId": registered.json()["id"], "applicationId": None, "title": "Board member agreement",
            "content": "Section 1\nThe board member serves 6 months.\n\nSection 2\nPay: 500 EUR."})
        assert created.status_code == 201, created.text
        signed = applicant.post(f"/api/contracts/{created.json()['id']}/sign", json={"signatureData": SIGNATURE})
        assert signed.status_code == 200, signed.text
        return body, int(uploaded.json()["id"]), int(created.json()["id"])


@contextlib.contextmanager
def signed_in(gateway: str, body: dict[str, str]) -> Iterator[httpx.Client]:
    with browser_client(gateway) as client:
        response = client.post("/api/login", json={"username": body["username"], "password": body["password"]})
        assert response.status_code == 200, response.text
        yield client


def tampered_copy(backup: Path, into: Path) -> Path:
    """The backup with one byte of identity's dump changed."""
    shutil.copytree(backup, into)
    dump = into / "databases" / "identity.dump"
    data = bytearray(dump.read_bytes())
    data[len(data) // 2] ^= 0x01
    dump.write_bytes(bytes(data))
    return into


def test_the_restore_drill_gives_the_applicant_back_the_same_document_and_contract(data_dir: Path,
                                                                                   tmp_path: Path) -> None:
    """Backed up while running, wiped, restored: the applicant signs in with the same password and downloads the
    same document (same SHA-256) and the same contract (the same PDF as rendered, sealed by the same, restored
    seal; the public check still vouches for the copy downloaded before the backup)."""
    folder = tmp_path / "backup"
    stack = Stack(drill_config(data_dir))
    stack.start()
    try:
        body, document_id, contract_id = applicant_with_signed_contract(stack.gateway_url)
        with signed_in(stack.gateway_url, body) as applicant:
            before = downloads(applicant, document_id, contract_id)
            pdf_before = applicant.get(f"/api/contracts/{contract_id}/pdf").content
        made = backup_script(data_dir, "backup", "--to", str(folder))
        assert made.returncode == 0, made.stderr
        print(f"\nbackup: {made.stdout.strip()}")

        refused = backup_script(data_dir, "restore", str(folder), "--force")
        assert refused.returncode == 1, refused.stdout + refused.stderr
        assert "stop it first" in refused.stderr, refused.stderr
        assert postgres_answers(stack.database_url("identity")), "the running stack was touched"
    finally:
        stack.stop()

    manifest = json.loads((folder / MANIFEST).read_text())
    assert manifest["databases"] == list(SERVICES)
    assert manifest["counts"]["objects"] >= 1 and manifest["counts"]["databases"] == len(SERVICES)
    assert {"secrets/secrets.env", "secrets/seal/seal.p12", "secrets/seal/ca.pem"} <= set(manifest["sha256"])
    assert [o["contentType"] for o in manifest["objects"]].count("application/pdf") >= 1

    shutil.rmtree(data_dir)
    tampered = backup_script(data_dir, "restore", str(tampered_copy(folder, tmp_path / "tampered")))
    assert tampered.returncode == 1 and "databases/identity.dump: checksum mismatch" in tampered.stderr, \
        tampered.stderr
    assert not data_dir.exists(), "a tampered backup wrote into the data directory"

    restored = backup_script(data_dir, "restore", str(folder))
    assert restored.returncode == 0, restored.stderr
    print(f"restore: {restored.stdout.strip()}")

    stack = Stack(drill_config(data_dir))
    stack.start()
    try:
        with signed_in(stack.gateway_url, body) as applicant:
            after = downloads(applicant, document_id, contract_id)
        with browser_client(stack.gateway_url) as anonymous:
            vouched = anonymous.post("/api/contracts/verify",
                                     files={"file": ("contract.pdf", pdf_before, "application/pdf")})
    finally:
        stack.stop()

    for what in before:
        print(f"{what:<26} before {before[what]}  after {after[what]}")
    assert after["document"] == before["document"] == sha256(DOCUMENT)
    assert after["contract pdf as rendered"] == before["contract pdf as rendered"]
    assert after["seal certificate"] == before["seal certificate"]
    assert vouched.status_code == 200 and vouched.json()["valid"] is True, vouched.text


def test_a_backup_of_a_stopped_stack_is_refused(data_dir: Path, tmp_path: Path) -> None:
    """`make backup` backs up the running portal only, and says so."""
    data_dir.mkdir(parents=True)
    (data_dir / "secrets.env").write_text("S3_ACCESS_KEY=portal-x\nS3_SECRET_KEY=y\n")
    refused = backup_script(data_dir, "backup", "--to", str(tmp_path / "backup"))
    assert refused.returncode == 1
    assert "the portal is not running" in refused.stderr, refused.stderr
    assert not (tmp_path / "backup").exists() and not (tmp_path / "backup.partial").exists()


def test_a_restore_into_a_data_directory_in_use_is_refused_without_force(data_dir: Path, tmp_path: Path) -> None:
    """Only an empty data directory is restored into, unless --force says to delete what it holds."""
    empty_backup = tmp_path / "backup"
    empty_backup.mkdir()
    (empty_backup / MANIFEST).write_text(json.dumps({"format": 1, "sha256": {}, "databases": [], "objects": [],
                                                     "secrets": []}))
    data_dir.mkdir(parents=True)
    (data_dir / "kept.txt").write_text("somebody's data")
    refused = backup_script(data_dir, "restore", str(empty_backup))
    assert refused.returncode == 1 and "--force" in refused.stderr, refused.stderr
    assert (data_dir / "kept.txt").read_text() == "somebody's data"
