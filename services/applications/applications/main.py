"""The applications service's ASGI app: ``uvicorn applications.main:app``."""

from applications.config import get_settings
from portal_common.app import create_service_app

app = create_service_app("applications", get_settings(), [])
