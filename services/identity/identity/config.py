from functools import lru_cache
from pathlib import Path

from portal_eid.mobile_id import MobileIdSettings
from portal_eid.settings import EidSettings, Trust
from portal_eid.smart_id import SmartIdSettings
from pydantic import Field, SecretStr

from portal_common.settings import ServiceSettings, nats_password_field, nats_user_field

# The settings of portal_eid's Smart-ID and Mobile-ID clients this service reads besides its own (eID sign-in,
# issue 34; the deployment tests count them as its settings).
EID_SETTINGS = (SmartIdSettings, MobileIdSettings)


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
    registration_free_refusals: int = Field(
        default=5, ge=1, alias="IDENTITY_REGISTRATION_FREE_REFUSALS",
        description="Registrations refused from one address because an account with those details exists, before "
                    "registrations from it slow down as failed sign-ins do (issue 37).")
    id_code_changes_per_hour: int = Field(default=5, alias="IDENTITY_ID_CODE_CHANGES_PER_HOUR")
    password_resets_per_hour: int = Field(
        default=3, ge=1, alias="IDENTITY_PASSWORD_RESETS_PER_HOUR",
        description="Reset links one account is sent an hour; past it, requests are answered alike and send none.")
    email_changes_per_hour: int = Field(default=5, ge=1, alias="IDENTITY_EMAIL_CHANGES_PER_HOUR")
    password_reset_answer_seconds: float = Field(
        default=0.3, ge=0, alias="IDENTITY_PASSWORD_RESET_ANSWER_SECONDS",
        description="A reset request is answered no sooner than this, whether the account exists or not, so the "
                    "time does not tell; above what sending a link takes.")
    admin_invitation_hours: int = Field(
        default=48, ge=1, alias="IDENTITY_ADMIN_INVITATION_HOURS",
        description="How long the link in an admin invitation stays valid (it is good once).")
    webauthn_rp_id: str = Field(
        default="localhost", min_length=1, alias="IDENTITY_WEBAUTHN_RP_ID",
        description="The passkeys' relying party: the portal's domain name (no scheme, no port). Passkeys are bound "
                    "to it; changing it makes every registered passkey unusable.")
    webauthn_rp_name: str = Field(default="Shelf Board", min_length=1, alias="IDENTITY_WEBAUTHN_RP_NAME")
    webauthn_origins: str = Field(
        default="http://localhost:8080", min_length=1, alias="IDENTITY_WEBAUTHN_ORIGINS",
        description="Comma-separated origins (scheme, host, port) the browser may register and use passkeys on.")
    # argon2id's cost (design.md). The defaults are argon2-cffi's, RFC 9106's second recommended option; the test
    # stack lowers them (testkit/suite_stack.py): its thousands of sign-ups and sign-ins spent more CPU on hashing
    # than on anything else, and no test is about the cost.
    password_hash_time_cost: int = Field(default=3, ge=1, alias="IDENTITY_PASSWORD_HASH_TIME_COST")
    password_hash_memory_kib: int = Field(default=65536, ge=8, alias="IDENTITY_PASSWORD_HASH_MEMORY_KIB")
    password_hash_parallelism: int = Field(default=4, ge=1, alias="IDENTITY_PASSWORD_HASH_PARALLELISM")
    erasure_services: str = Field(
        default="applications,documents,contracts,messages,notifications,payroll,compliance",
        alias="IDENTITY_ERASURE_SERVICES",
        description="Comma-separated services whose <service>.privacy.erasure.done completes an approved erasure "
                    "request (issue 16).")
    # eID sign-in and registration (issue 34; portal_eid.settings): what authentication certificates chain to and
    # who says whether they are revoked.
    eid_ocsp_url: str = Field(default="", alias="EID_OCSP_URL",
                              description="OCSP responder; empty: the one each certificate names.")
    eid_trust_anchors_dir: str = Field(default="", alias="EID_TRUST_ANCHORS_DIR",
                                       description="Folder of the CA certificates eID certificates chain to.")
    eid_trusted_list_path: str = Field(default="", alias="EID_TRUSTED_LIST_PATH",
                                       description="ETSI TS 119 612 trusted list whose CAs are trusted as well.")
    eid_trusted_list_signer_path: str = Field(default="", alias="EID_TRUSTED_LIST_SIGNER_PATH",
                                              description="The trusted list's signing certificate (PEM).")
    eid_timeout_seconds: float = Field(default=10.0, gt=0, alias="EID_TIMEOUT_SECONDS",
                                       description="How long to wait for OCSP before answering 503.")
    eid_origin: str = Field(
        default="", alias="IDENTITY_EID_ORIGIN",
        description="The portal's public origin (https://host[:port]) an ID-card's Web eID token must be made for; "
                    "empty: the first of IDENTITY_WEBAUTHN_ORIGINS.")
    eid_session_minutes: int = Field(
        default=5, ge=1, le=30, alias="IDENTITY_EID_SESSION_MINUTES",
        description="How long an ID-card challenge, and an eID session's confirmed identity for registration, "
                    "stays good (Web eID: at most 5 minutes is advised).")

    @property
    def eid_public_origin(self) -> str:
        return (self.eid_origin.strip() or self.webauthn_origin_list[0]).rstrip("/")

    @property
    def erasure_service_list(self) -> list[str]:
        return [service.strip() for service in self.erasure_services.split(",") if service.strip()]

    @property
    def webauthn_origin_list(self) -> list[str]:
        return [origin.strip().rstrip("/") for origin in self.webauthn_origins.split(",") if origin.strip()]


@lru_cache
def get_settings() -> IdentitySettings:
    return IdentitySettings()


@lru_cache
def get_eid_settings() -> EidSettings:
    """Where the OCSP responder is and what eID certificates are checked against (EID_*, portal_eid.settings)."""
    settings = get_settings()

    def path(value: str) -> Path | None:
        return Path(value) if value else None

    return EidSettings(ocsp_url=settings.eid_ocsp_url or None, trust_anchors_dir=path(settings.eid_trust_anchors_dir),
                       trusted_list_path=path(settings.eid_trusted_list_path),
                       trusted_list_signer_path=path(settings.eid_trusted_list_signer_path),
                       timeout_seconds=settings.eid_timeout_seconds)


@lru_cache
def get_trust() -> Trust:
    """The trust anchors, read once: a changed list takes a restart."""
    return get_eid_settings().trust()
