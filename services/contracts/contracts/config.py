from functools import lru_cache

from pydantic import Field, SecretStr

from portal_common.settings import ServiceSettings, nats_password_field, nats_user_field


class ContractsSettings(ServiceSettings):
    database_url: str = Field(alias="CONTRACTS_DATABASE_URL")
    nats_user: str = nats_user_field("contracts")
    nats_password: SecretStr = nats_password_field("contracts")


@lru_cache
def get_settings() -> ContractsSettings:
    return ContractsSettings()
