"""The route table as Traefik's Kubernetes CRDs: one IngressRoute, its Middlewares and the ServersTransport
every service is reached through. Traefik balances straight over each Service's ready pods, so scaling a
Deployment needs no change here."""

from gateway.render import (
    PRODUCTION_RESPONSE_HEADER_TIMEOUT_SECONDS,
    SERVERS_TRANSPORT,
    SERVICE_PORT,
    WEB_PORT,
    WEB_SERVICE,
    RateLimit,
    all_routes,
    middleware_chain,
    middlewares,
    servers_transport,
)

API_VERSION = "traefik.io/v1alpha1"
NAMESPACE = "portal"
TLS_CERTIFICATE = "portal-tls"  # a kubernetes.io/tls Secret made by the operator or cert-manager; see deploy/README.md
LABELS = {"app.kubernetes.io/part-of": "shelf-board", "app.kubernetes.io/component": "gateway"}


def _metadata(name: str) -> dict[str, object]:
    return {"name": name, "namespace": NAMESPACE, "labels": dict(LABELS)}


def identity_auth_url() -> str:
    # ForwardAuth is called from Traefik's own namespace, so the address is fully qualified.
    return f"http://identity.{NAMESPACE}.svc.cluster.local:{SERVICE_PORT}"


def ingress_route() -> dict[str, object]:
    routes = [
        {"kind": "Rule", "match": route.rule, "priority": rank,
         "middlewares": [{"name": name} for name in middleware_chain(route)],
         "services": [{"name": route.service, "port": WEB_PORT if route.service == WEB_SERVICE else SERVICE_PORT,
                       "serversTransport": SERVERS_TRANSPORT}]}
        for route, rank in all_routes()
    ]
    return {"apiVersion": API_VERSION, "kind": "IngressRoute", "metadata": _metadata("portal"),
            "spec": {"entryPoints": ["websecure"], "routes": routes, "tls": {"secretName": TLS_CERTIFICATE}}}


def render(
    rate_limit: RateLimit, response_header_timeout_seconds: int = PRODUCTION_RESPONSE_HEADER_TIMEOUT_SECONDS,
) -> list[dict[str, object]]:
    # The errors middleware names the SPA's Kubernetes Service, by name and port, for its JSON error pages.
    web = {"name": WEB_SERVICE, "port": WEB_PORT, "serversTransport": SERVERS_TRANSPORT}
    objects: list[dict[str, object]] = [
        {"apiVersion": API_VERSION, "kind": "Middleware", "metadata": _metadata(name), "spec": spec}
        for name, spec in middlewares(identity_auth_url(), rate_limit, web).items()
    ]
    # Named without a namespace, the transport is looked up in each Service's own: this one.
    transport: dict[str, object] = {"apiVersion": API_VERSION, "kind": "ServersTransport",
                                    "metadata": _metadata(SERVERS_TRANSPORT),
                                    "spec": servers_transport(response_header_timeout_seconds)}
    return [*objects, transport, ingress_route()]
