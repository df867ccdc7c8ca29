"""Pruning the event tables (issue 12): a published ``outbox`` row and a ``processed_events`` row are kept
for PORTAL_EVENT_RETENTION_DAYS, then deleted, by the relay now and then (EventPruner) and by
``python -m <service> prune-events``. An unpublished outbox row is never deleted, however old: it is an
event the other services are still owed.

Why old rows can go: the relay republishes only unpublished rows, and JetStream recognises a republished id
only within its duplicate window (minutes), so a published row is kept for people reading it, not for the
relay. A processed id turns a redelivery into a no-op; redeliveries come within the ack wait (seconds), or
when a consumer is rebuilt from the start of the stream, which the retention covers that far back.
"""

import time
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Delete, delete
from sqlmodel import col, select

from portal_common.clock import utcnow
from portal_common.consumer import ProcessedEvent
from portal_common.db import Database
from portal_common.outbox import OutboxEvent

BATCH_SIZE = 1000
PRUNE_INTERVAL_SECONDS = 3600.0


@dataclass(frozen=True)
class Pruned:
    published: int  # outbox rows
    processed: int  # processed_events rows

    def __add__(self, other: "Pruned") -> "Pruned":
        return Pruned(self.published + other.published, self.processed + other.processed)

    def fills(self, batch_size: int) -> bool:
        """Whether a table gave a whole batch, so more may be waiting."""
        return max(self.published, self.processed) >= batch_size


def _published_before(cutoff: datetime, limit: int) -> Delete:
    # `published_at < cutoff` is never true of an unpublished row (NULL); said outright all the same.
    # SKIP LOCKED: replicas pruning at the same moment take different rows instead of waiting on each other.
    oldest = (select(col(OutboxEvent.id))
              .where(col(OutboxEvent.published_at).is_not(None), col(OutboxEvent.published_at) < cutoff)
              .limit(limit).with_for_update(skip_locked=True))
    return delete(OutboxEvent).where(col(OutboxEvent.id).in_(oldest))


def _processed_before(cutoff: datetime, limit: int) -> Delete:
    oldest = (select(col(ProcessedEvent.event_id)).where(col(ProcessedEvent.processed_at) < cutoff)
              .limit(limit).with_for_update(skip_locked=True))
    return delete(ProcessedEvent).where(col(ProcessedEvent.event_id).in_(oldest))


async def _deleted(db: Database, statement: Delete) -> int:
    async with db.session() as session:
        result = await session.exec(statement)
        await session.commit()
    return result.rowcount


async def prune_batch(db: Database, cutoff: datetime, batch_size: int = BATCH_SIZE) -> Pruned:
    """At most ``batch_size`` rows of each table older than ``cutoff``, each table in one short transaction."""
    return Pruned(published=await _deleted(db, _published_before(cutoff, batch_size)),
                  processed=await _deleted(db, _processed_before(cutoff, batch_size)))


async def prune_events(db: Database, older_than: timedelta, batch_size: int = BATCH_SIZE) -> Pruned:
    """Every row older than ``older_than``, batch after batch."""
    cutoff = utcnow() - older_than
    total = Pruned(0, 0)
    while True:
        batch = await prune_batch(db, cutoff, batch_size)
        total += batch
        if not batch.fills(batch_size):
            return total


class EventPruner:
    """What the outbox relay runs between its rounds: one batch of each table when due, which is at start,
    then once an interval, or at once again while a whole batch comes back (a backlog goes batch by batch
    without holding up publishing for long)."""

    def __init__(self, db: Database, retention: timedelta, interval_seconds: float = PRUNE_INTERVAL_SECONDS,
                 batch_size: int = BATCH_SIZE) -> None:
        self.db = db
        self.retention = retention
        self.interval_seconds = interval_seconds
        self.batch_size = batch_size
        self._due_at = 0.0

    async def prune_if_due(self) -> Pruned | None:
        """The rows pruned, or None if it was not yet time."""
        if time.monotonic() < self._due_at:
            return None
        # Due again in an interval even if this attempt fails, so a failure is not retried every round.
        self._due_at = time.monotonic() + self.interval_seconds
        pruned = await prune_batch(self.db, utcnow() - self.retention, self.batch_size)
        if pruned.fills(self.batch_size):
            self._due_at = 0.0
        return pruned
