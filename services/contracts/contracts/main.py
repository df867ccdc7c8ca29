"""The contracts service's ASGI app: ``uvicorn contracts.main:app``."""

from contracts import erasure, legal_hold_routes, privacy_export, routes
from contracts.config import get_settings
from contracts.errors import ERROR_CODES
from contracts.expiry import expire_due_contracts
from contracts.handlers import (
    on_application_created,
    on_application_status_changed,
    on_company_assigned,
    on_profile_updated,
    on_user_registered,
)
from contracts.metrics import watch_seal_expiry
from contracts.sealing import configured_seal
from portal_common.app import PeriodicJob, Subscription, create_service_app
from portal_common.events import (
    ApplicationCreated,
    ApplicationStatusChanged,
    CompanyAssigned,
    ProfileUpdated,
    UserRegistered,
)

settings = get_settings()
watch_seal_expiry(lambda: configured_seal(settings))
ROUTERS = [routes.router, legal_hold_routes.router]
app = create_service_app("contracts", settings, ROUTERS, error_codes=ERROR_CODES, subscriptions=[
    Subscription(UserRegistered.TYPE, on_user_registered),
    Subscription(ProfileUpdated.TYPE, on_profile_updated),
    Subscription(ApplicationCreated.TYPE, on_application_created),
    Subscription(ApplicationStatusChanged.TYPE, on_application_status_changed),
    Subscription(CompanyAssigned.TYPE, on_company_assigned),
    *privacy_export.SUBSCRIPTIONS,
    *erasure.SUBSCRIPTIONS,
], jobs=[PeriodicJob("contract expiry", settings.expiry_interval_seconds, expire_due_contracts),
         *erasure.jobs()],
    streamed_bodies=routes.STREAMED_BODIES)
