"""Helpers for the applications tests, on top of the session-wide stack in the root conftest."""

import signal
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import httpx
import psycopg
import pytest

from conftest import eventually
from portal_common.auth import ASSERTION_HEADER, sign_assertion

SERVICE = "applications"


def _with_full_name(client: httpx.Client) -> dict[str, Any] | None:
    response = client.get("/api/application")
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body if body["application"]["user"]["fullName"] else None


@pytest.fixture
def own_application() -> Callable[[httpx.Client], dict[str, Any]]:
    """GET /api/application once the registration event has filled the applicant's name."""
    def wait(client: httpx.Client) -> dict[str, Any]:
        body: dict[str, Any] = eventually(partial(_with_full_name, client), what="registration event")
        return body
    return wait


@pytest.fixture
def applications_db(stack: Any) -> Iterator[psycopg.Connection[Any]]:
    with psycopg.connect(stack.database_url(SERVICE), autocommit=True) as connection:
        yield connection


@pytest.fixture
def direct(stack: Any) -> Iterator[Callable[..., httpx.Client]]:
    """A client that calls the service itself (not the gateway) with an assertion we sign: it lets a test
    act as a user whose registration event has not arrived (or never will)."""
    clients: list[httpx.Client] = []

    def make(user_id: int, role: str = "applicant") -> httpx.Client:
        token = sign_assertion(stack.env["PORTAL_ASSERTION_SECRET"], user_id, role, "et",
                               second_factor=role == "admin")
        client = httpx.Client(base_url=stack.service_url(SERVICE), headers={ASSERTION_HEADER: token}, timeout=10)
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.close()


def _ready(url: str) -> bool:
    try:
        return httpx.get(url, timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


class ServiceControl:
    """Stops and restarts the stack's applications process, like an outage in production."""

    def __init__(self, stack: Any, admin: httpx.Client) -> None:
        self.stack = stack
        self.admin = admin
        self.command: list[str] | None = None

    def stop(self) -> None:
        entry = next(e for e in self.stack.processes if e[0] == SERVICE)
        _, process, log = entry
        self.command = list(process.args)
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=15)
        self.stack.processes.remove(entry)
        log.close()

    def start(self) -> None:
        if self.command is None or any(e[0] == SERVICE for e in self.stack.processes):
            return
        self.stack._spawn(SERVICE, self.command, env=self.stack.env)
        eventually(partial(_ready, f"{self.stack.service_url(SERVICE)}/readyz"), timeout=60,
                   what="applications restarted")
        # Traefik's health check (every 5 s) has to see it again before the gateway routes to it.
        eventually(lambda: self.admin.get("/api/admin/companies").status_code == 200, timeout=30,
                   what="the gateway routing to applications again")


@pytest.fixture
def applications_service(stack: Any, admin_client: httpx.Client) -> Iterator[ServiceControl]:
    control = ServiceControl(stack, admin_client)
    try:
        yield control
    finally:
        control.start()  # the rest of the suite needs it back, whatever happened
