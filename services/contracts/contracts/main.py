"""The contracts service's ASGI app: ``uvicorn contracts.main:app``."""

from contracts.config import get_settings
from portal_common.app import create_service_app

app = create_service_app("contracts", get_settings(), [])
