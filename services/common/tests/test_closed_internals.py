"""Issue 11, Closed internals, on the local stack: NATS requires credentials and lets each service publish
only its own events ("a connection without credentials cannot publish or subscribe"), and SeaweedFS hands
stored files out only through S3 with its keys ("a stored document cannot be fetched from the volume or
filer port without credentials"). Compose and Kubernetes run the same NATS users file and SeaweedFS keys:
deploy/tests/test_storage_commands.py and test_nats_cluster.py run their commands."""

import json
import os
import socket
import uuid
from typing import Any

import httpx
import nats
import nats.errors
import psycopg
import pytest
from minio import Minio
from nats.js.errors import NotFoundError
from stack import Stack

from conftest import Applicant, nats_login
from deploy.tests.support import READS_ONLY, assert_refused_without_seaweedfs_keys, seaweedfs_file
from gateway.routes import SERVICES
from portal_common.events import STREAM_NAME

PDF = b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
STRANGERS = {"no credentials": {}, "a wrong password": {"user": "identity", "pass": "not-the-password"},
             "an unknown user": {"user": "intruder", "pass": "intruder"}}


# ---- NATS -------------------------------------------------------------------------------------------------

def _speak_nats(port: int, connect: dict[str, Any], subject: str) -> tuple[dict[str, Any], bytes]:
    """The server's INFO, and all it answers to a client that connects, subscribes to every identity event,
    publishes a forged one and pings: the protocol itself, so nothing on the client side stops any of it."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        info = json.loads(connection.recv(65536).decode().removeprefix("INFO ").strip())
        forged = json.dumps({"type": "identity.profile.updated", "payload": {"userId": 1, "email": "evil@example"}})
        connection.sendall((f"CONNECT {json.dumps({'verbose': False, 'pedantic': False, **connect})}\r\n"
                            f"SUB identity.> 1\r\nPUB {subject} {len(forged)}\r\n{forged}\r\nPING\r\n").encode())
        answer = b""
        while chunk := connection.recv(65536):  # the server closes the connection
            answer += chunk
    return info, answer


async def _last_message_on(stack: Stack, subject: str) -> bytes | None:
    client = await nats.connect(stack.env["PORTAL_NATS_URL"], **nats_login(stack, "identity"))
    try:
        return bytes((await client.jetstream().get_last_msg(STREAM_NAME, subject)).data or b"")
    except NotFoundError:
        return None
    finally:
        await client.close()


@pytest.mark.parametrize("stranger", STRANGERS)
async def test_a_client_without_a_services_credentials_can_neither_publish_nor_subscribe(stack: Stack,
                                                                                         stranger: str) -> None:
    subject = f"identity.profile.updated.forged-{uuid.uuid4().hex}"
    info, answer = _speak_nats(stack.ports.nats, STRANGERS[stranger], subject)
    assert info["auth_required"] is True
    assert answer.startswith(b"-ERR 'Authorization Violation'"), answer
    assert b"PONG" not in answer and b"MSG" not in answer  # no subscription, no reply: the connection is closed
    assert await _last_message_on(stack, subject) is None, "the forged event reached the stream"
    # The client library is turned away the same way.
    with pytest.raises(nats.errors.Error, match="Authorization Violation"):
        await nats.connect(stack.env["PORTAL_NATS_URL"], allow_reconnect=False, max_reconnect_attempts=0,
                           connect_timeout=2, error_cb=_ignore, user=STRANGERS[stranger].get("user"),
                           password=STRANGERS[stranger].get("pass"))


async def _ignore(_error: Exception) -> None:
    pass


@pytest.mark.parametrize("service", SERVICES)
async def test_a_service_publishes_its_own_events_and_no_one_elses(stack: Stack, service: str) -> None:
    errors: list[str] = []

    async def record(error: Exception) -> None:
        errors.append(str(error))

    client = await nats.connect(stack.env["PORTAL_NATS_URL"], error_cb=record, **nats_login(stack, service))
    try:
        js = client.jetstream()
        own = f"{service}.probe.{uuid.uuid4().hex}"
        if service in READS_ONLY:  # the audit store publishes nothing, not even under its own name (issue 15)
            with pytest.raises(nats.errors.TimeoutError):
                await js.publish(own, b"{}", timeout=1)
            assert await _last_message_on(stack, own) is None
        else:
            acknowledged = await js.publish(own, b"{}", headers={"Nats-Msg-Id": str(uuid.uuid4())})
            assert acknowledged.stream == STREAM_NAME
            assert await _last_message_on(stack, own) == b"{}"

        other = next(s for s in SERVICES if s != service)
        forged = f"{other}.probe.{uuid.uuid4().hex}"
        with pytest.raises(nats.errors.TimeoutError):  # the server drops it: no acknowledgement ever comes
            await js.publish(forged, b"{}", timeout=1)
        assert await _last_message_on(stack, forged) is None
        assert any("permissions violation for publish" in e.lower() and forged in e for e in errors), errors
    finally:
        await client.close()


async def test_no_service_may_delete_the_event_stream(stack: Stack) -> None:
    client = await nats.connect(stack.env["PORTAL_NATS_URL"], error_cb=_ignore, **nats_login(stack, "messages"))
    try:
        js = client.jetstream(timeout=1)
        for remove in (js.delete_stream(STREAM_NAME), js.purge_stream(STREAM_NAME)):
            with pytest.raises(nats.errors.TimeoutError):
                await remove
        assert (await js.stream_info(STREAM_NAME)).config.name == STREAM_NAME
    finally:
        await client.close()


# ---- SeaweedFS --------------------------------------------------------------------------------------------

def _stack_secrets(stack: Stack) -> dict[str, str]:
    lines = (stack.config.data_dir / "secrets.env").read_text().splitlines()
    return dict(line.split("=", 1) for line in lines if "=" in line)


def test_a_stored_document_leaves_storage_only_through_s3_with_its_keys(stack: Stack, make_applicant: Any) -> None:
    applicant: Applicant = make_applicant()
    content = PDF + os.urandom(50_000)
    response = applicant.client.post("/api/documents", data={"name": "Passport"},
                                     files={"file": ("passport.pdf", content, "application/pdf")})
    assert response.status_code == 201, response.text
    with psycopg.connect(stack.database_url("documents")) as db:
        row = db.execute("select object_key from documents where id = %s", (response.json()["id"],)).fetchone()
    assert row is not None
    bucket, key = stack.env["S3_BUCKET"], row[0]

    ports = stack.ports.seaweed()
    filer, volume, chunk = seaweedfs_file(ports["filer.port"], ports["volume.port"], f"/buckets/{bucket}/{key}",
                                          _stack_secrets(stack))
    assert chunk == content, "the volume server's chunk is the document itself"
    assert_refused_without_seaweedfs_keys(filer, volume, content)
    # WebDAV served the filer's files to anyone; nothing listens where the stack used to start it.
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"http://127.0.0.1:{stack.ports.base + 43}/buckets/{bucket}/{key}")

    s3 = Minio(stack.env["S3_ENDPOINT"], access_key=stack.env["S3_ACCESS_KEY"],
               secret_key=stack.env["S3_SECRET_KEY"], secure=False)
    stored = s3.get_object(bucket, key)
    try:
        assert stored.read() == content
    finally:
        stored.close()
        stored.release_conn()
    assert applicant.client.get(response.json()["filePath"]).content == content
