"""Settings every service reads from the environment (see .env.example)."""

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class ServiceSettings(BaseSettings):
    """Shared settings; each service subclasses this and names its own database URL."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore", populate_by_name=True)

    database_url: str = Field(default="", alias="DATABASE_URL")
    nats_url: str = Field(default="nats://127.0.0.1:4222", alias="PORTAL_NATS_URL")
    nats_stream_replicas: int = Field(
        default=1, ge=1, le=5, alias="PORTAL_NATS_STREAM_REPLICAS",
        description="Copies JetStream keeps of the event stream: 1 on one server, 3 on a three-node cluster.",
    )
    assertion_secret: SecretStr = Field(alias="PORTAL_ASSERTION_SECRET")
    trusted_origins: str = Field(
        default="",
        alias="PORTAL_TRUSTED_ORIGINS",
        description="Comma-separated extra origins allowed to send unsafe requests (besides the request's own host).",
    )
    log_level: str = Field(default="INFO", alias="PORTAL_LOG_LEVEL")
    outbox_poll_seconds: float = Field(default=0.25, alias="PORTAL_OUTBOX_POLL_SECONDS")

    @property
    def trusted_origin_list(self) -> list[str]:
        return [o.strip().rstrip("/") for o in self.trusted_origins.split(",") if o.strip()]
