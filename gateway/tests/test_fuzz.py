"""Every service's OpenAPI document is the reference its API is fuzzed against (design.md): whatever the
generated input, through the gateway, as a signed-in admin, no call answers 5xx, and every refusal carries
the error body {"message", "code", "fields"}."""

from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME

FUZZ_SETTINGS = settings(max_examples=25, deadline=None,
                         suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                                HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="session")
def admin_cookie(gateway: str) -> dict[str, str]:
    with httpx.Client(base_url=gateway, headers={"Origin": gateway}) as client:
        assert client.post("/api/login", json={"username": ADMIN_USERNAME, "password": ADMIN_PASSWORD}).is_success
        return {"Cookie": f"portal_session={client.cookies['portal_session']}"}


def check(case: Any, gateway: str, admin_cookie: dict[str, str]) -> None:
    response = case.call(base_url=gateway, headers={"Origin": gateway, **admin_cookie})
    assert response.status_code < 500, f"{case.method} {case.formatted_path}: {response.status_code} {response.text}"
    if response.status_code >= 400 and response.status_code != 429:  # Traefik's own 429 is plain text
        body = response.json()
        assert set(body) == {"message", "code", "fields"}, body


def fuzz(stack: Any, service: str, gateway: str, admin_cookie: dict[str, str], skip: str = "^$") -> int:
    schema = schemathesis.openapi.from_url(f"{stack.service_url(service)}/openapi.json").exclude(path_regex=skip)
    operations = [result.ok() for result in schema.get_all_operations()]
    for operation in operations:
        @given(operation.as_strategy())
        @FUZZ_SETTINGS
        def call(case: Any) -> None:
            check(case, gateway, admin_cookie)

        call()
    return len(operations)


def test_identity_survives_any_input(stack: Any, gateway: str, admin_cookie: dict[str, str]) -> None:
    # Signing out or changing the admin's language would spoil the session the other cases use.
    assert fuzz(stack, "identity", gateway, admin_cookie, skip="^/api/(logout|set-language)$") >= 5


def test_messages_survives_any_input(stack: Any, gateway: str, admin_cookie: dict[str, str]) -> None:
    assert fuzz(stack, "messages", gateway, admin_cookie) >= 3


def test_applications_survives_any_input(stack: Any, gateway: str, admin_cookie: dict[str, str]) -> None:
    assert fuzz(stack, "applications", gateway, admin_cookie) >= 6


def test_documents_survives_any_input(stack: Any, gateway: str, admin_cookie: dict[str, str]) -> None:
    assert fuzz(stack, "documents", gateway, admin_cookie) >= 7


def test_contracts_survives_any_input(stack: Any, gateway: str, admin_cookie: dict[str, str]) -> None:
    assert fuzz(stack, "contracts", gateway, admin_cookie) >= 5
