"""portal_common stays small and generic (issue 12, Back end): the clock is a module of its own rather than
something borrowed from the outbox, and the texts of a service's rules (spec §5) live in that service."""

import ast
import inspect
from datetime import UTC, timedelta
from enum import StrEnum
from pathlib import Path

import pytest
from pydantic_core import PydanticCustomError

from portal_common.clock import utcnow
from portal_common.validation import email_address

SERVICES_DIR = Path(__file__).resolve().parents[2]


class ServiceCode(StrEnum):
    INVALID_EMAIL = "invalid_email"
PACKAGES = ("common/portal_common", "identity/identity", "applications/applications", "documents/documents",
            "contracts/contracts", "messages/messages")


def imported_names(module: str) -> set[tuple[str, str]]:
    """(file, name) for every `from <module> import name` in the services' code."""
    found = set()
    for package in PACKAGES:
        for path in (SERVICES_DIR / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.ImportFrom) and node.module == module:
                    found |= {(str(path.relative_to(SERVICES_DIR)), alias.name) for alias in node.names}
    return found


def test_the_clock_is_its_own_module() -> None:
    now = utcnow()
    assert now.tzinfo is UTC and now.utcoffset() == timedelta(0)
    borrowed = {(path, name) for path, name in imported_names("portal_common.outbox") if name == "utcnow"}
    assert not borrowed, f"import utcnow from portal_common.clock: {sorted(borrowed)}"


def test_validation_helpers_carry_the_callers_text_only() -> None:
    """The email rule's text belongs to identity (Register) and messages (Contact); portal_common has none."""
    assert inspect.signature(email_address).parameters["message"].default is inspect.Parameter.empty
    with pytest.raises(PydanticCustomError) as raised:
        email_address("mari@", ServiceCode.INVALID_EMAIL, "the service's own text")
    assert (raised.value.type, raised.value.message()) == ("invalid_email", "the service's own text")
    assert email_address("  mari@example.com ", ServiceCode.INVALID_EMAIL, "unused") == "mari@example.com"
