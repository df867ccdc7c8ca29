"""Issue 21, Alerts and a dashboard: the Grafana dashboard deploy/monitoring/grafana/portal.json shows the golden
signals per service, uploads, the outbox and consumer lag, and every metric its queries name is exported: by the
services (their metrics modules, read from prometheus_client's registry) or by Traefik. Every query is valid PromQL
(`promtool check rules` parses it)."""

import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from deploy.tests.exported_metrics import METRIC_NAME, TRAEFIK_METRICS, exported_metrics, portal_metrics

ROOT = Path(__file__).resolve().parents[2]
DASHBOARD = ROOT / "deploy/monitoring/grafana/portal.json"
PROMTOOL = shutil.which("promtool") or "/usr/bin/promtool"

# What the dashboard must show (issue 21): rate, errors and p99 latency per service, saturation (database pool),
# uploads in flight and bytes, the outbox backlog and its age, consumers' pending counts and redeliveries.
REQUIRED = {"portal_http_requests_total", "portal_http_request_duration_seconds_bucket",
            "portal_db_pool_connections_in_use", "portal_documents_uploads_in_flight",
            "portal_documents_upload_bytes_received_total", "portal_outbox_unpublished_events",
            "portal_outbox_oldest_unpublished_age_seconds", "portal_consumer_pending_messages",
            "portal_events_redelivered_total"}
PER_SERVICE = {"portal_http_requests_total", "portal_http_request_duration_seconds_bucket",
               "portal_db_pool_connections_in_use"}
KEYWORDS = {"by", "without", "on", "ignoring", "group_left", "group_right", "offset", "bool", "and", "or", "unless",
            "atan2", "inf", "nan", "start", "end"}
GROUPING = re.compile(r"\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^()]*\)")
STRING = re.compile(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|`[^`]*`')
TOKEN = re.compile(r"(?P<number>0x[0-9a-fA-F]+|\d+(?:\.\d*)?(?:[eE][+-]?\d+)?(?:ms|[smhdwy])*)"
                   r"|(?P<name>[a-zA-Z_:][a-zA-Z0-9_:]*)(?P<call>\s*\()?")
GRAFANA_RANGES = re.compile(r"\$__(?:rate_interval|interval|range)\b")
GRAFANA_VARIABLE = re.compile(r"\$\{?\w+\}?")


def grafana_to_promql(expr: str) -> str:
    """The query as Grafana sends it: its range variables become a duration, the others (inside label matchers)
    a regular expression."""
    return GRAFANA_VARIABLE.sub(".*", GRAFANA_RANGES.sub("5m", expr))


def metric_names(expr: str) -> set[str]:
    """The metric names a PromQL expression selects: every identifier that is not a function or aggregation (a
    name followed by an opening parenthesis), a keyword, a label (inside {...} or a grouping clause) or inside a
    string or a range. Selecting by {__name__=...} is refused: the name would hide in a string."""
    if "__name__" in expr:
        raise ValueError(f"select metrics by name, not with __name__: {expr}")
    stripped = STRING.sub('""', grafana_to_promql(expr))
    stripped = re.sub(r"\{[^{}]*\}", " ", stripped)
    stripped = re.sub(r"\[[^\[\]]*\]", " ", stripped)
    stripped = GROUPING.sub(" ", stripped)
    return {match["name"] for match in TOKEN.finditer(stripped)
            if match["name"] and not match["call"] and match["name"].lower() not in KEYWORDS}


def _dashboard() -> dict[str, Any]:
    dashboard: dict[str, Any] = json.loads(DASHBOARD.read_text())
    return dashboard


def _panels(dashboard: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for panel in dashboard["panels"]:
        yield panel
        yield from panel.get("panels", [])


def panel_queries(dashboard: dict[str, Any]) -> list[str]:
    return [target["expr"] for panel in _panels(dashboard) for target in panel.get("targets", [])]


def queries(dashboard: dict[str, Any]) -> list[str]:
    """Every PromQL expression of the dashboard: its panels' targets and its query variables' label_values()."""
    found = panel_queries(dashboard)
    for variable in dashboard["templating"]["list"]:
        if variable["type"] == "query":
            query = variable["query"]["query"] if isinstance(variable["query"], dict) else variable["query"]
            [selector] = re.fullmatch(r"label_values\((.+),\s*\w+\)", query).groups()  # type: ignore[union-attr]
            found.append(selector)
    return found


def unexported(dashboard: dict[str, Any]) -> set[str]:
    return set().union(*(metric_names(expr) for expr in queries(dashboard))) - exported_metrics()


@pytest.mark.parametrize(("expr", "names"), [
    ('sum by (service) (rate(portal_http_requests_total{service=~"$service",status=~"5.."}[$__rate_interval]))',
     {"portal_http_requests_total"}),
    ("histogram_quantile(0.99, sum by (le) (rate(a_bucket[5m]))) > bool 1e3", {"a_bucket"}),
    ("a / on (job) group_left (instance) b offset 1h30m", {"a", "b"}),
    ('label_replace(up{job="x"}, "dst", "$1", "src", "(.*)") or vector(0)', {"up"}),
    ("sum without (pod) (rate(c_total[1m:10s])) unless d", {"c_total", "d"}),
])
def test_metric_names_are_read_from_promql(expr: str, names: set[str]) -> None:
    assert metric_names(expr) == names


def test_a_name_selector_is_refused() -> None:
    with pytest.raises(ValueError, match="__name__"):
        metric_names('{__name__="portal_http_requests_total"}')


def test_the_exported_names_come_from_the_services_registry() -> None:
    names = portal_metrics()
    # A counter is exported with _total, a histogram as _bucket/_sum/_count, a gauge as it is.
    assert {"portal_http_requests_total", "portal_http_request_duration_seconds_bucket",
            "portal_documents_uploads_in_flight", "portal_identity_sign_ins_total",
            "portal_emails_queued"} <= names
    assert "portal_http_requests" not in names and "portal_http_request_duration_seconds" not in names


def test_every_metric_the_dashboard_names_is_exported() -> None:
    dashboard = _dashboard()
    assert not unexported(dashboard), "the dashboard names metrics nobody exports"
    used = set().union(*(metric_names(expr) for expr in queries(dashboard)))
    assert REQUIRED <= used, f"missing from the dashboard: {REQUIRED - used}"
    assert used & TRAEFIK_METRICS, "the gateway's own metrics are shown too"


@pytest.mark.parametrize("misspelt", ["portal_http_request_total", "portal_documents_uploads_inflight",
                                      "traefik_entrypoint_request_total"])
def test_a_metric_nobody_exports_is_caught(misspelt: str) -> None:
    dashboard = _dashboard()
    panel = next(p for p in _panels(dashboard) if p.get("targets"))
    panel["targets"].append({"refId": "Z", "expr": f"sum(rate({misspelt}[$__rate_interval]))"})
    assert unexported(dashboard) == {misspelt}


def test_the_golden_signals_are_per_service_and_filtered_by_the_service_variable() -> None:
    dashboard = _dashboard()
    [service] = [v for v in dashboard["templating"]["list"] if v["name"] == "service"]
    assert service["multi"] and service["includeAll"]
    for expr in panel_queries(dashboard):
        if metric_names(expr) & PER_SERVICE:
            assert 'service=~"$service"' in expr and re.search(r"by \([^)]*service", expr), expr


def test_every_query_is_valid_promql(tmp_path: Path) -> None:
    """promtool parses each query as a recording rule's expression (with Grafana's variables filled in)."""
    rules = {"groups": [{"name": "dashboard", "rules": [
        {"record": f"dashboard:query{number}", "expr": grafana_to_promql(expr)}
        for number, expr in enumerate(queries(_dashboard()))]}]}
    path = tmp_path / "dashboard-rules.yml"
    path.write_text(yaml.safe_dump(rules))
    result = subprocess.run([PROMTOOL, "check", "rules", str(path)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    # And promtool does refuse a broken one, so the check means something.
    broken = {"groups": [{"name": "x", "rules": [{"record": "x:y", "expr": "sum(rate(a[5m])"}]}]}
    path.write_text(yaml.safe_dump(broken))
    assert subprocess.run([PROMTOOL, "check", "rules", str(path)], capture_output=True, timeout=60).returncode != 0


def test_panels_are_well_formed() -> None:
    dashboard = _dashboard()
    panels = list(_panels(dashboard))
    assert len({p["id"] for p in panels}) == len(panels), "panel ids are unique"
    assert dashboard["uid"] and dashboard["schemaVersion"] >= 36
    for panel in panels:
        assert {"h", "w", "x", "y"} <= set(panel["gridPos"]) and panel["gridPos"]["x"] + panel["gridPos"]["w"] <= 24
        if panel["type"] != "row":
            assert panel["datasource"] == {"type": "prometheus", "uid": "${datasource}"}, panel["title"]
            assert panel["targets"] and all(METRIC_NAME.search(t["expr"]) for t in panel["targets"]), panel["title"]
            assert len({t["refId"] for t in panel["targets"]}) == len(panel["targets"]), panel["title"]
