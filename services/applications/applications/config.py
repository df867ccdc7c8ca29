from functools import lru_cache

from pydantic import Field, SecretStr

from portal_common.settings import ServiceSettings, nats_password_field, nats_user_field


class ApplicationsSettings(ServiceSettings):
    database_url: str = Field(alias="APPLICATIONS_DATABASE_URL")
    nats_user: str = nats_user_field("applications")
    nats_password: SecretStr = nats_password_field("applications")
    retention_rejected_months: int = Field(
        default=12, ge=1, alias="APPLICATIONS_RETENTION_REJECTED_MONTHS",
        description="A rejected application without a company (so without a contract) is erased this many months "
                    "after its rejection, with its applicant (issue 16, retention).")
    retention_interval_seconds: float = Field(
        default=86400.0, gt=0, alias="APPLICATIONS_RETENTION_INTERVAL_SECONDS",
        description="How often the retention job looks for rejected applications past their time.")


@lru_cache
def get_settings() -> ApplicationsSettings:
    return ApplicationsSettings()
