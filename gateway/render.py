"""Renders the route table (routes.py) into Traefik's configuration. The routers, middlewares and their
order are decided here once; the local stack, docker-compose and Kubernetes only differ in where the
services live (Upstreams) and in the shape Traefik reads them in (file provider here, CRDs in
kubernetes.py)."""

import json
from dataclasses import dataclass
from pathlib import Path

from gateway.routes import ROUTES, Route

ASSERTION_HEADER = "X-Portal-Identity"
TRACEPARENT_HEADER = "traceparent"
SERVICE_PORT = 8000  # every service in a container or pod
WEB_PORT = 8080  # the SPA's static server in a container or pod
WEB_SERVICE = "web"

# The SPA loads only its own scripts; styles may be inline because Radix injects scroll-lock styles.
# Signatures are shown as data: URLs; documents are downloaded through blob: URLs.
CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob:",
    "font-src 'self'", "connect-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'",
    "frame-ancestors 'none'",
])
# Compressing PDFs, images and uploads' downloads wastes CPU; text is where the savings are.
COMPRESSED_TYPES = ["text/html", "text/css", "text/plain", "text/javascript", "application/javascript",
                    "application/json", "image/svg+xml"]
# Every router runs these first, in this order (a download with download-headers in place of security-headers).
COMMON_CHAIN = ["security-headers", "compress", "strip-identity"]
# A JSON body is read whole by the gateway, in memory, and refused with 413 past this (issue 11); uploads
# stream past the gateway and their service bounds them.
JSON_BODY_LIMIT_BYTES = 1024 * 1024
# Traefik's own refusals and failures on /api (its 413, 502, 503, 504, and ForwardAuth's 500 when identity
# cannot be reached) are plain text; the errors middleware answers them with the portal's JSON error body
# from the SPA's server instead (deploy/local/static_site.py, deploy/web/nginx.conf). A service's own 503 is
# answered by the same page: same status and code, Retry-After included. 429 stays out: identity's own 429
# carries the account's Retry-After.
ERROR_PAGES_QUERY = "/gateway-errors/{status}.json"
GATEWAY_FAILURES = ["500", "502-504"]
# An upload's 413 is the service's own (too_large, quota_exceeded) and passes untouched.
ERRORS_BY_KIND = {"json": "gateway-errors", "upload": "gateway-errors-streamed", "download": "gateway-errors-streamed"}
# A 500 that reaches the outer errors middleware without passing SERVICE_ERRORS is Traefik's own: ForwardAuth's when
# identity cannot be reached, an outage, so 503 `unavailable` with Retry-After (issue 37). A service's own 500
# passes SERVICE_ERRORS, the last middleware of every /api route, which marks it with a status of its own
# (SERVICE_FAILED) that the outer middleware answers as the 500 it was: an outage never looks like a bug, nor a bug
# like an outage.
SERVICE_ERRORS = "service-errors"
SERVICE_FAILED = 599
OUTAGE_REWRITES = {"500": 503, str(SERVICE_FAILED): 500}
# Traefik waits for a server's answer without end by default: a request already in flight to a service that
# hangs (deadlocked, swapped out, stopped) would hang with it, and only new requests get 503 once the health
# check has taken the server out (issue 11, honest outages). Every service is reached through this transport
# instead, which gives up on response headers this late with 504, answered as `gateway_timeout` by the errors
# middleware. Go's ResponseHeaderTimeout counts from the end of the request body, so a slow upload is not cut
# short; a streamed download is not either, once its headers are out.
SERVERS_TRANSPORT = "bounded-responses"
PRODUCTION_RESPONSE_HEADER_TIMEOUT_SECONDS = 30


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


PRODUCTION_RATE_LIMIT = RateLimit(average=30, period="1m", burst=20)


def middleware_chain(route: Route) -> list[str]:
    if route.service == WEB_SERVICE:
        return list(COMMON_CHAIN)  # the SPA's pages and files
    headers = "download-headers" if route.kind == "download" else "security-headers"
    chain = [headers, "compress", "strip-identity", ERRORS_BY_KIND[route.kind]]
    if route.rate_limited:
        chain.append("rate-limit")
    if route.kind == "json":
        chain.append("body-limit")
    if route.access in ("user", "admin"):
        chain.append(f"auth-{route.access}")
    chain.append(SERVICE_ERRORS)
    return chain


def web_route() -> Route:
    """Everything that is not /api: the SPA, which falls back to index.html for its own routes."""
    return Route(WEB_SERVICE, "PathPrefix(`/`)", WEB_SERVICE, "public", priority=1)


def all_routes() -> list[tuple[Route, int]]:
    return [(route, route.priority) for route in (*ROUTES, web_route())]


def security_headers(content_security_policy: str | None) -> dict[str, object]:
    policy = {"contentSecurityPolicy": content_security_policy} if content_security_policy else {}
    return {"headers": {
        **policy,
        "frameDeny": True,
        "contentTypeNosniff": True,
        "referrerPolicy": "strict-origin-when-cross-origin",
        "permissionsPolicy": "camera=(), microphone=(), geolocation=(), payment=()",
        # HSTS only over HTTPS: at Traefik itself or at a TLS proxy in front that Traefik trusts.
        "stsSeconds": 31536000, "stsIncludeSubdomains": True,
        "sslProxyHeaders": {"X-Forwarded-Proto": "https"},
    }}


def error_pages(statuses: list[str], web: object) -> dict[str, object]:
    return {"errors": {"status": [*statuses, str(SERVICE_FAILED)], "statusRewrites": OUTAGE_REWRITES, "service": web,
                       "query": ERROR_PAGES_QUERY}}


def service_error_pages(web: object) -> dict[str, object]:
    """A service's own 500, marked as such for the outer errors middleware (OUTAGE_REWRITES)."""
    return {"errors": {"status": ["500"], "statusRewrites": {"500": SERVICE_FAILED}, "service": web,
                       "query": "/gateway-errors/500.json"}}


def middlewares(identity_auth: str, rate_limit: RateLimit, web: object = WEB_SERVICE) -> dict[str, dict[str, object]]:
    """Middleware definitions by name; the same bodies serve Traefik's file provider and its CRDs, which
    differ only in how they name the SPA's server (`web`)."""
    # identity answers with its trace context too, so the forwarded request continues ForwardAuth's trace.
    forward = {"trustForwardHeader": False, "authResponseHeaders": [ASSERTION_HEADER, TRACEPARENT_HEADER]}
    return {
        "security-headers": security_headers(CONTENT_SECURITY_POLICY),
        # A download keeps its service's Content-Security-Policy (documents: `sandbox`) instead of the SPA's.
        "download-headers": security_headers(None),
        "compress": {"compress": {"includedContentTypes": COMPRESSED_TYPES, "minResponseBodyBytes": 1024}},
        # Nobody but ForwardAuth may set the identity header: drop whatever the client sent.
        "strip-identity": {"headers": {"customRequestHeaders": {ASSERTION_HEADER: ""}}},
        "gateway-errors": error_pages(["413", *GATEWAY_FAILURES], web),
        "gateway-errors-streamed": error_pages(GATEWAY_FAILURES, web),
        SERVICE_ERRORS: service_error_pages(web),
        # A declared Content-Length over the limit is refused before the body is read, a chunked one as
        # soon as it passes the limit; nothing past it is held (no spilling to disk).
        "body-limit": {"buffering": {"maxRequestBodyBytes": JSON_BODY_LIMIT_BYTES,
                                     "memRequestBodyBytes": JSON_BODY_LIMIT_BYTES}},
        "rate-limit": {"rateLimit": {"average": rate_limit.average, "period": rate_limit.period,
                                     "burst": rate_limit.burst}},
        "auth-user": {"forwardAuth": {"address": f"{identity_auth}/internal/auth/user", **forward}},
        "auth-admin": {"forwardAuth": {"address": f"{identity_auth}/internal/auth/admin", **forward}},
    }


# uvicorn closes a connection idle for 5 s (its --timeout-keep-alive default); Traefik keeps idle ones 90 s by
# default, and its health checks (every 5 s) share the pool. A request sent on a connection the service is closing
# at that moment is answered by Traefik with 502 (seen in the restore drill under load: the first request to a
# freshly started service). So Traefik lets go of an idle connection first.
IDLE_CONNECTION_TIMEOUT = "3s"


def servers_transport(response_header_timeout_seconds: int) -> dict[str, object]:
    """How Traefik talks to the services; the same body serves the file provider and the ServersTransport CRD."""
    return {"forwardingTimeouts": {"responseHeaderTimeout": f"{response_header_timeout_seconds}s",
                                   "idleConnTimeout": IDLE_CONNECTION_TIMEOUT}}


def render(upstreams: Upstreams, rate_limit: RateLimit, entry_points: tuple[str, ...] = ("web",),
           response_header_timeout_seconds: int = PRODUCTION_RESPONSE_HEADER_TIMEOUT_SECONDS) -> dict[str, object]:
    """Traefik's dynamic configuration for its file provider (the local stack and docker-compose)."""
    routers: dict[str, object] = {
        route.name: {"rule": route.rule, "service": route.service, "middlewares": middleware_chain(route),
                     "priority": rank, "entryPoints": list(entry_points)}
        for route, rank in all_routes()
    }
    services: dict[str, object] = {
        name: {"loadBalancer": {"servers": [{"url": url} for url in urls],
                                "healthCheck": {"path": "/healthz", "interval": "5s", "timeout": "2s"},
                                "serversTransport": SERVERS_TRANSPORT}}
        for name, urls in upstreams.services.items()
    }
    services[WEB_SERVICE] = {"loadBalancer": {"servers": [{"url": upstreams.web}],
                                              "serversTransport": SERVERS_TRANSPORT}}
    return {"http": {"routers": routers, "services": services,
                     "middlewares": middlewares(upstreams.identity_auth, rate_limit),
                     "serversTransports": {SERVERS_TRANSPORT: servers_transport(response_header_timeout_seconds)}}}


def to_text(config: dict[str, object]) -> str:
    # JSON is valid YAML, and Traefik's file provider reads .yml.
    return json.dumps(config, indent=2) + "\n"


def write(path: Path, upstreams: Upstreams, rate_limit: RateLimit, response_header_timeout_seconds: int) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(to_text(render(upstreams, rate_limit,
                                   response_header_timeout_seconds=response_header_timeout_seconds)))
