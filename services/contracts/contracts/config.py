from functools import lru_cache

from portal_eid.mobile_id import MobileIdSettings
from portal_eid.settings import EidSettings, Trust
from portal_eid.smart_id import SmartIdSettings
from pydantic import Field, SecretStr

from portal_common.settings import ServiceSettings, nats_password_field, nats_user_field

# The settings of portal_eid's Smart-ID and Mobile-ID clients this service reads besides its own (esign_phone;
# the deployment tests count them as its settings).
EID_SETTINGS = (SmartIdSettings, MobileIdSettings)


class ContractsSettings(ServiceSettings):
    database_url: str = Field(alias="CONTRACTS_DATABASE_URL")
    nats_user: str = nats_user_field("contracts")
    nats_password: SecretStr = nats_password_field("contracts")
    expiry_interval_seconds: float = Field(
        default=60, gt=0, alias="CONTRACTS_EXPIRY_INTERVAL_SECONDS",
        description="How often each replica stores the contracts whose expiry has passed as expired (and emits "
                    "contracts.expired for each).")
    retention_interval_seconds: float = Field(
        default=86400.0, gt=0, alias="CONTRACTS_RETENTION_INTERVAL_SECONDS",
        description="How often the retention job erases held contracts whose 7 years have ended and announces the "
                    "people whose employment records all ended 7 years ago (issue 16).")
    # The portal's seal on signed contract PDFs (contracts.sealing); no file configured, no seal.
    seal_pkcs12_path: str = Field(
        default="", alias="CONTRACTS_SEAL_PKCS12_PATH",
        description="PKCS#12 file with the sealing key, its certificate and the certificate's chain.")
    seal_pkcs12_password: SecretStr = Field(default=SecretStr(""), alias="CONTRACTS_SEAL_PKCS12_PASSWORD")
    timestamp_url: str = Field(
        default="", alias="CONTRACTS_TIMESTAMP_URL",
        description="RFC 3161 time-stamp server the seal is time-stamped by; none when empty.")
    public_url: str = Field(
        default="", alias="CONTRACTS_PUBLIC_URL",
        description="The portal's public address (https://...), for the verification link in the PDF.")


@lru_cache
def get_settings() -> ContractsSettings:
    return ContractsSettings()


@lru_cache
def get_eid_settings() -> EidSettings:
    """Where SK's services are and what eID signatures are checked against (EID_*, portal_eid.settings)."""
    return EidSettings()


@lru_cache
def get_trust() -> Trust:
    """The trust anchors and trusted list, read once: a changed list takes a restart."""
    return get_eid_settings().trust()
