"""compliance's fixtures: a compliance officer and an admin who is not one, both made on the command line.

Each test process makes each of them once (issue 32: an officer per test was a command line's start per test);
if a test ends that session, the next test gets a new one. A test that changes what an admin is makes its own."""

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from services.compliance.tests.support import admin_made_on_the_command_line


@pytest.fixture(scope="session")
def _kept_admins() -> Iterator[dict[str, httpx.Client]]:
    kept: dict[str, httpx.Client] = {}
    yield kept
    for client in kept.values():
        client.close()


def _kept(kept: dict[str, httpx.Client], stack: Any, gateway: str, *flags: str) -> httpx.Client:
    key = " ".join(flags)
    client = kept.get(key)
    if client is None or client.get("/api/user").status_code != 200:
        if client is not None:
            client.close()
        client = kept[key] = admin_made_on_the_command_line(stack, gateway, *flags)
    return client


@pytest.fixture
def officer_client(stack: Any, gateway: str, _kept_admins: dict[str, httpx.Client]) -> httpx.Client:
    return _kept(_kept_admins, stack, gateway, "--compliance-officer")


@pytest.fixture
def plain_admin_client(stack: Any, gateway: str, _kept_admins: dict[str, httpx.Client]) -> httpx.Client:
    return _kept(_kept_admins, stack, gateway)
