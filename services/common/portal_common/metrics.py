"""Prometheus metrics of every service (issue 21, Metrics), served on ``/metrics``.

The gateway routes only ``/api/...`` paths, so ``/metrics`` is reachable on the service's own port (Prometheus
scrapes it there) and never through Traefik. Every series carries ``service``: the name is known in-process, so
queries do not depend on how a scrape job labels its targets. HTTP series are labelled by route template
(``/api/admin/applications/{application_id}``), never by raw path, so ids cannot blow up the series count.
Figures that live in the database (the outbox backlog) are read when Prometheus scrapes, bounded by a timeout so
a database outage answers the scrape without them instead of hanging it.
"""

import asyncio
import contextlib
import time
from datetime import datetime

from fastapi import APIRouter, Request, Response
from prometheus_client import CONTENT_TYPE_LATEST, Counter, Gauge, Histogram, generate_latest
from sqlalchemy import func
from sqlmodel import col, select
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from portal_common.clock import utcnow
from portal_common.db import Database
from portal_common.outbox import OutboxEvent

METRICS_PATH = "/metrics"
UNMATCHED_ROUTE = "unmatched"
SCRAPE_QUERY_TIMEOUT_SECONDS = 2.0
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
UNMEASURED_PATHS = (METRICS_PATH, "/healthz", "/readyz")

HTTP_REQUESTS = Counter("portal_http_requests", "HTTP requests answered, by route template, method and status.",
                        ["service", "route", "method", "status"])
HTTP_LATENCY = Histogram("portal_http_request_duration_seconds", "Time to answer an HTTP request.",
                         ["service", "route", "method"], buckets=LATENCY_BUCKETS)
DB_POOL_IN_USE = Gauge("portal_db_pool_connections_in_use", "Database connections checked out of the pool.",
                       ["service"])
DB_POOL_SIZE = Gauge("portal_db_pool_size", "Connections the pool keeps open at most (without overflow).",
                     ["service"])
OUTBOX_UNPUBLISHED = Gauge("portal_outbox_unpublished_events", "Outbox rows not yet published to NATS.",
                           ["service"])
OUTBOX_OLDEST_AGE = Gauge("portal_outbox_oldest_unpublished_age_seconds",
                          "Age of the oldest outbox row not yet published (0 when none).", ["service"])
EVENTS_PROCESSED = Counter("portal_events_processed", "Events a durable consumer handled (or found handled).",
                           ["service", "consumer"])
EVENTS_FAILED = Counter("portal_events_failed", "Events whose handler failed (they are redelivered).",
                        ["service", "consumer"])
EVENTS_REDELIVERED = Counter("portal_events_redelivered", "Events delivered more than once to a consumer.",
                             ["service", "consumer"])
CONSUMER_PENDING = Gauge("portal_consumer_pending_messages",
                         "JetStream's count of messages not yet delivered to the consumer, at its last fetch.",
                         ["service", "consumer"])


class MetricsMiddleware:
    """Counts and times every request by the template of the route that answered it."""

    def __init__(self, app: ASGIApp, service: str) -> None:
        self.app = app
        self.service = service

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] in UNMEASURED_PATHS:
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500

        async def send_and_note_status(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, send_and_note_status)
        finally:
            route = getattr(scope.get("route"), "path", UNMATCHED_ROUTE)
            method = scope["method"]
            HTTP_REQUESTS.labels(self.service, route, method, str(status)).inc()
            HTTP_LATENCY.labels(self.service, route, method).observe(time.perf_counter() - started)


async def _outbox_backlog(db: Database) -> tuple[int, datetime | None]:
    async with db.session() as session:
        row = (await session.exec(select(func.count(), func.min(col(OutboxEvent.created_at)))
                                  .where(col(OutboxEvent.published_at).is_(None)))).one()
    return int(row[0]), row[1]


async def refresh_database_gauges(service: str, db: Database) -> None:
    pool = db.engine.pool
    DB_POOL_IN_USE.labels(service).set(getattr(pool, "checkedout", lambda: 0)())
    DB_POOL_SIZE.labels(service).set(getattr(pool, "size", lambda: 0)())
    with contextlib.suppress(Exception):  # an outage leaves the last known backlog; the scrape still answers
        count, oldest = await asyncio.wait_for(_outbox_backlog(db), SCRAPE_QUERY_TIMEOUT_SECONDS)
        OUTBOX_UNPUBLISHED.labels(service).set(count)
        OUTBOX_OLDEST_AGE.labels(service).set((utcnow() - oldest).total_seconds() if oldest else 0)


def metrics_router(service: str) -> APIRouter:
    router = APIRouter(include_in_schema=False)

    @router.get(METRICS_PATH)
    async def metrics(request: Request) -> Response:
        db: Database | None = getattr(request.app.state, "db", None)
        if db is not None:
            await refresh_database_gauges(service, db)
        return Response(generate_latest(), media_type=CONTENT_TYPE_LATEST)

    return router
