"""Bodies of the contracts API; field names as spec §3 Contract (camelCase on the wire)."""

from datetime import UTC, date, datetime, time
from typing import Any, Literal

from pydantic import Field, computed_field, field_validator, model_validator

from contracts.config import demo_signer
from contracts.errors import ContractsErrorCode
from contracts.signatures import MAX_TYPED_NAME_LENGTH, NOT_PNG, TYPED_NAME_MISMATCH
from contracts.templates import TALLINN
from portal_common.clock import utcnow
from portal_common.validation import MAX_DB_INT, CamelModel, at_most, invalid

MAX_TITLE_LENGTH = 200
MAX_CONTENT_LENGTH = 100_000
END_OF_DAY = time(23, 59, 59)
INVALID_EXPIRY = "Please enter a valid expiry date"
INVALID_METHOD = "The signature method must be 'drawn' or 'typed'"


def parse_expiry(value: str) -> datetime:
    """A date means the end of that day in Tallinn; a datetime without an offset is Tallinn time."""
    value = value.strip()
    try:
        if len(value) == 10:
            moment = datetime.combine(date.fromisoformat(value), END_OF_DAY, TALLINN)
        else:
            moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
            moment = moment if moment.tzinfo is not None else moment.replace(tzinfo=TALLINN)
        moment.astimezone(UTC)  # far-out dates with an offset can overflow
    except (ValueError, OverflowError):
        raise invalid(ContractsErrorCode.INVALID_EXPIRY_DATE, INVALID_EXPIRY) from None
    return moment


def _present(data: Any, *aliases: str) -> Any:
    """Missing required fields become null, so their validators answer with the spec's texts under the
    camelCase name (pydantic's own "Field required" would not)."""
    if isinstance(data, dict):
        return {**{alias: None for alias in aliases}, **data}
    return data


def _database_id(v: Any) -> int:
    """A positive Postgres integer, or 0 for anything else (ids may arrive as strings from a select)."""
    if v is None or isinstance(v, bool) or isinstance(v, float):
        return 0
    try:
        number = int(str(v).strip()) if isinstance(v, str) else int(v)
    except (TypeError, ValueError):
        return 0
    return number if 1 <= number <= MAX_DB_INT else 0


def _text(v: Any) -> str:
    # Anything but text counts as empty (CamelModel has already taken NUL characters out).
    return v if isinstance(v, str) else ""


class ContractCreate(CamelModel):
    user_id: int = Field(description="The applicant's user id")
    application_id: int | None = Field(default=None, description="The applicant's application, if any")
    title: str = Field(max_length=MAX_TITLE_LENGTH)
    content: str = Field(max_length=MAX_CONTENT_LENGTH, description="Plain text; line breaks are kept")
    expires_at: datetime | None = Field(
        default=None, description="ISO date (the end of that day in Tallinn) or datetime; must be in the future")

    @model_validator(mode="before")
    @classmethod
    def _required(cls, data: Any) -> Any:
        return _present(data, "userId", "title", "content")

    @field_validator("user_id", mode="before")
    @classmethod
    def _user_id(cls, v: Any) -> int:
        user_id = _database_id(v)
        if not user_id:
            raise invalid(ContractsErrorCode.USER_REQUIRED, "Please select a user")
        return user_id

    @field_validator("application_id", mode="before")
    @classmethod
    def _application_id(cls, v: Any) -> int | None:
        if v is None or (isinstance(v, str) and not v.strip()):
            return None
        application_id = _database_id(v)
        if not application_id:
            raise invalid(ContractsErrorCode.APPLICATION_REQUIRED, "Please select an application")
        return application_id

    @field_validator("title", mode="before")
    @classmethod
    def _title(cls, v: Any) -> str:
        title = _text(v).strip()
        if not title:
            raise invalid(ContractsErrorCode.TITLE_REQUIRED, "Title is required")
        return at_most(title, MAX_TITLE_LENGTH, "Title")

    @field_validator("content", mode="before")
    @classmethod
    def _content(cls, v: Any) -> str:
        content = _text(v).replace("\r\n", "\n")
        if not content.strip():
            raise invalid(ContractsErrorCode.CONTENT_REQUIRED, "Content is required")
        # Kept as typed (line breaks included): this is the text that gets signed and hashed.
        return at_most(content, MAX_CONTENT_LENGTH, "Content")

    @field_validator("expires_at", mode="before")
    @classmethod
    def _expires_at(cls, v: Any) -> datetime | None:
        if v is None or (isinstance(v, str) and not v.strip()):
            return None
        if not isinstance(v, str):
            raise invalid(ContractsErrorCode.INVALID_EXPIRY_DATE, INVALID_EXPIRY)
        expires_at = parse_expiry(v)
        if expires_at <= utcnow():
            raise invalid(ContractsErrorCode.EXPIRY_IN_PAST, "The expiry date must be in the future")
        return expires_at.astimezone(UTC)  # stored and answered in UTC, like every other time


class SignRequest(CamelModel):
    signature_data: str | None = Field(
        default=None, description="data:image/png;base64,... of the signature: drawn, or the typed name rendered")
    method: Literal["drawn", "typed"] = Field(
        default="drawn", description="drawn on the pad, or typed: the profile's full name in a handwriting font")
    typed_name: str | None = Field(
        default=None, max_length=MAX_TYPED_NAME_LENGTH,
        description="The name a typed signature shows; must be the signer's full name as in their profile")

    @field_validator("signature_data", mode="before")
    @classmethod
    def _signature_data(cls, v: Any) -> str | None:
        # The image itself is checked by contracts.signatures, which answers with its own field messages.
        if v is not None and not isinstance(v, str):
            raise invalid(ContractsErrorCode.INVALID_SIGNATURE, NOT_PNG)
        return v

    @field_validator("method", mode="before")
    @classmethod
    def _method(cls, v: Any) -> Any:
        if v is None:
            return "drawn"
        if v not in ("drawn", "typed"):
            raise invalid(ContractsErrorCode.INVALID_SIGNATURE_METHOD, INVALID_METHOD)
        return v

    @field_validator("typed_name", mode="before")
    @classmethod
    def _typed_name(cls, v: Any) -> str | None:
        # Whether it is the signer's name is for the service to say (contracts.signatures.check_typed_name).
        if v is None:
            return None
        if not isinstance(v, str) or len(v) > MAX_TYPED_NAME_LENGTH:
            raise invalid(ContractsErrorCode.TYPED_NAME_MISMATCH, TYPED_NAME_MISMATCH)
        return v


class StatusChange(CamelModel):
    status: Literal["sent", "cancelled"]

    @model_validator(mode="before")
    @classmethod
    def _required(cls, data: Any) -> Any:
        return _present(data, "status")

    @field_validator("status", mode="before")
    @classmethod
    def _status(cls, v: Any) -> Any:
        if v not in ("sent", "cancelled"):
            raise invalid(ContractsErrorCode.INVALID_STATUS, "Status must be 'sent' or 'cancelled'")
        return v


# The admin list's filters and sorts (issue 17). `awaiting` is what still waits for a signature: pending or
# sent and not past its expiry. Each status is the one the list shows (contracts.service.effective_status).
ContractListStatus = Literal["pending", "sent", "signed", "expired", "cancelled", "awaiting"]
ContractListSort = Literal["createdAt", "title", "status", "expiresAt", "signedAt"]


class ContractOut(CamelModel):
    id: int
    application_id: int | None
    user_id: int
    kind: Literal["employment", "admin", "board_consent", "resignation"] = Field(description=(
        "employment, admin (made by an admin), board_consent (the board member's consent for the Business Register, "
        "issue 33) or resignation (issue 36); the last two are signed with eID only"))
    title: str
    content: str
    status: Literal["pending", "sent", "signed", "expired", "cancelled"]
    created_at: datetime
    signed_at: datetime | None
    expires_at: datetime | None
    signature_data: str | None
    signature_method: Literal["drawn", "typed", "smart_id", "mobile_id", "id_card"] | None = Field(
        default=None, description="how it was signed; null while unsigned and for the acceptance at registration")


class ContractUser(CamelModel):
    full_name: str | None
    username: str | None
    email: str | None


class AdminContractOut(ContractOut):
    created_by: int | None
    user: ContractUser


class VerifyResult(CamelModel):
    """What the public check of a contract PDF found (issue 13, "Sealed PDFs that anyone can verify"): the
    details only for a genuine copy, else why it is not one."""

    valid: bool
    contract_id: int | None = None
    title: str | None = None
    signed_at: datetime | None = None
    signer_name: str | None = None
    sha256: str | None = Field(default=None, description="SHA-256 of the contract's text")
    reason: Literal["not_a_pdf", "not_sealed", "seal_broken", "changed_after_sealing", "not_portal_seal",
                    "unknown_contract", "content_mismatch", "signature_invalid"] | None = None
    # An ASiC-E container (issue 33): what libdigidocpp and our checks found.
    kind: Literal["pdf", "asice"] = "pdf"
    signer_id_code: str | None = None
    profile: str | None = Field(default=None, description="libdigidocpp's signature profile: BES/time-stamp")
    portal_contract: bool | None = Field(
        default=None, description="whether the signed data file is a contract the portal stored signed")
    problems: list[str] = Field(default_factory=list, description="what libdigidocpp and our checks found wrong")


class EsignRequest(CamelModel):
    """How to sign with eID (issue 33). ID-card: the signing certificate Web eID's getSigningCertificate gave."""

    method: Literal["smart_id", "mobile_id", "id_card"]
    certificate: str | None = Field(default=None, max_length=20_000, description="ID-card: base64 DER")
    phone: str | None = Field(default=None, max_length=20, description="Mobile-ID: +372...")

    @field_validator("method", mode="before")
    @classmethod
    def _method(cls, v: Any) -> Any:
        if v not in ("smart_id", "mobile_id", "id_card"):
            raise invalid(ContractsErrorCode.INVALID_ESIGN_METHOD,
                          "The method must be 'smart_id', 'mobile_id' or 'id_card'")
        return v


class EsignSignatureRequest(CamelModel):
    signature: str = Field(max_length=20_000, description="base64 of the card's signature of the digest")


class EsignError(CamelModel):
    code: str


class EsignSessionOut(CamelModel):
    session_id: str
    method: Literal["smart_id", "mobile_id", "id_card"]
    state: Literal["running", "awaiting_signature", "signed", "failed"]
    error: EsignError | None = None
    verification_code: str | None = None
    digest: str | None = Field(default=None, description="ID-card: base64 of what the card signs")
    hash_function: Literal["SHA-256", "SHA-384", "SHA-512"] | None = None

    @computed_field(  # type: ignore[prop-decorator]
        description="signed through SK's DEMO service or the local stand-in: no legal effect")
    @property
    def demo(self) -> bool:
        return demo_signer(self.method)
