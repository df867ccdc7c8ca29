"""Builds a service's FastAPI app with everything every service has: errors, CSRF, logs, health,
database, event bus, outbox relay and event consumers."""

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Collection, Sequence
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
from portal_common.observability import RequestLogMiddleware, configure_logging
from portal_common.outbox import OutboxRelay
from portal_common.retention import EventPruner
from portal_common.settings import ServiceSettings

log = logging.getLogger(__name__)
CONNECT_RETRY_SECONDS = 1.0


@dataclass(frozen=True)
class Subscription:
    subject: str
    handler: Handler


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
    runners += [EventConsumer(app.state.db, bus, service, s.subject, s.handler).run() for s in subscriptions]
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
                       streamed_bodies: Collection[RouteKey] = ()) -> FastAPI:
    """`error_codes`: every code the service answers with (its errors.ERROR_CODES), the enum of `code` in its
    OpenAPI document. `streamed_bodies`: (method, path) of routes that read their body as a stream under a
    limit of their own; every other body is bounded by PORTAL_MAX_BODY_BYTES."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        configure_logging(service, settings.log_level)
        app.state.db = Database(settings.database_url)
        app.state.bus = EventBus(settings.nats_url, name=service, stream_replicas=settings.nats_stream_replicas,
                                 user=settings.nats_user, password=settings.nats_password.get_secret_value())
        pruner = EventPruner(app.state.db, timedelta(days=settings.event_retention_days))
        app.state.relay = OutboxRelay(app.state.db, app.state.bus, settings.outbox_poll_seconds, pruner)
        background = asyncio.create_task(_connect_then_run(app, service, subscriptions))
        try:
            yield
        finally:
            background.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await background
            await app.state.bus.close()
            await app.state.db.dispose()

    app = FastAPI(title=f"portal {service}", lifespan=lifespan, openapi_url="/openapi.json", docs_url=None,
                  redoc_url=None, responses=error_responses(error_codes))
    app.state.settings = settings
    install_error_handlers(app, error_codes)
    app.add_middleware(BodyLimitMiddleware, max_bytes=settings.max_body_bytes, streamed=streamed_bodies)
    app.add_middleware(CsrfMiddleware, trusted_origins=settings.trusted_origin_list)
    app.add_middleware(RequestLogMiddleware)
    app.include_router(health_router)
    for router in routers:
        app.include_router(router)
    return app
