"""Honest outages (issue 11: "When S3 ... is down, a request that needs it answers 503 with the error body
(code `unavailable`) and `Retry-After` within 3 s"; before, storage down gave 500 after 12 s). Requests that do
not need the store go on, and everything works again once it is back."""

import socket
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from conftest import Applicant

# Issue 32: alone on the stack, after the parallel part: it runs a documents replica whose store is unreachable
# beside the stack's, which takes events.
pytestmark = pytest.mark.exclusive

PDF = b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
ANSWER_WITHIN_SECONDS = 3.0
UNREACHABLE_STORE_REPLICA = 4  # the port of an extra documents process whose store is not there


def timed(call: Callable[[], httpx.Response]) -> tuple[httpx.Response, float]:
    started = time.monotonic()
    response = call()
    return response, time.monotonic() - started


def assert_unavailable(what: str, response: httpx.Response, elapsed: float) -> None:
    print(f"{what}: {response.status_code} in {elapsed:.2f}s, Retry-After {response.headers.get('retry-after')}")
    assert response.status_code == 503, f"{what}: {response.status_code} {response.text}"
    body = response.json()
    assert set(body) == {"message", "code", "fields"} and body["code"] == "unavailable", body
    assert int(response.headers["retry-after"]) > 0
    assert elapsed < ANSWER_WITHIN_SECONDS, f"{what} took {elapsed:.2f}s"


def test_a_hung_store_answers_503_within_3_seconds_and_recovers(make_applicant: Any, upload: Any,
                                                                 storage: Any) -> None:
    applicant: Applicant = make_applicant()
    kept = upload(applicant.client, "kept.pdf", PDF).json()
    storage.hang()
    try:
        assert_unavailable("upload while the store hangs", *timed(lambda: upload(applicant.client, "new.pdf", PDF)))
        assert_unavailable("download while the store hangs", *timed(lambda: applicant.client.get(kept["filePath"])))
        listed = applicant.client.get("/api/documents")  # needs only the database
        assert listed.status_code == 200 and [d["id"] for d in listed.json()] == [kept["id"]]
    finally:
        storage.resume()
    again = upload(applicant.client, "after.pdf", PDF, name="After")
    assert again.status_code == 201, again.text
    assert applicant.client.get(kept["filePath"]).content == PDF
    assert applicant.client.get(again.json()["filePath"]).content == PDF


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_an_unreachable_store_answers_503_at_once(make_applicant: Any, upload: Any, direct: Any,
                                                  extra_replica: Any) -> None:
    applicant: Applicant = make_applicant()
    kept = upload(applicant.client, "kept.pdf", PDF).json()
    with extra_replica(UNREACHABLE_STORE_REPLICA, S3_ENDPOINT=f"127.0.0.1:{closed_port()}"):
        client = direct(applicant.user["id"], replica=UNREACHABLE_STORE_REPLICA)
        assert_unavailable("upload with no store", *timed(
            lambda: client.post("/api/documents", files={"file": ("new.pdf", PDF)})))
        assert_unavailable("download with no store", *timed(lambda: client.get(kept["filePath"])))
        assert client.get("/api/documents").status_code == 200
