"""The contracts service's ASGI app: ``uvicorn contracts.main:app``."""

from contracts import routes
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
from portal_common.app import PeriodicJob, Subscription, create_service_app
from portal_common.events import (
    ApplicationCreated,
    ApplicationStatusChanged,
    CompanyAssigned,
    ProfileUpdated,
    UserRegistered,
)

settings = get_settings()
app = create_service_app("contracts", settings, [routes.router], error_codes=ERROR_CODES, subscriptions=[
    Subscription(UserRegistered.TYPE, on_user_registered),
    Subscription(ProfileUpdated.TYPE, on_profile_updated),
    Subscription(ApplicationCreated.TYPE, on_application_created),
    Subscription(ApplicationStatusChanged.TYPE, on_application_status_changed),
    Subscription(CompanyAssigned.TYPE, on_company_assigned),
], jobs=[PeriodicJob("contract expiry", settings.expiry_interval_seconds, expire_due_contracts)],
    streamed_bodies=routes.STREAMED_BODIES)
