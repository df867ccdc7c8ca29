"""Builds a service's FastAPI app with everything every service has: errors, CSRF, logs, health,
database, event bus, outbox relay and event consumers."""

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Sequence
from dataclasses import dataclass
from datetime import timedelta

from fastapi import APIRouter, FastAPI

from portal_common.body_limit import BodyLimitMiddleware, RouteKey
from portal_common.bus import EventBus
from portal_common.consumer import EventConsumer, Handler
from portal_common.csrf import CsrfMiddleware
from portal_common.db import Database
from portal_common.errors import error_responses, install_error_handlers
from portal_common.health import router as health_router
from portal_common.metrics import MetricsMiddleware, metrics_router
from portal_common.observability import RequestLogMiddleware, configure_logging
from portal_common.outbox import OUTBOX_CHANNEL, OutboxRelay
from portal_common.retention import EventPruner
from portal_common.settings import ServiceSettings
from portal_common.tracing import configure_tracing, instrument_app
from portal_common.unit_of_work import UnitOfWork
from portal_common.wakeups import Wakeups, wait_for_wake

log = logging.getLogger(__name__)
CONNECT_RETRY_SECONDS = 1.0


@dataclass(frozen=True)
class Subscription:
    subject: str
    handler: Handler


@dataclass(frozen=True)
class PeriodicJob:
    """Work a service does every ``interval_seconds``, from start-up on, in a unit of work of its own (its staged
    events wake the outbox relay). Every replica runs it, so it must be safe to run in several at once.

    With a ``wake_channel`` the job also runs as soon as a transaction that called
    ``wakeups.wake_on_commit(session, wake_channel)`` commits, in any replica; its interval is then only a safety
    net. ``work`` may return a ``NextRound`` to be run again sooner than the interval (a retry that falls due)."""

    name: str
    interval_seconds: float
    work: Callable[[UnitOfWork], Awaitable[object]]
    wake_channel: str | None = None


@dataclass(frozen=True)
class NextRound:
    """Returned by a job's work: run the next round after at most ``seconds``."""

    seconds: float


async def _run_periodically(app: FastAPI, job: PeriodicJob, woken: asyncio.Event) -> None:
    while True:
        delay = job.interval_seconds
        try:
            async with UnitOfWork(app.state.db, app.state.relay) as unit_of_work:
                outcome = await job.work(unit_of_work)
            if isinstance(outcome, NextRound):
                delay = max(0.0, min(delay, outcome.seconds))
        except asyncio.CancelledError:
            raise
        except Exception:  # a database outage must not end the job: the next round tries again
            log.exception("%s failed; retrying in %s s", job.name, job.interval_seconds)
        await wait_for_wake(woken, delay)


async def _connect_then_run(app: FastAPI, service: str, subscriptions: Sequence[Subscription]) -> None:
    """Keeps retrying the broker so a service can start (and answer /healthz) before NATS is up."""
    bus: EventBus = app.state.bus
    while True:
        try:
            await bus.connect()
            break
        except Exception as exc:
            log.warning("event bus not reachable yet (%s); retrying", exc)
            await asyncio.sleep(CONNECT_RETRY_SECONDS)
    runners = [app.state.relay.run()]
    runners += [EventConsumer(app.state.db, bus, service, s.subject, s.handler, app.state.relay).run()
                for s in subscriptions]
    tasks = [asyncio.create_task(runner) for runner in runners]
    try:
        await asyncio.gather(*tasks)
    finally:
        for task in tasks:
            task.cancel()
        # Collect every outcome so a runner that fails while stopping is not reported as unretrieved.
        await asyncio.gather(*tasks, return_exceptions=True)


def create_service_app(service: str, settings: ServiceSettings, routers: Sequence[APIRouter],
                       error_codes: Collection[str], subscriptions: Sequence[Subscription] = (),
                       streamed_bodies: Collection[RouteKey] = (), jobs: Sequence[PeriodicJob] = ()) -> FastAPI:
    """`error_codes`: every code the service answers with (its errors.ERROR_CODES), the enum of `code` in its
    OpenAPI document. `streamed_bodies`: (method, path) of routes that read their body as a stream under a
    limit of their own; every other body is bounded by PORTAL_MAX_BODY_BYTES. `jobs`: scheduled work."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        configure_logging(service, settings.log_level)
        configure_tracing(service, settings.otlp_endpoint)  # here: only a running service instruments its clients
        app.state.db = Database(settings.database_url)
        app.state.bus = EventBus(settings.nats_url, name=service, stream_replicas=settings.nats_stream_replicas,
                                 user=settings.nats_user, password=settings.nats_password.get_secret_value())
        pruner = EventPruner(app.state.db, timedelta(days=settings.event_retention_days))
        app.state.relay = OutboxRelay(app.state.db, app.state.bus, settings.outbox_poll_seconds, pruner)
        wakeups = Wakeups(settings.database_url)
        wakeups.subscribe(OUTBOX_CHANNEL, app.state.relay.woken)
        # A job without a channel is woken by nothing but its interval; its event is never set.
        job_events = [wakeups.subscribe(job.wake_channel) if job.wake_channel else asyncio.Event() for job in jobs]
        background = [asyncio.create_task(_connect_then_run(app, service, subscriptions)),
                      asyncio.create_task(wakeups.run())]
        background += [asyncio.create_task(_run_periodically(app, job, woken)) for job, woken in zip(jobs, job_events,
                                                                                                     strict=True)]
        try:
            yield
        finally:
            for task in background:
                task.cancel()
            for task in background:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            await app.state.bus.close()
            await app.state.db.dispose()

    app = FastAPI(title=f"portal {service}", lifespan=lifespan, openapi_url="/openapi.json", docs_url=None,
                  redoc_url=None, responses=error_responses(error_codes))
    app.state.settings = settings
    install_error_handlers(app, error_codes)
    app.add_middleware(BodyLimitMiddleware, max_bytes=settings.max_body_bytes, streamed=streamed_bodies)
    app.add_middleware(CsrfMiddleware, trusted_origins=settings.trusted_origin_list)
    app.add_middleware(RequestLogMiddleware)
    app.add_middleware(MetricsMiddleware, service=service)
    app.include_router(health_router)
    app.include_router(metrics_router(service))
    for router in routers:
        app.include_router(router)
    instrument_app(app)
    return app
