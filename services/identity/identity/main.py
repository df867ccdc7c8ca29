"""The identity service's ASGI app: ``uvicorn identity.main:app``."""

from identity import (
    admin_routes,
    consent_routes,
    eid_routes,
    erasure,
    erasure_routes,
    forward_auth,
    liability_routes,
    passkey_routes,
    privacy_export,
    routes,
    totp_routes,
)
from identity.config import get_settings
from identity.errors import ERROR_CODES
from portal_common.app import create_service_app

app = create_service_app("identity", get_settings(), [routes.router, eid_routes.router, totp_routes.router,
                                                     passkey_routes.router, admin_routes.router, consent_routes.router,
                                                     erasure_routes.router, liability_routes.router,
                                                     forward_auth.router],
                         error_codes=ERROR_CODES, subscriptions=[*privacy_export.SUBSCRIPTIONS, *erasure.SUBSCRIPTIONS])
