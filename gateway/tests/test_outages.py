"""Honest outages (issue 11): when something a request needs is down, the answer says so at once: 503 with
the portal's error body (code `unavailable`) and Retry-After within 3 s, through the gateway and straight at
a service, and everything recovers when it is back. Writes go to the outbox, so NATS being down costs them
nothing. Traefik's own answers while a service is away (502, 503, ForwardAuth's 500) are the same JSON error
body, not plain text. Each test takes one component of the stack down for real and brings it back."""

import contextlib
import os
import re
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest

from conftest import browser_client, eventually, registration

# Issue 32: alone on the stack, after the parallel part: it stops and pauses Postgres, NATS, SeaweedFS and services.
pytestmark = pytest.mark.exclusive

ANSWER_WITHIN_SECONDS = 3.0
ERROR_KEYS = {"message", "code", "fields"}
CONTACT = {"name": "Mari Maasikas", "email": "mari@example.com", "subject": "Outage",
           "message": "Is anyone there while the lights are out?"}


def _entry(stack: Any, name: str) -> tuple[str, subprocess.Popen[bytes], Any]:
    entry: tuple[str, subprocess.Popen[bytes], Any] = next(e for e in stack.processes if e[0] == name)
    return entry


def _children(pid: int) -> list[int]:
    """The processes a process started, from /proc (PostgreSQL's backends each lead a process group of their
    own, so signalling the postmaster's group would leave them running)."""
    children = []
    for status in Path("/proc").glob("[0-9]*/status"):
        with contextlib.suppress(OSError):
            parent = re.search(r"^PPid:\s+(\d+)", status.read_text(), re.MULTILINE)
            if parent and int(parent.group(1)) == pid:
                children.append(int(status.parent.name))
    return children


@contextlib.contextmanager
def paused(stack: Any, name: str) -> Iterator[None]:
    """The component and every process it started stopped in their tracks (SIGSTOP): a server that hangs."""
    main = _entry(stack, name)[1].pid
    os.kill(main, signal.SIGSTOP)  # first, so it starts no more
    stopped = [main, *_children(main)]
    for pid in stopped[1:]:
        os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        for pid in reversed(stopped):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)


def _postgres_answers(stack: Any) -> bool:
    try:
        with psycopg.connect(stack.database_url("postgres"), connect_timeout=2):
            return True
    except psycopg.Error:
        return False


@contextlib.contextmanager
def postgres_down(stack: Any) -> Iterator[None]:
    """Postgres shut down (a crash or a restart, as its clients see it), then started again as the stack did."""
    from stack import POSTGRES_USER_WHEN_ROOT  # deploy/local, on the path through the root conftest

    entry = _entry(stack, "postgres")
    _, process, log = entry
    command = list(process.args)
    process.send_signal(signal.SIGINT)  # fast shutdown: every connection is closed
    process.wait(timeout=30)
    stack.processes.remove(entry)
    log.close()
    try:
        yield
    finally:
        user = POSTGRES_USER_WHEN_ROOT if os.geteuid() == 0 else None
        # Back at the start of the list, so the stack still stops it after the services.
        stack._spawn("postgres", command, user=user)
        stack.processes.insert(0, stack.processes.pop())
        eventually(partial(_postgres_answers, stack), timeout=60, what="postgres back")


@contextlib.contextmanager
def service_down(stack: Any, name: str) -> Iterator[None]:
    """One service process stopped, as in a restart, and started again with the stack's own command."""
    entry = _entry(stack, name)
    _, process, log = entry
    command = list(process.args)
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=20)
    stack.processes.remove(entry)
    log.close()
    try:
        yield
    finally:
        stack._spawn(name, command, env=stack.env)
        eventually(partial(_ready, f"{stack.service_url(name)}/readyz"), timeout=60, what=f"{name} back")


def _ready(url: str) -> bool:
    try:
        return httpx.get(url, timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def timed(call: Callable[[], httpx.Response]) -> tuple[httpx.Response, float]:
    started = time.perf_counter()
    response = call()
    return response, time.perf_counter() - started


def assert_unavailable(what: str, response: httpx.Response, seconds: float) -> None:
    assert response.status_code == 503, f"{what}: {response.status_code} {response.text}"
    assert response.headers["content-type"].startswith("application/json"), what
    body = response.json()
    assert set(body) == ERROR_KEYS and body["code"] == "unavailable", f"{what}: {body}"
    assert int(response.headers["retry-after"]) > 0, what
    assert seconds < ANSWER_WITHIN_SECONDS, f"{what} took {seconds:.1f}s"


def database_calls(stack: Any, gateway: str, applicant: Any) -> dict[str, Callable[[], httpx.Response]]:
    """Requests that need Postgres: anonymous, signed-in (identity checks the session), through ForwardAuth,
    and straight at a service."""
    messages = stack.service_url("messages")
    return {
        "login through the gateway": lambda: httpx.post(
            f"{gateway}/api/login", json={"username": "nobody-here", "password": "wrong-password"},
            headers={"Origin": gateway}, timeout=30),
        "own user through the gateway": lambda: applicant.client.get("/api/user", timeout=30),
        "own application through ForwardAuth": lambda: applicant.client.get("/api/application", timeout=30),
        "contact form at messages itself": lambda: httpx.post(f"{messages}/api/contact", json=CONTACT,
                                                              headers={"Origin": messages}, timeout=30),
    }


def test_with_postgres_down_requests_answer_503_at_once_and_recover(stack: Any, gateway: str,
                                                                     make_applicant: Any) -> None:
    applicant = make_applicant()
    calls = database_calls(stack, gateway, applicant)
    with postgres_down(stack):
        for what, call in calls.items():
            assert_unavailable(what, *timed(call))
        at_messages = calls["contact form at messages itself"]()
        assert at_messages.json()["message"].startswith("The database")  # the service's own words
    eventually(lambda: applicant.client.get("/api/application").status_code == 200, timeout=30,
               what="the portal back with its database")
    assert calls["contact form at messages itself"]().status_code == 201


def test_with_postgres_hanging_requests_answer_503_within_seconds(stack: Any, gateway: str,
                                                                  make_applicant: Any) -> None:
    """A server that accepts connections and never answers: the pooled connections' ping and a new
    connection both give up in time (portal_common.db)."""
    applicant = make_applicant()
    calls = database_calls(stack, gateway, applicant)
    with paused(stack, "postgres"):
        for what, call in calls.items():
            assert_unavailable(what, *timed(call))
    eventually(lambda: applicant.client.get("/api/application").status_code == 200, timeout=30,
               what="the portal back with its database")


def _registered_in_applications(client: httpx.Client) -> bool:
    response = client.get("/api/application")
    return response.status_code == 200 and bool(response.json()["application"]["user"]["fullName"])


def test_writes_go_on_while_nats_is_down_and_their_events_follow(gateway: str, stack: Any,
                                                                  client: httpx.Client) -> None:
    with browser_client(gateway) as newcomer:
        with paused(stack, "nats"):
            contact, contact_seconds = timed(lambda: client.post("/api/contact", json=CONTACT))
            registered, register_seconds = timed(lambda: newcomer.post("/api/register", json=registration()))
            assert contact.status_code == 201 and contact_seconds < ANSWER_WITHIN_SECONDS, contact.text
            assert registered.status_code == 201 and register_seconds < ANSWER_WITHIN_SECONDS, registered.text
            # The registration event waits in identity's outbox: applications has not heard of it yet.
            assert not _registered_in_applications(newcomer)
        eventually(partial(_registered_in_applications, newcomer), timeout=30,
                   what="the registration event delivered once NATS is back")


def assert_json_error(what: str, response: httpx.Response, statuses: tuple[int, ...], codes: set[str]) -> None:
    assert response.status_code in statuses, f"{what}: {response.status_code} {response.text}"
    assert response.headers["content-type"].startswith("application/json"), f"{what}: {response.text}"
    body = response.json()
    assert set(body) == ERROR_KEYS and body["code"] in codes, f"{what}: {body}"


@pytest.mark.parametrize("service", ["messages", "identity"])
def test_the_gateway_answers_json_while_a_service_is_away(stack: Any, gateway: str, service: str,
                                                          admin_client: httpx.Client) -> None:
    """Traefik answers 502 while the service refuses connections and 503 once its health check has taken
    the server out; ForwardAuth answers 503 while identity is away (issue 37). All of them as the portal's error
    body."""
    cookie = admin_client.cookies["portal_session"]
    headers = {"Origin": gateway, "Cookie": f"portal_session={cookie}", "X-Request-Id": "outage-42"}
    paths = {"messages": ["/api/contact", "/api/admin/messages"], "identity": ["/api/user", "/api/login"]}[service]
    with service_down(stack, service):
        for path in paths:
            response = httpx.post(f"{gateway}{path}", json=CONTACT, headers=headers) if path in (
                "/api/contact", "/api/login") else httpx.get(f"{gateway}{path}", headers=headers)
            assert_json_error(path, response, (502, 503), {"bad_gateway", "unavailable"})
            assert response.headers["x-request-id"] == "outage-42"
            assert response.headers["retry-after"] == "2"
        # After Traefik's health check (every 5 s) has taken the server out of its load balancer:
        out = eventually(lambda: (answer := httpx.get(f"{gateway}{paths[-1]}", headers=headers)).status_code == 503
                         and answer, timeout=20, what="the health check taking the server out")
        assert_json_error("no server left", out, (503,), {"unavailable"})
        if service == "identity":  # every ForwardAuth route has nobody to ask
            forward_auth = httpx.get(f"{gateway}/api/application", headers=headers)
            assert_json_error("ForwardAuth without identity", forward_auth, (503,), {"unavailable"})
            assert forward_auth.headers["retry-after"] == "2"  # an outage, not a bug (issue 37)
    # Back in Traefik's load balancer once its health check has seen it again.
    eventually(lambda: httpx.get(f"{gateway}{paths[-1]}", headers=headers).status_code not in (502, 503),
               timeout=30, what="the gateway routing again")
    assert admin_client.get("/api/admin/messages").status_code == 200


# ---- a service that never answers ----------------------------------------------------------------------

def _timed_get(url: str, headers: dict[str, str], timeout: float) -> tuple[httpx.Response, float]:
    return timed(lambda: httpx.get(url, headers=headers, timeout=timeout))


def test_a_request_to_a_hung_service_gets_the_gateways_504_never_a_hang(stack: Any, gateway: str,
                                                                       admin_client: httpx.Client) -> None:
    """Honest outages (issue 11): never a hang. A service stopped in its tracks still has its connections
    accepted by the kernel, so a request already on its way waits for an answer that never comes; the gateway
    gives up after its response timeout (gateway/render.py: the `bounded-responses` transport) with 504
    `gateway_timeout` as the portal's error body. Requests after it get 503 `unavailable` at once, since the
    health check has taken the server out meanwhile. Without the timeout the first request waited for ever."""
    response_timeout = stack.config.response_header_timeout_seconds
    headers = {"Origin": gateway, "Cookie": f"portal_session={admin_client.cookies['portal_session']}"}
    url = f"{gateway}/api/admin/messages"
    with paused(stack, "messages"):  # messages has one replica: nowhere else to go
        in_flight, seconds = _timed_get(url, headers, timeout=response_timeout + 15)
        assert_json_error("in flight to a hung service", in_flight, (504,), {"gateway_timeout"})
        assert response_timeout - 0.5 <= seconds < response_timeout + ANSWER_WITHIN_SECONDS, f"took {seconds:.1f}s"
        assert int(in_flight.headers["retry-after"]) > 0
        later, later_seconds = eventually(lambda: (answer := _timed_get(url, headers, response_timeout + 15))[0]
                                          .status_code == 503 and answer, timeout=20,
                                          what="the health check taking the hung server out")
        assert_json_error("after the health check", later, (503,), {"unavailable"})
        assert later_seconds < ANSWER_WITHIN_SECONDS, f"took {later_seconds:.1f}s"
    eventually(lambda: admin_client.get(url).status_code == 200, timeout=30, what="the gateway routing again")


def test_a_slow_upload_is_not_cut_short_by_the_response_timeout(stack: Any, make_applicant: Any) -> None:
    """The response timeout counts from the end of the request body (Go's ResponseHeaderTimeout), so an
    upload that takes longer than it to arrive, on a slow line, is still stored."""
    response_timeout = stack.config.response_header_timeout_seconds
    boundary = "slow-upload"
    chunks = response_timeout + 3

    def body() -> Iterator[bytes]:
        yield (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"slow.pdf\"\r\n"
               "Content-Type: application/pdf\r\n\r\n%PDF-1.7\n").encode()
        for _ in range(chunks):  # one chunk a second
            time.sleep(1)
            yield bytes(16 * 1024)
        yield f"\r\n--{boundary}--\r\n".encode()

    client = make_applicant().client
    response, seconds = timed(lambda: client.post(
        "/api/documents", content=body(), headers={"Content-Type": f"multipart/form-data; boundary={boundary}"},
        timeout=chunks + 30))
    assert response.status_code == 201, response.text
    assert seconds > response_timeout, f"the body took only {seconds:.1f}s to send"
