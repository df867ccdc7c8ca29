from functools import lru_cache

from pydantic import Field, SecretStr

from portal_common.settings import ServiceSettings

MEGABYTE = 1024 * 1024


class DocumentsSettings(ServiceSettings):
    database_url: str = Field(alias="DOCUMENTS_DATABASE_URL")
    s3_endpoint: str = Field(alias="S3_ENDPOINT", description="host:port of the S3-compatible store")
    s3_secure: bool = Field(default=True, alias="S3_SECURE")
    s3_bucket: str = Field(default="documents", alias="S3_BUCKET")
    s3_access_key: str = Field(alias="S3_ACCESS_KEY")
    s3_secret_key: SecretStr = Field(alias="S3_SECRET_KEY")
    s3_region: str | None = Field(default=None, alias="S3_REGION")
    max_upload_bytes: int = Field(default=20 * MEGABYTE, alias="DOCUMENTS_MAX_UPLOAD_BYTES", gt=0)


@lru_cache
def get_settings() -> DocumentsSettings:
    return DocumentsSettings()
