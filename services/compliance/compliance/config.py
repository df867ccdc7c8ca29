from functools import lru_cache

from pydantic import Field, SecretStr

from portal_common.settings import ServiceSettings, nats_password_field, nats_user_field


class ComplianceSettings(ServiceSettings):
    database_url: str = Field(alias="COMPLIANCE_DATABASE_URL")
    nats_user: str = nats_user_field("compliance")
    nats_password: SecretStr = nats_password_field("compliance")
    # Issue 35: a case is not approved on a sanctions list older than this (the newest import of each source).
    max_list_age_days: int = Field(default=7, ge=1, le=365, alias="COMPLIANCE_MAX_LIST_AGE_DAYS")
    # A name whose score (0-100, after the date of birth's adjustment) reaches this is a hit.
    match_threshold: float = Field(default=85.0, ge=50, le=100, alias="COMPLIANCE_MATCH_THRESHOLD")
    # The largest list file an admin may upload (the EU's full XML export is about 25 MB).
    max_list_bytes: int = Field(default=64 * 1024 * 1024, gt=0, alias="COMPLIANCE_MAX_LIST_BYTES")
    # The obliged entity in a suspicion report's export (the FIU's reporting form).
    obliged_entity_name: str = Field(default="Shelf Board Services OÜ", min_length=1, max_length=200,
                                     alias="COMPLIANCE_OBLIGED_ENTITY_NAME")
    obliged_entity_registry_code: str = Field(default="", max_length=20, alias="COMPLIANCE_OBLIGED_ENTITY_CODE")
    # Issue 35: a case's records are kept this many years after the relationship ended, then erased by a job that
    # looks every COMPLIANCE_RETENTION_INTERVAL_SECONDS (compliance/retention.py).
    retention_years: int = Field(default=5, ge=5, le=30, alias="COMPLIANCE_RETENTION_YEARS")
    retention_interval_seconds: float = Field(default=24 * 3600, gt=0, alias="COMPLIANCE_RETENTION_INTERVAL_SECONDS")
    # Production: where `import-list --url` fetches each list (a cron job or the operator runs it daily).
    eu_list_url: str = Field(default="", alias="COMPLIANCE_EU_LIST_URL")
    un_list_url: str = Field(default="", alias="COMPLIANCE_UN_LIST_URL")
    uk_list_url: str = Field(default="", alias="COMPLIANCE_UK_LIST_URL")


@lru_cache
def get_settings() -> ComplianceSettings:
    return ComplianceSettings()
