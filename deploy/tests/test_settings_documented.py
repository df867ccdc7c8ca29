"""Every setting a service reads is listed in .env.example and in the operations guide's configuration
reference (deploy/README.md), so neither can fall behind the code."""

import re

import pytest

from deploy.tests.support import ROOT, setting_aliases
from gateway.routes import SERVICES


@pytest.mark.parametrize("service", SERVICES)
def test_every_setting_is_in_the_env_example(service: str) -> None:
    listed = set(re.findall(r"^#? ?([A-Z][A-Z0-9_]+)=", (ROOT / ".env.example").read_text(), re.MULTILINE))
    assert setting_aliases(service) <= listed, setting_aliases(service) - listed


@pytest.mark.parametrize("service", SERVICES)
def test_every_setting_is_in_the_configuration_reference(service: str) -> None:
    guide = (ROOT / "deploy/README.md").read_text()
    reference = guide[guide.index("## Configuration reference"):guide.index("## Backups and restore")]
    documented = set(re.findall(r"`([A-Z][A-Z0-9_]+)`", reference))
    # `<SERVICE>_DATABASE_URL` stands for each service's own: IDENTITY_DATABASE_URL, ...
    per_service = re.findall(r"`<SERVICE>(_[A-Z0-9_]+)`", reference)
    documented |= {f"{s.upper()}{suffix}" for s in SERVICES for suffix in per_service}
    missing = setting_aliases(service) - documented
    assert not missing, missing
