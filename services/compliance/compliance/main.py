"""The compliance service's ASGI app: ``uvicorn compliance.main:app``."""

from compliance import erasure, handlers, retention, routes
from compliance.config import get_settings
from compliance.errors import ERROR_CODES
from portal_common.app import Subscription, create_service_app
from portal_common.events import ProfileUpdated, UserRegistered

app = create_service_app(
    "compliance", get_settings(), [routes.router], error_codes=ERROR_CODES,
    subscriptions=[Subscription(UserRegistered.TYPE, handlers.on_user_registered),
                   Subscription(ProfileUpdated.TYPE, handlers.on_profile_updated), *erasure.SUBSCRIPTIONS],
    streamed_bodies=[("POST", "/api/admin/screening/lists")],  # read under COMPLIANCE_MAX_LIST_BYTES
    jobs=retention.jobs())
