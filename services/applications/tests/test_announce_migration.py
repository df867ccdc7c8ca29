"""The migration that announces applications made before `applications.created` existed (issue 11, Admin
writes check what they reference): without it, documents and contracts would never learn whose those
applications are, and would refuse them in an admin's request or contract."""

from pathlib import Path
from typing import Any

import psycopg
import pytest
from alembic import command

import applications
from portal_common.events import ApplicationCreated, EventEnvelope, read_payload
from portal_common.migrations import alembic_config
from testkit.alembic_runs import alembic, fresh_database

DATABASE = "announce_migration_test"
MIGRATIONS = Path(applications.__file__).parent / "migrations"
BEFORE_ANNOUNCEMENTS = "7c3e9a41d2b8"


@pytest.fixture
def database_url(stack: Any) -> str:
    return fresh_database(stack, DATABASE)


def test_applications_made_before_the_event_existed_are_announced_once(database_url: str) -> None:
    alembic(command.upgrade, alembic_config(MIGRATIONS, database_url), BEFORE_ANNOUNCEMENTS)
    with psycopg.connect(database_url, autocommit=True) as connection:
        ids = [connection.execute(
            "insert into applications (user_id, status, created_at, updated_at) values (%s, 'pending', now(), now())"
            " returning id", (user_id,)).fetchone()[0] for user_id in (501, 502)]  # type: ignore[index]

    alembic(command.upgrade, alembic_config(MIGRATIONS, database_url), "head")

    with psycopg.connect(database_url) as connection:
        rows = connection.execute("select id, subject, body from outbox order by created_at").fetchall()
    assert [subject for _, subject, _ in rows] == ["applications.created"] * 2
    announced = set()
    for row_id, _, body in rows:
        envelope = EventEnvelope.model_validate_json(body)
        assert envelope.id == row_id and envelope.type == ApplicationCreated.TYPE  # Nats-Msg-Id is the row id
        payload = read_payload(envelope, ApplicationCreated)
        announced.add((payload.application_id, payload.user_id))
    assert announced == {(ids[0], 501), (ids[1], 502)}
