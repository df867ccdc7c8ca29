"""Issue 21, Alerts: every alert rule fires on the series that should fire it and stays quiet on healthy ones,
checked by `promtool test rules` (Debian's prometheus package: deploy/local/install-system-packages.sh) against
the generated rules file; and the rules file and the PrometheusRule are both current renderings of
deploy/monitoring/alerts.py."""

import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "deploy/monitoring"))
import alerts  # noqa: E402

PROMTOOL = shutil.which("promtool") or "/usr/bin/promtool"


@dataclass(frozen=True)
class Case:
    """Series (promtool's expanding notation, one sample a minute) and what the alert says at ``at``."""

    series: dict[str, str]
    at: str
    fires: list[dict[str, str]] = field(default_factory=list)


def _http(service: str, errors: str, oks: str) -> dict[str, str]:
    return {f'portal_http_requests_total{{service="{service}",route="/api/x",method="GET",status="500"}}': errors,
            f'portal_http_requests_total{{service="{service}",route="/api/x",method="GET",status="200"}}': oks}


def _latency(service: str, slow_per_minute: int) -> dict[str, str]:
    """60 requests a minute; ``slow_per_minute`` of them take 2.5 s, the rest 50 ms."""
    fast = 60 - slow_per_minute
    buckets = {"0.05": fast, "1.0": fast, "2.5": 60, "+Inf": 60}
    return {f'portal_http_request_duration_seconds_bucket{{service="{service}",route="/api/x",method="GET",'
            f'le="{le}"}}': f"0+{count}x20" for le, count in buckets.items()}


SEAL_EXPIRES_IN_10_DAYS = str(10 * 86400)  # promtool's clock starts at 0
SEAL_EXPIRES_IN_90_DAYS = str(90 * 86400)

CASES: dict[str, tuple[Case, Case]] = {
    "PortalTargetDown": (
        Case({'up{job="documents",instance="documents:8000"}': "0x10"}, "5m",
             [{"job": "documents", "instance": "documents:8000"}]),
        Case({'up{job="documents",instance="documents:8000"}': "1x10"}, "5m")),
    "PortalHighErrorRate": (
        Case(_http("identity", "0+5x20", "0+95x20"), "12m", [{"service": "identity"}]),  # 5%
        Case(_http("identity", "0+1x20", "0+99x20"), "12m")),  # 1%
    "PortalHighLatency": (
        Case(_latency("documents", 3), "12m", [{"service": "documents"}]),  # 5% above 1 s: p99 ≈ 2.4 s
        Case(_latency("documents", 0), "12m")),
    "PortalOutboxStuck": (
        Case({'portal_outbox_oldest_unpublished_age_seconds{service="applications"}': "0 30 90 150"}, "3m",
             [{"service": "applications"}]),
        Case({'portal_outbox_oldest_unpublished_age_seconds{service="applications"}': "0 2 0 1"}, "3m")),
    "PortalConsumerBacklog": (
        Case({'portal_consumer_pending_messages{service="contracts",consumer="contracts--x"}': "1500x10"}, "7m",
             [{"service": "contracts", "consumer": "contracts--x"}]),
        Case({'portal_consumer_pending_messages{service="contracts",consumer="contracts--x"}': "20x10"}, "7m")),
    "PortalConsumerRedeliveries": (
        Case({'portal_events_redelivered_total{service="contracts",consumer="contracts--x"}': "0+2x20"}, "18m",
             [{"service": "contracts", "consumer": "contracts--x"}]),
        Case({'portal_events_redelivered_total{service="contracts",consumer="contracts--x"}': "3x20"}, "18m")),
    "PortalStorageErrors": (
        Case({'portal_documents_s3_errors_total{operation="upload_part"}': "0 0 4 4"}, "3m",
             [{"operation": "upload_part"}]),
        Case({'portal_documents_s3_errors_total{operation="upload_part"}': "4x10"}, "8m")),
    "PortalSealCertificateExpiring": (
        Case({"portal_contracts_seal_certificate_expiry_timestamp_seconds": f"{SEAL_EXPIRES_IN_10_DAYS}x5"}, "2m",
             [{}]),
        Case({"portal_contracts_seal_certificate_expiry_timestamp_seconds": f"{SEAL_EXPIRES_IN_90_DAYS}x5"},
             "2m")),
}


def _summary(alert: alerts.Alert, labels: dict[str, str]) -> str:
    text = alert.summary
    for name, value in labels.items():
        text = text.replace(f"{{{{ $labels.{name} }}}}", value)
    return text


def _test(alert: alerts.Alert, case: Case) -> dict[str, Any]:
    expected = [{"exp_labels": {**labels, "severity": alert.severity},
                 "exp_annotations": {"summary": _summary(alert, labels)}} for labels in case.fires]
    return {"interval": "1m",
            "input_series": [{"series": series, "values": values} for series, values in case.series.items()],
            "alert_rule_test": [{"eval_time": case.at, "alertname": alert.name, "exp_alerts": expected}]}


def test_every_alert_has_a_firing_and_a_quiet_case() -> None:
    assert set(CASES) == {alert.name for alert in alerts.ALERTS}


@pytest.mark.parametrize("alert", alerts.ALERTS, ids=lambda alert: alert.name)
def test_promtool_fires_the_alert_and_keeps_it_quiet(alert: alerts.Alert, tmp_path: Path) -> None:
    firing, quiet = CASES[alert.name]
    assert firing.fires and not quiet.fires
    tests = {"rule_files": [str(alerts.RULES_FILE)], "evaluation_interval": "1m",
             "tests": [_test(alert, firing), _test(alert, quiet)]}
    test_file = tmp_path / "alerts.test.yml"
    test_file.write_text(yaml.safe_dump(tests, sort_keys=False))
    result = subprocess.run([PROMTOOL, "test", "rules", str(test_file)], capture_output=True, text=True,
                            timeout=60, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_case_that_expects_the_wrong_answer_fails(tmp_path: Path) -> None:
    """The harness itself: promtool must refuse a firing case stated as quiet, or the cases prove nothing."""
    alert = alerts.ALERTS[0]
    firing, _ = CASES[alert.name]
    wrong = Case(firing.series, firing.at)
    tests = {"rule_files": [str(alerts.RULES_FILE)], "evaluation_interval": "1m", "tests": [_test(alert, wrong)]}
    test_file = tmp_path / "wrong.test.yml"
    test_file.write_text(yaml.safe_dump(tests, sort_keys=False))
    result = subprocess.run([PROMTOOL, "test", "rules", str(test_file)], capture_output=True, text=True,
                            timeout=60, check=False)
    assert result.returncode != 0


def test_the_rules_file_is_valid_and_current() -> None:
    result = subprocess.run([PROMTOOL, "check", "rules", str(alerts.RULES_FILE)], capture_output=True, text=True,
                            timeout=60, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    for path, text in alerts.rendered().items():
        assert path.read_text() == text, f"{path} is stale: run python deploy/monitoring/alerts.py"
