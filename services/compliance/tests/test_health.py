"""Issue 35: compliance runs in the stack as a service of its own, behind the gateway under /api."""

from typing import Any

import httpx


def test_the_service_is_ready_with_its_database_and_nats(stack: Any) -> None:
    ready = httpx.get(f"{stack.service_url('compliance')}/readyz", timeout=10)
    assert ready.status_code == 200, ready.text


def test_its_admin_paths_are_for_admins_only(client: httpx.Client, make_applicant: Any) -> None:
    """The gateway sends /api/admin/clients to compliance for admins alone (ForwardAuth), so an applicant and a
    stranger are refused before the service sees them."""
    signed_out = client.get("/api/admin/clients")
    assert (signed_out.status_code, signed_out.json()["code"]) == (401, "not_authenticated")
    applicant = make_applicant()
    refused = applicant.client.get("/api/admin/screening/hits")
    assert (refused.status_code, refused.json()["code"]) == (403, "forbidden")
