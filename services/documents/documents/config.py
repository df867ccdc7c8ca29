from functools import lru_cache

from pydantic import Field, SecretStr, ValidationInfo, field_validator

from portal_common.settings import ServiceSettings, nats_password_field, nats_user_field

MEGABYTE = 1024 * 1024


class DocumentsSettings(ServiceSettings):
    database_url: str = Field(alias="DOCUMENTS_DATABASE_URL")
    nats_user: str = nats_user_field("documents")
    nats_password: SecretStr = nats_password_field("documents")
    s3_endpoint: str = Field(alias="S3_ENDPOINT", description="host:port of the S3-compatible store")
    s3_secure: bool = Field(default=True, alias="S3_SECURE")
    s3_bucket: str = Field(default="documents", alias="S3_BUCKET")
    s3_access_key: str = Field(alias="S3_ACCESS_KEY")
    s3_secret_key: SecretStr = Field(alias="S3_SECRET_KEY")
    s3_region: str | None = Field(default=None, alias="S3_REGION")
    max_upload_bytes: int = Field(default=20 * MEGABYTE, alias="DOCUMENTS_MAX_UPLOAD_BYTES", gt=0)
    quota_files: int = Field(default=50, alias="DOCUMENTS_QUOTA_FILES", gt=0,
                             description="documents one account may store")
    quota_bytes: int = Field(default=500 * MEGABYTE, alias="DOCUMENTS_QUOTA_BYTES", gt=0,
                             description="bytes one account's documents may take in total")

    @field_validator("s3_access_key", "s3_secret_key")
    @classmethod
    def _key_is_set(cls, value: str | SecretStr, info: ValidationInfo) -> str | SecretStr:
        # An empty key would only show up later as refused uploads (or, on a store without keys, as none
        # being needed): refuse to start instead, naming the variable.
        text = value.get_secret_value() if isinstance(value, SecretStr) else value
        if not text.strip():
            variable = cls.model_fields[info.field_name or ""].alias
            raise ValueError(f"{variable} is empty: set the S3 store's key (see .env.example)")
        return value


@lru_cache
def get_settings() -> DocumentsSettings:
    return DocumentsSettings()
