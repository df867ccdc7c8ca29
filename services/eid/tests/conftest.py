"""The eID tests run against the stack's SK stand-in (deploy/local/sk_standin) over real HTTP, with its test PKI."""

from pathlib import Path

import pytest
from portal_eid import trusted_list
from portal_eid.certificates import TrustAnchors
from portal_eid.settings import EidSettings, Trust
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
