"""Request and response bodies of the applications API; field names as spec §3 (camelCase on the wire).

User and profile fields come from a projection fed by identity's events, so they are null for the
moment between a registration and its event arriving here.
"""

import re
from datetime import date, datetime
from typing import Any, Literal, get_args

from pydantic import Field, field_validator

from applications.errors import ApplicationsErrorCode
from portal_common.errors import ErrorCode
from portal_common.validation import CamelModel, ReferenceId, invalid

Status = Literal["pending", "in_review", "approved", "rejected", "active", "completed"]
# "removal_overdue" (issue 36): applications whose board member is still on the register after the shareholders'
# removal deadline (applications/mandate.py), whatever the application's own status.
StatusFilter = Literal["all", "pending", "in_review", "approved", "rejected", "active", "completed", "removal_overdue"]
CompanyStatus = Literal["available", "assigned", "transferred"]
ApplicationSort = Literal["createdAt", "updatedAt", "status", "name"]
AssigneeFilter = Literal["me", "none"]
# Issue 34: "verified" lists only applicants whose identity came from an eID at registration, "unverified" the rest.
EidFilter = Literal["verified", "unverified"]
EidMethod = Literal["smart_id", "mobile_id", "id_card"]
CompanySort = Literal["createdAt", "name", "registrationDate"]
STATUS_VALUES: tuple[str, ...] = get_args(Status)
REGISTRATION_CODE = re.compile(r"^\d{8}$")
MAX_NOTES_LENGTH = 5000


class UserOut(CamelModel):
    full_name: str | None
    username: str | None
    email: str | None
    phone: str | None


class ProfileOut(CamelModel):
    full_name: str | None
    email: str | None
    phone: str | None
    date_of_birth: date | None
    id_code: str | None
    city: str | None
    address: str | None


class StatusUpdateOut(CamelModel):
    id: int
    old_status: Status
    new_status: Status
    notes: str | None
    created_at: datetime


class AdminStatusUpdateOut(StatusUpdateOut):
    """Issue 16, What each role sees: ``notes`` went to the applicant; ``internal_note`` is for admins only."""

    internal_note: str | None
    changed_by: int | None


class CompanyOut(CamelModel):
    id: int
    name: str
    registration_code: str
    start_date: date | None
    end_date: date | None
    monthly_payment: float
    status: CompanyStatus


ClientCaseStatus = Literal["draft", "in_review", "approved", "rejected", "closed", "erased"]


class ClientRef(CamelModel):
    """The client a company was handed over to, as compliance announced its case (issue 35): its name and case
    status only, never the case's details."""

    id: int
    name: str
    status: ClientCaseStatus
    review_due: date | None
    expired: bool = Field(description="approved, but past its periodic review date")


class AdminCompanyOut(CompanyOut):
    client: ClientRef | None = Field(default=None, description="The client it was handed over to")


class ApplicationOut(CamelModel):
    """The applicant's own application: never the admins' notes (issue 16, What each role sees)."""

    id: int
    user_id: int
    status: Status
    notes: str | None
    created_at: datetime
    user: UserOut
    profile: ProfileOut


class ApplicationSummary(CamelModel):
    id: int
    status: Status
    created_at: datetime


class EarlierApplicationOut(ApplicationSummary):
    """One of the applicant's earlier applications with its status history, newest first."""

    status_updates: list[StatusUpdateOut]


class OwnApplicationOut(CamelModel):
    """GET /api/application: the applicant's own view of their current (newest) application, and the earlier
    ones, newest first (spec §1: "The person may apply again")."""

    application: ApplicationOut
    status_updates: list[StatusUpdateOut]
    company: CompanyOut | None
    earlier_applications: list[EarlierApplicationOut]


class AssigneeOut(CamelModel):
    """The admin an application is assigned to (issue 17, Work sharing)."""

    id: int
    name: str = Field(description="The admin's full name if applications knows it, else their username, else #id")


class EidVerificationOut(CamelModel):
    """Issue 34: the applicant registered with this eID, their name, ID code and birth date taken from its
    certificate, at ``verified_at``."""

    method: EidMethod
    verified_at: datetime


class ApplicationListItem(CamelModel):
    id: int
    user_id: int
    user: UserOut
    profile: ProfileOut = Field(description="idCode masked: its first digit and last two, e.g. 4••••••••21 "
                                            "(issue 16, What each role sees); search still takes the whole code")
    status: Status
    created_at: datetime
    updated_at: datetime
    assignee: AssigneeOut | None
    eid_verification: EidVerificationOut | None = Field(
        description="How and when the identity was verified by eID at registration; null: typed, not verified")


class ApplicationDetail(ApplicationListItem):
    profile: ProfileOut = Field(description="idCode whole: the detail is where an admin needs it")
    notes: str | None
    admin_notes: str | None
    status_updates: list[AdminStatusUpdateOut]
    company: AdminCompanyOut | None
    other_applications: list[ApplicationSummary] = Field(
        description="The same user's other applications, earlier and later, newest first")


def _notes(value: str | None) -> str | None:
    if value is None:
        return None
    value = value.strip()
    if len(value) > MAX_NOTES_LENGTH:
        raise invalid(ErrorCode.TOO_LONG, f"Notes must be at most {MAX_NOTES_LENGTH} characters")
    return value or None


class StatusChange(CamelModel):
    """``notes`` reach the applicant (timeline and e-mail); ``internal_note`` stays with the admins (issue 16)."""

    status: Status
    notes: str | None = Field(default=None, description="The note to the applicant")
    internal_note: str | None = Field(default=None, description="A note only admins see")
    client_id: int | None = Field(
        default=None, gt=0, le=2**31 - 1,
        description="The compliance client the company is handed over to: required when the status becomes "
        "completed and the application's company is not transferred yet (issue 35, Handover gate)")

    @field_validator("status", mode="before")
    @classmethod
    def _status(cls, value: Any) -> Any:
        if value not in STATUS_VALUES:
            raise invalid(ApplicationsErrorCode.INVALID_STATUS, "Status must be one of: " + ", ".join(STATUS_VALUES))
        return value

    @field_validator("notes", "internal_note")
    @classmethod
    def _notes(cls, value: str | None) -> str | None:
        return _notes(value)


class CompanyCreate(CamelModel):
    name: str
    registration_code: str
    registration_date: date | None = None

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        value = value.strip()
        if not 2 <= len(value) <= 200:
            raise invalid(ApplicationsErrorCode.COMPANY_NAME_LENGTH, "Company name must be 2 to 200 characters")
        return value

    @field_validator("registration_code")
    @classmethod
    def _code(cls, value: str) -> str:
        value = value.strip()
        if not REGISTRATION_CODE.match(value):
            raise invalid(ApplicationsErrorCode.REGISTRATION_CODE_FORMAT, "The registry code must be 8 digits")
        return value


class CompanyAssignment(CamelModel):
    company_id: ReferenceId
    registration_date: date | None = None


class CompanyListItem(CamelModel):
    id: int
    name: str
    registration_code: str
    registration_date: date | None
    monthly_payment: float
    status: CompanyStatus
    application_id: int | None
    applicant_name: str | None
    client: ClientRef | None = Field(default=None, description="The client it was handed over to (issue 35)")
    created_at: datetime
