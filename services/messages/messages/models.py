"""messages' tables: what visitors sent through the contact form (spec §3 Message)."""

from datetime import datetime

from sqlalchemy import DateTime, Text
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

from portal_common.clock import utcnow


class ServiceTable(SQLModel, registry=registry()):
    """Base of messages's own tables: a registry and metadata of its own, so every service's models load in one
    process (one test run) although several services have an `applicants` table. The event tables every
    service shares (outbox, processed_events) stay on SQLModel's default metadata."""


class Message(ServiceTable, table=True):
    __tablename__ = "messages"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=200)
    email: str = Field(max_length=320)
    subject: str = Field(max_length=200)
    message: str = Field(sa_type=Text)
    is_read: bool = Field(default=False, index=True)
    created_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True), index=True)
    read_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    read_by: int | None = None
