"""compliance's fixtures: a compliance officer and an admin who is not one, both made on the command line."""

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from services.compliance.tests.support import admin_made_on_the_command_line


@pytest.fixture
def officer_client(stack: Any, gateway: str) -> Iterator[httpx.Client]:
    client = admin_made_on_the_command_line(stack, gateway, "--compliance-officer")
    yield client
    client.close()


@pytest.fixture
def plain_admin_client(stack: Any, gateway: str) -> Iterator[httpx.Client]:
    client = admin_made_on_the_command_line(stack, gateway)
    yield client
    client.close()
