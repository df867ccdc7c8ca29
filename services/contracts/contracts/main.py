"""The contracts service's ASGI app: ``uvicorn contracts.main:app``."""

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio
from fastapi import APIRouter, FastAPI

from contracts import erasure, esign, legal_hold_routes, privacy_export, resignation_routes, routes
from contracts.config import get_settings, get_trust
from contracts.errors import ERROR_CODES
from contracts.expiry import expire_due_contracts
from contracts.handlers import (
    on_application_created,
    on_application_reopened,
    on_application_status_changed,
    on_company_assigned,
    on_profile_updated,
    on_user_registered,
)
from contracts.metrics import watch_seal_expiry
from contracts.sealing import announce_seal, configured_seal
from portal_common.app import PeriodicJob, Subscription, create_service_app
from portal_common.events import (
    ApplicationCreated,
    ApplicationReopened,
    ApplicationStatusChanged,
    CompanyAssigned,
    ProfileUpdated,
    UserRegistered,
)

log = logging.getLogger(__name__)
settings = get_settings()
watch_seal_expiry(lambda: configured_seal(settings))


@asynccontextmanager
async def seal_said_at_start(_: FastAPI) -> AsyncIterator[None]:
    """Runs inside the service's own lifespan, once its JSON logging is set up: a WARNING while PDFs go out
    unsealed, and no start with a seal file that does not open (contracts.sealing.announce_seal). The eID trust
    (trusted list, its signature, the CA certificates) is read here, off the event loop, rather than by the first
    signing request, which held the loop long enough for the gateway's health check to give up (issue 33)."""
    announce_seal(settings)
    try:
        await anyio.to_thread.run_sync(get_trust)
    except Exception:  # a broken trust configuration fails the eID calls that need it, not the whole service
        log.exception("the eID trust anchors could not be read; eID signing will fail until they can")
    yield


ROUTERS = [routes.router, esign.router, legal_hold_routes.router, resignation_routes.router,
           APIRouter(lifespan=seal_said_at_start)]
app = create_service_app("contracts", settings, ROUTERS, error_codes=ERROR_CODES, subscriptions=[
    Subscription(UserRegistered.TYPE, on_user_registered),
    Subscription(ProfileUpdated.TYPE, on_profile_updated),
    Subscription(ApplicationCreated.TYPE, on_application_created),
    Subscription(ApplicationStatusChanged.TYPE, on_application_status_changed),
    Subscription(ApplicationReopened.TYPE, on_application_reopened),
    Subscription(CompanyAssigned.TYPE, on_company_assigned),
    *privacy_export.SUBSCRIPTIONS,
    *erasure.SUBSCRIPTIONS,
], jobs=[PeriodicJob("contract expiry", settings.expiry_interval_seconds, expire_due_contracts),
         *erasure.jobs()],
    streamed_bodies=routes.STREAMED_BODIES)
