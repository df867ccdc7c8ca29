"""compliance's request and response bodies (issue 35)."""

from datetime import date, datetime
from typing import Any, Literal

import pycountry
from pydantic import Field, StrictBool, ValidationInfo, field_validator, model_validator

from compliance.errors import ComplianceErrorCode
from portal_common.errors import ErrorCode
from portal_common.validation import CamelModel, at_least, at_most, invalid

ClientKind = Literal["company", "person"]
ClientStatus = Literal["draft", "in_review", "approved", "rejected", "closed"]
RiskLevel = Literal["low", "medium", "high"]
PersonRole = Literal["beneficial_owner", "representative", "director"]
ListSource = Literal["eu", "un", "uk"]
HitStatus = Literal["open", "cleared", "confirmed"]
SubjectType = Literal["applicant", "client", "person"]
TEXT_MAX = 2000
REASON_MAX = 2000


def country_code(value: str) -> str:
    code = value.strip().upper()
    if len(code) != 2 or pycountry.countries.get(alpha_2=code) is None:
        raise invalid(ComplianceErrorCode.INVALID_COUNTRY, "The country must be an ISO 3166 two-letter code")
    return code


def _given(data: Any, alias: str) -> Any:
    """The body with ``alias`` present (null when left out), so a rule about a missing value is reported under the
    field's own (camelCase) name."""
    if isinstance(data, dict) and alias not in data:
        return {**data, alias: None}
    return data


def required_text(value: str, label: str, maximum: int) -> str:
    return at_most(at_least(value, 1, ErrorCode.REQUIRED, f"{label} is required"), maximum, label)


class ClientIn(CamelModel):
    kind: ClientKind
    name: str = Field(max_length=400)
    registry_code: str | None = Field(default=None, max_length=80)
    country: str = Field(max_length=10, description="ISO 3166 alpha-2")
    address: str = Field(max_length=600)
    purpose: str = Field(max_length=TEXT_MAX * 2)
    source_of_funds: str = Field(max_length=TEXT_MAX * 2)
    source_of_wealth: str | None = Field(default=None, max_length=TEXT_MAX * 2)
    date_of_birth: date | None = None
    ownership_layers: int = Field(default=1, ge=1, le=20,
                                  description="layers of companies between the client and its owners")

    @field_validator("country")
    @classmethod
    def _country(cls, value: str) -> str:
        return country_code(value)

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        return required_text(value, "The name", 200)

    @field_validator("address")
    @classmethod
    def _address(cls, value: str) -> str:
        return required_text(value, "The address", 300)

    @field_validator("purpose")
    @classmethod
    def _purpose(cls, value: str) -> str:
        return required_text(value, "The purpose of the relationship", TEXT_MAX)

    @field_validator("source_of_funds")
    @classmethod
    def _funds(cls, value: str) -> str:
        return required_text(value, "The source of funds", TEXT_MAX)

    @field_validator("registry_code", "source_of_wealth")
    @classmethod
    def _optional(cls, value: str | None) -> str | None:
        return (value or "").strip() or None

    @model_validator(mode="before")
    @classmethod
    def _birth_given(cls, data: Any) -> Any:
        return _given(data, "dateOfBirth")

    @field_validator("date_of_birth")
    @classmethod
    def _person_born(cls, value: date | None, info: ValidationInfo) -> date | None:
        if info.data.get("kind") == "person" and value is None:
            raise invalid(ComplianceErrorCode.DATE_OF_BIRTH_REQUIRED, "A person client's date of birth is required")
        return value


class PersonIn(CamelModel):
    role: PersonRole
    full_name: str = Field(max_length=400)
    date_of_birth: date
    nationality: str = Field(max_length=10)
    country_of_residence: str = Field(max_length=10)
    ownership_percent: float | None = None
    control: StrictBool = Field(default=False, description="controls the client otherwise than by ownership")
    pep: StrictBool
    pep_details: str | None = Field(default=None, max_length=TEXT_MAX * 2)

    @field_validator("full_name")
    @classmethod
    def _name(cls, value: str) -> str:
        return required_text(value, "The name", 200)

    @field_validator("nationality", "country_of_residence")
    @classmethod
    def _country(cls, value: str) -> str:
        return country_code(value)

    @field_validator("ownership_percent")
    @classmethod
    def _ownership(cls, value: float | None) -> float | None:
        if value is not None and not 0 <= value <= 100:
            raise invalid(ComplianceErrorCode.INVALID_OWNERSHIP, "The ownership must be between 0 and 100 per cent")
        return value

    @model_validator(mode="before")
    @classmethod
    def _details_given(cls, data: Any) -> Any:
        return _given(data, "pepDetails")

    @field_validator("pep_details")
    @classmethod
    def _details(cls, value: str | None, info: ValidationInfo) -> str | None:
        details = (value or "").strip() or None
        if info.data.get("pep") is True and details is None:
            raise invalid(ComplianceErrorCode.PEP_DETAILS_REQUIRED, "Describe why the person is politically exposed")
        return details


class PersonOut(CamelModel):
    id: int
    role: PersonRole
    full_name: str
    date_of_birth: date
    nationality: str
    country_of_residence: str
    ownership_percent: float | None
    control: bool
    pep: bool
    pep_details: str | None


class RiskFactorOut(CamelModel):
    factor: str
    weight: int
    rating: str
    details: dict[str, Any] = Field(default_factory=dict)


class HistoryOut(CamelModel):
    action: str
    actor_id: int | None
    at: datetime
    details: dict[str, Any]


class ClientSummary(CamelModel):
    id: int
    kind: ClientKind
    name: str
    country: str
    status: ClientStatus
    risk_level: RiskLevel
    risk_score: int
    review_due: date | None
    expired: bool = Field(description="approved, but past its periodic review date")
    open_hits: int
    relationship_ended_on: date | None = Field(
        default=None, description="when the business relationship ended (closed or rejected): the records are "
        "kept five years from then")
    created_at: datetime


class HitOut(CamelModel):
    id: int
    subject_type: SubjectType
    subject_id: int
    subject_name: str
    source: ListSource
    list_reference: str
    list_names: list[str]
    score: float
    explanation: dict[str, Any]
    status: HitStatus
    decision_reason: str | None
    decided_at: datetime | None
    created_at: datetime


class ClientOut(ClientSummary):
    registry_code: str | None
    address: str
    purpose: str
    source_of_funds: str
    source_of_wealth: str | None
    date_of_birth: date | None
    ownership_layers: int
    risk_factors: list[RiskFactorOut]
    decision_reason: str | None
    decided_at: datetime | None
    people: list[PersonOut]
    hits: list[HitOut]
    history: list[HistoryOut]


class RejectIn(CamelModel):
    reason: str = Field(max_length=REASON_MAX * 2)

    @field_validator("reason")
    @classmethod
    def _reason(cls, value: str) -> str:
        return required_text(value, "The reason", REASON_MAX)


class CloseIn(CamelModel):
    """The business relationship ended: on ``ended_on`` (default today, never in the future)."""

    ended_on: date | None = None


class ListOut(CamelModel):
    id: int
    source: ListSource
    entries: int
    publication_date: date
    imported_at: datetime


class ImportOut(ListOut):
    screened: int = Field(description="subjects screened against the newest lists after the import")
    new_hits: int
    screening_seconds: float = Field(description="how long screening everyone took, after the import itself")


Decision = Literal["false_positive", "confirmed"]


class DecisionIn(CamelModel):
    decision: Decision
    reason: str = Field(max_length=REASON_MAX * 2)

    @field_validator("reason")
    @classmethod
    def _reason(cls, value: str) -> str:
        return required_text(value, "The reason", REASON_MAX)


ReportStatus = Literal["open", "in_progress", "reported", "closed"]
DESCRIPTION_MAX = 5000


class ReportIn(CamelModel):
    subject_type: SubjectType
    subject_id: int = Field(ge=1, le=2_147_483_647)
    description: str = Field(max_length=DESCRIPTION_MAX * 2)

    @field_validator("description")
    @classmethod
    def _description(cls, value: str) -> str:
        return required_text(value, "The description", DESCRIPTION_MAX)


class ConcernIn(CamelModel):
    description: str = Field(max_length=DESCRIPTION_MAX * 2)

    @field_validator("description")
    @classmethod
    def _description(cls, value: str) -> str:
        return required_text(value, "The description", DESCRIPTION_MAX)


class ConcernReceived(CamelModel):
    """Only that it was received: nothing about a report is shown to anyone but compliance officers."""

    received_at: datetime


class ReportCreated(CamelModel):
    id: int
    received_at: datetime


class ReportUpdate(CamelModel):
    status: ReportStatus
    officer_notes: str | None = Field(default=None, max_length=DESCRIPTION_MAX * 2)
    fiu_reference: str | None = Field(default=None, max_length=100)


class ReportOut(CamelModel):
    id: int
    subject_type: SubjectType
    subject_id: int
    subject_name: str
    description: str
    raised_by: int
    raised_by_role: Literal["admin", "applicant"]
    status: ReportStatus
    due_date: date
    overdue: bool
    officer_notes: str | None
    fiu_reference: str | None
    created_at: datetime
    updated_at: datetime


class FiuSubject(CamelModel):
    kind: Literal["natural_person", "legal_person"]
    name: str
    date_of_birth: date | None
    country: str | None
    registry_code: str | None


class FiuExport(CamelModel):
    """A report in the fields of the Financial Intelligence Unit's reporting form (a suspicious activity report of
    an obliged entity): who reports, about whom, why, and when the suspicion arose."""

    report_type: Literal["SAR"]
    internal_reference: str
    obliged_entity_name: str
    obliged_entity_registry_code: str
    compliance_officer_id: int
    suspicion_identified_on: date
    report_due_on: date
    subject: FiuSubject
    grounds_for_suspicion: str
    measures_taken: str | None
    fiu_reference: str | None
