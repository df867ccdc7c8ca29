"""The documents service's ASGI app: ``uvicorn documents.main:app``."""

from documents import erasure, privacy_export, privacy_export_routes, routes
from documents.config import get_settings
from documents.errors import ERROR_CODES
from documents.handlers import (
    on_application_created,
    on_application_status_changed,
    on_profile_updated,
    on_user_registered,
)
from documents.storage import StorageUnavailable, return_large_buffers_to_the_os
from portal_common.app import Subscription, create_service_app
from portal_common.events import ApplicationCreated, ApplicationStatusChanged, ProfileUpdated, UserRegistered

return_large_buffers_to_the_os()
ROUTERS = [routes.router, privacy_export_routes.router]
app = create_service_app("documents", get_settings(), ROUTERS, error_codes=ERROR_CODES, subscriptions=[
    Subscription(UserRegistered.TYPE, on_user_registered),
    Subscription(ProfileUpdated.TYPE, on_profile_updated),
    Subscription(ApplicationCreated.TYPE, on_application_created),
    Subscription(ApplicationStatusChanged.TYPE, on_application_status_changed),
    *privacy_export.SUBSCRIPTIONS,
    *erasure.SUBSCRIPTIONS,
], jobs=privacy_export.JOBS,
    streamed_bodies=[("POST", "/api/documents")])  # the upload streams under DOCUMENTS_MAX_UPLOAD_BYTES
app.add_exception_handler(StorageUnavailable, routes.storage_unavailable)
