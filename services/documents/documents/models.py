"""documents's tables: uploaded documents (the bytes live in S3 under ``object_key``), the admins' document
requests, and the applicant projection fed by identity's and applications' events."""

from datetime import date, datetime

from sqlalchemy import BigInteger, DateTime, Text
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

from portal_common.clock import utcnow


class ServiceTable(SQLModel, registry=registry()):
    """Base of documents's own tables: a registry and metadata of its own, so every service's models load in one
    process (one test run) although several services have an `applicants` table. The event tables every
    service shares (outbox, processed_events) stay on SQLModel's default metadata."""

# Document status (spec §4): a new upload is pending; an admin approves or rejects it once.
PENDING, APPROVED, REJECTED = "pending", "approved", "rejected"
# Document request status: open, a document was uploaded for it, then it follows that document's review.
REQUESTED, SUBMITTED = "requested", "submitted"


class DocumentRequest(ServiceTable, table=True):
    __tablename__ = "document_requests"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(index=True)
    application_id: int | None = None
    name: str = Field(max_length=200)
    description: str | None = Field(default=None, sa_type=Text)
    due_date: date | None = None
    status: str = Field(default=REQUESTED, max_length=20)
    created_by: int
    created_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True), index=True)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))


class Document(ServiceTable, table=True):
    __tablename__ = "documents"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(index=True)
    application_id: int | None = None
    request_id: int | None = Field(default=None, foreign_key="document_requests.id", index=True)
    name: str = Field(max_length=200)
    description: str | None = Field(default=None, sa_type=Text)
    file_name: str = Field(max_length=255)  # sanitised; shown and offered as the download's name
    file_type: str = Field(max_length=100)  # MIME type from the (checked) extension
    size: int = Field(sa_type=BigInteger)
    object_key: str = Field(max_length=100, unique=True)  # random; never derived from user input
    status: str = Field(default=PENDING, max_length=20, index=True)
    created_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True), index=True)
    reviewed_by: int | None = None
    reviewed_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))


class Applicant(ServiceTable, table=True):
    """What this service knows about a user, fed only by events (design.md: projections), so the admin
    table can show names. ``profile_at`` is when identity made the last profile change we hold (the event's
    occurredAt), so an older event arriving late never overwrites newer data."""

    __tablename__ = "applicants"

    user_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    username: str | None = Field(default=None, max_length=150)
    full_name: str | None = Field(default=None, max_length=200)
    email: str | None = Field(default=None, max_length=320)
    application_id: int | None = None
    profile_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
