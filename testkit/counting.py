"""A pytest plugin that counts the tests' outcomes and writes them as JSON to $PORTAL_TEST_COUNTS at the end, so
testkit/stack_suites.py can add up its two parts in one closing line. Under pytest-xdist only the controller
counts: it sees every worker's reports."""

import json
import os
from pathlib import Path

import pytest

COUNTED = ("passed", "failed", "error", "skipped", "xfailed", "xpassed")


class Counts:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.counts = dict.fromkeys(COUNTED, 0)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when == "call":
            outcome: str = report.outcome
            if hasattr(report, "wasxfail"):
                outcome = "xpassed" if report.passed else "xfailed"
            self.counts[outcome] += 1
        elif report.failed:  # a setup or a teardown that failed
            self.counts["error"] += 1
        elif report.when == "setup" and report.skipped:
            self.counts["xfailed" if hasattr(report, "wasxfail") else "skipped"] += 1

    def pytest_sessionfinish(self) -> None:
        self.path.write_text(json.dumps(self.counts))


def pytest_configure(config: pytest.Config) -> None:
    path = os.environ.get("PORTAL_TEST_COUNTS")
    if path and not hasattr(config, "workerinput"):
        config.pluginmanager.register(Counts(Path(path)), "portal-test-counts")
