from functools import lru_cache

from pydantic import Field

from portal_common.settings import ServiceSettings


class MessagesSettings(ServiceSettings):
    database_url: str = Field(alias="MESSAGES_DATABASE_URL")


@lru_cache
def get_settings() -> MessagesSettings:
    return MessagesSettings()
