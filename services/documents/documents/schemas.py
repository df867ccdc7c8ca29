"""Bodies of the documents calls (spec §3 Document and Document request, §5, §7), camelCase on the wire."""

from datetime import date, datetime
from typing import Any, Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator

from documents.errors import DocumentsErrorCode
from documents.models import MAX_REASON_LENGTH
from portal_common.validation import MAX_DB_INT, CamelModel, ReferenceId, at_most, invalid

MAX_NAME_LENGTH = 200
MAX_DESCRIPTION_LENGTH = 2000


class DocumentOut(CamelModel):
    id: int
    application_id: int | None
    request_id: int | None
    name: str
    description: str | None
    file_type: str
    file_path: str
    status: str
    created_at: datetime
    size: int
    rejection_reason: str | None  # why the admin rejected it; None unless rejected
    replaces_id: int | None  # the rejected document this one was uploaded again in place of
    replaced_by_id: int | None  # the document uploaded again in place of this rejected one


class DocumentUser(CamelModel):
    full_name: str | None
    username: str | None
    email: str | None


class DocumentVersion(CamelModel):
    """An earlier version of a document: one it was uploaded again in place of, after a rejection."""

    id: int
    file_name: str
    file_path: str
    uploaded_at: datetime
    status: str
    rejection_reason: str | None


class AdminDocumentOut(DocumentOut):
    user_id: int
    user: DocumentUser
    reviewed_at: datetime | None
    file_name: str
    request_name: str | None  # the request this upload answers (requestId), if any
    earlier_versions: list[DocumentVersion]  # oldest first


class DocumentRequestOut(CamelModel):
    id: int
    user_id: int
    application_id: int | None
    name: str
    description: str | None
    due_date: date | None
    status: str
    created_at: datetime
    document_id: int | None
    overdue: bool  # past its due date (Europe/Tallinn) while the applicant still owes a document
    rejection_reason: str | None  # why the newest document uploaded for it was rejected, while it is


class AdminDocumentRequestOut(DocumentRequestOut):
    user: DocumentUser


class DocumentRequestCreate(CamelModel):
    user_id: int | None = None
    application_id: ReferenceId | None = None
    name: str | None = None
    description: str | None = None
    due_date: date | None = None

    @model_validator(mode="before")
    @classmethod
    def _required_present(cls, data: Any) -> Any:
        # A missing field is checked like an empty one, so the error names it (camelCase) with our text.
        if isinstance(data, dict):
            data = dict(data)
            for alias, name in (("userId", "user_id"), ("name", "name")):
                if alias not in data and name not in data:
                    data[alias] = None
        return data

    @field_validator("user_id")
    @classmethod
    def _user(cls, v: int | None) -> int:
        if v is None:
            raise invalid(DocumentsErrorCode.USER_REQUIRED, "User is required")
        if not 1 <= v <= MAX_DB_INT:
            raise invalid(DocumentsErrorCode.USER_NOT_FOUND, "Unknown user")
        return v

    @field_validator("name")
    @classmethod
    def _name(cls, v: str | None) -> str:
        v = (v or "").strip()
        if not v:
            raise invalid(DocumentsErrorCode.NAME_REQUIRED, "Name is required")
        return at_most(v, MAX_NAME_LENGTH, "Name")

    @field_validator("description")
    @classmethod
    def _description(cls, v: str | None) -> str | None:
        v = (v or "").strip()
        return at_most(v, MAX_DESCRIPTION_LENGTH, "Description") if v else None


class ReviewRequest(CamelModel):
    status: Literal["approved", "rejected"]
    reason: str | None = Field(default=None, validate_default=True,
                               description="required to reject (1 to 1000 characters); ignored to approve")

    @field_validator("reason")
    @classmethod
    def _reason(cls, v: str | None, info: ValidationInfo) -> str | None:
        if info.data.get("status") != "rejected":
            return None
        v = (v or "").strip()
        if not v:
            raise invalid(DocumentsErrorCode.REJECTION_REASON_REQUIRED, "Please give a reason for the rejection")
        return at_most(v, MAX_REASON_LENGTH, "The reason")


# The admin lists' own parameters (beside portal_common.listing's q, order, limit and offset).
DocumentStatusFilter = Literal["pending", "approved", "rejected"]
DocumentSort = Literal["createdAt", "name", "status"]
# open: nothing uploaded yet; overdue: see service.OVERDUE.
RequestStatusFilter = Literal["open", "submitted", "approved", "rejected", "overdue"]
RequestSort = Literal["createdAt", "dueDate", "name"]
