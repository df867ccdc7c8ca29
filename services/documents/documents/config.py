from functools import lru_cache

from pydantic import Field

from portal_common.settings import ServiceSettings


class DocumentsSettings(ServiceSettings):
    database_url: str = Field(alias="DOCUMENTS_DATABASE_URL")


@lru_cache
def get_settings() -> DocumentsSettings:
    return DocumentsSettings()
