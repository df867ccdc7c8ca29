"""The local stack (deploy/local/stack.py) starts only on components that really answer, and a stop leaves
nothing behind however often it is signalled (issue 11, Honest outages: "Start-up waits until each component
really answers ... stopping a stack waits until every process has exited").

The two end-to-end tests start a whole stack of their own on PORTAL_TEST_PORT_BASE + 500."""

import os
import signal
import socket
import struct
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import quote, urlsplit, urlunsplit

import pytest
from stack import (
    Ports,
    ProcessStat,
    Stack,
    StackConfig,
    _wait,
    held_ports,
    nats_answers,
    postgres_answers,
    process_stats,
    s3_answers,
)

from deploy.tests.support import ROOT, free_port

BASE = int(os.environ.get("PORTAL_TEST_PORT_BASE", "28000")) + 500
START_TIMEOUT = 240.0
STOP_TIMEOUT = 90.0


def local_stack(data_dir: Path) -> Stack:
    """The stack the tests start, as a Stack object: its ports, and its environment as services get it."""
    stack = Stack(StackConfig(data_dir=data_dir, ports=Ports(base=BASE, gateway=BASE + 80), documents_replicas=1))
    data_dir.mkdir(parents=True, exist_ok=True)
    stack.env = stack._service_env()
    return stack


def wait_for_output(path: Path, text: str, process: subprocess.Popen[bytes], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while text not in path.read_text(errors="replace"):
        assert process.poll() is None, f"exited with {process.returncode}:\n{path.read_text()[-3000:]}"
        assert time.monotonic() < deadline, f"no {text!r} within {timeout:.0f}s:\n{path.read_text()[-3000:]}"
        time.sleep(0.1)


def leaders_started_by(parent: int) -> dict[int, int]:
    """The processes the stack started, each the leader of a process group of its own, by pid, with the time each
    started: a number that is free again may be given to a new process of someone else's meanwhile."""
    return {stat.pid: stat.started for stat in process_stats() if stat.parent == parent and stat.pid == stat.group}


def surviving_processes(leaders: dict[int, int]) -> list[ProcessStat]:
    """Every process still running in one of the groups of ``leaders`` (a zombie only waits for its parent)."""
    return [stat for stat in process_stats()
            if stat.running and stat.group in leaders
            and (stat.pid != stat.group or stat.started == leaders[stat.pid])]  # not a new leader under an old number


def assert_nothing_left(leaders: dict[int, int], ports: dict[int, str], returncode: int, output: Path) -> None:
    assert leaders, "the stack started no processes?"
    survivors = surviving_processes(leaders)
    assert survivors == [], f"left running after it returned {returncode}: {survivors}\n{output.read_text()[-3000:]}"
    assert held_ports(ports, timeout=0) == {}


@pytest.fixture
def output(tmp_path: Path) -> Path:
    path = tmp_path / "output.txt"
    path.touch()
    return path


def test_stack_stops_completely_when_signalled_again_while_stopping(tmp_path: Path, output: Path) -> None:
    """Ctrl-C, then Ctrl-C and SIGTERM while it stops: the command returns only once every process it started
    has exited and every port is free (a second Ctrl-C used to end it at once, leaving processes that kept
    their ports, so the next stack failed with "address already in use")."""
    stack = local_stack(tmp_path / "data")
    ports = stack.listening_ports()
    with output.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, str(ROOT / "deploy/local/stack.py"), "--port-base", str(BASE), "--gateway-port",
             str(BASE + 80), "--data-dir", str(tmp_path / "data")],
            stdout=out, stderr=subprocess.STDOUT, cwd=ROOT, start_new_session=True,
            env={**os.environ, "PORTAL_DOCUMENTS_REPLICAS": "1"})
    try:
        wait_for_output(output, "Ctrl-C stops everything", process, START_TIMEOUT)
        leaders = leaders_started_by(process.pid)
        assert held_ports(ports, timeout=0) == ports  # the stack listens on every port it names
        # What start-up waited for answers a real request.
        env = stack.env
        assert postgres_answers(stack.database_url("identity"))
        nats_url = urlsplit(env["PORTAL_NATS_URL"])
        login = f"identity:{quote(env['IDENTITY_NATS_PASSWORD'])}"
        assert nats_answers(urlunsplit(nats_url._replace(netloc=f"{login}@{nats_url.netloc}")))
        assert s3_answers(env["S3_ENDPOINT"], env["S3_ACCESS_KEY"], env["S3_SECRET_KEY"], env["S3_BUCKET"])

        process.send_signal(signal.SIGINT)
        wait_for_output(output, "stopping ...", process, 10)
        process.send_signal(signal.SIGINT)
        process.send_signal(signal.SIGTERM)
        returncode = process.wait(timeout=STOP_TIMEOUT)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert_nothing_left(leaders, ports, returncode, output)
    assert returncode == 0
    assert "stopped." in output.read_text()


def test_pytest_stops_the_stack_on_sigterm_even_when_signalled_again(tmp_path: Path, output: Path) -> None:
    """The suites' stack (the root conftest.py): SIGTERM to pytest, and another while the stack stops, end the
    run with the stack stopped and its ports free (SIGTERM used to end pytest at once, leaving it all behind)."""
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "conftest.py").write_text(textwrap.dedent(f"""
        import importlib.util
        spec = importlib.util.spec_from_file_location("portal_conftest", {str(ROOT / "conftest.py")!r})
        portal_conftest = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(portal_conftest)
        stack = portal_conftest.stack
    """))
    (suite / "test_holding.py").write_text(textwrap.dedent("""
        import time

        def test_holds_the_stack(stack):
            print("the stack is up", flush=True)
            time.sleep(600)
    """))
    data_dir = ROOT / ".test-data" / f"stack-{BASE}"  # where the conftest puts it
    with output.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "pytest", "-s", "-q", "-p", "no:cacheprovider", "--rootdir", str(suite),
             str(suite)],
            stdout=out, stderr=subprocess.STDOUT, cwd=suite, start_new_session=True,
            env={**os.environ, "PORTAL_TEST_PORT_BASE": str(BASE)})
    try:
        wait_for_output(output, "the stack is up", process, START_TIMEOUT)
        leaders = leaders_started_by(process.pid)
        ports = Stack(StackConfig(data_dir=data_dir, ports=Ports(base=BASE, gateway=BASE + 80))).listening_ports()
        assert held_ports(ports, timeout=0) == ports
        process.send_signal(signal.SIGTERM)
        time.sleep(0.5)  # the stack is stopping now
        process.send_signal(signal.SIGTERM)
        process.send_signal(signal.SIGINT)
        returncode = process.wait(timeout=STOP_TIMEOUT)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert_nothing_left(leaders, ports, returncode, output)
    assert returncode == pytest.ExitCode.INTERRUPTED, output.read_text()[-3000:]


def test_start_waits_for_a_held_port_then_names_it(tmp_path: Path) -> None:
    """A port still held (say, by the last run's stack) makes start-up wait, then fail naming the port, before
    it starts anything."""
    stack = Stack(StackConfig(data_dir=tmp_path / "data", ports=Ports(base=BASE, gateway=BASE + 80),
                              port_wait_seconds=1.0))
    with socket.create_server(("127.0.0.1", stack.ports.web)):
        started = time.monotonic()
        with pytest.raises(RuntimeError, match=rf"port still in use after 1s: {stack.ports.web} \(web\)"):
            stack.start()
        assert time.monotonic() - started >= 1.0
    assert stack.processes == []
    assert not (tmp_path / "data").exists()


def test_a_port_released_while_waiting_is_free() -> None:
    port = free_port()
    holder = socket.create_server(("127.0.0.1", port))
    threading.Timer(1.0, holder.close).start()
    started = time.monotonic()
    assert held_ports({port: "web"}, timeout=15) == {}
    assert 0.9 <= time.monotonic() - started < 15


def _serve(server: socket.socket, stop: threading.Event, on_accept: Callable[[socket.socket], None]) -> None:
    server.settimeout(0.1)
    while not stop.is_set():
        try:
            connection, _ = server.accept()
        except TimeoutError:
            continue
        on_accept(connection)


def _reset(connection: socket.socket) -> None:
    connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # close with RST
    connection.close()


@pytest.fixture(params=["resets", "stays silent"])
def half_started_server(request: pytest.FixtureRequest) -> Iterator[int]:
    """A port that is open but not served: connections are reset at once, or accepted and never answered."""
    accepted: list[socket.socket] = []
    on_accept = _reset if request.param == "resets" else accepted.append
    stop = threading.Event()
    with socket.create_server(("127.0.0.1", 0)) as server:
        thread = threading.Thread(target=_serve, args=(server, stop, on_accept), daemon=True)
        thread.start()
        yield server.getsockname()[1]
        stop.set()
        thread.join()
    for connection in accepted:
        connection.close()


CHECKS: dict[str, Callable[[int], bool]] = {
    "postgres": lambda port: postgres_answers(f"postgresql://postgres@127.0.0.1:{port}/postgres"),
    "nats": lambda port: nats_answers(f"nats://127.0.0.1:{port}"),
    "s3": lambda port: s3_answers(f"127.0.0.1:{port}", "portal-key", "portal-secret-key", "documents"),
}


@pytest.mark.parametrize("component", CHECKS)
def test_an_open_port_that_does_not_answer_is_not_ready(component: str, half_started_server: int) -> None:
    """SeaweedFS reset connections right after opening its S3 port, and `documents migrate` failed: an open
    port alone is not ready, and a check never hangs on a server that does not answer."""
    started = time.monotonic()
    with pytest.raises(RuntimeError, match=f"{component} was not ready within 2s"):
        _wait(component, lambda: CHECKS[component](half_started_server), timeout=2)
    assert time.monotonic() - started < 10


def _outcome_within(seconds: float, check: Callable[[], object]) -> BaseException | None:
    """What the check raised (None when it returned), run on a thread so that a check that hangs fails the test."""
    outcome: list[BaseException | None] = []

    def run() -> None:
        try:
            check()
            outcome.append(None)
        except Exception as error:
            outcome.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert outcome, f"the check was still running after {seconds} s"
    return outcome[0]


@pytest.mark.parametrize("component", CHECKS)
def test_a_port_nothing_listens_on_is_not_ready_at_once(component: str) -> None:
    """The stack waits for a server that has not opened its port yet: each check says so at once. nats.py's first
    connect waited 2 s between refused tries, without end, and a server that never came up held the stack's start
    for ever (run 52)."""
    closed_port = free_port()
    refusal = _outcome_within(1.5, lambda: CHECKS[component](closed_port))
    assert isinstance(refusal, Exception), "a port nothing listens on was taken for a ready server"
    gave_up = _outcome_within(10, lambda: _wait(component, lambda: CHECKS[component](closed_port), timeout=2))
    assert isinstance(gave_up, RuntimeError)
    assert f"{component} was not ready within 2s" in str(gave_up)
