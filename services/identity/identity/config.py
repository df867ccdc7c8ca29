from functools import lru_cache

from pydantic import Field, SecretStr

from portal_common.settings import ServiceSettings, nats_password_field, nats_user_field


class IdentitySettings(ServiceSettings):
    database_url: str = Field(alias="IDENTITY_DATABASE_URL")
    nats_user: str = nats_user_field("identity")
    nats_password: SecretStr = nats_password_field("identity")
    session_ttl_hours: int = Field(default=168, alias="IDENTITY_SESSION_TTL_HOURS")
    session_cache_seconds: float = Field(
        default=5.0, alias="IDENTITY_SESSION_CACHE_SECONDS", ge=0,
        description="How long a replica remembers who holds a session for ForwardAuth; a session revoked through "
                    "another replica is still accepted here for at most this long. 0 turns the cache off.")
    cookie_secure: bool = Field(
        default=False, alias="IDENTITY_COOKIE_SECURE",
        description="Force the Secure flag; it is also set whenever the gateway reports HTTPS.")
    login_free_failures: int = Field(default=5, alias="IDENTITY_LOGIN_FREE_FAILURES")
    id_code_changes_per_hour: int = Field(default=5, alias="IDENTITY_ID_CODE_CHANGES_PER_HOUR")


@lru_cache
def get_settings() -> IdentitySettings:
    return IdentitySettings()
