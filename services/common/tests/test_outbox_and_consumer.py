"""The outbox relay and the idempotent consumer against real Postgres and NATS JetStream
(design.md, Nothing is lost between services)."""

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator
from typing import Any

import psycopg
import pytest
from sqlmodel import SQLModel, col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from conftest import nats_login
from portal_common.bus import EventBus
from portal_common.consumer import EventConsumer, ProcessedEvent, handle_once
from portal_common.db import Database
from portal_common.events import EventEnvelope, ProfileUpdated
from portal_common.outbox import OutboxEvent, OutboxRelay, add_event

DATABASE = "common_test"


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
        await connection.run_sync(SQLModel.metadata.create_all,
                                  tables=[OutboxEvent.__table__, ProcessedEvent.__table__])  # type: ignore[attr-defined]
    yield database
    await database.dispose()


@pytest.fixture
async def bus(stack: Any) -> AsyncIterator[EventBus]:
    # As identity: the events these tests publish are identity.* ones, which only identity may publish.
    connected = EventBus(stack.env["PORTAL_NATS_URL"], name="common-tests", **nats_login(stack, "identity"))
    await connected.connect()
    yield connected
    await connected.close()


def profile_event(user_id: int) -> ProfileUpdated:
    return ProfileUpdated(user_id=user_id, full_name="Mari", email="m@example.com", phone="5551234",
                          date_of_birth=None, id_code=None, city="Tallinn", address=None)


async def test_only_committed_events_are_published_with_their_id_as_msg_id(db: Database, bus: EventBus) -> None:
    user_id = uuid.uuid4().int % 10**9
    async with db.session() as session:
        committed = add_event(session, profile_event(user_id))
        await session.commit()
    async with db.session() as session:
        add_event(session, profile_event(user_id + 1))
        await session.rollback()

    subscription = await bus.js.subscribe("identity.profile.updated", ordered_consumer=True)
    relay = OutboxRelay(db, bus, poll_seconds=0.05)
    while await relay.publish_batch():
        pass
    seen = []
    with contextlib.suppress(TimeoutError):
        while True:
            message = await subscription.next_msg(timeout=1)
            event = EventEnvelope.model_validate_json(message.data)
            if event.payload["userId"] in (user_id, user_id + 1):
                seen.append((event.id, message.headers and message.headers.get("Nats-Msg-Id")))
    assert seen == [(committed.id, str(committed.id))]
    async with db.session() as session:
        row = await session.get(OutboxEvent, committed.id)
        assert row is not None and row.published_at is not None


async def test_a_republished_row_is_dropped_by_jetstream(db: Database, bus: EventBus) -> None:
    envelope = EventEnvelope.wrap(profile_event(1))
    first = await bus.js.publish(envelope.type, envelope.to_bytes(), headers={"Nats-Msg-Id": str(envelope.id)})
    again = await bus.js.publish(envelope.type, envelope.to_bytes(), headers={"Nats-Msg-Id": str(envelope.id)})
    assert not first.duplicate and again.duplicate and again.seq == first.seq


async def test_a_redelivered_event_is_handled_once(db: Database) -> None:
    handled: list[uuid.UUID] = []

    async def handler(session: AsyncSession, event: EventEnvelope) -> None:
        handled.append(event.id)

    envelope = EventEnvelope.wrap(profile_event(2))
    assert await handle_once(db, envelope, handler) is True
    assert await handle_once(db, envelope, handler) is False
    assert handled == [envelope.id]


async def test_a_failing_handler_leaves_the_event_unprocessed(db: Database) -> None:
    async def broken(session: AsyncSession, event: EventEnvelope) -> None:
        raise RuntimeError("database said no")

    envelope = EventEnvelope.wrap(profile_event(3))
    with pytest.raises(RuntimeError):
        await handle_once(db, envelope, broken)
    async with db.session() as session:
        assert (await session.exec(select(ProcessedEvent).where(col(ProcessedEvent.event_id) == envelope.id))).first() \
            is None


async def test_the_durable_consumer_catches_up_on_what_it_missed(db: Database, bus: EventBus) -> None:
    """Events published while nobody consumed are delivered when the consumer starts, and acked once."""
    user_id = uuid.uuid4().int % 10**9
    subject = f"identity.test.{user_id}"  # a subject no service consumes
    for n in range(3):
        envelope = EventEnvelope.wrap(profile_event(user_id + n))
        envelope.type = subject
        await bus.js.publish(subject, envelope.to_bytes(), headers={"Nats-Msg-Id": str(envelope.id)})
    received: list[int] = []
    done = asyncio.Event()

    async def handler(session: AsyncSession, event: EventEnvelope) -> None:
        received.append(int(str(event.payload["userId"])))
        if len(received) == 3:
            done.set()

    task = asyncio.create_task(EventConsumer(db, bus, "common-tests", subject, handler).run())
    try:
        await asyncio.wait_for(done.wait(), 15)
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
    assert received == [user_id, user_id + 1, user_id + 2]


async def test_events_a_handler_stages_go_out_without_waiting_for_the_relays_poll(db: Database, bus: EventBus) -> None:
    """issue 18, Between services: a consumer whose handler stages an event (contracts, on a registration)
    wakes the outbox relay on commit, so the next service hears of it at once, not at the relay's next poll."""
    user_id = uuid.uuid4().int % 10**9
    source, staged = f"identity.test.{user_id}", f"identity.test.{user_id}.staged"
    heard = await bus.js.subscribe(staged, ordered_consumer=True)

    async def handler(session: AsyncSession, event: EventEnvelope) -> None:
        follow_up = EventEnvelope.wrap(profile_event(user_id))
        session.add(OutboxEvent(id=follow_up.id, subject=staged, body=follow_up.to_bytes()))

    relay = OutboxRelay(db, bus, poll_seconds=60)  # a poll far beyond the test: only a wake-up publishes in time
    tasks = [asyncio.create_task(relay.run()),
             asyncio.create_task(EventConsumer(db, bus, "common-tests", source, handler, relay).run())]
    try:
        envelope = EventEnvelope.wrap(profile_event(user_id))
        envelope.type = source
        await bus.js.publish(source, envelope.to_bytes(), headers={"Nats-Msg-Id": str(envelope.id)})
        message = await heard.next_msg(timeout=10)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    assert EventEnvelope.model_validate_json(message.data).payload["userId"] == user_id
