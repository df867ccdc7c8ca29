"""The names of the Prometheus series the portal exports, for the tests of what queries them (the Grafana dashboard,
KEDA's trigger): the services' own, read from prometheus_client's registry after importing every metrics module,
and the Traefik series the portal's queries use."""

import importlib
import re
from functools import cache

from prometheus_client import REGISTRY

METRICS_MODULES = ("portal_common.metrics", "documents.metrics", "identity.metrics", "contracts.metrics",
                   "notifications.metrics")
# The sample names each kind of family exports (prometheus_client's exposition: a counter named x is x_total).
SUFFIXES = {"counter": ("_total", "_created"), "gauge": ("",), "histogram": ("_bucket", "_sum", "_count", "_created"),
            "summary": ("", "_sum", "_count", "_created"), "info": ("_info",), "stateset": ("",), "enum": ("",),
            "unknown": ("",)}
# Traefik's Prometheus series the queries use (Traefik v3 documentation, Observability > Metrics: global and
# entry point metrics; Traefik adds entry point labels by default). test_compose_gateway.py scrapes a real Traefik
# and finds every one of them.
TRAEFIK_METRICS = frozenset({"traefik_entrypoint_requests_total", "traefik_entrypoint_request_duration_seconds_bucket",
                             "traefik_open_connections", "traefik_config_last_reload_success"})
METRIC_NAME = re.compile(r"[a-zA-Z_:][a-zA-Z0-9_:]*")


@cache
def portal_metrics() -> frozenset[str]:
    """Every sample name the services export: their own families and prometheus_client's process and Python ones."""
    for module in METRICS_MODULES:
        importlib.import_module(module)
    return frozenset(family.name + suffix for family in REGISTRY.collect() for suffix in SUFFIXES[family.type])


def exported_metrics() -> frozenset[str]:
    return portal_metrics() | TRAEFIK_METRICS
