"""Issue 15, Audit log, "Tamper-evident": every record carries the SHA-256 of its content and of the previous
record; `python -m audit audit verify` checks the chain and names the first broken link; a trigger refuses
UPDATE and DELETE. And "an audit store outage loses nothing and blocks no one"."""

import contextlib
import signal
import uuid
from collections.abc import Iterator
from functools import partial
from typing import Any

import httpx
import nats
import psycopg
import pytest
from psycopg.types.json import Jsonb

from conftest import eventually, extra_replica, nats_login
from portal_common.events import STREAM_NAME
from services.audit.tests.support import SERVICE, audit_event, envelope, recorded, rows, run_verify, stage

# Issue 32: alone on the stack, after the parallel part: it changes and removes records of the one audit chain, runs
# a second replica, stops the service.
pytestmark = pytest.mark.exclusive

APPEND_ONLY_TRIGGER = "audit_records_append_only"


def admin_id(admin: httpx.Client) -> int:
    user_id: int = admin.get("/api/user").json()["id"]
    return user_id


def assert_intact(stack: Any, *command: str) -> str:
    done = run_verify(stack, *command)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("OK"), done.stdout
    return done.stdout


def test_the_table_refuses_update_delete_and_truncate(stack: Any, admin_client: httpx.Client) -> None:
    """Issue 15: 'a database trigger refuses UPDATE and DELETE on the table, as the signature audit does'."""
    [(record_id, _)] = recorded(stack, *stage(stack, envelope(audit_event(admin_id(admin_client), "message.read",
                                                                          None, "7"))))
    for statement, params in (("update audit_records set action = 'message.deleted' where id = %s", (record_id,)),
                              ("delete from audit_records where id = %s", (record_id,)),
                              ("truncate audit_records", ())):
        with psycopg.connect(stack.database_url(SERVICE)) as db, pytest.raises(
                psycopg.errors.IntegrityConstraintViolation, match="append-only"):
            db.execute(statement, params)
    assert rows(stack, "select action from audit_records where id = %s", record_id) == [("message.read",)]


async def test_a_redelivered_event_is_recorded_once(stack: Any, admin_client: httpx.Client) -> None:
    """The same event delivered again after its processed id is gone (pruned after 14 days, or a consumer
    replayed from the start) adds no record: the record is unique per event id."""
    first = envelope(audit_event(admin_id(admin_client), "contract.pdf_viewed", None, "9"))
    recorded(stack, *stage(stack, first))
    with psycopg.connect(stack.database_url(SERVICE)) as db:
        db.execute("delete from processed_events where event_id = %s", (first.id,))
    client = await nats.connect(stack.env["PORTAL_NATS_URL"], **nats_login(stack, "messages"))
    try:  # without a Nats-Msg-Id, so JetStream's duplicate window lets it through
        await client.jetstream().publish(first.type, first.to_bytes(), stream=STREAM_NAME)
    finally:
        await client.close()
    eventually(lambda: rows(stack, "select 1 from processed_events where event_id = %s", first.id),
               timeout=60, what="the redelivered event handled")
    assert rows(stack, "select count(*) from audit_records where event_id = %s", first.id) == [(1,)]


@contextlib.contextmanager
def trigger_disabled(stack: Any) -> Iterator[psycopg.Connection[Any]]:
    """What only the table's owner (here the superuser) can do: the trigger off while the block runs."""
    with psycopg.connect(stack.database_url(SERVICE), autocommit=True) as db:
        db.execute(f"alter table audit_records disable trigger {APPEND_ONLY_TRIGGER}")
        try:
            yield db
        finally:
            db.execute(f"alter table audit_records enable trigger {APPEND_ONLY_TRIGGER}")


def test_verify_passes_an_intact_chain_and_names_a_record_changed_behind_the_triggers_back(
        stack: Any, admin_client: httpx.Client) -> None:
    """Issue 15 tests: 'a row changed behind the trigger's back (as the database owner, trigger disabled) is found
    by audit verify'. The row is put back afterwards, and the chain is whole again."""
    actor = admin_id(admin_client)
    staged = stage(stack, *(envelope(audit_event(actor, "application.viewed", None, str(n))) for n in range(3)))
    [_, (target, _), _] = recorded(stack, *staged)
    assert "audit record(s), the chain is intact" in assert_intact(stack, "audit", "verify")
    assert_intact(stack, "verify")

    [(original,)] = rows(stack, "select action from audit_records where id = %s", target)
    with trigger_disabled(stack) as db:
        db.execute("update audit_records set action = 'application.exported' where id = %s", (target,))
    try:
        broken = run_verify(stack, "audit", "verify")
        assert broken.returncode == 1, broken.stdout + broken.stderr
        assert f"BROKEN at audit record {target} " in broken.stderr, broken.stderr
        assert "does not match its hash" in broken.stderr
    finally:
        with trigger_disabled(stack) as db:
            db.execute("update audit_records set action = %s where id = %s", (original, target))
    assert_intact(stack, "audit", "verify")


def test_verify_names_the_record_after_one_removed(stack: Any, admin_client: httpx.Client) -> None:
    """A record deleted with the trigger off leaves the next one pointing at a hash nobody has. The row is put
    back afterwards (the same values), and the chain is whole again."""
    actor = admin_id(admin_client)
    staged = stage(stack, *(envelope(audit_event(actor, "document.downloaded", None, str(n))) for n in range(2)))
    [(removed, _), (following, _)] = recorded(stack, *staged)
    with trigger_disabled(stack) as db:
        saved = db.execute("select * from audit_records where id = %s", (removed,)).fetchone()
        columns = [column.name for column in db.execute("select * from audit_records limit 0").description or []]
        db.execute("delete from audit_records where id = %s", (removed,))
    try:
        broken = run_verify(stack, "verify")
        assert broken.returncode == 1, broken.stdout + broken.stderr
        assert f"BROKEN at audit record {following} " in broken.stderr, broken.stderr
        assert "a record was removed, added or reordered" in broken.stderr
    finally:
        assert saved is not None
        with psycopg.connect(stack.database_url(SERVICE)) as db:
            values = [Jsonb(value) if name == "details" else value
                      for name, value in zip(columns, saved, strict=True)]
            db.execute(f"insert into audit_records ({', '.join(columns)}) "  # noqa: S608 - our own column names
                       f"values ({', '.join(['%s'] * len(columns))})", values)
    assert_intact(stack, "verify")


def test_two_replicas_append_one_chain(stack: Any, admin_client: httpx.Client) -> None:
    """Appends are serialised (an advisory lock in the inserting transaction): records consumed by two replicas
    at once still link one after the other, no two to the same predecessor."""
    actor = admin_id(admin_client)
    with extra_replica(stack, SERVICE, 1):
        staged = stage(stack, *(envelope(audit_event(actor, "application.viewed", None, str(n))) for n in range(40)))
        recorded(stack, *staged)
    forks = rows(stack, "select prev_hash, count(*) from audit_records group by prev_hash having count(*) > 1")
    assert forks == []
    assert_intact(stack, "verify")


def _ready(url: str) -> bool:
    try:
        return httpx.get(url, timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


@contextlib.contextmanager
def audit_service_down(stack: Any) -> Iterator[None]:
    """The audit service stopped, as in a crash or a deployment, and started again with the stack's command."""
    entry = next(e for e in stack.processes if e[0] == SERVICE)
    _, process, log = entry
    command = list(process.args)
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=20)
    stack.processes.remove(entry)
    log.close()
    try:
        yield
    finally:
        stack._spawn(SERVICE, command, env=stack.env)
        eventually(partial(_ready, f"{stack.service_url(SERVICE)}/readyz"), timeout=180, what="audit back")


def test_records_made_while_the_audit_service_is_down_are_kept_once_it_is_back(
        stack: Any, admin_client: httpx.Client) -> None:
    """Issue 15: 'an audit store outage loses nothing and blocks no one': the sender's transaction commits and
    its relay publishes as always; the record waits in the stream and is appended when the store is back."""
    actor = admin_id(admin_client)
    with audit_service_down(stack):
        [waiting] = stage(stack, envelope(audit_event(actor, "application.status_changed", None, "5",
                                                      status="approved")))
        eventually(lambda: _published(stack, waiting.id), timeout=30, what="the sender's relay published it")
        assert rows(stack, "select 1 from audit_records where event_id = %s", waiting.id) == []
    [(record_id, _)] = recorded(stack, waiting, timeout=120)
    # Traefik's health check (every 5 s) has to see the service again before the gateway routes to it.
    response = eventually(lambda: (answer := admin_client.get("/api/admin/audit", params={
        "action": "application.status_changed", "limit": 200})).status_code == 200 and answer,
        timeout=60, what="the gateway routing to audit again")
    assert record_id in [item["id"] for item in response.json()]
    assert_intact(stack, "verify")


def _published(stack: Any, event_id: uuid.UUID) -> bool:
    with psycopg.connect(stack.database_url("messages")) as db:
        found = db.execute("select published_at is not null from outbox where id = %s", (event_id,)).fetchone()
    return bool(found and found[0])
