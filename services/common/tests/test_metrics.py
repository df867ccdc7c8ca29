"""Issue 21, Metrics: every service counts and times its requests by route template on /metrics (the stack-wide
check that Prometheus scrapes them after real traffic is deploy/tests/test_prometheus.py)."""

import secrets

from fastapi import APIRouter
from fastapi.testclient import TestClient
from pydantic import SecretStr

from portal_common.app import create_service_app
from portal_common.settings import ServiceSettings

router = APIRouter()


@router.get("/api/probe-things/{thing_id}")
async def probe_thing(thing_id: int) -> dict[str, int]:
    return {"id": thing_id}


def _client() -> TestClient:
    settings = ServiceSettings(PORTAL_ASSERTION_SECRET=SecretStr(secrets.token_urlsafe(48)))
    # No lifespan (no `with`): no database or broker, just the request path under test.
    return TestClient(create_service_app("probe", settings, [router], error_codes=[]))


def test_requests_are_counted_by_route_template_not_raw_path() -> None:
    client = _client()
    for thing_id in (1, 2, 3):
        assert client.get(f"/api/probe-things/{thing_id}").status_code == 200
    assert client.get("/api/probe-things/not-a-number").status_code == 422
    assert client.get("/api/nothing-here").status_code == 404

    body = client.get("/metrics").text

    assert ('portal_http_requests_total{method="GET",route="/api/probe-things/{thing_id}",service="probe",'
            'status="200"} 3.0') in body
    assert ('portal_http_requests_total{method="GET",route="/api/probe-things/{thing_id}",service="probe",'
            'status="422"} 1.0') in body
    assert 'route="unmatched",service="probe",status="404"' in body
    assert "/api/probe-things/1" not in body
    assert ('portal_http_request_duration_seconds_count{method="GET",route="/api/probe-things/{thing_id}",'
            'service="probe"} 4.0') in body


def test_the_metrics_page_and_probes_are_not_counted_as_traffic() -> None:
    client = _client()
    client.get("/healthz")
    client.get("/metrics")
    body = client.get("/metrics").text
    assert 'route="/metrics"' not in body and 'route="/healthz"' not in body
