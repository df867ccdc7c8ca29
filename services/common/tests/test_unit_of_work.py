"""The unit of work (issue 12, Back end, Transactions: "One unit-of-work dependency in `portal_common` commits
on success, rolls back on error and wakes the outbox relay when events were staged ... A test shows a failing
handler leaves neither its row nor its event"). A small app built the way the services are, against the test
stack's real Postgres and NATS JetStream; the relay polls only once a minute, so an event that goes out at
once went out because the unit of work woke it."""

import ast
import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from fastapi import FastAPI
from nats.js.api import DeliverPolicy
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel, col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from conftest import nats_login
from portal_common.bus import EventBus
from portal_common.db import Database
from portal_common.errors import ApiError, ErrorCode, install_error_handlers
from portal_common.events import EventEnvelope, ProfileUpdated
from portal_common.outbox import OutboxEvent, OutboxRelay, add_event
from portal_common.unit_of_work import SessionDep, UnitOfWorkDep

DATABASE = "common_unit_of_work_test"
RELAY_POLL_SECONDS = 60.0
PROMPTLY_SECONDS = 3.0


class NotesTable(SQLModel, registry=registry()):
    """Tables of this test only, on metadata of their own."""


class Note(NotesTable, table=True):
    __tablename__ = "unit_of_work_notes"

    id: int | None = Field(default=None, primary_key=True)
    text: str = Field(max_length=100, unique=True)


class CountingRelay(OutboxRelay):
    """The real relay, counting how often it is woken."""

    wakes = 0

    def wake(self) -> None:
        self.wakes += 1
        super().wake()


def profile_event(user_id: int) -> ProfileUpdated:
    return ProfileUpdated(user_id=user_id, full_name="Mari", email="m@example.com", phone="5551234",
                          date_of_birth=None, id_code=None, city="Tallinn", address=None)


def notes_app(database: Database, relay: OutboxRelay) -> FastAPI:
    app = FastAPI()
    install_error_handlers(app)
    app.state.db, app.state.relay = database, relay
    app.state.undone = []

    def stage(db: AsyncSession, text: str, user_id: int) -> None:
        db.add(Note(text=text))
        add_event(db, profile_event(user_id))

    @app.post("/notes/{text}", status_code=201)
    async def write(text: str, user_id: int, unit_of_work: UnitOfWorkDep) -> dict[str, bool]:
        stage(unit_of_work.session, text, user_id)
        unit_of_work.on_rollback(lambda: _note_undone(app, text))
        return {"ok": True}

    @app.post("/notes/{text}/refused")
    async def refused(text: str, user_id: int, db: SessionDep) -> None:
        stage(db, text, user_id)
        await db.flush()  # both rows are in the database, uncommitted, when the handler fails
        raise ApiError(422, ErrorCode.VALIDATION_ERROR, "refused")

    @app.post("/notes/{text}/counted-then-refused")
    async def counted_then_refused(text: str, user_id: int, unit_of_work: UnitOfWorkDep) -> None:
        stage(unit_of_work.session, text, user_id)
        unit_of_work.on_rollback(lambda: _note_undone(app, text))

        async def count(session: AsyncSession) -> None:
            session.add(Note(text=f"{text}-counted"))

        await unit_of_work.commit_independently(count)
        raise ApiError(429, ErrorCode.RATE_LIMITED, "refused")

    @app.get("/notes/{text}")
    async def read(text: str, db: SessionDep) -> dict[str, bool]:
        return {"found": (await db.exec(select(Note).where(col(Note.text) == text))).first() is not None}

    return app


async def _note_undone(app: FastAPI, text: str) -> None:
    app.state.undone.append(text)


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
        await connection.run_sync(NotesTable.metadata.create_all)
        await connection.run_sync(SQLModel.metadata.create_all, tables=[OutboxEvent.__table__])  # type: ignore[attr-defined]
    yield database
    await database.dispose()


@pytest.fixture
async def bus(stack: Any) -> AsyncIterator[EventBus]:
    # As identity: these are identity.* events, which only identity may publish.
    connected = EventBus(stack.env["PORTAL_NATS_URL"], name="unit-of-work-tests", **nats_login(stack, "identity"))
    await connected.connect()
    yield connected
    await connected.close()


@pytest.fixture
async def relay(db: Database, bus: EventBus) -> AsyncIterator[CountingRelay]:
    running = CountingRelay(db, bus, poll_seconds=RELAY_POLL_SECONDS)
    task = asyncio.create_task(running.run())
    yield running
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task


@pytest.fixture
async def app(db: Database, relay: CountingRelay) -> FastAPI:
    return notes_app(db, relay)


@pytest.fixture
async def client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://app") as c:
        yield c


def unique_text() -> str:
    return uuid.uuid4().hex[:12]


async def notes(db: Database, *texts: str) -> set[str]:
    async with db.session() as session:
        return set((await session.exec(select(Note.text).where(col(Note.text).in_(texts)))).all())


async def events_for(db: Database, user_id: int) -> list[OutboxEvent]:
    async with db.session() as session:
        rows = (await session.exec(select(OutboxEvent))).all()
    return [row for row in rows if EventEnvelope.model_validate_json(row.body).payload["userId"] == user_id]


async def test_a_failing_handler_leaves_neither_its_row_nor_its_event(db: Database, relay: CountingRelay,
                                                                      client: httpx.AsyncClient) -> None:
    text, user_id = unique_text(), uuid.uuid4().int % 10**9
    response = await client.post(f"/notes/{text}/refused", params={"user_id": user_id})
    assert response.status_code == 422 and response.json()["code"] == "validation_error"
    assert await notes(db, text) == set()
    assert await events_for(db, user_id) == []
    assert relay.wakes == 0


async def test_a_successful_handler_commits_before_answering_and_its_event_goes_out_at_once(
        db: Database, bus: EventBus, relay: CountingRelay, app: FastAPI, client: httpx.AsyncClient) -> None:
    text, user_id = unique_text(), uuid.uuid4().int % 10**9
    subscription = await bus.js.subscribe("identity.profile.updated", ordered_consumer=True,
                                          deliver_policy=DeliverPolicy.NEW)
    response = await client.post(f"/notes/{text}", params={"user_id": user_id})
    assert response.status_code == 201
    assert await notes(db, text) == {text}  # committed by the time the answer came
    [event] = await events_for(db, user_id)
    assert relay.wakes == 1 and app.state.undone == []

    async def published() -> EventEnvelope:
        while True:
            envelope = EventEnvelope.model_validate_json((await subscription.next_msg(timeout=PROMPTLY_SECONDS)).data)
            if envelope.payload["userId"] == user_id:
                return envelope

    assert (await asyncio.wait_for(published(), PROMPTLY_SECONDS)).id == event.id  # not a minute later
    await subscription.unsubscribe()


async def test_a_read_commits_nothing_and_wakes_no_one(relay: CountingRelay, client: httpx.AsyncClient) -> None:
    response = await client.get(f"/notes/{unique_text()}")
    assert response.status_code == 200 and response.json() == {"found": False}
    assert relay.wakes == 0


async def test_a_commit_that_fails_answers_409_and_keeps_nothing(db: Database, relay: CountingRelay, app: FastAPI,
                                                                 client: httpx.AsyncClient) -> None:
    """The handler returns normally; the unique violation only comes with the commit, after the handler has
    built its 201. Committed after the answer was sent, the client would have had that 201."""
    text, first_user, second_user = unique_text(), uuid.uuid4().int % 10**9, uuid.uuid4().int % 10**9
    assert (await client.post(f"/notes/{text}", params={"user_id": first_user})).status_code == 201
    response = await client.post(f"/notes/{text}", params={"user_id": second_user})
    assert response.status_code == 409 and response.json()["code"] == "conflict"
    assert await events_for(db, second_user) == []
    assert relay.wakes == 1 and app.state.undone == [text]


async def test_work_committed_independently_stays_when_the_request_fails(db: Database, relay: CountingRelay,
                                                                         app: FastAPI,
                                                                         client: httpx.AsyncClient) -> None:
    """As a counted failed sign-in must: the request's own row and event go, the independent one stays, and
    what the request registered to undo is undone."""
    text, user_id = unique_text(), uuid.uuid4().int % 10**9
    response = await client.post(f"/notes/{text}/counted-then-refused", params={"user_id": user_id})
    assert response.status_code == 429
    assert await notes(db, text, f"{text}-counted") == {f"{text}-counted"}
    assert await events_for(db, user_id) == []
    assert app.state.undone == [text]
    assert relay.wakes == 0  # the independent transaction staged no event


def test_no_route_or_service_commits_or_wakes_the_relay_itself() -> None:
    """Issue 12, done when "no route or service calls `commit()`": the unit of work does, and wakes the relay."""
    services = Path(__file__).resolve().parents[2]
    calls = sorted(
        f"{path.relative_to(services)}:{node.lineno} .{node.func.attr}()"
        for service in ("identity", "applications", "documents", "contracts", "messages")
        for path in (services / service / service).glob("*.py") if path.stem in ("routes", "service")
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("commit", "wake"))
    assert calls == []
