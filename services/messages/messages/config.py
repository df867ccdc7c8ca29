from functools import lru_cache

from pydantic import Field, SecretStr

from portal_common.settings import ServiceSettings, nats_password_field, nats_user_field


class MessagesSettings(ServiceSettings):
    database_url: str = Field(alias="MESSAGES_DATABASE_URL")
    nats_user: str = nats_user_field("messages")
    nats_password: SecretStr = nats_password_field("messages")


@lru_cache
def get_settings() -> MessagesSettings:
    return MessagesSettings()
