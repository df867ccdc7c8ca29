"""A part the store answers with a server error is sent again (storage.S3_PART_RETRY): SeaweedFS answers 500
when it cannot get a volume for the data in time (seaweedfs issue 9695), and one failed part failed a whole upload;
CI saw two of four concurrent 50 MB uploads answer 503. Runs transfer.store_file in this process against
the stack's real store, through a proxy that answers the first part PUTs itself with S3's 500."""

import http.client
import threading
import time
from collections import Counter
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from minio import Minio

from documents.storage import (
    PART_SIZE,
    S3_PART_READ_TIMEOUT_SECONDS,
    S3_PART_RETRY,
    S3_RETRY,
    Storage,
    StorageUnavailable,
    http_client,
)
from services.documents.tests.test_transfer import Body, content_of, new_key, open_uploads, send, stored

S3_INTERNAL_ERROR = (b'<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code>'
                     b"<Message>We encountered an internal error, please try again.</Message></Error>")
HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding"}


class FailingPartsProxy(ThreadingHTTPServer):
    """Forwards every request to the store as it came (its Host header too, which the signature covers),
    except the first ``failures`` PUTs of part ``only_part`` (of any part while it is None), which it answers
    with 500 without forwarding."""

    daemon_threads = True

    def __init__(self, store: tuple[str, int], failures: int) -> None:
        super().__init__(("127.0.0.1", 0), ProxyHandler)
        self.store = store
        self.failures_left = failures
        self.only_part: int | None = None
        self.refused_parts: list[int] = []
        self.lock = threading.Lock()

    def refuses(self, part_number: int | None) -> bool:
        with self.lock:
            if part_number is None or self.failures_left == 0 or self.only_part not in (None, part_number):
                return False
            self.failures_left -= 1
            self.refused_parts.append(part_number)
            return True


class ProxyHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: FailingPartsProxy

    def log_message(self, *_: Any) -> None:
        pass

    def _forward(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if self.command == "PUT" and self.server.refuses(part_number(self.path)):
            self._answer(500, {"Content-Type": "application/xml"}, S3_INTERNAL_ERROR)
            return
        store = http.client.HTTPConnection(*self.server.store, timeout=30)
        try:
            headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
            store.request(self.command, self.path, body=body, headers=headers)
            answer = store.getresponse()
            content = answer.read()
            self._answer(answer.status, {k: v for k, v in answer.getheaders()
                                         if k.lower() not in HOP_BY_HOP | {"content-length"}}, content)
        finally:
            store.close()

    def _answer(self, status: int, headers: dict[str, str], content: bytes) -> None:
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(content)))
        self.end_headers()
        self.wfile.write(content)

    do_GET = do_PUT = do_POST = do_DELETE = do_HEAD = _forward


def part_number(path: str) -> int | None:
    query = dict(pair.partition("=")[::2] for pair in path.partition("?")[2].split("&") if pair)
    return int(query["partNumber"]) if "partNumber" in query else None


@pytest.fixture
def proxied_storage(stack: Any) -> Iterator[tuple[Storage, FailingPartsProxy]]:
    env = stack.env
    host, port = env["S3_ENDPOINT"].split(":")
    proxy = FailingPartsProxy((host, int(port)), failures=0)
    threading.Thread(target=proxy.serve_forever, daemon=True).start()
    endpoint = f"127.0.0.1:{proxy.server_address[1]}"

    def client(read_timeout: float, retries: Any) -> Minio:
        return Minio(endpoint, access_key=env["S3_ACCESS_KEY"], secret_key=env["S3_SECRET_KEY"], secure=False,
                     http_client=http_client(read_timeout, retries))
    try:
        yield (Storage(client(2.0, S3_RETRY), env["S3_BUCKET"],
                       client(S3_PART_READ_TIMEOUT_SECONDS, S3_PART_RETRY)), proxy)
    finally:
        proxy.shutdown()
        proxy.server_close()


CONTENT = content_of(3 * PART_SIZE + 1000)  # four parts


async def test_a_part_refused_three_times_is_sent_again_and_the_file_is_whole(
        proxied_storage: tuple[Storage, FailingPartsProxy]) -> None:
    storage, proxy = proxied_storage
    proxy.only_part, proxy.failures_left = 2, 3
    key, _ = await send(storage, Body(CONTENT))
    assert proxy.refused_parts == [2, 2, 2]
    assert stored(storage, key) == CONTENT
    storage.remove(key)


async def test_a_store_that_keeps_refusing_a_part_fails_the_upload_and_keeps_nothing(
        proxied_storage: tuple[Storage, FailingPartsProxy]) -> None:
    storage, proxy = proxied_storage
    proxy.failures_left = 1000
    key = new_key()
    started = time.monotonic()
    with pytest.raises(StorageUnavailable):
        await send(storage, Body(CONTENT), key=key)
    elapsed = time.monotonic() - started
    print(f"a part refused {len(proxy.refused_parts)} times: the upload failed after {elapsed:.2f}s")
    # Every part that was in flight was tried four times (once and three retries); then the upload gave up,
    # within seconds.
    tries = Counter(proxy.refused_parts)
    assert 1 in tries and set(tries.values()) == {4}, tries
    assert elapsed < 5, elapsed
    assert not storage.exists(key) and open_uploads(storage, key) == []
