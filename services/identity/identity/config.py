from functools import lru_cache

from pydantic import Field

from portal_common.settings import ServiceSettings


class IdentitySettings(ServiceSettings):
    database_url: str = Field(alias="IDENTITY_DATABASE_URL")
    session_ttl_hours: int = Field(default=168, alias="IDENTITY_SESSION_TTL_HOURS")
    cookie_secure: bool = Field(
        default=False, alias="IDENTITY_COOKIE_SECURE",
        description="Force the Secure flag; it is also set whenever the gateway reports HTTPS.")
    login_free_failures: int = Field(default=5, alias="IDENTITY_LOGIN_FREE_FAILURES")


@lru_cache
def get_settings() -> IdentitySettings:
    return IdentitySettings()
