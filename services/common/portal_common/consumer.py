"""Durable, idempotent JetStream consumers (design.md, Nothing is lost between services).

Each handler runs in a transaction that also records the event id in ``processed_events``; the message
is acked only after that commit, so a crash means a redelivery and the id makes the redelivery a no-op.
A handler that staged events of its own wakes the outbox relay on commit, as a request does, so a chain of
events (user registered → contract created) does not wait for the relay's next poll at each link.
"""

import asyncio
import contextlib
import logging
import uuid
from collections.abc import Awaitable, Callable
from datetime import datetime

import nats.errors
from nats.aio.msg import Msg
from nats.js import JetStreamContext
from nats.js.api import AckPolicy, ConsumerConfig, DeliverPolicy
from sqlalchemy import DateTime
from sqlalchemy.dialects.postgresql import insert
from sqlmodel import Field, SQLModel, col
from sqlmodel.ext.asyncio.session import AsyncSession

from portal_common.bus import EventBus
from portal_common.clock import utcnow
from portal_common.db import Database
from portal_common.events import STREAM_NAME, EventEnvelope
from portal_common.metrics import CONSUMER_PENDING, EVENTS_FAILED, EVENTS_PROCESSED, EVENTS_REDELIVERED
from portal_common.outbox import OutboxRelay
from portal_common.tracing import TRACEPARENT, continued_span
from portal_common.unit_of_work import STAGED_EVENTS

log = logging.getLogger(__name__)
Handler = Callable[[AsyncSession, EventEnvelope], Awaitable[None]]
RETRY_DELAY_SECONDS = 2.0
# A pull request waits this long on the server for the next event (a long poll: it returns with the first one),
# so an idle consumer costs a request per half minute rather than one a second (issue 37, Idle cost). One event a
# request: nats-py's batch fetch, once a late status of an expired request came first, waits out the whole
# timeout for the rest of its batch with the first event in hand (seen as a 10 s delay); a single fetch returns
# with it. The pull's round trip is small beside a handler's transaction.
FETCH_WAIT_SECONDS = 30.0


class ProcessedEvent(SQLModel, table=True):
    __tablename__ = "processed_events"

    event_id: uuid.UUID = Field(primary_key=True)
    processed_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))


async def handle_once(db: Database, envelope: EventEnvelope, handler: Handler,
                      relay: OutboxRelay | None = None) -> bool:
    """Runs the handler unless this event was processed before; returns whether it ran. ``relay`` is woken
    after a commit that staged events."""
    async with db.session() as session:
        claimed = await session.execute(
            insert(ProcessedEvent).values(event_id=envelope.id, processed_at=utcnow())
            .on_conflict_do_nothing().returning(col(ProcessedEvent.event_id)))
        if claimed.first() is None:
            await session.rollback()
            return False
        await handler(session, envelope)
        await session.commit()
    if relay is not None and session.info.get(STAGED_EVENTS):
        relay.wake()
    return True


class EventConsumer:
    def __init__(self, db: Database, bus: EventBus, service: str, subject: str, handler: Handler,
                 relay: OutboxRelay | None = None) -> None:
        self.db = db
        self.relay = relay
        self.bus = bus
        self.service = service
        self.durable = f"{service}--{subject.replace('.', '-').replace('>', 'all').replace('*', 'any')}"
        self.subject = subject
        self.handler = handler

    async def run(self) -> None:
        config = ConsumerConfig(durable_name=self.durable, ack_policy=AckPolicy.EXPLICIT,
                                deliver_policy=DeliverPolicy.ALL, ack_wait=30, max_deliver=-1)
        while True:
            try:
                subscription = await self.bus.js.pull_subscribe(
                    self.subject, durable=self.durable, stream=STREAM_NAME, config=config)
                break
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("could not subscribe %s; retrying", self.durable)
                await asyncio.sleep(RETRY_DELAY_SECONDS)
        while True:
            try:
                messages = await self._next_batch(subscription)
            except (nats.errors.TimeoutError, TimeoutError):  # an idle fetch; nats-py raises either
                continue
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("fetch failed on %s", self.durable)
                await asyncio.sleep(RETRY_DELAY_SECONDS)
                continue
            for message in messages:
                await self._process(message)

    async def _next_batch(self, subscription: JetStreamContext.PullSubscription) -> list[Msg]:
        """The next events, or none when the connection was re-made meanwhile: the server forgot the waiting pull
        request then, so it is asked again at once. Anything delivered to a given-up fetch waits in the
        subscription's queue, where the next fetch takes it first."""
        fetch = asyncio.ensure_future(subscription.fetch(batch=1, timeout=FETCH_WAIT_SECONDS))
        reconnected = asyncio.ensure_future(self.bus.next_reconnection())
        try:
            await asyncio.wait({fetch, reconnected}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiting in (fetch, reconnected):
                if not waiting.done():
                    waiting.cancel()
            await asyncio.gather(fetch, reconnected, return_exceptions=True)
        return fetch.result() if not fetch.cancelled() else []

    def _note_delivery(self, message: Msg) -> None:
        with contextlib.suppress(Exception):  # a message without JetStream metadata is still handled
            metadata = message.metadata
            CONSUMER_PENDING.labels(self.service, self.durable).set(metadata.num_pending)
            if metadata.num_delivered > 1:
                EVENTS_REDELIVERED.labels(self.service, self.durable).inc()

    async def _process(self, message: Msg) -> None:
        self._note_delivery(message)
        traceparent = (message.headers or {}).get(TRACEPARENT)
        with continued_span(f"consume {message.subject}", traceparent,
                            {"messaging.destination.name": message.subject, "messaging.consumer.group.name":
                             self.durable}):
            await self._handle(message)

    async def _handle(self, message: Msg) -> None:
        try:
            envelope = EventEnvelope.model_validate_json(message.data)
        except ValueError:
            log.error("dropping malformed event on %s", message.subject)
            await message.term()
            return
        try:
            ran = await handle_once(self.db, envelope, self.handler, self.relay)
        except Exception:
            log.exception("handler failed for event %s (%s); will retry", envelope.id, envelope.type)
            EVENTS_FAILED.labels(self.service, self.durable).inc()
            await message.nak(delay=RETRY_DELAY_SECONDS)
            return
        await message.ack()
        EVENTS_PROCESSED.labels(self.service, self.durable).inc()
        log.info("event %s %s %s", envelope.type, envelope.id, "handled" if ran else "already handled")
