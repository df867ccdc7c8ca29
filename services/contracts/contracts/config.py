from functools import lru_cache
from pathlib import Path

from portal_eid.mobile_id import MobileIdSettings
from portal_eid.settings import EidSettings, Trust
from portal_eid.smart_id import SmartIdSettings
from pydantic import Field, SecretStr

from portal_common.settings import ServiceSettings, nats_password_field, nats_user_field

# The settings of portal_eid's Smart-ID and Mobile-ID clients this service reads besides its own (esign_phone;
# the deployment tests count them as its settings).
EID_SETTINGS = (SmartIdSettings, MobileIdSettings)
# The relying party name of SK's DEMO services (and of the stand-in, deploy/local/sk_standin).
DEMO_RELYING_PARTY = "DEMO"


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
    # eID signing (issue 33; portal_eid.settings): SK's OCSP and time-stamping services and what is trusted.
    eid_ocsp_url: str = Field(default="", alias="EID_OCSP_URL",
                              description="OCSP responder; empty: the one each certificate names.")
    eid_tsa_url: str = Field(default="", alias="EID_TSA_URL", description="RFC 3161 time-stamping service.")
    eid_trust_anchors_dir: str = Field(default="", alias="EID_TRUST_ANCHORS_DIR",
                                       description="Folder of the CA certificates signers' certificates chain to.")
    eid_trusted_list_path: str = Field(default="", alias="EID_TRUSTED_LIST_PATH",
                                       description="ETSI TS 119 612 trusted list; empty: the EU's, for libdigidocpp.")
    eid_trusted_list_signer_path: str = Field(default="", alias="EID_TRUSTED_LIST_SIGNER_PATH",
                                              description="The trusted list's signing certificate (PEM).")
    eid_timeout_seconds: float = Field(default=10.0, gt=0, alias="EID_TIMEOUT_SECONDS",
                                       description="How long to wait for OCSP and the TSA before answering 503.")


@lru_cache
def get_settings() -> ContractsSettings:
    return ContractsSettings()


@lru_cache
def get_eid_settings() -> EidSettings:
    """Where SK's services are and what eID signatures are checked against (EID_*, portal_eid.settings)."""
    settings = get_settings()

    def path(value: str) -> Path | None:
        return Path(value) if value else None

    return EidSettings(ocsp_url=settings.eid_ocsp_url or None, tsa_url=settings.eid_tsa_url or None,
                       trust_anchors_dir=path(settings.eid_trust_anchors_dir),
                       trusted_list_path=path(settings.eid_trusted_list_path),
                       trusted_list_signer_path=path(settings.eid_trusted_list_signer_path),
                       timeout_seconds=settings.eid_timeout_seconds)


@lru_cache
def get_trust() -> Trust:
    """The trust anchors and trusted list, read once: a changed list takes a restart."""
    return get_eid_settings().trust()


@lru_cache
def demo_signer(method: str) -> bool:
    """Whether ``method`` signs through SK's DEMO service or the local stand-in of it, both of which name the relying
    party "DEMO": signatures without legal effect, which the sign dialog says plainly (issue 33). The ID-card signs
    with the person's own card; Web eID has no demo."""
    if method == "smart_id":
        return SmartIdSettings().relying_party_name == DEMO_RELYING_PARTY
    if method == "mobile_id":
        return MobileIdSettings().relying_party_name == DEMO_RELYING_PARTY
    return False
