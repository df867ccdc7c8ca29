"""Renders the route table (routes.py) into Traefik's dynamic configuration."""

import json
from dataclasses import dataclass
from pathlib import Path

from gateway.routes import ROUTES, Route

ASSERTION_HEADER = "X-Portal-Identity"


@dataclass(frozen=True)
class Upstreams:
    services: dict[str, list[str]]  # service name -> base URLs of its replicas
    web: str
    identity_auth: str  # base URL of identity for ForwardAuth


@dataclass(frozen=True)
class RateLimit:
    average: int  # requests per period, per client IP
    period: str
    burst: int


def _middlewares(route: Route) -> list[str]:
    chain = ["strip-identity"]
    if route.rate_limited:
        chain.append("rate-limit")
    if route.access in ("user", "admin"):
        chain.append(f"auth-{route.access}")
    return chain


def _priority(route: Route) -> int:
    return 10 if route.name == "api-unknown" else 100


def render(upstreams: Upstreams, rate_limit: RateLimit) -> dict[str, object]:
    routers: dict[str, object] = {
        r.name: {"rule": r.rule, "service": r.service, "middlewares": _middlewares(r), "priority": _priority(r),
                 "entryPoints": ["web"]}
        for r in ROUTES
    }
    routers["web"] = {"rule": "PathPrefix(`/`)", "service": "web", "priority": 1, "entryPoints": ["web"],
                      "middlewares": ["strip-identity"]}
    services: dict[str, object] = {
        name: {"loadBalancer": {"servers": [{"url": url} for url in urls],
                                "healthCheck": {"path": "/healthz", "interval": "5s", "timeout": "2s"}}}
        for name, urls in upstreams.services.items()
    }
    services["web"] = {"loadBalancer": {"servers": [{"url": upstreams.web}]}}
    forward = {"trustForwardHeader": False, "authResponseHeaders": [ASSERTION_HEADER]}
    middlewares = {
        # Nobody but ForwardAuth may set the identity header: drop whatever the client sent.
        "strip-identity": {"headers": {"customRequestHeaders": {ASSERTION_HEADER: ""}}},
        "rate-limit": {"rateLimit": {"average": rate_limit.average, "period": rate_limit.period,
                                     "burst": rate_limit.burst}},
        "auth-user": {"forwardAuth": {"address": f"{upstreams.identity_auth}/internal/auth/user", **forward}},
        "auth-admin": {"forwardAuth": {"address": f"{upstreams.identity_auth}/internal/auth/admin", **forward}},
    }
    return {"http": {"routers": routers, "services": services, "middlewares": middlewares}}


def write(path: Path, upstreams: Upstreams, rate_limit: RateLimit) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    # JSON is valid YAML, and Traefik's file provider reads .yml.
    path.write_text(json.dumps(render(upstreams, rate_limit), indent=2))
