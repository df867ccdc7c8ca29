from functools import lru_cache

from pydantic import Field

from portal_common.settings import ServiceSettings


class ApplicationsSettings(ServiceSettings):
    database_url: str = Field(alias="APPLICATIONS_DATABASE_URL")


@lru_cache
def get_settings() -> ApplicationsSettings:
    return ApplicationsSettings()
