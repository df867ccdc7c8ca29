"""Settings every service reads from the environment (see .env.example)."""

from typing import Any

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

# An HMAC key shorter than the hash (SHA-256) is weaker than it need be, and an empty one signs for anybody.
MIN_ASSERTION_SECRET_BYTES = 32


def nats_user_field(service: str) -> Any:
    """<SERVICE>_NATS_USER: the user a service connects to NATS as, by default its own name (the users are
    deploy/k8s/base/nats-users.conf)."""
    return Field(default=service, alias=f"{service.upper()}_NATS_USER")


def nats_password_field(service: str) -> Any:
    """<SERVICE>_NATS_PASSWORD: that user's password; empty connects without credentials."""
    return Field(default=SecretStr(""), alias=f"{service.upper()}_NATS_PASSWORD")


class ServiceSettings(BaseSettings):
    """Shared settings; each service subclasses this and names its own database URL."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore", populate_by_name=True)

    database_url: str = Field(default="", alias="DATABASE_URL")
    nats_url: str = Field(default="nats://127.0.0.1:4222", alias="PORTAL_NATS_URL")
    nats_stream_replicas: int = Field(
        default=1, ge=1, le=5, alias="PORTAL_NATS_STREAM_REPLICAS",
        description="Copies JetStream keeps of the event stream: 1 on one server, 3 on a three-node cluster.",
    )
    # Each service renames these two, as it does database_url: its own NATS user (nats_user_field and
    # nats_password_field above).
    nats_user: str = Field(default="", alias="NATS_USER")
    nats_password: SecretStr = Field(default=SecretStr(""), alias="NATS_PASSWORD")
    assertion_secret: SecretStr = Field(alias="PORTAL_ASSERTION_SECRET")
    trusted_origins: str = Field(
        default="",
        alias="PORTAL_TRUSTED_ORIGINS",
        description="Comma-separated extra origins allowed to send unsafe requests (besides the request's own host).",
    )
    log_level: str = Field(default="INFO", alias="PORTAL_LOG_LEVEL")
    # An OTLP/HTTP collector's base URL (http://collector:4318): spans are exported there; empty: tracing off
    # (trace ids are still made and passed on, for the logs).
    otlp_endpoint: str = Field(default="", alias="PORTAL_OTLP_ENDPOINT")
    # A commit that staged events wakes the relay at once (Postgres NOTIFY, wakeups.py): this poll is a safety net.
    outbox_poll_seconds: float = Field(default=30.0, gt=0, alias="PORTAL_OUTBOX_POLL_SECONDS")
    event_retention_days: int = Field(
        default=14, ge=1, alias="PORTAL_EVENT_RETENTION_DAYS",
        description="Days a published outbox event and a processed event's id are kept before they are pruned.",
    )
    max_body_bytes: int = Field(
        default=1024 * 1024, gt=0, alias="PORTAL_MAX_BODY_BYTES",
        description="Largest request body a service reads (413 above it); the document upload has its own limit.",
    )

    @field_validator("assertion_secret")
    @classmethod
    def _assertion_secret_long_enough(cls, secret: SecretStr) -> SecretStr:
        if len(secret.get_secret_value().encode()) < MIN_ASSERTION_SECRET_BYTES:
            raise ValueError(f"PORTAL_ASSERTION_SECRET must be at least {MIN_ASSERTION_SECRET_BYTES} bytes of random "
                             "data, the same for every service: for example `openssl rand -base64 48`")
        return secret

    @property
    def trusted_origin_list(self) -> list[str]:
        return [o.strip().rstrip("/") for o in self.trusted_origins.split(",") if o.strip()]
