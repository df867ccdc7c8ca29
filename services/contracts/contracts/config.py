from functools import lru_cache

from pydantic import Field

from portal_common.settings import ServiceSettings


class ContractsSettings(ServiceSettings):
    database_url: str = Field(alias="CONTRACTS_DATABASE_URL")


@lru_cache
def get_settings() -> ContractsSettings:
    return ContractsSettings()
