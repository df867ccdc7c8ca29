"""The compose gateway run for real (issue 7): the Traefik binary `make run` uses, started with
docker-compose.yml's own command line (addresses and paths moved onto this machine) and the generated
deploy/compose/traefik/dynamic.yml. Traefik accepts every router and middleware, serves them on HTTP and
HTTPS, answers its health check, and sends HSTS over HTTPS only. The services themselves are not there:
the routes answer 502, which is enough to see the gateway's own work."""

import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from deploy.tests import support
from deploy.tests.exported_metrics import TRAEFIK_METRICS
from deploy.tests.support import ROOT, free_ports
from gateway import render
from gateway.routes import ROUTES, SERVICES

TRAEFIK = Path(sys.executable).parent / "traefik"


@dataclass
class Gateway:
    http: str
    https: str
    api: str
    metrics: str
    healthcheck: list[str]


def _localised(argument: str, ports: dict[str, int], tmp_path: Path) -> str:
    """One compose command-line argument with container addresses and paths moved onto this machine."""
    for container_port, port in ports.items():
        argument = argument.replace(f"address={container_port}", f"address=127.0.0.1:{port}")
    return (argument.replace("/etc/traefik/dynamic.yml", str(ROOT / "deploy/compose/traefik/dynamic.yml"))
            .replace("/letsencrypt/acme.json", str(tmp_path / "acme.json")))


@pytest.fixture(scope="module")
def gateway(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Gateway]:
    traefik = support.compose()["services"]["traefik"]
    tmp_path = tmp_path_factory.mktemp("traefik")
    http, https, ping, metrics, api_port = free_ports(5)
    ports = {":8080": http, ":8443": https, ":8082": ping, ":9100": metrics}
    command = [_localised(argument, ports, tmp_path) for argument in traefik["command"]]
    assert not [a for a in command if "address=:" in a], "every entry point was moved"
    command += ["--api=true", "--api.insecure=true", f"--entryPoints.traefik.address=127.0.0.1:{api_port}"]
    log = (tmp_path / "traefik.log").open("wb")
    process = subprocess.Popen([str(TRAEFIK), *command], stdout=log, stderr=subprocess.STDOUT)
    healthcheck = [str(TRAEFIK), *(_localised(a, ports, tmp_path) for a in traefik["healthcheck"]["test"][2:])]
    gateway = Gateway(f"http://127.0.0.1:{ports[':8080']}", f"https://127.0.0.1:{ports[':8443']}",
                      f"http://127.0.0.1:{api_port}", f"http://127.0.0.1:{ports[':9100']}", healthcheck)
    try:
        deadline = time.monotonic() + 30
        while not _routers_loaded(gateway):
            assert process.poll() is None, (tmp_path / "traefik.log").read_text()[-3000:]
            assert time.monotonic() < deadline, "Traefik did not load the routes"
            time.sleep(0.2)
        yield gateway
    finally:
        process.terminate()
        process.wait(timeout=15)
        log.close()


def _routers_loaded(gateway: Gateway) -> bool:
    try:
        routers = httpx.get(f"{gateway.api}/api/http/routers", timeout=1).json()
    except (httpx.HTTPError, ValueError):
        return False
    return len([r for r in routers if r["provider"] == "file"]) == 2 * (len(ROUTES) + 1)


def test_traefik_accepts_every_router_and_middleware(gateway: Gateway) -> None:
    routers = {r["name"]: r for r in httpx.get(f"{gateway.api}/api/http/routers").json() if r["provider"] == "file"}
    names = [route.name for route in ROUTES] + ["web"]
    # Traefik copies each router onto the TLS entry point as websecure-<name>, with the certificate resolver.
    assert set(routers) == {f"{n}@file" for n in names} | {f"websecure-{n}@file" for n in names}
    for name in names:
        plain, secure = routers[f"{name}@file"], routers[f"websecure-{name}@file"]
        assert plain["status"] == secure["status"] == "enabled"
        assert (plain["entryPoints"], secure["entryPoints"]) == (["web"], ["websecure"])
        assert secure["tls"]["certResolver"] == "letsencrypt" and plain["middlewares"] == secure["middlewares"]
    middlewares = [m for m in httpx.get(f"{gateway.api}/api/http/middlewares").json() if m["provider"] == "file"]
    defined = render.middlewares("http://identity", render.PRODUCTION_RATE_LIMIT)
    assert {m["name"] for m in middlewares} == {f"{name}@file" for name in defined}
    assert all(m["status"] == "enabled" for m in middlewares), middlewares


def test_the_container_health_check_passes(gateway: Gateway) -> None:
    result = subprocess.run(gateway.healthcheck, capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("path", ["/", "/api/user", "/api/admin/applications"])
def test_routes_answer_on_http_without_hsts(gateway: Gateway, path: str) -> None:
    response = httpx.get(f"{gateway.http}{path}")
    assert response.status_code in (502, 503)  # routed; nothing behind it here (ForwardAuth fails closed: 503)
    assert response.headers["x-frame-options"] == "DENY"
    assert "content-security-policy" in response.headers
    assert "strict-transport-security" not in response.headers


@pytest.mark.parametrize("path", ["/", "/api/user"])
def test_routes_answer_on_https_with_hsts(gateway: Gateway, path: str) -> None:
    # Traefik's own certificate until Let's Encrypt issues one for the host name.
    response = httpx.get(f"{gateway.https}{path}", verify=False)  # noqa: S501
    assert response.status_code == 502
    assert response.headers["strict-transport-security"] == "max-age=31536000; includeSubDomains"
    assert response.headers["x-content-type-options"] == "nosniff"


def test_a_trusted_tls_proxy_in_front_gets_hsts_on_http(gateway: Gateway) -> None:
    # PORTAL_TRUSTED_PROXIES defaults to 127.0.0.1/32: here, this test is the proxy.
    response = httpx.get(f"{gateway.http}/", headers={"X-Forwarded-Proto": "https"})
    assert response.headers["strict-transport-security"].startswith("max-age=31536000")


def test_traefik_reaches_every_service_through_the_bounded_transport(gateway: Gateway) -> None:
    """Honest outages (issue 11): every service is reached through the transport with the response timeout,
    and Traefik has it (a service naming a transport Traefik does not have is disabled, its routes with it)."""
    services = {s["name"]: s for s in httpx.get(f"{gateway.api}/api/http/services").json() if s["provider"] == "file"}
    assert set(services) == {f"{name}@file" for name in (*SERVICES, render.WEB_SERVICE)}
    for name, service in services.items():
        assert service["status"] == "enabled" and "error" not in service, service
        assert service["loadBalancer"]["serversTransport"] == f"{render.SERVERS_TRANSPORT}@file", name


def test_traefik_serves_its_prometheus_metrics_on_their_own_entry_point(gateway: Gateway) -> None:
    """Issue 21, Metrics: Traefik's own metrics are on, on the `metrics` entry point (never published: see
    test_compose.py), with every Traefik series the dashboard and the alerts use, once requests went through."""
    httpx.get(f"{gateway.http}/")
    httpx.get(f"{gateway.https}/", verify=False)  # noqa: S501
    response = httpx.get(f"{gateway.metrics}/metrics")
    assert response.status_code == 200
    exported = {line.split("{")[0].split(" ")[0] for line in response.text.splitlines() if not line.startswith("#")}
    assert TRAEFIK_METRICS <= exported, TRAEFIK_METRICS - exported
    assert 'entrypoint="websecure"' in response.text and 'entrypoint="web"' in response.text
    # Only the metrics entry point serves them, not the ones the world reaches.
    assert "traefik_entrypoint_requests_total" not in httpx.get(f"{gateway.http}/metrics").text
