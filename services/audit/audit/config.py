from functools import lru_cache

from pydantic import Field, SecretStr

from portal_common.settings import ServiceSettings, nats_password_field, nats_user_field


class AuditSettings(ServiceSettings):
    database_url: str = Field(alias="AUDIT_DATABASE_URL")
    nats_user: str = nats_user_field("audit")
    nats_password: SecretStr = nats_password_field("audit")


@lru_cache
def get_settings() -> AuditSettings:
    return AuditSettings()
