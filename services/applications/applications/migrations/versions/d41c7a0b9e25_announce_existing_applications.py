"""announce existing applications

Every application made before `applications.created` existed is announced once through the outbox, so
documents and contracts learn whose it is and accept it in an admin's request or contract (issue 11).

Revision ID: d41c7a0b9e25
Revises: 7c3e9a41d2b8
Create Date: 2026-11-24 18:30:00.000000
"""
import json
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op


revision: str = 'd41c7a0b9e25'
down_revision: str | None = '7c3e9a41d2b8'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SUBJECT = "applications.created"


def envelope(event_id: uuid.UUID, application_id: int, user_id: int, now: datetime) -> bytes:
    # Written out as version 1 of the event stands today, not through the event model, which may change later.
    return json.dumps({"id": str(event_id), "type": SUBJECT, "version": 1, "occurredAt": now.isoformat(),
                       "payload": {"applicationId": application_id, "userId": user_id}}).encode()


def upgrade() -> None:
    connection = op.get_bind()
    now = datetime.now(UTC)
    for application_id, user_id in connection.execute(sa.text("select id, user_id from applications order by id")):
        event_id = uuid.uuid4()
        connection.execute(
            sa.text("insert into outbox (id, subject, body, created_at) values (:id, :subject, :body, :now)"),
            {"id": event_id, "subject": SUBJECT, "body": envelope(event_id, application_id, user_id, now), "now": now})


def downgrade() -> None:
    pass  # the announcements are facts already sent; there is nothing to take back
