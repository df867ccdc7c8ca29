"""The messages service's ASGI app: ``uvicorn messages.main:app``."""

from messages import erasure, privacy_export, routes
from messages.config import get_settings
from messages.errors import ERROR_CODES
from portal_common.app import create_service_app

app = create_service_app("messages", get_settings(), [routes.router], error_codes=ERROR_CODES,
                         subscriptions=[*privacy_export.SUBSCRIPTIONS, *erasure.SUBSCRIPTIONS])
