"""The compliance service's ASGI app: ``uvicorn compliance.main:app``."""

from compliance import routes
from compliance.config import get_settings
from compliance.errors import ERROR_CODES
from portal_common.app import create_service_app

app = create_service_app("compliance", get_settings(), [routes.router], error_codes=ERROR_CODES)
