"""Fixtures shared by every suite: one real portal (Postgres, NATS, SeaweedFS, services, Traefik) started
once per test run on its own ports and data directory, and helpers to make applicants. What the benchmarks use
too lives in testkit/ and is re-exported here."""

import asyncio
import contextlib
import fcntl
import json
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

# A conftest loaded from a folder of its own (deploy/tests/test_local_stack.py) finds testkit too.
if str(Path(__file__).resolve().parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).resolve().parent))

from testkit import ROOT, TEST_DATA, suite_stack
from testkit.accounts import (
    ADMIN_PASSWORD,
    ADMIN_TOTP_SECRET,
    ADMIN_USERNAME,
    FALLBACK_DATE_OF_BIRTH,
    Applicant,
    admin_login_body,
    admin_on_the_command_line,
    admin_otp,
    browser_client,
    client_address,
    id_codes_born,
    new_id_code,
    random_birth_date,
    registration,
    totp_code,
)
from testkit.suite_stack import (
    BIN,
    GATEWAY_RESPONSE_TIMEOUT_SECONDS,
    TEST_RATE_LIMIT,
    Stack,
    interrupt_once,
)

__all__ = ["ADMIN_PASSWORD", "ADMIN_TOTP_SECRET", "ADMIN_USERNAME", "FALLBACK_DATE_OF_BIRTH",
           "GATEWAY_RESPONSE_TIMEOUT_SECONDS", "ROOT", "TEST_DATA", "TEST_RATE_LIMIT", "Applicant", "admin_login_body",
           "admin_otp", "browser_client", "client_address", "id_codes_born", "new_id_code", "random_birth_date",
           "registration", "totp_code"]


def eventually(check: Callable[[], Any], timeout: float = 10.0, what: str = "condition") -> Any:
    """Polls ``check`` until it returns something truthy and returns that; services learn of each other's
    changes from events, asynchronously."""
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} not met within {timeout:.0f}s")
        time.sleep(0.1)


def _answers(url: str) -> bool:
    try:
        return httpx.get(url, timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


# A fresh service process imports, migrates nothing and connects to Postgres, NATS and S3 in a few seconds, but
# on a 2-core machine that also runs the stack's suites beside Vitest it has taken over a minute.
REPLICA_START_SECONDS = 180


@contextlib.contextmanager
def extra_replica(stack: Stack, service: str, replica: int, **settings: str) -> Iterator[str]:
    """One more process of ``service`` beside the stack's (same database, broker and storage) with settings of
    its own, on the port of replica ``replica``; yields its URL and stops it when the block ends."""
    url = stack.service_url(service, replica)
    log = (stack.logs / f"{service}-extra-{replica}.log").open("ab")
    process = subprocess.Popen([str(BIN / "uvicorn"), f"{service}.main:app", "--host", "127.0.0.1", "--port",
                                url.rsplit(":", 1)[1], "--no-access-log"], env={**stack.env, **settings},
                               cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        eventually(lambda: process.poll() is not None or _answers(f"{url}/readyz"), timeout=REPLICA_START_SECONDS,
                   what=f"{service} replica {replica} ready")
        assert process.poll() is None, f"{service} replica {replica} exited; see {log.name}"
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


# What a failed test's report shows of the stack's own logs: only warnings and errors, the newest last.
REPORTED_LOG_LINES = 40
REPORTED_LINE_CHARACTERS = 700
LOG_PROBLEM_LEVELS = {"warning", "warn", "error", "critical", "fatal", "panic"}
# SeaweedFS mini's maintenance worker dials its admin server at the admin port + 10000, not at the gRPC port the
# stack names (stack.py: that one would land among the kernel's outgoing ports), and says so every few seconds.
KNOWN_NOISE = ("worker stream",)


def _log_problem(line: str) -> str | None:
    """A warning or error from a service's or Traefik's JSON log line, or SeaweedFS's glog line (``W1128 ...``,
    ``E1128 ...``), shortened to what says why: a traceback's last line stands for it."""
    if any(noise in line for noise in KNOWN_NOISE):
        return None
    if line[:1] in ("W", "E") and line[1:5].isdigit():
        return line
    try:
        entry = json.loads(line)
    except ValueError:
        return None
    if not isinstance(entry, dict) or str(entry.get("level", "")).lower() not in LOG_PROBLEM_LEVELS:
        return None
    error = str(entry.get("error", "")).strip().splitlines()
    return " ".join(str(part) for part in (entry.get("time"), entry.get("level"), entry.get("logger", ""),
                                           entry.get("message"), error[-1] if error else "") if part)


def _stack_log_problems(logs: Path, offsets: dict[Path, int]) -> list[str]:
    problems: list[str] = []
    for log in sorted(logs.glob("*.log")):
        with log.open("rb") as file:
            file.seek(offsets.get(log, 0))
            for raw in file.read().decode("utf-8", "replace").splitlines():
                problem = _log_problem(raw)
                if problem is not None:
                    problems.append(f"{log.stem}: {problem[:REPORTED_LINE_CHARACTERS]}")
    return problems[-REPORTED_LOG_LINES:]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """A test on the stack that fails has the warnings and errors its processes logged meanwhile added to its
    report: CI shows only pytest's output, and a 503 says no more than "unavailable"."""
    running = getattr(item, "funcargs", {}).get("stack")
    if not isinstance(running, Stack):
        return (yield)
    offsets = {log: log.stat().st_size for log in running.logs.glob("*.log")}
    try:
        return (yield)
    except BaseException:
        problems = _stack_log_problems(running.logs, offsets)
        item.add_report_section("call", "stack logs (warnings and errors)", "\n".join(problems) or "none")
        raise


# Fixtures that stop or pause a process of the stack: a test using one runs alone (issue 32, testkit/stack_suites.py).
EXCLUSIVE_FIXTURES = {"applications_service", "storage"}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Before `-m` selects: every test that needs the stack is marked `stack` (`make test-quick` runs the others),
    and one that uses a fixture of EXCLUSIVE_FIXTURES `exclusive`."""
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if "stack" in fixtures:
            item.add_marker(pytest.mark.stack)
        if fixtures & EXCLUSIVE_FIXTURES:
            item.add_marker(pytest.mark.exclusive)


@pytest.fixture(autouse=True)
def one_at_a_time(request: pytest.FixtureRequest) -> Iterator[None]:
    """`@pytest.mark.one_at_a_time("name")`: tests of the same name never run at once, in any parallel worker
    (a lock file under .test-data/locks); they still run beside every other test (issue 32)."""
    marker = request.node.get_closest_marker("one_at_a_time")
    if marker is None:
        yield
        return
    locks = TEST_DATA / "locks"
    locks.mkdir(parents=True, exist_ok=True)
    with (locks / f"{marker.args[0]}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


@pytest.fixture(autouse=True)
def no_browser_event_loop_marked_running(request: pytest.FixtureRequest) -> Iterator[None]:
    """A worker's browser (web/e2e/conftest.py, one per worker for the whole run) leaves Playwright's event loop
    marked as this thread's running loop between its calls, so a later test on that worker that runs a loop of its
    own (asyncio.run, an async test) was refused: "cannot be called from a running event loop" (run 43). Such a
    test runs with the mark cleared, and the browser gets it back afterwards; a browser test keeps it."""
    browser_loop = asyncio.events._get_running_loop()
    if browser_loop is None or "browser" in request.fixturenames:
        yield
        return
    asyncio.events._set_running_loop(None)
    try:
        yield
    finally:
        asyncio.events._set_running_loop(browser_loop)


@pytest.fixture(name="eventually")
def eventually_fixture() -> Callable[..., Any]:
    return eventually


@pytest.fixture(scope="session")
def stack() -> Iterator[Stack]:
    """The suites' stack: testkit/stack_suites.py's for its parallel workers (they attach to it), else one of this
    run's own, started empty and stopped at the end."""
    if suite_stack.attaching():
        attached = Stack.attached(suite_stack.suite_config())
        _ensure_worker_admin(attached)
        yield attached
        return
    config = suite_stack.suite_config()
    shutil.rmtree(config.data_dir, ignore_errors=True)  # each run starts empty; the last run's logs stay for reading
    running = Stack(config)
    # SIGTERM would end pytest at once, and a second Ctrl-C would cut the stop short: either left the stack's
    # processes running with their ports. Now the first one ends the session and the stack always stops.
    with interrupt_once():
        running.start()
        try:
            yield running
        finally:
            running.stop()


def _ensure_worker_admin(running: Stack) -> None:
    """This worker's own admin (testkit.accounts.ADMIN_USERNAME), enrolled with the tests' TOTP secret."""
    env = {**running.env, "PORTAL_ADMIN_USERNAME": ADMIN_USERNAME, "PORTAL_ADMIN_PASSWORD": ADMIN_PASSWORD,
           "PORTAL_ADMIN_TOTP_SECRET": ADMIN_TOTP_SECRET}
    made = subprocess.run([sys.executable, "-m", "identity", "ensure-admin"], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert made.returncode == 0, made.stdout + made.stderr


def nats_login(stack: Stack, service: str) -> dict[str, str]:
    """nats.connect's arguments to connect as one service: NATS knows only the services' users, and each
    may publish its own events only (deploy/k8s/base/nats-users.conf)."""
    prefix = service.upper()
    return {"user": stack.env[f"{prefix}_NATS_USER"], "password": stack.env[f"{prefix}_NATS_PASSWORD"]}


@pytest.fixture(scope="session")
def gateway(stack: Stack) -> str:
    return stack.gateway_url


@pytest.fixture
def client(gateway: str) -> Iterator[httpx.Client]:
    with browser_client(gateway) as c:
        yield c


@pytest.fixture
def make_applicant(gateway: str) -> Iterator[Callable[..., Applicant]]:
    clients: list[httpx.Client] = []

    def make(**overrides: Any) -> Applicant:
        c = browser_client(gateway)
        clients.append(c)
        body = registration(**overrides)
        response = c.post("/api/register", json=body)
        assert response.status_code == 201, response.text
        return Applicant(c, response.json(), body["password"])

    yield make
    for c in clients:
        c.close()


UNENROLLED_ADMIN_PASSWORD = "a-long-admin-password"


def new_admin(stack: Stack) -> str:
    """An admin made on the command line without PORTAL_ADMIN_TOTP_SECRET: no second factor yet; its username."""
    name = f"boss{uuid.uuid4().hex[:8]}"
    admin_on_the_command_line(stack.env, name, password=UNENROLLED_ADMIN_PASSWORD)
    return name


@pytest.fixture(scope="session")
def unenrolled_admin_client(stack: Stack, gateway: str) -> Iterator[httpx.Client]:
    """Signed in as an admin who has not passed a second factor (just invited, or reset): the password alone."""
    name = new_admin(stack)
    with browser_client(gateway) as c:
        response = c.post("/api/login", json={"username": name, "password": UNENROLLED_ADMIN_PASSWORD})
        assert response.status_code == 200 and response.json()["secondFactorPassed"] is False, response.text
        yield c


@pytest.fixture
def retire_admins(admin_client: httpx.Client) -> Iterator[list[int]]:
    """The ids of admins with a real address that the test made: they are deactivated after it. Otherwise every
    application the rest of the run makes e-mails each of them too: a run's admin e-mails were the notification
    service's largest work (issue 32)."""
    ids: list[int] = []
    yield ids
    for admin_id in ids:
        retired = admin_client.post(f"/api/admin/admins/{admin_id}/deactivate")
        assert retired.status_code == 200, retired.text


@pytest.fixture(scope="session")
def admin_session(gateway: str) -> httpx.Cookies:
    """The cookies of this test process's one signed-in session of its admin (admin_client)."""
    return httpx.Cookies()


def _signed_in_as_the_admin(client: httpx.Client) -> bool:
    me = client.get("/api/user")
    return me.status_code == 200 and me.json().get("username") == ADMIN_USERNAME \
        and me.json().get("secondFactorPassed") is True


@pytest.fixture
def admin_client(gateway: str, admin_session: httpx.Cookies) -> Iterator[httpx.Client]:
    """A client signed in as this process's test admin. Every test shares one session: each sign-in uses up a
    one-time code (issue 37), so a new one is made only when a test ended the last (signed it out, or the admin's
    sessions were revoked) or it lost its second factor."""
    with browser_client(gateway) as c:
        c.cookies.update(admin_session)
        if not admin_session or not _signed_in_as_the_admin(c):
            c.cookies.clear()
            response = c.post("/api/login", json=admin_login_body())
            assert response.status_code == 200, response.text
            admin_session.clear()
            admin_session.update(c.cookies)
        yield c
