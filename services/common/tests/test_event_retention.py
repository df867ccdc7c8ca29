"""Pruning the event tables (issue 12, Back end: "The `outbox` and `processed_events` tables are pruned"):
published outbox rows and processed event ids older than PORTAL_EVENT_RETENTION_DAYS go, by the relay now
and then and by `python -m <service> prune-events`; young rows and unpublished events stay. Against real
Postgres and NATS JetStream, each test on a database of its own."""

import asyncio
import contextlib
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from datetime import timedelta
from typing import Any

import psycopg
import pytest
from sqlmodel import SQLModel, col, select

from conftest import nats_login
from portal_common.bus import EventBus
from portal_common.clock import utcnow
from portal_common.consumer import ProcessedEvent
from portal_common.db import Database
from portal_common.events import ProfileUpdated
from portal_common.outbox import OutboxEvent, OutboxRelay, add_event
from portal_common.retention import EventPruner, prune_events
from portal_common.settings import ServiceSettings

SERVICES = ("identity", "applications", "documents", "contracts", "messages", "notifications", "audit")
RETENTION = timedelta(days=ServiceSettings.model_fields["event_retention_days"].default)
OLD = RETENTION + timedelta(days=6)
YOUNG = RETENTION - timedelta(days=1)


def fresh_database(stack: Any, name: str) -> str:
    """An empty database with the two event tables, as every service's migrations make them."""
    with psycopg.connect(stack.database_url("postgres"), autocommit=True) as admin:
        admin.execute(f"drop database if exists {name}")
        admin.execute(f"create database {name}")
    return str(stack.database_url(name))


@pytest.fixture
async def db(stack: Any) -> AsyncIterator[Database]:
    name = f"retention_{uuid.uuid4().hex[:12]}"
    database = Database(fresh_database(stack, name))
    async with database.engine.begin() as connection:
        await connection.run_sync(SQLModel.metadata.create_all,
                                  tables=[OutboxEvent.__table__, ProcessedEvent.__table__])  # type: ignore[attr-defined]
    yield database
    await database.dispose()
    with psycopg.connect(stack.database_url("postgres"), autocommit=True) as admin:
        admin.execute(f"drop database if exists {name}")


def url_of(db: Database) -> str:
    return db.engine.url.render_as_string(hide_password=False)


async def outbox_row(db: Database, age: timedelta, published: bool = True) -> uuid.UUID:
    stamp = utcnow() - age
    row = OutboxEvent(id=uuid.uuid4(), subject="identity.test.retention", body=b"{}", created_at=stamp,
                      published_at=stamp if published else None)
    async with db.session() as session:
        session.add(row)
        await session.commit()
    return row.id


async def processed_row(db: Database, age: timedelta) -> uuid.UUID:
    row = ProcessedEvent(event_id=uuid.uuid4(), processed_at=utcnow() - age)
    async with db.session() as session:
        session.add(row)
        await session.commit()
    return row.event_id


async def remaining(db: Database, ids: Iterable[uuid.UUID]) -> set[uuid.UUID]:
    """Which of these ids are still in either table."""
    wanted = list(ids)
    async with db.session() as session:
        outbox = (await session.exec(select(col(OutboxEvent.id)).where(col(OutboxEvent.id).in_(wanted)))).all()
        processed = (await session.exec(select(col(ProcessedEvent.event_id))
                                        .where(col(ProcessedEvent.event_id).in_(wanted)))).all()
    return set(outbox) | set(processed)


async def eventually(check: Callable[[], Awaitable[bool]]) -> None:
    """Polls ``check`` until it holds, for at most ten seconds."""
    async with asyncio.timeout(10):
        while True:
            if await check():
                return
            await asyncio.sleep(0.05)


async def test_old_published_and_processed_rows_go_young_and_unpublished_ones_stay(db: Database) -> None:
    old = {await outbox_row(db, OLD), await processed_row(db, OLD)}
    young = {await outbox_row(db, YOUNG), await processed_row(db, YOUNG)}
    owed = await outbox_row(db, OLD * 3, published=False)  # never published: still owed to the other services

    pruned = await prune_events(db, RETENTION)

    assert (pruned.published, pruned.processed) == (1, 1)
    assert await remaining(db, old | young | {owed}) == young | {owed}


async def test_a_backlog_goes_batch_by_batch(db: Database) -> None:
    old = {await outbox_row(db, OLD) for _ in range(5)} | {await processed_row(db, OLD) for _ in range(3)}
    pruner = EventPruner(db, RETENTION, batch_size=2)

    first = await pruner.prune_if_due()
    assert first is not None and (first.published, first.processed) == (2, 2)
    second = await pruner.prune_if_due()  # a whole batch came back, so more may wait: due again at once
    assert second is not None and (second.published, second.processed) == (2, 1)
    pruned = await prune_events(db, RETENTION, batch_size=2)
    assert (pruned.published, pruned.processed) == (1, 0)
    assert await remaining(db, old) == set()


async def test_the_relay_prunes_at_start_and_then_not_again_within_the_hour(db: Database, stack: Any) -> None:
    bus = EventBus(stack.env["PORTAL_NATS_URL"], name="retention-tests", **nats_login(stack, "identity"))
    await bus.connect()
    old = {await outbox_row(db, OLD), await processed_row(db, OLD)}
    young = await outbox_row(db, YOUNG)
    relay = OutboxRelay(db, bus, poll_seconds=0.05, pruner=EventPruner(db, RETENTION))
    running = asyncio.create_task(relay.run())
    try:
        await eventually(lambda: has_none(db, old))
        later = await outbox_row(db, OLD)
        # An event staged now is published on the relay's next rounds; the old row stays until the next hour.
        async with db.session() as session:
            staged = add_event(session, ProfileUpdated(
                user_id=uuid.uuid4().int % 10**9, full_name="Mari", email="m@example.com", phone="5551234",
                date_of_birth=None, id_code=None, city="Tallinn", address=None))
            await session.commit()
        await eventually(lambda: is_published(db, staged.id))
        await asyncio.sleep(0.5)  # several more rounds
        assert await remaining(db, {later, young, staged.id}) == {later, young, staged.id}
    finally:
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running
        await bus.close()


async def has_none(db: Database, ids: set[uuid.UUID]) -> bool:
    return not await remaining(db, ids)


async def is_published(db: Database, event_id: uuid.UUID) -> bool:
    async with db.session() as session:
        row = await session.get(OutboxEvent, event_id)
        return row is not None and row.published_at is not None


def prune_command(service: str, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", service, "prune-events", *args], env=env, capture_output=True,
                          text=True, timeout=120)


@pytest.mark.parametrize("service", SERVICES)
async def test_every_service_has_the_prune_command(service: str, db: Database, stack: Any) -> None:
    """`python -m <service> prune-events` with the stack's settings, on a database of its own."""
    old = {await outbox_row(db, OLD), await outbox_row(db, OLD), await processed_row(db, OLD)}
    young = {await outbox_row(db, YOUNG), await processed_row(db, YOUNG)}
    owed = await outbox_row(db, OLD, published=False)
    env = {**stack.env, f"{service.upper()}_DATABASE_URL": url_of(db)}

    result = prune_command(service, env)

    assert result.returncode == 0, result.stderr
    assert "pruned 2 published outbox event(s) and 1 processed event id(s) older than 14 day(s)" in result.stdout
    assert await remaining(db, old | young | {owed}) == young | {owed}


async def test_the_command_follows_the_retention_setting(db: Database, stack: Any) -> None:
    five_days = {await outbox_row(db, timedelta(days=5)), await processed_row(db, timedelta(days=5))}
    env = {**stack.env, "MESSAGES_DATABASE_URL": url_of(db)}

    assert prune_command("messages", env).returncode == 0
    assert await remaining(db, five_days) == five_days
    refused = prune_command("messages", env, "--older-than-days", "0")
    assert refused.returncode == 2 and "at least 1 day" in refused.stderr
    assert prune_command("messages", {**env, "PORTAL_EVENT_RETENTION_DAYS": "3"}).returncode == 0
    assert await remaining(db, five_days) == set()
