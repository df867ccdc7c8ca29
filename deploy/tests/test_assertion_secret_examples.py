"""Following the deployment examples gives an assertion secret the services accept, and skipping the step
gives services that refuse to start (issue 11, Closed internals: "A service refuses to start with an empty or
short (< 32 bytes) assertion secret ... the Kubernetes example secret leaves it empty")."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from deploy.tests.support import ROOT
from portal_common.settings import ServiceSettings

K8S_EXAMPLE = ROOT / "deploy/k8s/secrets.env.example"
COMPOSE_EXAMPLE = ROOT / "deploy/compose/portal.env.example"
REFUSED = "PORTAL_ASSERTION_SECRET must be at least 32 bytes"


def read_env(path: Path) -> dict[str, str]:
    pairs = (line.split("=", 1) for line in path.read_text().splitlines() if "=" in line and not line.startswith("#"))
    return dict(pairs)


def service_settings(secret: str) -> ServiceSettings:
    return ServiceSettings(_env_file=None, PORTAL_ASSERTION_SECRET=secret)  # type: ignore[call-arg]


def fill_in_command() -> str:
    """The command the Kubernetes example gives for filling in its random values."""
    [command] = [line.lstrip("# ") for line in K8S_EXAMPLE.read_text().splitlines()
                 if line.lstrip("# ").startswith("awk ") and "openssl rand" in line]
    return command


def test_the_kubernetes_example_left_as_it_is_is_refused() -> None:
    with pytest.raises(ValidationError, match=REFUSED):
        service_settings(read_env(K8S_EXAMPLE)["PORTAL_ASSERTION_SECRET"])


def test_the_kubernetes_example_fills_in_secrets_the_services_take(tmp_path: Path) -> None:
    shutil.copy(K8S_EXAMPLE, tmp_path / "secrets.env.example")
    subprocess.run(["sh", "-c", fill_in_command()], cwd=tmp_path, check=True, timeout=30)
    example, filled = read_env(K8S_EXAMPLE), read_env(tmp_path / "secrets.env")
    assert list(filled) == list(example)
    assert service_settings(filled["PORTAL_ASSERTION_SECRET"])
    random = {key: value for key, value in filled.items() if value}
    assert {"PORTAL_ASSERTION_SECRET", "PORTAL_DB_PASSWORD", "S3_SECRET_KEY"} <= set(random)
    assert all(len(value) >= 32 for value in random.values())
    assert len(set(random.values())) == len(random), "every value is its own"
    assert filled["PORTAL_ADMIN_USERNAME"] == filled["PORTAL_ADMIN_PASSWORD"] == filled["S3_ACCESS_KEY"] == ""
    # Issue 14: the SMTP relay's password is its owner's to give, not a random one.
    assert "NOTIFICATIONS_SMTP_PASSWORD" in filled and filled["NOTIFICATIONS_SMTP_PASSWORD"] == ""
    assert filled["NOTIFICATIONS_NATS_PASSWORD"].startswith("n")


def test_the_compose_example_placeholder_is_refused_and_new_env_writes_one_the_services_take(
        tmp_path: Path) -> None:
    with pytest.raises(ValidationError, match=REFUSED):
        service_settings(read_env(COMPOSE_EXAMPLE)["PORTAL_ASSERTION_SECRET"])
    subprocess.run([sys.executable, str(ROOT / "deploy/compose/new-env.py"), "--output", str(tmp_path / ".env")],
                   check=True, capture_output=True, timeout=30)
    assert service_settings(read_env(tmp_path / ".env")["PORTAL_ASSERTION_SECRET"])
