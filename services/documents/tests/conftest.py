"""Helpers for the documents tests, on top of the session-wide stack in the root conftest: uploads (whole or
generated on the fly), the S3 bucket, the documents database, calls straight to one replica, replicas of
our own with other settings, and a storage outage."""

import contextlib
import os
import signal
import uuid
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import httpx
import psycopg
import pytest
from minio import Minio

from conftest import Applicant, extra_replica
from portal_common.auth import ASSERTION_HEADER, sign_assertion

SERVICE = "documents"
PDF = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


def multipart(file_name: str, content: bytes | Iterable[bytes], fields: dict[str, str] | None = None,
              fields_after: dict[str, str] | None = None) -> tuple[str, Iterator[bytes]]:
    """A multipart/form-data body as a generator, so a test can send a large file it never holds."""
    boundary = uuid.uuid4().hex

    def field(name: str, value: str) -> bytes:
        return (f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").encode()

    def body() -> Iterator[bytes]:
        for name, value in (fields or {}).items():
            yield field(name, value)
        yield (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\n"
               "Content-Type: application/octet-stream\r\n\r\n").encode()
        if isinstance(content, bytes):
            yield content
        else:
            yield from content
        yield b"\r\n"
        for name, value in (fields_after or {}).items():
            yield field(name, value)
        yield f"--{boundary}--\r\n".encode()

    return f"multipart/form-data; boundary={boundary}", body()


def generated(size: int, head: bytes = PDF, chunk: int = 256 * 1024) -> Iterator[bytes]:
    """``size`` bytes starting with ``head``, made chunk by chunk."""
    yield head
    left = size - len(head)
    block = b"0123456789abcdef" * (chunk // 16)
    while left > 0:
        piece = block[:min(chunk, left)]
        left -= len(piece)
        yield piece


@pytest.fixture(name="multipart")
def multipart_fixture() -> Callable[..., tuple[str, Iterator[bytes]]]:
    return multipart


@pytest.fixture(name="generated")
def generated_fixture() -> Callable[..., Iterator[bytes]]:
    return generated


@pytest.fixture(name="upload")
def upload_fixture() -> Callable[..., httpx.Response]:
    def upload(client: httpx.Client, file_name: str, content: bytes, **fields: str) -> httpx.Response:
        """Like the SPA's FormData: the text fields, then the file (httpx puts data before files)."""
        return client.post("/api/documents", data=fields, files={"file": (file_name, content, "application/pdf")})
    return upload


@pytest.fixture
def documents_db(stack: Any) -> Iterator[psycopg.Connection[Any]]:
    with psycopg.connect(stack.database_url(SERVICE), autocommit=True) as connection:
        yield connection


@pytest.fixture
def s3(stack: Any) -> Minio:
    return Minio(stack.env["S3_ENDPOINT"], access_key=stack.env["S3_ACCESS_KEY"],
                 secret_key=stack.env["S3_SECRET_KEY"], secure=False)


@pytest.fixture
def bucket(stack: Any) -> str:
    return str(stack.env["S3_BUCKET"])


@pytest.fixture
def direct(stack: Any) -> Iterator[Callable[..., httpx.Client]]:
    """A client that calls one documents replica itself (not the gateway) with an assertion we sign."""
    clients: list[httpx.Client] = []

    def make(user_id: int, role: str = "applicant", replica: int = 0) -> httpx.Client:
        url = stack.service_url(SERVICE, replica)
        token = sign_assertion(stack.env["PORTAL_ASSERTION_SECRET"], user_id, role, "et", ttl=600,
                               second_factor=role == "admin")
        client = httpx.Client(base_url=url, headers={ASSERTION_HEADER: token, "Origin": url}, timeout=30)
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.close()


@pytest.fixture(name="extra_replica", scope="session")
def extra_replica_fixture(stack: Any) -> Callable[..., contextlib.AbstractContextManager[str]]:
    """``with extra_replica(number, SETTING="value"):`` one more documents process beside the stack's two (same
    database, bucket and broker) with settings of its own, on the port of replica ``number`` (2 and up are
    free), so ``direct`` reaches it by that number; the block yields its URL and stops it at the end."""
    return lambda replica, **settings: extra_replica(stack, SERVICE, replica, **settings)


class StorageControl:
    """Makes the stack's SeaweedFS hang like a store that stopped answering (SIGSTOP: its ports stay open and
    connections are accepted, but nothing is answered) and brings it back (SIGCONT)."""

    def __init__(self, stack: Any) -> None:
        self.pid = next(process.pid for name, process, _ in stack.processes if name == "seaweedfs")
        self.hung = False

    def hang(self) -> None:
        os.kill(self.pid, signal.SIGSTOP)
        self.hung = True

    def resume(self) -> None:
        if self.hung:
            os.kill(self.pid, signal.SIGCONT)
            self.hung = False


@pytest.fixture
def storage(stack: Any) -> Iterator[StorageControl]:
    control = StorageControl(stack)
    try:
        yield control
    finally:
        control.resume()  # the rest of the suite needs the store, whatever happened


@pytest.fixture
def application_of(documents_db: Any, eventually: Any) -> Callable[[Applicant], int]:
    def find(applicant: Applicant) -> int:
        """The applicant's application (what the admin's request dialog offers), once documents knows it
        from applications.created."""
        application_id = int(applicant.client.get("/api/application").json()["application"]["id"])

        def known() -> bool:
            row = documents_db.execute("select application_id from applicants where user_id = %s",
                                       (applicant.user["id"],)).fetchone()
            return row is not None and row[0] == application_id

        eventually(known, what="applications.created reached documents")
        return application_id
    return find
