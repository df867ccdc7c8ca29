"""Issue 37, identity down is a 503, not a 500: the gateway's errors middlewares (gateway/render.py), run for real
in the Traefik binary `make run` uses, in front of a small server of this test's own that plays a service, identity's
ForwardAuth and the SPA's error pages. ForwardAuth with nobody to ask answers 503 `unavailable` (with Retry-After);
a service's own 500 stays a 500, and its own 503 a 503."""

import json
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest

from deploy.tests.support import free_ports
from gateway import render
from gateway.routes import ROUTES, SERVICES

TRAEFIK = Path(sys.executable).parent / "traefik"
PAGE_CODES = {"500": "internal_error", "502": "bad_gateway", "503": "unavailable", "504": "gateway_timeout",
              "413": "too_large"}


class Backend(BaseHTTPRequestHandler):
    """Every service, identity's ForwardAuth (lets everyone in) and the error pages of the SPA's server."""

    def _answer(self, status: int, body: dict[str, Any], headers: dict[str, str] | None = None) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:
        if self.path.startswith("/internal/auth/"):
            self._answer(200, {})
        elif self.path.startswith("/gateway-errors/"):
            status = self.path.removeprefix("/gateway-errors/").removesuffix(".json")
            self._answer(int(status), {"code": PAGE_CODES[status], "page": status}, {"Retry-After": "2"})
        elif self.path == "/healthz":
            self._answer(200, {"status": "ok"})
        elif self.path.startswith("/api/contracts"):
            self._answer(503, {"code": "unavailable", "page": None})  # a service's own outage answer
        else:
            self._answer(500, {"code": "internal_error", "page": None})  # a bug in the service

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def gateway(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp_path = tmp_path_factory.mktemp("traefik")
    web_port, closed_port, entry_port = free_ports(3)
    server = ThreadingHTTPServer(("127.0.0.1", web_port), Backend)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    backend = f"http://127.0.0.1:{web_port}"
    config = render.render(render.Upstreams(services={name: [backend] for name in SERVICES}, web=backend,
                                            identity_auth=backend), render.PRODUCTION_RATE_LIMIT)
    # The admins' ForwardAuth has nobody to ask, as when identity is down; the users' lets everyone in.
    config["http"]["middlewares"]["auth-admin"]["forwardAuth"]["address"] = (  # type: ignore[index]
        f"http://127.0.0.1:{closed_port}/internal/auth/admin")
    (tmp_path / "dynamic.yml").write_text(render.to_text(config))
    log = (tmp_path / "traefik.log").open("wb")
    process = subprocess.Popen([str(TRAEFIK), f"--entryPoints.web.address=127.0.0.1:{entry_port}",
                                f"--providers.file.filename={tmp_path / 'dynamic.yml'}"],
                               stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{entry_port}"
    try:
        deadline = time.monotonic() + 30
        while not _routed(url):
            assert process.poll() is None, (tmp_path / "traefik.log").read_text()[-3000:]
            assert time.monotonic() < deadline, "Traefik did not load the routes"
            time.sleep(0.2)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=15)
        log.close()
        server.shutdown()


def _routed(url: str) -> bool:
    try:
        return httpx.get(f"{url}/api/user", timeout=1).status_code == 500
    except httpx.HTTPError:
        return False


def test_forward_auth_without_identity_is_503_unavailable_with_retry_after(gateway: str) -> None:
    response = httpx.get(f"{gateway}/api/admin/applications")
    assert response.status_code == 503, response.text
    assert response.json() == {"code": "unavailable", "page": "503"}
    assert response.headers["retry-after"] == "2"


@pytest.mark.parametrize("path", ["/api/user", "/api/application", "/api/contact"])
def test_a_services_own_500_stays_a_500(gateway: str, path: str) -> None:
    """Behind the users' ForwardAuth (which let it through) and on public routes alike."""
    response = httpx.get(f"{gateway}{path}")
    assert response.status_code == 500, response.text
    assert response.json() == {"code": "internal_error", "page": "500"}


def test_a_services_own_503_stays_a_503(gateway: str) -> None:
    response = httpx.get(f"{gateway}/api/contracts")
    assert response.status_code == 503, response.text
    assert response.json()["code"] == "unavailable"


def test_every_api_route_ends_with_the_service_errors_middleware() -> None:
    """The 500 of a route without it would be taken for an outage (503)."""
    assert all(render.middleware_chain(route)[-1] == render.SERVICE_ERRORS for route in ROUTES)
