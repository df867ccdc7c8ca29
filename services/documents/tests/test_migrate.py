"""`python -m documents migrate` prepares all of the service's storage: its tables and its S3 bucket
(issue 7: MinIO and most S3 stores do not make buckets on their own, unlike `weed mini -bucket`), also when
the store still resets connections right after opening its port (issue 11)."""

import contextlib
import socket
import struct
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from typing import Any

from minio import Minio


def _migrate(stack: Any, bucket: str, **settings: str) -> subprocess.CompletedProcess[str]:
    env = {**stack.env, "S3_BUCKET": bucket, **settings}
    return subprocess.run([sys.executable, "-m", "documents", "migrate"], env=env, capture_output=True, text=True,
                          timeout=120, check=True)


def test_migrate_creates_a_missing_bucket_once(stack: Any) -> None:
    env = stack.env
    s3 = Minio(env["S3_ENDPOINT"], access_key=env["S3_ACCESS_KEY"], secret_key=env["S3_SECRET_KEY"], secure=False)
    bucket = f"migrate-{uuid.uuid4().hex[:12]}"
    assert not s3.bucket_exists(bucket)

    first = _migrate(stack, bucket)
    assert f"created bucket {bucket}" in first.stdout
    assert s3.bucket_exists(bucket)

    again = _migrate(stack, bucket)
    assert "created bucket" not in again.stdout
    s3.remove_bucket(bucket)


class ResettingProxy:
    """A TCP proxy in front of the store that resets every connection for ``reset_seconds`` after the first one
    arrives (as SeaweedFS did right after opening its port), then passes connections through."""

    def __init__(self, upstream: tuple[str, int], reset_seconds: float) -> None:
        self.upstream = upstream
        self.reset_seconds = reset_seconds
        self.first_at: float | None = None
        self.resets = 0
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]

    def serve(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:  # closed: the test is over
                return
            self.first_at = self.first_at or time.monotonic()
            if time.monotonic() - self.first_at < self.reset_seconds:
                client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                client.close()  # RST instead of FIN: "Connection reset by peer"
                self.resets += 1
                continue
            server = socket.create_connection(self.upstream)
            for source, target in ((client, server), (server, client)):
                threading.Thread(target=self.pump, args=(source, target), daemon=True).start()

    @staticmethod
    def pump(source: socket.socket, target: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                target.sendall(data)
        with contextlib.suppress(OSError):
            target.shutdown(socket.SHUT_WR)


@contextlib.contextmanager
def resetting_proxy(endpoint: str, reset_seconds: float) -> Iterator[ResettingProxy]:
    host, port = endpoint.rsplit(":", 1)
    proxy = ResettingProxy((host, int(port)), reset_seconds)
    threading.Thread(target=proxy.serve, daemon=True).start()
    try:
        yield proxy
    finally:
        proxy.listener.close()


def test_migrate_waits_out_a_store_that_resets_connections_at_first(stack: Any) -> None:
    env = stack.env
    s3 = Minio(env["S3_ENDPOINT"], access_key=env["S3_ACCESS_KEY"], secret_key=env["S3_SECRET_KEY"], secure=False)
    bucket = f"migrate-{uuid.uuid4().hex[:12]}"
    # Longer than the SDK's own retries last (five, 6 s in all), shorter than migrate's patience.
    with resetting_proxy(env["S3_ENDPOINT"], reset_seconds=8) as proxy:
        migrated = _migrate(stack, bucket, S3_ENDPOINT=f"127.0.0.1:{proxy.port}")
    print(f"migrate created its bucket after {proxy.resets} reset connections")
    assert f"created bucket {bucket}" in migrated.stdout
    assert proxy.resets >= 2
    assert s3.bucket_exists(bucket)
    s3.remove_bucket(bucket)
