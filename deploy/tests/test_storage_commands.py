"""The broker and storage commands of docker-compose.yml and of the Kubernetes overlay, run for real with
the binaries `make run` uses (issue 7): each form's SeaweedFS starts with the bucket the documents service
needs and accepts the keys from the secrets, and compose's NATS starts with JetStream on its volume. Issue 11,
Closed internals: each form's SeaweedFS hands a stored file out through S3 with its keys only (its filer and
volume server want tokens signed with the WEED_JWT_* keys, WebDAV is off), and compose's NATS admits only the
services' users."""

import asyncio
import contextlib
import os
import secrets
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from io import BytesIO
from pathlib import Path
from typing import Any

import httpx
import nats
import nats.errors
import pytest
from minio import Minio
from stack import Ports

from deploy.tests import k8s_kustomize, support
from deploy.tests.support import READS_ONLY, ROOT, assert_refused_without_seaweedfs_keys, seaweedfs_file
from gateway.routes import SERVICES
from portal_common.bus import EventBus
from portal_common.events import STREAM_NAME

BIN = Path(sys.executable).parent
# Clear of this run's test stack (PORTAL_TEST_PORT_BASE + 0...200) and of test_local_stack's (+ 500...700), so
# runs with different bases side by side do not collide either.
TEST_BASE = int(os.environ.get("PORTAL_TEST_PORT_BASE", "28000")) + 750
PORTS = Ports(base=TEST_BASE, gateway=TEST_BASE + 80)
KEYS = {"AWS_ACCESS_KEY_ID": "storagetest", "AWS_SECRET_ACCESS_KEY": "storage-test-secret-" + uuid.uuid4().hex}
# SeaweedFS's JWT signing keys, as .env or the Secret portal-secrets holds them (under the same names).
SIGNING_KEYS = {key: secrets.token_urlsafe(32) for key in ("WEED_JWT_SIGNING_KEY", "WEED_JWT_SIGNING_READ_KEY",
                                                           "WEED_JWT_FILER_SIGNING_KEY",
                                                           "WEED_JWT_FILER_SIGNING_READ_KEY")}
WEBDAV_PORT = PORTS.base + 43  # where the test asks WebDAV to listen, if a form left it on


def _compose_service(name: str) -> dict[str, Any]:
    service: dict[str, Any] = support.compose()["services"][name]
    return service


def _kubernetes_seaweedfs() -> dict[str, Any]:
    [statefulset] = [o for o in k8s_kustomize.build(ROOT / "deploy/k8s/overlays/in-cluster-storage")
                     if o["kind"] == "StatefulSet" and o["metadata"]["name"] == "seaweedfs"]
    [container] = statefulset["spec"]["template"]["spec"]["containers"]
    assert container["command"] == ["/usr/bin/weed"]
    return dict(container)


def _from_the_secret(container: dict[str, Any]) -> dict[str, str]:
    """The variables the container takes from a Secret, with the Secret's key each comes from."""
    return {var["name"]: var["valueFrom"]["secretKeyRef"]["key"] for var in container["env"]
            if "secretKeyRef" in var.get("valueFrom", {})}


def _on_this_machine(args: list[str], data: Path) -> list[str]:
    """The arguments with the container's data directory and addresses moved here, and every port moved
    into this test's range unless the form switched that listener off."""
    here = {"=/data": f"={data}", "$(POD_IP)": "127.0.0.1", "0.0.0.0": "127.0.0.1"}  # noqa: S104
    moved = []
    for argument in args:
        for there, local in here.items():
            argument = argument.replace(there, local)
        moved.append(argument)
    named = {a.split("=")[0].lstrip("-") for a in moved}
    ports = {**PORTS.seaweed(), "webdav.port": WEBDAV_PORT}
    return moved + [f"-{flag}={port}" for flag, port in ports.items() if flag not in named] + \
        (["-ip=127.0.0.1"] if "ip" not in named else [])


@contextmanager
def _running(command: list[str], env: dict[str, str], log: Path) -> Iterator[subprocess.Popen[bytes]]:
    with log.open("wb") as output:
        process = subprocess.Popen(command, env=env, stdout=output, stderr=subprocess.STDOUT)
        try:
            yield process
        finally:
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _storage_answers(process: subprocess.Popen[bytes], log: Path) -> Minio:
    s3 = Minio(f"127.0.0.1:{PORTS.s3}", access_key=KEYS["AWS_ACCESS_KEY_ID"],
               secret_key=KEYS["AWS_SECRET_ACCESS_KEY"], secure=False)
    deadline = time.monotonic() + 60
    while True:
        assert process.poll() is None, log.read_text()[-3000:]
        with contextlib.suppress(Exception):  # not listening yet
            if s3.bucket_exists("documents"):
                return s3
        assert time.monotonic() < deadline, log.read_text()[-3000:]
        time.sleep(0.5)


@pytest.mark.parametrize("form", ["compose", "kubernetes"])
def test_seaweedfs_starts_with_the_bucket_and_the_keys(form: str, tmp_path: Path) -> None:
    if form == "compose":
        service = _compose_service("seaweedfs")
        assert service["entrypoint"] == ["/usr/bin/weed"]
        args = service["command"]
        # Every key comes from .env (still the example's placeholder here).
        assert {k: service["environment"][k] for k in {**KEYS, **SIGNING_KEYS}} == \
            {k: "change-me" for k in {**KEYS, **SIGNING_KEYS}}
    else:
        container = _kubernetes_seaweedfs()
        args = container["args"]
        assert _from_the_secret(container) == {"AWS_ACCESS_KEY_ID": "S3_ACCESS_KEY",
                                               "AWS_SECRET_ACCESS_KEY": "S3_SECRET_KEY",
                                               **{key: key for key in SIGNING_KEYS}}
    data = tmp_path / "data"
    data.mkdir()
    command = [str(BIN / "weed"), *_on_this_machine(args, data)]
    log = tmp_path / "weed.log"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), **KEYS, **SIGNING_KEYS}
    with _running(command, env, log) as process:
        s3 = _storage_answers(process, log)
        content = b"stored" + os.urandom(20_000)
        s3.put_object("documents", "probe.bin", BytesIO(content), length=len(content))
        assert s3.get_object("documents", "probe.bin").read() == content
        stranger = Minio(f"127.0.0.1:{PORTS.s3}", access_key="someone", secret_key="else-entirely", secure=False)
        with pytest.raises(Exception, match=r"(?i)access|signature|denied|invalid"):
            stranger.get_object("documents", "probe.bin")
        ports = PORTS.seaweed()
        filer, volume, chunk = seaweedfs_file(ports["filer.port"], ports["volume.port"], "/buckets/documents/probe.bin",
                                              SIGNING_KEYS)
        assert chunk == content
        assert_refused_without_seaweedfs_keys(filer, volume, content)
        with pytest.raises(httpx.ConnectError):  # WebDAV, which serves the filer's files to anyone, is off
            httpx.get(f"http://127.0.0.1:{WEBDAV_PORT}/buckets/documents/probe.bin")
    assert any(data.iterdir()), "the data went to the volume's directory"


def _mounted_here(service: dict[str, Any]) -> dict[str, str]:
    """Each file the service mounts from the checkout: its path in the container, and here."""
    mounts = (volume.split(":") for volume in service["volumes"])
    return {inside: str(ROOT / source) for source, inside, *_ in mounts if source.startswith("./")}


def test_compose_nats_runs_jetstream_on_its_volume(tmp_path: Path) -> None:
    service = _compose_service("nats")
    store = tmp_path / "store"
    monitor, client = PORTS.base + 60, PORTS.base + 61
    here = {"8222": str(monitor), "/data": str(store), **_mounted_here(service)}
    command = [str(BIN / "nats-server"), "-a", "127.0.0.1", "-p", str(client),
               *[here.get(argument, argument) for argument in service["command"]]]
    health = service["healthcheck"]["test"][-1].replace("127.0.0.1:8222", f"127.0.0.1:{monitor}")
    log = tmp_path / "nats.log"
    # The services' passwords, which compose gives the container from .env (letters and digits, a letter first).
    passwords = {f"{s.upper()}_NATS_PASSWORD": "n" + secrets.token_hex(16) for s in SERVICES}
    assert set(service["environment"]) == set(passwords)
    with _running(command, {"PATH": "/usr/bin:/bin", **passwords}, log) as process:
        deadline = time.monotonic() + 30
        while True:
            assert process.poll() is None, log.read_text()[-3000:]
            try:
                if httpx.get(health, timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, log.read_text()[-3000:]
            time.sleep(0.2)
        jetstream = httpx.get(f"http://127.0.0.1:{monitor}/varz").json()
        assert jetstream["server_name"] == "portal-nats"
        assert jetstream["jetstream"]["config"]["store_dir"].startswith(str(store))
        asyncio.run(_only_the_services_get_in(f"nats://127.0.0.1:{client}", passwords))


async def _ignore(_error: Exception) -> None:
    pass


async def _only_the_services_get_in(url: str, passwords: dict[str, str]) -> None:
    for stranger in ({}, {"user": "identity", "password": "n" + secrets.token_hex(16)}):
        with pytest.raises(nats.errors.Error, match="Authorization Violation"):
            await nats.connect(url, allow_reconnect=False, max_reconnect_attempts=0, connect_timeout=2,
                               error_cb=_ignore, **stranger)
    for service in SERVICES:  # the services' own connection: each makes sure of the stream, then publishes
        bus = EventBus(url, service, user=service, password=passwords[f"{service.upper()}_NATS_PASSWORD"])
        await asyncio.wait_for(bus.connect(), 10)
        try:
            if service in READS_ONLY:
                with pytest.raises(nats.errors.TimeoutError):  # refused: no acknowledgement ever comes
                    await bus.js.publish(f"{service}.probe", b"{}", timeout=1)
            else:
                assert (await bus.js.publish(f"{service}.probe", b"{}")).stream == STREAM_NAME
        finally:
            await bus.close()
