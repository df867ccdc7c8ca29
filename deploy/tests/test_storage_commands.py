"""The broker and storage commands of docker-compose.yml and of the Kubernetes overlay, run for real with
the binaries `make run` uses (issue 7): each form's SeaweedFS starts with the bucket the documents service
needs and accepts the keys from the secrets, and compose's NATS starts with JetStream on its volume."""

import contextlib
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
import pytest
from minio import Minio
from stack import Ports

from deploy.tests import k8s_kustomize, support
from deploy.tests.support import ROOT

BIN = Path(sys.executable).parent
PORTS = Ports(base=33000, gateway=33080)  # clear of the test stacks (28000+, 29000+)
KEYS = {"AWS_ACCESS_KEY_ID": "storagetest", "AWS_SECRET_ACCESS_KEY": "storage-test-secret-" + uuid.uuid4().hex}


def _compose_service(name: str) -> dict[str, Any]:
    service: dict[str, Any] = support.compose()["services"][name]
    return service


def _kubernetes_seaweedfs_args() -> list[str]:
    [statefulset] = [o for o in k8s_kustomize.build(ROOT / "deploy/k8s/overlays/in-cluster-storage")
                     if o["kind"] == "StatefulSet" and o["metadata"]["name"] == "seaweedfs"]
    [container] = statefulset["spec"]["template"]["spec"]["containers"]
    assert container["command"] == ["/usr/bin/weed"]
    args: list[str] = container["args"]
    return args


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
    return moved + [f"-{flag}={port}" for flag, port in PORTS.seaweed().items() if flag not in named] + \
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
        assert {k: service["environment"][k] for k in KEYS} == {"AWS_ACCESS_KEY_ID": "change-me",
                                                               "AWS_SECRET_ACCESS_KEY": "change-me"}
    else:
        args = _kubernetes_seaweedfs_args()
    data = tmp_path / "data"
    data.mkdir()
    command = [str(BIN / "weed"), *_on_this_machine(args, data)]
    log = tmp_path / "weed.log"
    with _running(command, {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), **KEYS}, log) as process:
        s3 = _storage_answers(process, log)
        s3.put_object("documents", "probe.txt", BytesIO(b"stored"), length=6)
        assert s3.get_object("documents", "probe.txt").read() == b"stored"
        stranger = Minio(f"127.0.0.1:{PORTS.s3}", access_key="someone", secret_key="else-entirely", secure=False)
        with pytest.raises(Exception, match=r"(?i)access|signature|denied|invalid"):
            stranger.get_object("documents", "probe.txt")
    assert any(data.iterdir()), "the data went to the volume's directory"


def test_compose_nats_runs_jetstream_on_its_volume(tmp_path: Path) -> None:
    service = _compose_service("nats")
    store = tmp_path / "store"
    monitor = PORTS.base + 60
    command = [str(BIN / "nats-server"), "-a", "127.0.0.1", "-p", str(PORTS.base + 61),
               *[str(monitor) if a == "8222" else str(store) if a == "/data" else a for a in service["command"]]]
    health = service["healthcheck"]["test"][-1].replace("127.0.0.1:8222", f"127.0.0.1:{monitor}")
    log = tmp_path / "nats.log"
    with _running(command, {"PATH": "/usr/bin:/bin"}, log) as process:
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
