"""The gateway's routing exists once (issue 7): gateway/routes.py. The local Traefik config is rendered
from it at start; the compose and Kubernetes forms are generated files. These tests read each form back
and hold it against the table, so none can drift."""

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from gateway import generate
from gateway.render import (
    COMMON_CHAIN,
    PRODUCTION_RATE_LIMIT,
    PRODUCTION_RESPONSE_HEADER_TIMEOUT_SECONDS,
    SERVICE_ERRORS,
    SERVICE_PORT,
    WEB_PORT,
    WEB_SERVICE,
    Upstreams,
    middlewares,
    render,
    servers_transport,
)
from gateway.routes import ROUTES, SERVICES

ROOT = Path(__file__).resolve().parents[2]
Table = set[tuple[str, str, tuple[str, ...], int]]  # (rule, service, middleware chain, priority)


def _expected() -> Table:
    table: Table = set()
    for route in ROUTES:
        # JSON bodies are bounded at the gateway; an upload streams and a download keeps its own CSP (issue 11).
        headers = "download-headers" if route.kind == "download" else "security-headers"
        errors = "gateway-errors" if route.kind == "json" else "gateway-errors-streamed"
        chain = [headers, *COMMON_CHAIN[1:], errors, *(["rate-limit"] if route.rate_limited else [])]
        chain += ["body-limit"] if route.kind == "json" else []
        chain += [f"auth-{route.access}"] if route.access in ("user", "admin") else []
        chain += [SERVICE_ERRORS]  # a service's own 500, told apart from ForwardAuth's (issue 37)
        table.add((route.rule, route.service, tuple(chain), route.priority))
    return table | {("PathPrefix(`/`)", WEB_SERVICE, tuple(COMMON_CHAIN), 1)}


def _file_provider_table(config: dict[str, Any]) -> Table:
    return {(r["rule"], r["service"], tuple(r["middlewares"]), r["priority"])
            for r in config["http"]["routers"].values()}


def _local_config(response_header_timeout_seconds: int = PRODUCTION_RESPONSE_HEADER_TIMEOUT_SECONDS) -> dict[str, Any]:
    # What deploy/local/stack.py writes, with the addresses of one machine.
    upstreams = Upstreams(services={name: [f"http://127.0.0.1:{9000 + i}"] for i, name in enumerate(SERVICES)},
                          web="http://127.0.0.1:8999", identity_auth="http://127.0.0.1:9000")
    return render(upstreams, PRODUCTION_RATE_LIMIT, response_header_timeout_seconds=response_header_timeout_seconds)


def _compose_config() -> dict[str, Any]:
    text = generate.COMPOSE_FILE.read_text()
    loaded: dict[str, Any] = yaml.safe_load(text)
    return loaded


def _kubernetes_objects() -> list[dict[str, Any]]:
    return [doc for doc in yaml.safe_load_all(generate.KUBERNETES_FILE.read_text()) if doc]


def _kubernetes_table() -> Table:
    [route] = [o for o in _kubernetes_objects() if o["kind"] == "IngressRoute"]
    table: Table = set()
    for entry in route["spec"]["routes"]:
        [service] = entry["services"]
        expected_port = WEB_PORT if service["name"] == WEB_SERVICE else SERVICE_PORT
        assert service["port"] == expected_port and entry["kind"] == "Rule"
        table.add((entry["match"], service["name"], tuple(m["name"] for m in entry["middlewares"]),
                   entry["priority"]))
    return table


def test_the_generated_files_are_current() -> None:
    assert generate.main(["--check"]) == 0, "run: python -m gateway.generate"


@pytest.mark.parametrize("form", ["local", "compose", "kubernetes"])
def test_every_form_routes_exactly_the_table(form: str) -> None:
    table = {"local": lambda: _file_provider_table(_local_config()),
             "compose": lambda: _file_provider_table(_compose_config()),
             "kubernetes": _kubernetes_table}[form]()
    assert table == _expected()
    assert len(table) == len(ROUTES) + 1  # no route lost to a duplicate


def _without_addresses(definitions: dict[str, Any]) -> dict[str, Any]:
    """Middleware definitions with ForwardAuth's host and the error pages' service taken out: the only parts
    that differ by form."""
    blanked = json.loads(json.dumps(definitions))
    for body in blanked.values():
        if "forwardAuth" in body:
            body["forwardAuth"]["address"] = body["forwardAuth"]["address"].split("/internal/")[1]
        if "errors" in body:
            service = body["errors"]["service"]
            body["errors"]["service"] = service["name"] if isinstance(service, dict) else service
    return blanked


def test_every_form_defines_the_same_middlewares() -> None:
    local = _without_addresses(_local_config()["http"]["middlewares"])
    compose = _without_addresses(_compose_config()["http"]["middlewares"])
    kubernetes = _without_addresses({o["metadata"]["name"]: o["spec"] for o in _kubernetes_objects()
                                     if o["kind"] == "Middleware"})
    assert local == compose == kubernetes == _without_addresses(middlewares("http://x", PRODUCTION_RATE_LIMIT))
    assert local["auth-admin"]["forwardAuth"]["address"] == "auth/admin"


def test_forward_auth_reaches_identity_in_every_form() -> None:
    compose = _compose_config()["http"]["middlewares"]["auth-user"]["forwardAuth"]["address"]
    kubernetes = next(o for o in _kubernetes_objects() if o["metadata"]["name"] == "auth-user")
    assert compose == f"http://identity:{SERVICE_PORT}/internal/auth/user"
    assert kubernetes["spec"]["forwardAuth"]["address"] == \
        f"http://identity.portal.svc.cluster.local:{SERVICE_PORT}/internal/auth/user"


def test_compose_sends_each_service_to_its_container() -> None:
    upstreams = _compose_config()["http"]["services"]
    for name in SERVICES:
        assert upstreams[name]["loadBalancer"]["servers"] == [{"url": f"http://{name}:{SERVICE_PORT}"}]
        assert upstreams[name]["loadBalancer"]["healthCheck"]["path"] == "/healthz"
    assert upstreams[WEB_SERVICE]["loadBalancer"]["servers"] == [{"url": f"http://web:{WEB_PORT}"}]


def test_a_changed_table_makes_the_check_fail(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    copy = tmp_path / "gateway.yaml"
    copy.write_text(generate.KUBERNETES_FILE.read_text().replace("/api/contact", "/api/kontakt"))
    monkeypatch.setattr(generate, "KUBERNETES_FILE", copy)
    assert generate.main(["--check"]) == 1
    assert generate.main([]) == 0 and generate.main(["--check"]) == 0  # rewriting repairs it
    assert "/api/contact" in copy.read_text()


def _file_provider_transports(config: dict[str, Any]) -> dict[str, Any]:
    """Each service's transport, as the file provider looks its name up among the configuration's own."""
    http = config["http"]
    return {name: http["serversTransports"][service["loadBalancer"]["serversTransport"]]
            for name, service in http["services"].items()}


def _kubernetes_transports() -> dict[str, Any]:
    """Each backend's transport: the IngressRoute's services and the SPA's server behind the error pages."""
    objects = _kubernetes_objects()
    transports = {o["metadata"]["name"]: o["spec"] for o in objects if o["kind"] == "ServersTransport"}
    [route] = [o for o in objects if o["kind"] == "IngressRoute"]
    backends = [b for entry in route["spec"]["routes"] for b in entry["services"]]
    backends += [o["spec"]["errors"]["service"] for o in objects if o["kind"] == "Middleware" and "errors" in o["spec"]]
    found: dict[str, Any] = {}
    for backend in backends:
        transport = transports[backend["serversTransport"]]
        assert found.setdefault(backend["name"], transport) == transport, f"{backend['name']}: two transports"
    return found


@pytest.mark.parametrize("form", ["local", "compose", "kubernetes"])
def test_every_form_bounds_each_services_response_time(form: str) -> None:
    """Honest outages (issue 11): never a hang. Each service, and the SPA's server, is reached through a
    transport that answers 504 once response headers are this late."""
    transports = {"local": lambda: _file_provider_transports(_local_config()),
                  "compose": lambda: _file_provider_transports(_compose_config()),
                  "kubernetes": _kubernetes_transports}[form]()
    # Idle connections are let go before uvicorn's 5 s keep-alive ends them under a request (a 502 otherwise).
    bounded = {"forwardingTimeouts": {"responseHeaderTimeout": f"{PRODUCTION_RESPONSE_HEADER_TIMEOUT_SECONDS}s",
                                      "idleConnTimeout": "3s"}}
    assert transports == {name: bounded for name in (*SERVICES, WEB_SERVICE)}
    assert servers_transport(PRODUCTION_RESPONSE_HEADER_TIMEOUT_SECONDS) == bounded


def test_the_local_stack_picks_its_own_response_timeout() -> None:
    transports = _file_provider_transports(_local_config(response_header_timeout_seconds=7))
    assert {t["forwardingTimeouts"]["responseHeaderTimeout"] for t in transports.values()} == {"7s"}
