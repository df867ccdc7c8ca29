"""The upload quota of an account (issue 11, Bounded requests: "An upload quota per applicant (settings;
default 50 files and 500 MB in total): over it, 413 with code `quota_exceeded`").

The file count is tested with the stack's own settings (the default, 50) through the gateway and on both of
its replicas at once; the byte quota on two replicas of our own started with a small one (the stack's is
500 MB, too much to fill in a test)."""

import http.client
import json
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from urllib.parse import urlsplit

import httpx
import psycopg
import pytest
from minio import Minio

from conftest import Applicant
from portal_common.auth import ASSERTION_HEADER, sign_assertion

PDF_HEAD = b"%PDF-1.7\n"
KILOBYTE = 1024
MEGABYTE = 1024 * KILOBYTE
DEFAULT_QUOTA_FILES = 50
SMALL_QUOTA_BYTES = MEGABYTE
SMALL_QUOTA_REPLICAS = (2, 3)  # replica numbers (ports) of the two small-quota processes


def pdf(size: int) -> bytes:
    return PDF_HEAD + b"0" * (size - len(PDF_HEAD))


def object_count(s3: Minio, bucket: str) -> int:
    return sum(1 for _ in s3.list_objects(bucket, recursive=True))


def row_count(db: psycopg.Connection[Any], user_id: int) -> int:
    row = db.execute("select count(*) from documents where user_id = %s", (user_id,)).fetchone()
    assert row is not None
    return int(row[0])


def assert_quota_exceeded(response: httpx.Response | tuple[int, dict[str, Any]], mentions: str) -> None:
    status, body = (response.status_code, response.json()) if isinstance(response, httpx.Response) else response
    assert status == 413, (status, body)
    assert body["code"] == "quota_exceeded", body
    assert set(body["fields"]) == {"file"} and mentions in body["message"], body


def race(clients: list[httpx.Client], multipart: Callable[..., tuple[str, Iterator[bytes]]],
         content: bytes) -> list[httpx.Response]:
    """The same upload from every client at once. Each body stops after the file's first bytes until all of
    them got that far, and a moment longer: by then every replica has made the checks it makes before storing
    (there is still room for one more), so only the check when the document is recorded can tell them apart."""
    barrier = threading.Barrier(len(clients))

    def held(content: bytes) -> Iterator[bytes]:
        yield content[:KILOBYTE]
        barrier.wait(timeout=30)
        time.sleep(0.5)
        yield content[KILOBYTE:]

    def send(client: httpx.Client) -> httpx.Response:
        content_type, body = multipart("race.pdf", held(content))
        return client.post("/api/documents", content=body, headers={"Content-Type": content_type}, timeout=60)

    with ThreadPoolExecutor(len(clients)) as pool:
        return list(pool.map(send, clients))


@pytest.mark.exclusive  # issue 32: counts every object in the bucket, which other tests' uploads change
def test_the_51st_document_is_refused_even_when_two_replicas_race_for_the_50th(
        make_applicant: Any, upload: Any, direct: Any, multipart: Any, s3: Minio, bucket: str,
        documents_db: Any) -> None:
    applicant: Applicant = make_applicant()
    user_id = applicant.user["id"]
    objects = object_count(s3, bucket)
    with ThreadPoolExecutor(4) as pool:
        made = list(pool.map(lambda n: upload(applicant.client, f"file-{n}.txt", f"number {n}\n".encode()),
                             range(DEFAULT_QUOTA_FILES - 1)))
    assert [r.status_code for r in made] == [201] * (DEFAULT_QUOTA_FILES - 1)

    # The 50th, on both replicas at once: both find room for it before storing, only one gets it.
    raced = race([direct(user_id, replica=0), direct(user_id, replica=1)], multipart, pdf(2 * KILOBYTE))
    assert sorted(r.status_code for r in raced) == [201, 413], [r.text for r in raced]
    assert_quota_exceeded(next(r for r in raced if r.status_code == 413), "50 documents")

    # The 51st through the gateway, refused before its file is read.
    refused = upload(applicant.client, "one-more.pdf", pdf(KILOBYTE))
    assert_quota_exceeded(refused, "50 documents")
    assert len(applicant.client.get("/api/documents").json()) == DEFAULT_QUOTA_FILES
    assert row_count(documents_db, user_id) == DEFAULT_QUOTA_FILES
    assert object_count(s3, bucket) == objects + DEFAULT_QUOTA_FILES  # the refused ones left no object


# ---- the byte quota, on replicas started with 1 MB ------------------------------------------------------------

@pytest.fixture(scope="module")
def small_quota(extra_replica: Any) -> Iterator[None]:
    quota = {"DOCUMENTS_QUOTA_BYTES": str(SMALL_QUOTA_BYTES)}
    first, second = SMALL_QUOTA_REPLICAS
    with extra_replica(first, **quota), extra_replica(second, **quota):
        yield


def raw_upload(stack: Any, replica: int, user_id: int, headers: dict[str, str], body_start: bytes) -> tuple[
        int, dict[str, Any]]:
    """Sends the headers and the start of a body, never the rest, and reads the answer: only a service that
    refuses before (or while) reading the body answers at all."""
    url = stack.service_url("documents", replica)
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=20)
    try:
        connection.putrequest("POST", "/api/documents")
        token = sign_assertion(stack.env["PORTAL_ASSERTION_SECRET"], user_id, "applicant", "et", ttl=600)
        for name, value in {ASSERTION_HEADER: token, "Origin": url, **headers}.items():
            connection.putheader(name, value)
        connection.endheaders(body_start)
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def chunked(data: bytes, size: int = 64 * KILOBYTE) -> bytes:
    return b"".join(f"{len(data[i:i + size]):x}\r\n".encode() + data[i:i + size] + b"\r\n"
                    for i in range(0, len(data), size))


@pytest.mark.exclusive  # issue 32: counts every object in the bucket, which other tests' uploads change
def test_a_file_that_would_pass_the_byte_quota_is_cut_off_while_streaming(
        stack: Any, small_quota: None, make_applicant: Any, direct: Any, s3: Minio, bucket: str,
        documents_db: Any) -> None:
    applicant: Applicant = make_applicant()
    user_id = applicant.user["id"]
    client = direct(user_id, replica=SMALL_QUOTA_REPLICAS[0])
    first = client.post("/api/documents", files={"file": ("first.pdf", pdf(600 * KILOBYTE))})
    assert first.status_code == 201, first.text
    objects = object_count(s3, bucket)

    # 2 MB of a file whose upload never ends: answered once the file passes what is left of the quota.
    boundary = "quota-boundary"
    preamble = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big.pdf\"\r\n"
                "Content-Type: application/pdf\r\n\r\n").encode()
    started = time.monotonic()
    cut_off = raw_upload(stack, SMALL_QUOTA_REPLICAS[0], user_id,
                         {"Content-Type": f"multipart/form-data; boundary={boundary}",
                          "Transfer-Encoding": "chunked"}, chunked(preamble + pdf(2 * MEGABYTE)))
    print(f"an upload passing the byte quota was refused after {time.monotonic() - started:.2f}s")
    assert_quota_exceeded(cut_off, "1 MB")

    # Exactly what is left still fits; after it, nothing does.
    rest = client.post("/api/documents", files={"file": ("rest.pdf", pdf(SMALL_QUOTA_BYTES - 600 * KILOBYTE))})
    assert rest.status_code == 201, rest.text
    assert_quota_exceeded(client.post("/api/documents", files={"file": ("tiny.txt", b"x")}), "1 MB")
    assert row_count(documents_db, user_id) == 2
    assert object_count(s3, bucket) == objects + 1


def test_a_declared_length_over_the_byte_quota_is_refused_before_reading(
        stack: Any, small_quota: None, make_applicant: Any, direct: Any) -> None:
    applicant: Applicant = make_applicant()
    user_id = applicant.user["id"]
    client = direct(user_id, replica=SMALL_QUOTA_REPLICAS[1])
    assert client.post("/api/documents", files={"file": ("first.pdf", pdf(600 * KILOBYTE))}).status_code == 201
    refused = raw_upload(stack, SMALL_QUOTA_REPLICAS[1], user_id,
                         {"Content-Type": "multipart/form-data; boundary=b", "Content-Length": str(2 * MEGABYTE)},
                         b"")  # not a byte of the body is sent
    assert_quota_exceeded(refused, "1 MB")


@pytest.mark.exclusive  # issue 32: counts every object in the bucket, which other tests' uploads change
def test_uploads_racing_on_two_replicas_cannot_together_pass_the_byte_quota(
        small_quota: None, make_applicant: Any, direct: Any, multipart: Any, s3: Minio, bucket: str,
        documents_db: Any) -> None:
    applicant: Applicant = make_applicant()
    user_id = applicant.user["id"]
    objects = object_count(s3, bucket)
    clients = [direct(user_id, replica=replica) for replica in SMALL_QUOTA_REPLICAS]
    raced = race(clients, multipart, pdf(600 * KILOBYTE))  # each fits alone, not both
    assert sorted(r.status_code for r in raced) == [201, 413], [r.text for r in raced]
    assert_quota_exceeded(next(r for r in raced if r.status_code == 413), "1 MB")
    assert row_count(documents_db, user_id) == 1
    assert object_count(s3, bucket) == objects + 1  # the refused file, already stored, was removed again
