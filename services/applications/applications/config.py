from functools import lru_cache

from pydantic import Field, SecretStr

from portal_common.settings import ServiceSettings, nats_password_field, nats_user_field


class ApplicationsSettings(ServiceSettings):
    database_url: str = Field(alias="APPLICATIONS_DATABASE_URL")
    nats_user: str = nats_user_field("applications")
    nats_password: SecretStr = nats_password_field("applications")


@lru_cache
def get_settings() -> ApplicationsSettings:
    return ApplicationsSettings()
