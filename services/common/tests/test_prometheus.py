"""Issue 21, Metrics: the local stack's Prometheus scrapes the gateway and every service, with the alert rules
loaded; after real traffic, PromQL finds each service's series. The metrics are on each service's own port,
never through the gateway."""

import time
from typing import Any

import httpx
import pytest
from stack import ALERT_RULES, PROMETHEUS_BIN, Stack

from conftest import Applicant, browser_client, registration
from gateway.routes import SERVICES

PDF = b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
SCRAPE_WAIT_SECONDS = 30


def _query(stack: Stack, promql: str) -> list[dict[str, Any]]:
    assert stack.prometheus_url, "Prometheus runs in the test stack (make test installs it)"
    response = httpx.get(f"{stack.prometheus_url}/api/v1/query", params={"query": promql}, timeout=10)
    assert response.status_code == 200, response.text
    result: list[dict[str, Any]] = response.json()["data"]["result"]
    return result


def _eventually_query(stack: Stack, promql: str, done: Any) -> list[dict[str, Any]]:
    deadline = time.monotonic() + SCRAPE_WAIT_SECONDS
    while True:
        result = _query(stack, promql)
        if done(result) or time.monotonic() > deadline:
            return result
        time.sleep(1)


def _by(label: str, result: list[dict[str, Any]]) -> dict[str, float]:
    return {sample["metric"].get(label, ""): float(sample["value"][1]) for sample in result}


@pytest.fixture(scope="module")
def traffic(make_applicant: Any) -> Applicant:
    applicant = make_applicant()
    assert applicant.client.get("/api/application").status_code == 200
    response = applicant.client.post("/api/documents", files={"file": ("passport.pdf", PDF, "application/pdf")})
    assert response.status_code == 201, response.text
    applicant.client.get("/api/documents")
    return applicant


@pytest.fixture(scope="module", name="make_applicant")
def module_make_applicant(gateway: str) -> Any:
    clients: list[httpx.Client] = []

    def make() -> Applicant:
        client = browser_client(gateway)
        clients.append(client)
        body = registration()
        response = client.post("/api/register", json=body)
        assert response.status_code == 201, response.text
        return Applicant(client, response.json(), body["password"])

    yield make
    for client in clients:
        client.close()


def test_prometheus_is_installed_for_the_tests() -> None:
    assert PROMETHEUS_BIN, "make test installs Debian's prometheus (deploy/local/install-system-packages.sh)"


def test_every_target_is_up(stack: Stack, traffic: Applicant) -> None:
    result = _eventually_query(stack, "up", lambda r: len(r) >= len(SERVICES) + 1 and all(
        s["value"][1] == "1" for s in r))
    up = _by("job", result)
    assert set(up) == {*SERVICES, "traefik"}, result
    assert all(value == 1 for value in up.values()), up


def test_each_service_has_http_series_by_route_template(stack: Stack, traffic: Applicant) -> None:
    query = "sum by (service) (portal_http_requests_total)"
    requests = _by("service", _eventually_query(stack, query, lambda r: {"identity", "applications",
                                                                         "documents"} <= set(_by("service", r))))
    assert requests["identity"] >= 1 and requests["applications"] >= 1 and requests["documents"] >= 1
    routes = _by("route", _query(stack, 'portal_http_requests_total{service="documents",method="POST"}'))
    assert "/api/documents" in routes
    p99_query = ("histogram_quantile(0.99, sum by (service, le) "
                 "(rate(portal_http_request_duration_seconds_bucket[5m])))")
    p99 = _eventually_query(stack, p99_query, lambda r: {"identity", "documents"} <= set(_by("service", r)))
    assert {"identity", "documents"} <= set(_by("service", p99))  # a rate needs two scrapes after the traffic


def test_every_service_reports_its_outbox_and_database_pool(stack: Stack, traffic: Applicant) -> None:
    backlog = _by("service", _eventually_query(stack, "portal_outbox_unpublished_events",
                                               lambda r: len(r) >= len(SERVICES)))
    assert set(backlog) == set(SERVICES)
    assert set(_by("service", _query(stack, "portal_outbox_oldest_unpublished_age_seconds"))) == set(SERVICES)
    assert set(_by("service", _query(stack, "portal_db_pool_connections_in_use"))) == set(SERVICES)


def test_consumers_count_the_events_of_the_traffic(stack: Stack, traffic: Applicant) -> None:
    query = 'sum by (consumer) (portal_events_processed_total{consumer=~".*identity-user-registered"})'
    processed = _by("consumer", _eventually_query(stack, query, lambda r: len(r) >= 5))
    assert {"applications--identity-user-registered", "contracts--identity-user-registered",
            "documents--identity-user-registered"} <= set(processed)
    assert _query(stack, "portal_consumer_pending_messages")


def test_documents_identity_and_traefik_series(stack: Stack, traffic: Applicant) -> None:
    received = _eventually_query(stack, "sum(portal_documents_upload_bytes_received_total)",
                                 lambda r: r and float(r[0]["value"][1]) >= len(PDF))
    assert float(received[0]["value"][1]) >= len(PDF)
    assert _query(stack, "portal_documents_uploads_in_flight")
    # A file within one part goes in one PUT.
    assert "put_object" in _by("operation", _query(stack, "portal_documents_s3_request_duration_seconds_count"))
    assert _query(stack, 'portal_identity_forward_auth_duration_seconds_count{route="user",status="200"}')
    assert _eventually_query(stack, "traefik_entrypoint_requests_total", bool)


def test_sign_ins_are_counted_by_outcome(stack: Stack, traffic: Applicant, gateway: str) -> None:
    with httpx.Client(base_url=gateway, headers={"Origin": gateway}) as client:
        assert client.post("/api/login", json={"username": traffic.user["username"], "password": "wrong-password"}
                           ).status_code == 401
        assert client.post("/api/login", json={"username": traffic.user["username"],
                                               "password": traffic.password}).status_code == 200
    outcomes = _by("outcome", _eventually_query(
        stack, 'portal_identity_sign_ins_total{method="password"}', lambda r: len(r) >= 2))
    assert outcomes["success"] >= 1 and outcomes["invalid_credentials"] >= 1


def test_the_alert_rules_are_loaded(stack: Stack) -> None:
    response = httpx.get(f"{stack.prometheus_url}/api/v1/rules", timeout=10)
    names = {rule["name"] for group in response.json()["data"]["groups"] for rule in group["rules"]}
    assert {"PortalTargetDown", "PortalOutboxStuck", "PortalSealCertificateExpiring"} <= names
    assert ALERT_RULES.exists()


@pytest.mark.parametrize("path", ["/api/metrics", "/api/documents/metrics", "/api/admin/metrics"])
def test_metrics_are_not_reachable_through_the_gateway(gateway: str, path: str) -> None:
    response = httpx.get(gateway + path, timeout=10)
    assert response.status_code in (401, 404), response.status_code
    assert "portal_http_requests_total" not in response.text


def test_the_root_metrics_path_is_the_spa_not_a_service(gateway: str) -> None:
    response = httpx.get(gateway + "/metrics", timeout=10)
    assert response.headers["content-type"].startswith("text/html")
    assert "portal_http_requests_total" not in response.text


def test_each_service_answers_metrics_on_its_own_port(stack: Stack) -> None:
    for name in SERVICES:
        response = httpx.get(f"{stack.service_url(name)}/metrics", timeout=10)
        assert response.status_code == 200 and "portal_http_requests_total" in response.text, name
