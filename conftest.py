"""Fixtures shared by every suite: one real portal (Postgres, NATS, SeaweedFS, services, Traefik) started
once per test run on its own ports and data directory, and helpers to make applicants."""

import contextlib
import json
import os
import random
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import httpx
import pyotp
import pytest

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "deploy" / "local"))

from stack import BIN, Ports, RateLimit, Stack, StackConfig, interrupt_once  # noqa: E402

from identity.estonian_id import birth_date_in, check_digit  # noqa: E402

TEST_DATA = ROOT / ".test-data"
ADMIN_USERNAME = "admin"
ADMIN_PASSWORD = "admin-test-password"
# The admin is enrolled with this TOTP secret (PORTAL_ADMIN_TOTP_SECRET, issue 15), so tests can give the code.
ADMIN_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"
# Generous enough for a whole suite registering from one address; the rate-limit test outruns it.
TEST_RATE_LIMIT = RateLimit(average=10, period="1s", burst=30)
# The gateway's 504 for a service that never answers comes this soon (production: 30 s); still under the
# clients' own 15 s timeout, so a slow request fails as before rather than as a 504.
GATEWAY_RESPONSE_TIMEOUT_SECONDS = 10


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


def admin_otp() -> str:
    """The admin's current one-time code; it may be given again within its 30 s step (README, Second factor)."""
    return pyotp.TOTP(ADMIN_TOTP_SECRET).now()


def admin_login_body() -> dict[str, str]:
    """POST /api/login's body that signs the test admin in, second factor included."""
    return {"username": ADMIN_USERNAME, "password": ADMIN_PASSWORD, "otp": admin_otp()}


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


@pytest.fixture(name="eventually")
def eventually_fixture() -> Callable[..., Any]:
    return eventually


@pytest.fixture(scope="session")
def stack() -> Iterator[Stack]:
    # Two runs side by side (say, two developers' worktrees) each pick their own base.
    base = int(os.environ.get("PORTAL_TEST_PORT_BASE", "28000"))
    data_dir = TEST_DATA / f"stack-{base}"
    shutil.rmtree(data_dir, ignore_errors=True)  # each run starts empty; the last run's logs stay for reading
    config = StackConfig(data_dir=data_dir, ports=Ports(base=base, gateway=base + 80), documents_replicas=2,
                         rate_limit=TEST_RATE_LIMIT, response_header_timeout_seconds=GATEWAY_RESPONSE_TIMEOUT_SECONDS,
                         admin_username=ADMIN_USERNAME, admin_password=ADMIN_PASSWORD,
                         admin_totp_secret=ADMIN_TOTP_SECRET,
                         extra_env={"PORTAL_OUTBOX_POLL_SECONDS": "0.1", "PORTAL_LOG_LEVEL": "INFO",
                                    # the scheduled expiry's tests wait for a round (issue 13)
                                    "CONTRACTS_EXPIRY_INTERVAL_SECONDS": "1",
                                    # e-mails go out within half a second (issue 14)
                                    "NOTIFICATIONS_SEND_INTERVAL_SECONDS": "0.5",
                                    # above the memory budget of the streaming tests, so they prove it flat
                                    "DOCUMENTS_MAX_UPLOAD_BYTES": str(64 * 1024 * 1024)})
    running = Stack(config)
    # SIGTERM would end pytest at once, and a second Ctrl-C would cut the stop short: either left the stack's
    # processes running with their ports. Now the first one ends the session and the stack always stops.
    with interrupt_once():
        running.start()
        try:
            yield running
        finally:
            running.stop()


def nats_login(stack: Stack, service: str) -> dict[str, str]:
    """nats.connect's arguments to connect as one service: NATS knows only the services' users, and each
    may publish its own events only (deploy/k8s/base/nats-users.conf)."""
    prefix = service.upper()
    return {"user": stack.env[f"{prefix}_NATS_USER"], "password": stack.env[f"{prefix}_NATS_PASSWORD"]}


@pytest.fixture(scope="session")
def gateway(stack: Stack) -> str:
    return stack.gateway_url


def browser_client(base_url: str) -> httpx.Client:
    """An API client that behaves like the SPA in a browser: same-origin Origin header, keeps cookies."""
    return httpx.Client(base_url=base_url, headers={"Origin": base_url}, timeout=15)


@pytest.fixture
def client(gateway: str) -> Iterator[httpx.Client]:
    with browser_client(gateway) as c:
        yield c


FIRST_DIGITS_BY_CENTURY = {18: "12", 19: "34", 20: "56"}
# The date of birth sent with an ID code that carries none (an invalid one, in tests of the rules).
FALLBACK_DATE_OF_BIRTH = "1980-04-12"


def random_birth_date(rng: random.Random | None = None) -> date:
    rng = rng or random.Random()
    return date(rng.randint(1950, 1999), rng.randint(1, 12), rng.randint(1, 28))


def new_id_code(rng: random.Random | None = None, born: date | None = None) -> str:
    """A valid, almost surely unused Estonian ID code of someone born on `born` (a random day of 1950-1999
    unless given)."""
    return id_codes_born(born or random_birth_date(rng), 1, rng)[0]


def id_codes_born(born: date, count: int, rng: random.Random | None = None) -> list[str]:
    """`count` different valid ID codes that all carry the birth date `born` (spec §5)."""
    rng = rng or random.Random()
    first_digits = FIRST_DIGITS_BY_CENTURY[born.year // 100]
    serials = rng.sample(range(len(first_digits) * 1000), count)
    codes = []
    for serial in serials:
        first_ten = f"{first_digits[serial // 1000]}{born:%y%m%d}{serial % 1000:03d}"
        codes.append(first_ten + str(check_digit(first_ten)))
    return codes


def registration(**overrides: Any) -> dict[str, Any]:
    """A registration body that passes every rule: the date of birth is the one the ID code carries, and the
    contract is signed with the body's own full name and ID code (issue 13), unless overridden."""
    tag = uuid.uuid4().hex[:10]
    id_code = overrides.get("idCode", new_id_code())
    full_name = overrides.get("fullName", "Mari Maasikas")
    code_date = birth_date_in(id_code) if isinstance(id_code, str) else None
    body: dict[str, Any] = {
        "username": f"user{tag}", "password": "correct-horse-1", "confirmPassword": "correct-horse-1",
        "fullName": full_name, "email": f"mari.{tag}@example.com", "phone": "+372 5551 2345",
        "dateOfBirth": code_date.isoformat() if code_date else FALLBACK_DATE_OF_BIRTH, "idCode": id_code,
        "city": "Tallinn", "consentTerms": True, "consentPrivacy": True, "employmentContract": True,
        "contractSignedName": full_name, "contractSignedIdCode": id_code, "language": "et",
    }
    body.update(overrides)
    return body


@dataclass
class Applicant:
    client: httpx.Client
    user: dict[str, Any]
    password: str


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


@pytest.fixture
def admin_client(gateway: str) -> Iterator[httpx.Client]:
    with browser_client(gateway) as c:
        response = c.post("/api/login", json=admin_login_body())
        assert response.status_code == 200, response.text
        yield c
