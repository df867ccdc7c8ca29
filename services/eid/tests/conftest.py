"""The eID tests: eid-core's run against the stack's SK stand-in (deploy/local/sk_standin) over real HTTP, with its
test PKI; the Smart-ID and Mobile-ID clients' tests (eid-protocols) serve the stand-in's app (sk_standin.app)
themselves on a free local port over real HTTP(S), so they can set how soon its phone answers and switch
maintenance on: the clients talk to it exactly as they talk to SK."""

import asyncio
import contextlib
import datetime as dt
import ipaddress
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from portal_eid import trusted_list
from portal_eid.certificates import TrustAnchors
from portal_eid.settings import EidSettings, Trust
from sk_standin import phone as standin_phone
from sk_standin.app import create_app
from sk_standin.pki import TestPki
from stack import Stack


@pytest.fixture(scope="session")
def pki(stack: Stack) -> TestPki:
    return TestPki(stack.eid_dir, f"{stack.sk_standin_url}/ocsp")


@pytest.fixture(scope="session")
def settings(stack: Stack) -> EidSettings:
    env = stack.env
    return EidSettings(ocsp_url=env["EID_OCSP_URL"], tsa_url=env["EID_TSA_URL"],
                       trust_anchors_dir=Path(env["EID_TRUST_ANCHORS_DIR"]),
                       trusted_list_path=Path(env["EID_TRUSTED_LIST_PATH"]),
                       trusted_list_signer_path=Path(env["EID_TRUSTED_LIST_SIGNER_PATH"]))


@pytest.fixture(scope="session")
def trust(settings: EidSettings) -> Trust:
    return settings.trust()


@pytest.fixture(scope="session")
def listed(stack: Stack) -> TrustAnchors:
    """The trust anchors of the trusted list alone (no CA folder)."""
    return trusted_list.load(stack.eid_dir / "trusted-list.xml", stack.eid_dir / "trusted-list-signer.pem")


@pytest.fixture(scope="session")
def stranger(tmp_path_factory: pytest.TempPathFactory) -> TestPki:
    """Another CA's PKI, trusted by nobody."""
    return TestPki(tmp_path_factory.mktemp("stranger"), "http://127.0.0.1:9/ocsp")


# The phone confirms quickly and a demo account's session times out soon: the tests see every path in seconds.
CONFIRM_AFTER = 0.3
TIMEOUT_AFTER = 2.0


@dataclass
class Standin:
    url: str
    pki: TestPki
    phone: standin_phone.Phone
    maintenance: standin_phone.Maintenance


@contextlib.asynccontextmanager
async def serve(folder: Path, *, tls: tuple[Path, Path] | None = None,
                confirm_after: float = CONFIRM_AFTER) -> AsyncIterator[Standin]:
    pki = TestPki(folder / "eid", "http://127.0.0.1:9/ocsp")
    application = create_app(pki)  # the stand-in as the local stack runs it
    phone: standin_phone.Phone = application.state.phone
    phone.confirm_after, phone.timeout_after = confirm_after, TIMEOUT_AFTER
    config = uvicorn.Config(application, host="127.0.0.1", port=0, log_level="warning",
                            ssl_certfile=str(tls[0]) if tls else None, ssl_keyfile=str(tls[1]) if tls else None)
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()
        await asyncio.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield Standin(f"{'https' if tls else 'http'}://127.0.0.1:{port}", pki, phone, application.state.maintenance)
    finally:
        server.should_exit = True
        await task


def tls_certificate(folder: Path, name: str) -> tuple[Path, Path]:
    """A self-signed server certificate for 127.0.0.1 (what SK's host certificate is to the pinning client)."""
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = dt.datetime.now(dt.UTC)
    certificate = (
        x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(key.public_key())
        .serial_number(x509.random_serial_number()).not_valid_before(now - dt.timedelta(hours=1))
        .not_valid_after(now + dt.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), False)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = folder / f"{name}.pem", folder / f"{name}.key"
    cert_path.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert_path, key_path


@pytest.fixture(scope="session")
def pki_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("standin")


@pytest.fixture(scope="module")
async def standin(pki_folder: Path) -> AsyncIterator[Standin]:
    async with serve(pki_folder) as running:
        yield running


@pytest.fixture
def serve_standin() -> Any:
    """`async with serve_standin(folder, tls=..., confirm_after=...) as standin`: a stand-in of one's own."""
    return serve


@pytest.fixture
def make_tls_certificate() -> Any:
    return tls_certificate
