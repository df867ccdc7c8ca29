"""The applications service's ASGI app: ``uvicorn applications.main:app``."""

from applications import erasure, mandate_routes, privacy_export, routes
from applications.config import get_settings
from applications.errors import ERROR_CODES
from applications.handlers import on_client_changed, on_profile_updated, on_screening_decided, on_user_registered
from portal_common.app import Subscription, create_service_app
from portal_common.events import ClientCaseChanged, ProfileUpdated, ScreeningHitDecided, UserRegistered

ROUTERS = [routes.router, mandate_routes.router]
app = create_service_app("applications", get_settings(), ROUTERS, error_codes=ERROR_CODES, subscriptions=[
    Subscription(UserRegistered.TYPE, on_user_registered),
    Subscription(ProfileUpdated.TYPE, on_profile_updated),
    Subscription(ScreeningHitDecided.TYPE, on_screening_decided),
    Subscription(ClientCaseChanged.TYPE, on_client_changed),
    *privacy_export.SUBSCRIPTIONS,
    *erasure.SUBSCRIPTIONS,
], jobs=erasure.jobs())
