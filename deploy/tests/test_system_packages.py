"""`make test` sets up what it needs from Debian itself (issue 11, "The README's commands on a fresh machine":
it failed unless nginx had been installed by hand). apt-get and sudo are stand-ins here that record how they
were called: the tests must not install anything on the machine running them."""

import os
import subprocess
from pathlib import Path

import pytest

from deploy.tests.support import ROOT

SCRIPT = ROOT / "deploy/local/install-system-packages.sh"
STAND_INS = {
    "apt-get": 'echo "apt-get $*" >> "{calls}"',
    "sudo": '[ "$1" = -n ] && shift; exec "$@"',
}


@pytest.fixture
def calls(tmp_path: Path) -> Path:
    return tmp_path / "calls.txt"


@pytest.fixture
def stand_ins(tmp_path: Path, calls: Path) -> Path:
    folder = tmp_path / "bin"
    folder.mkdir()
    for name, body in STAND_INS.items():
        (folder / name).write_text(f"#!/bin/sh\n{body.format(calls=calls)}\n")
        (folder / name).chmod(0o755)
    return folder


def run_script(stand_ins: Path, **env: str) -> subprocess.CompletedProcess[str]:
    # promtool and the headless shell are there unless a test says otherwise
    env = {"PORTAL_PROMTOOL_BINARY": "/bin/sh", "PORTAL_HEADLESS_SHELL_BINARY": "/bin/sh", **env}
    return subprocess.run(["bash", str(SCRIPT)], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PATH": f"{stand_ins}:{os.environ['PATH']}", **env})


def apt_calls(calls: Path) -> list[str]:
    return calls.read_text().splitlines() if calls.exists() else []


def test_make_test_installs_them_before_any_suite_runs() -> None:
    planned = subprocess.run(["make", "-n", "test"], cwd=ROOT, capture_output=True, text=True, check=True,
                             timeout=120).stdout.splitlines()
    install = next(i for i, line in enumerate(planned) if "install-system-packages.sh" in line)
    suites = next(i for i, line in enumerate(planned) if "-m pytest" in line)
    assert install < suites


def test_ci_leaves_the_set_up_to_make_test() -> None:
    commands = [line for line in (ROOT / ".ci/run").read_text().splitlines()
                if line.strip() and not line.startswith("#")]
    assert "apt-get" not in "\n".join(commands)
    assert commands[-1] == "make test"


def test_the_missing_ones_are_installed_with_apt_get(tmp_path: Path, stand_ins: Path, calls: Path) -> None:
    done = run_script(stand_ins, PORTAL_CHROMIUM_BINARY=str(tmp_path / "chromium"),
                      PORTAL_NGINX_BINARY=str(tmp_path / "nginx"))
    assert done.returncode == 0, done.stderr
    assert apt_calls(calls) == ["apt-get update -qq", "apt-get install -y -qq --no-install-recommends chromium nginx"]


def test_only_what_is_missing_is_installed(tmp_path: Path, stand_ins: Path, calls: Path) -> None:
    done = run_script(stand_ins, PORTAL_CHROMIUM_BINARY="/bin/sh", PORTAL_NGINX_BINARY=str(tmp_path / "nginx"))
    assert done.returncode == 0, done.stderr
    assert apt_calls(calls) == ["apt-get update -qq", "apt-get install -y -qq --no-install-recommends nginx"]


def test_nothing_happens_when_both_are_there(stand_ins: Path, calls: Path) -> None:
    done = run_script(stand_ins, PORTAL_CHROMIUM_BINARY="/bin/sh", PORTAL_NGINX_BINARY="/bin/sh")
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert apt_calls(calls) == []


def test_when_not_allowed_it_says_what_to_install(tmp_path: Path, stand_ins: Path, calls: Path) -> None:
    done = run_script(stand_ins, PORTAL_CHROMIUM_BINARY=str(tmp_path / "chromium"),
                      PORTAL_NGINX_BINARY=str(tmp_path / "nginx"), PORTAL_INSTALL_SYSTEM_PACKAGES="no")
    assert done.returncode == 1
    assert "apt-get install -y chromium nginx" in done.stderr
    assert f"missing: {tmp_path / 'chromium'} {tmp_path / 'nginx'}" in done.stderr
    assert apt_calls(calls) == []


def test_the_headless_shell_is_installed_when_missing(tmp_path: Path, stand_ins: Path, calls: Path) -> None:
    """Issue 32: the end-to-end tests drive Chromium's headless shell, a package of its own."""
    done = run_script(stand_ins, PORTAL_CHROMIUM_BINARY="/bin/sh", PORTAL_NGINX_BINARY="/bin/sh",
                      PORTAL_HEADLESS_SHELL_BINARY=str(tmp_path / "chromium-headless-shell"))
    assert done.returncode == 0, done.stderr
    assert apt_calls(calls) == ["apt-get update -qq",
                                "apt-get install -y -qq --no-install-recommends chromium-headless-shell"]


def test_prometheus_is_installed_when_promtool_is_missing(tmp_path: Path, stand_ins: Path, calls: Path) -> None:
    """Issue 21: the alert rules' tests run promtool, and the local stack runs Prometheus."""
    done = run_script(stand_ins, PORTAL_CHROMIUM_BINARY="/bin/sh", PORTAL_NGINX_BINARY="/bin/sh",
                      PORTAL_PROMTOOL_BINARY=str(tmp_path / "promtool"))
    assert done.returncode == 0, done.stderr
    assert apt_calls(calls) == ["apt-get update -qq", "apt-get install -y -qq --no-install-recommends prometheus"]


def test_make_run_sees_to_prometheus_only(tmp_path: Path, stand_ins: Path, calls: Path) -> None:
    done = run_script(stand_ins, PORTAL_CHROMIUM_BINARY=str(tmp_path / "chromium"),
                      PORTAL_NGINX_BINARY=str(tmp_path / "nginx"), PORTAL_PROMTOOL_BINARY=str(tmp_path / "promtool"),
                      PORTAL_SYSTEM_PACKAGES="prometheus")
    assert done.returncode == 0, done.stderr
    assert apt_calls(calls) == ["apt-get update -qq", "apt-get install -y -qq --no-install-recommends prometheus"]
    planned = subprocess.run(["make", "-n", "run"], cwd=ROOT, capture_output=True, text=True, check=True,
                             timeout=120).stdout
    assert "PORTAL_SYSTEM_PACKAGES=prometheus bash deploy/local/install-system-packages.sh" in planned
