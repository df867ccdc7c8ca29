"""Wake-ups on commit through Postgres LISTEN/NOTIFY (issue 37, Idle cost), against the stack's real Postgres and
NATS: a commit wakes every listener, a rollback none, and the outbox relay, polling only every 30 s, publishes an
event staged by another process within a second of its commit."""

import asyncio
import time
import uuid
from collections.abc import AsyncIterator
from typing import Any

import psycopg
import pytest
from sqlmodel import SQLModel

from conftest import nats_login
from portal_common.bus import EventBus
from portal_common.db import Database
from portal_common.events import EventEnvelope, ProfileUpdated
from portal_common.outbox import OUTBOX_CHANNEL, OutboxEvent, OutboxRelay, add_event
from portal_common.wakeups import Wakeups, wake_on_commit

DATABASE = "common_wakeups_test"
CHANNEL = "common_test_work"


@pytest.fixture(scope="module")
def database_url(stack: Any) -> str:
    with psycopg.connect(stack.database_url("postgres"), autocommit=True) as admin:
        admin.execute(f"drop database if exists {DATABASE}")
        admin.execute(f"create database {DATABASE}")
    return str(stack.database_url(DATABASE))


@pytest.fixture
async def db(database_url: str) -> AsyncIterator[Database]:
    database = Database(database_url)
    async with database.engine.begin() as connection:
        await connection.run_sync(SQLModel.metadata.create_all, tables=[OutboxEvent.__table__])  # type: ignore[attr-defined]
    yield database
    await database.dispose()


@pytest.fixture
async def listening(database_url: str) -> AsyncIterator[tuple[Wakeups, list[asyncio.Event]]]:
    """Two listeners, as two replicas would have, each with its own connection; yielded once both listen."""
    replicas = [Wakeups(database_url), Wakeups(database_url)]
    woken = [replica.subscribe(CHANNEL) for replica in replicas]
    tasks = [asyncio.create_task(replica.run()) for replica in replicas]
    for event in woken:  # each sets its event once it listens (the catch-up round after connecting)
        await asyncio.wait_for(event.wait(), 10)
        event.clear()
    yield replicas[0], woken
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def test_a_commit_wakes_every_listener_and_a_rollback_none(
        db: Database, listening: tuple[Wakeups, list[asyncio.Event]]) -> None:
    _, woken = listening
    async with db.session() as session:
        wake_on_commit(session, CHANNEL)
        await session.rollback()
    await asyncio.sleep(0.5)
    assert not any(event.is_set() for event in woken), "a rolled-back transaction woke a listener"

    async with db.session() as session:
        wake_on_commit(session, CHANNEL)
        await session.commit()
    await asyncio.wait_for(asyncio.gather(*(event.wait() for event in woken)), 5)


async def test_the_relay_publishes_another_process_s_event_without_waiting_for_its_poll(
        db: Database, database_url: str, stack: Any) -> None:
    bus = EventBus(stack.env["PORTAL_NATS_URL"], name="common-wakeup-tests", **nats_login(stack, "identity"))
    await bus.connect()
    relay = OutboxRelay(db, bus, poll_seconds=30)
    wakeups = Wakeups(database_url)
    wakeups.subscribe(OUTBOX_CHANNEL, relay.woken)
    listener = asyncio.create_task(wakeups.run())
    subscription = await bus.js.subscribe("identity.profile.updated", ordered_consumer=True)
    running = asyncio.create_task(relay.run())
    try:
        await asyncio.sleep(1)  # the relay's first round is over; its next poll is 30 s away
        user_id = uuid.uuid4().int % 10**9
        other_process = Database(database_url)  # a command line's own connection, no relay of its own
        async with other_process.session() as session:
            staged = add_event(session, ProfileUpdated(user_id=user_id, full_name="Mari", email="m@example.com",
                                                       phone="5551234", date_of_birth=None, id_code=None,
                                                       city="Tallinn", address=None))
            await session.commit()
        committed_at = time.monotonic()
        await other_process.dispose()
        while True:
            message = await subscription.next_msg(timeout=5)
            if EventEnvelope.model_validate_json(message.data).id == staged.id:
                break
        assert time.monotonic() - committed_at < 1.0
    finally:
        for task in (running, listener):
            task.cancel()
        await asyncio.gather(running, listener, return_exceptions=True)
        await bus.close()
