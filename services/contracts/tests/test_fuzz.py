"""contracts' OpenAPI document fuzzed through the gateway as a signed-in admin (like gateway/tests/test_fuzz.py
does for the other services): no input answers 5xx, every refusal carries {"message", "code", "fields"}."""

from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME

FUZZ_SETTINGS = settings(max_examples=40, deadline=None,
                         suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                                HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def admin_cookie(gateway: str) -> dict[str, str]:
    with httpx.Client(base_url=gateway, headers={"Origin": gateway}) as client:
        assert client.post("/api/login", json={"username": ADMIN_USERNAME, "password": ADMIN_PASSWORD}).is_success
        return {"Cookie": f"portal_session={client.cookies['portal_session']}"}


def test_contracts_survives_any_input(stack: Any, gateway: str, admin_cookie: dict[str, str]) -> None:
    schema = schemathesis.openapi.from_url(f"{stack.service_url('contracts')}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 5
    for operation in operations:
        @given(operation.as_strategy())
        @FUZZ_SETTINGS
        def call(case: Any) -> None:
            response = case.call(base_url=gateway, headers={"Origin": gateway, **admin_cookie})
            assert response.status_code < 500, (
                f"{case.method} {case.formatted_path}: {response.status_code} {response.text}")
            if response.status_code >= 400 and response.status_code != 429:  # Traefik's own 429 is plain text
                assert set(response.json()) == {"message", "code", "fields"}, response.text

        call()
