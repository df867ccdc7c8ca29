"""documents's tables: uploaded documents (the bytes live in S3 under ``object_key``), the admins' document
requests, and the applicant projection fed by identity's and applications' events."""

import uuid
from datetime import date, datetime

from sqlalchemy import BigInteger, Column, Computed, DateTime, Index, Text, UniqueConstraint, text
from sqlalchemy.dialects.postgresql import JSONB, TSVECTOR
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

from portal_common.clock import utcnow
from portal_common.listing import SEARCH_VECTOR_SQL


class ServiceTable(SQLModel, registry=registry()):
    """Base of documents's own tables: a registry and metadata of its own, so every service's models load in one
    process (one test run) although several services have an `applicants` table. The event tables every
    service shares (outbox, processed_events) stay on SQLModel's default metadata."""

# Document status (spec §4): a new upload is pending; an admin approves or rejects it once.
PENDING, APPROVED, REJECTED = "pending", "approved", "rejected"
# Document request status: open, a document was uploaded for it, then it follows that document's review.
REQUESTED, SUBMITTED = "requested", "submitted"
# The request statuses under which the applicant still owes a document (nothing uploaded, or the last upload
# was rejected): past its due date such a request is overdue.
OWED_REQUEST_STATES = (REQUESTED, REJECTED)
MAX_REASON_LENGTH = 1000


# Partial indexes of the documents nothing replaced, by name: their columns.
CURRENT_DOCUMENT_INDEXES = {"created": ("created_at", "id"), "status": ("status", "created_at", "id"),
                            "name": ("name", "id")}


def search_vector_column() -> Column[str]:
    """The generated ``tsvector`` over ``search_text`` (portal_common.listing); never written by us (the ORM
    leaves a None out of its INSERT), searched through its GIN index."""
    return Column("search_vector", TSVECTOR, Computed(SEARCH_VECTOR_SQL, persisted=True), nullable=True)


def search_index(table: str) -> Index:
    return Index(f"ix_{table}_search_vector", "search_vector", postgresql_using="gin")


class DocumentRequest(ServiceTable, table=True):
    __tablename__ = "document_requests"
    __table_args__ = (
        search_index("document_requests"),
        Index("ix_document_requests_status_created", "status", "created_at", "id"),
        Index("ix_document_requests_due_date", "due_date", "id"),
        Index("ix_document_requests_name", "name", "id"),
    )

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
    search_text: str = Field(default="", sa_type=Text, sa_column_kwargs={"server_default": ""})  # the name
    search_vector: str | None = Field(default=None, sa_column=search_vector_column())


class Document(ServiceTable, table=True):
    """A document uploaded again in place of a rejected one ``replaces`` it (the older one then names it in
    ``replaced_by_id``); ``first_version_id`` is the first document of that chain (None on the first itself),
    so all earlier versions of a page of documents come in one query. The admin lists current versions only:
    those not replaced."""

    __tablename__ = "documents"
    __table_args__ = (
        search_index("documents"),
        # The admin list's sorts and status filter over current versions: its pages and counts read these alone.
        *(Index(f"ix_documents_current_{name}", *columns, postgresql_where=text("replaced_by_id IS NULL"))
          for name, columns in CURRENT_DOCUMENT_INDEXES.items()),
    )

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
    rejection_reason: str | None = Field(default=None, sa_type=Text)
    replaces_id: int | None = Field(default=None, foreign_key="documents.id", unique=True)
    replaced_by_id: int | None = Field(default=None, foreign_key="documents.id", index=True)
    first_version_id: int | None = Field(default=None, index=True)
    search_text: str = Field(default="", sa_type=Text, sa_column_kwargs={"server_default": ""})  # names
    search_vector: str | None = Field(default=None, sa_column=search_vector_column())


class Applicant(ServiceTable, table=True):
    """What this service knows about a user, fed only by events (design.md: projections), so the admin
    table can show names. ``profile_at`` is when identity made the last profile change we hold (the event's
    occurredAt), so an older event arriving late never overwrites newer data."""

    __tablename__ = "applicants"
    __table_args__ = (search_index("applicants"),)

    user_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    username: str | None = Field(default=None, max_length=150)
    full_name: str | None = Field(default=None, max_length=200)
    email: str | None = Field(default=None, max_length=320)
    application_id: int | None = None
    profile_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    id_code: str | None = Field(default=None, max_length=20)
    search_text: str = Field(default="", sa_type=Text, sa_column_kwargs={"server_default": ""})  # name, e-mail, ID code
    search_vector: str | None = Field(default=None, sa_column=search_vector_column())


class KnownApplication(ServiceTable, table=True):
    """Every application of a user that applications announced (issue 37, Applying again): a request may name any
    of the applicant's applications, not only the newest that ``Applicant.application_id`` holds."""

    __tablename__ = "applications"

    application_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    user_id: int = Field(index=True)


class PrivacyExport(ServiceTable, table=True):
    """A person's copy of their data (issue 16, Download my data): pending until every service's part has come
    (``parts_complete_at``) and the zip is in storage (``ready_at``); its owner may download it until
    ``expires_at``, after which the object is removed (``object_key`` None)."""

    __tablename__ = "privacy_exports"
    __table_args__ = (
        # One pending export per person: a second request while one is pending answers with the same one.
        Index("ux_privacy_exports_pending_user", "user_id", unique=True, postgresql_where=text("ready_at IS NULL")),
        Index("ix_privacy_exports_user_requested", "user_id", "requested_at"),
    )

    id: uuid.UUID = Field(primary_key=True)
    user_id: int
    requested_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
    parts_complete_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    ready_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    expires_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True), index=True)
    object_key: str | None = Field(default=None, max_length=100)
    size: int | None = Field(default=None, sa_type=BigInteger)


class PrivacyExportPiece(ServiceTable, table=True):
    """One message of another service's part of an export, kept until the zip is made: a piece of its JSON text
    and pieces of its files (``attachments``: [{name, contentBase64}]), joined again in ``part_index`` order."""

    __tablename__ = "privacy_export_pieces"
    __table_args__ = (UniqueConstraint("export_id", "service", "part_index", name="uq_privacy_export_pieces_part"),)

    id: int | None = Field(default=None, primary_key=True)
    export_id: uuid.UUID = Field(foreign_key="privacy_exports.id", index=True)
    service: str = Field(max_length=30)
    part_index: int
    part_count: int
    file_name: str = Field(max_length=100)
    content: str = Field(sa_type=Text)
    attachments: list[dict[str, str]] = Field(default_factory=list, sa_column=Column(JSONB, nullable=False))
    received_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
