"""The audit service's ASGI app: ``uvicorn audit.main:app``."""

from audit import erasure, handlers, routes
from audit.config import get_settings
from audit.errors import ERROR_CODES
from portal_common.app import Subscription, create_service_app
from portal_common.events import AdminSaved, AuditRecorded, ProfileUpdated, UserRegistered

app = create_service_app("audit", get_settings(), [routes.router], error_codes=ERROR_CODES, subscriptions=[
    Subscription(AuditRecorded.TYPE, handlers.on_audit_recorded),
    Subscription(UserRegistered.TYPE, handlers.on_user_registered),
    Subscription(ProfileUpdated.TYPE, handlers.on_profile_updated),
    Subscription(AdminSaved.TYPE, handlers.on_admin_saved),
    *erasure.SUBSCRIPTIONS,
])
