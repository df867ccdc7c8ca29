"""Every setting a service reads is listed in .env.example and in the operations guide's configuration
reference (deploy/README.md), so neither can fall behind the code."""

import importlib
import re
from pathlib import Path

import pytest

from gateway.routes import SERVICES
from portal_common.settings import ServiceSettings

ROOT = Path(__file__).resolve().parents[2]


def _aliases(service: str) -> set[str]:
    module = importlib.import_module(f"{service}.config")
    [settings] = [value for value in vars(module).values() if isinstance(value, type)
                  and issubclass(value, ServiceSettings) and value is not ServiceSettings]
    # DATABASE_URL is only the shared default each service replaces with its own name.
    return {field.alias for field in settings.model_fields.values() if field.alias and field.alias != "DATABASE_URL"}


@pytest.mark.parametrize("service", SERVICES)
def test_every_setting_is_in_the_env_example(service: str) -> None:
    listed = set(re.findall(r"^#? ?([A-Z][A-Z0-9_]+)=", (ROOT / ".env.example").read_text(), re.MULTILINE))
    assert _aliases(service) <= listed, _aliases(service) - listed


@pytest.mark.parametrize("service", SERVICES)
def test_every_setting_is_in_the_configuration_reference(service: str) -> None:
    guide = (ROOT / "deploy/README.md").read_text()
    reference = guide[guide.index("## Configuration reference"):guide.index("## Backups and restore")]
    documented = set(re.findall(r"`([A-Z][A-Z0-9_]+)`", reference))
    documented |= {f"{s.upper()}_DATABASE_URL" for s in SERVICES} if "`<SERVICE>_DATABASE_URL`" in reference else set()
    missing = _aliases(service) - documented
    assert not missing, missing
