"""documents's OpenAPI document is the reference its API is fuzzed against (design.md), as in
gateway/tests/test_fuzz.py: through the gateway, as a signed-in admin, no call answers 5xx and every refusal
carries the error body."""

from typing import Any

import httpx
import schemathesis
from hypothesis import HealthCheck, given, settings

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME

FUZZ_SETTINGS = settings(max_examples=25, deadline=None,
                         suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                                HealthCheck.function_scoped_fixture])


def test_documents_survives_any_input(stack: Any, gateway: str) -> None:
    with httpx.Client(base_url=gateway, headers={"Origin": gateway}) as client:
        assert client.post("/api/login", json={"username": ADMIN_USERNAME, "password": ADMIN_PASSWORD}).is_success
        cookie = {"Cookie": f"portal_session={client.cookies['portal_session']}"}
    schema = schemathesis.openapi.from_url(f"{stack.service_url('documents')}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 7
    for operation in operations:
        @given(operation.as_strategy())
        @FUZZ_SETTINGS
        def call(case: Any) -> None:
            response = case.call(base_url=gateway, headers={"Origin": gateway, **cookie})
            assert response.status_code < 500, (
                f"{case.method} {case.formatted_path}: {response.status_code} {response.text}")
            if response.status_code >= 400 and response.status_code != 429:  # Traefik's own 429 is plain text
                assert set(response.json()) == {"message", "code", "fields"}, response.text

        call()
