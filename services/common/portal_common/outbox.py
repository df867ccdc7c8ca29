"""Transactional outbox (design.md, Nothing is lost between services).

A service adds the event to the ``outbox`` table in the same transaction as its state change. The relay
publishes unsent rows to JetStream with ``Nats-Msg-Id`` = event id, so a row published twice (a crash
between the publish and the commit) is dropped by the server, and marks a row sent only after the ack.
Between rounds it prunes old published rows and processed event ids now and then (retention.py). A commit that
staged events wakes the relay (at once in its own process, through Postgres NOTIFY in every replica and from
command lines: wakeups.py); its poll is only a slow safety net, and a round that failed is retried soon.
"""

import asyncio
import contextlib
import json
import logging
import uuid
from datetime import datetime
from typing import TYPE_CHECKING

from opentelemetry import trace
from sqlalchemy import Column, DateTime, LargeBinary
from sqlmodel import Field, SQLModel, col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from portal_common.bus import EventBus
from portal_common.clock import utcnow
from portal_common.db import Database
from portal_common.events import EventEnvelope, EventPayload
from portal_common.tracing import TRACEPARENT, continued_span, current_traceparent
from portal_common.wakeups import wait_for_wake, wake_on_commit

if TYPE_CHECKING:  # retention.py imports this module for its table
    from portal_common.retention import EventPruner

log = logging.getLogger(__name__)
BATCH_SIZE = 100
OUTBOX_CHANNEL = "portal_outbox"
RETRY_SECONDS = 1.0  # after a failed round (a broker or database outage), sooner than the safety poll


class OutboxEvent(SQLModel, table=True):
    __tablename__ = "outbox"

    id: uuid.UUID = Field(primary_key=True)
    subject: str = Field(max_length=200)
    body: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
    created_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True), index=True)
    published_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True), index=True)


def _traceparent_of(body: bytes) -> str | None:
    with contextlib.suppress(ValueError, AttributeError):
        traceparent = json.loads(body).get(TRACEPARENT)
        return traceparent if isinstance(traceparent, str) else None
    return None


def add_event(session: AsyncSession, payload: EventPayload) -> EventEnvelope:
    """Stages the event in the caller's transaction; it is published only if that transaction commits."""
    envelope = EventEnvelope.wrap(payload)
    envelope.traceparent = current_traceparent()
    session.add(OutboxEvent(id=envelope.id, subject=envelope.type, body=envelope.to_bytes(), created_at=utcnow()))
    wake_on_commit(session, OUTBOX_CHANNEL)
    return envelope


class OutboxRelay:
    def __init__(self, db: Database, bus: EventBus, poll_seconds: float, pruner: "EventPruner | None" = None) -> None:
        self.db = db
        self.bus = bus
        self.poll_seconds = poll_seconds
        self.pruner = pruner
        self.woken = asyncio.Event()  # also set by wakeups.Wakeups on OUTBOX_CHANNEL

    def wake(self) -> None:
        """Called after a commit that staged events, so they go out without waiting for the next poll."""
        self.woken.set()

    async def run(self) -> None:
        while True:
            delay = self.poll_seconds
            try:
                while await self.publish_batch() == BATCH_SIZE:
                    pass
                if self.pruner is not None:
                    await self.pruner.prune_if_due()
            except asyncio.CancelledError:
                raise
            except Exception:  # the relay must outlive a broker or database outage
                log.exception("outbox relay failed; retrying")
                delay = min(delay, RETRY_SECONDS)
            await wait_for_wake(self.woken, delay)

    async def publish_batch(self) -> int:
        async with self.db.session() as session:
            rows = (await session.exec(
                select(OutboxEvent).where(col(OutboxEvent.published_at).is_(None))
                .order_by(col(OutboxEvent.created_at)).limit(BATCH_SIZE).with_for_update(skip_locked=True)
            )).all()
            for row in rows:
                with continued_span(f"publish {row.subject}", _traceparent_of(row.body),
                                    {"messaging.destination.name": row.subject}, trace.SpanKind.PRODUCER):
                    headers = {"Nats-Msg-Id": str(row.id), TRACEPARENT: current_traceparent() or ""}
                    await self.bus.js.publish(row.subject, row.body, headers=headers)
                row.published_at = utcnow()
                session.add(row)
            await session.commit()
            return len(rows)
