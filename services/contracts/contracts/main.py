"""The contracts service's ASGI app: ``uvicorn contracts.main:app``."""

from contracts import routes
from contracts.config import get_settings
from contracts.errors import ERROR_CODES
from contracts.handlers import (
    on_application_created,
    on_application_status_changed,
    on_profile_updated,
    on_user_registered,
)
from portal_common.app import Subscription, create_service_app
from portal_common.events import ApplicationCreated, ApplicationStatusChanged, ProfileUpdated, UserRegistered

app = create_service_app("contracts", get_settings(), [routes.router], error_codes=ERROR_CODES, subscriptions=[
    Subscription(UserRegistered.TYPE, on_user_registered),
    Subscription(ProfileUpdated.TYPE, on_profile_updated),
    Subscription(ApplicationCreated.TYPE, on_application_created),
    Subscription(ApplicationStatusChanged.TYPE, on_application_status_changed),
])
