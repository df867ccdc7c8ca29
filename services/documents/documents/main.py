"""The documents service's ASGI app: ``uvicorn documents.main:app``."""

from documents.config import get_settings
from portal_common.app import create_service_app

app = create_service_app("documents", get_settings(), [])
