"""messages' tables: what visitors sent through the contact form (spec §3 Message)."""

from datetime import datetime
from typing import Any

from sqlalchemy import Column, Computed, DateTime, Index, Text, text
from sqlalchemy.dialects.postgresql import TSVECTOR
from sqlalchemy.engine.default import DefaultExecutionContext
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

from portal_common.clock import utcnow
from portal_common.listing import SEARCH_VECTOR_SQL, search_text

SEARCHED_FIELDS = ("name", "email", "subject", "message")


class ServiceTable(SQLModel, registry=registry()):
    """Base of messages's own tables: a registry and metadata of its own, so every service's models load in one
    process (one test run) although several services have an `applicants` table. The event tables every
    service shares (outbox, processed_events) stay on SQLModel's default metadata."""


def _message_search_text(context: DefaultExecutionContext) -> str:
    """The column default of ``messages.search_text``: made from what the visitor sent, which never changes."""
    parameters: dict[str, Any] = context.get_current_parameters()  # type: ignore[no-untyped-call]
    return search_text(*(parameters[name] for name in SEARCHED_FIELDS))


class Message(ServiceTable, table=True):
    __tablename__ = "messages"
    __table_args__ = (
        # The admin inbox (issue 17): its search, the e-mail filter (one applicant's messages, any case), the
        # unread filter in date order, and the sorts by name and subject, each ending in the id tiebreak.
        Index("ix_messages_search_vector", "search_vector", postgresql_using="gin"),
        Index("ix_messages_created_at_id", "created_at", "id"),
        Index("ix_messages_email_lower", text("lower(email)")),
        Index("ix_messages_is_read_created_at_id", "is_read", "created_at", "id"),
        Index("ix_messages_name_lower_id", text("lower(name)"), text("id")),
        Index("ix_messages_subject_lower_id", text("lower(subject)"), text("id")),
    )

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=200)
    email: str = Field(max_length=320)
    subject: str = Field(max_length=200)
    message: str = Field(sa_type=Text)
    is_read: bool = Field(default=False)
    created_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
    read_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    read_by: int | None = None
    # What the inbox's search finds a message by (portal_common.listing): name, e-mail, subject and text.
    search_text: str | None = Field(default=None, sa_column=Column(Text, nullable=False, default=_message_search_text))
    search_vector: str | None = Field(default=None, sa_column=Column(
        TSVECTOR, Computed(SEARCH_VECTOR_SQL, persisted=True)))
