"""audit's tables: the records themselves, append-only and hash-chained (chain.py), and the names of the people
they mention, a projection of identity's events (issue 15, Audit log)."""

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, Column, DateTime, Index, Text, UniqueConstraint
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

from portal_common.clock import utcnow

HASH_LENGTH = 64  # a SHA-256 in hex


class ServiceTable(SQLModel, registry=registry()):
    """Base of audit's own tables: a registry and metadata of its own, so every service's models load in one
    process (one test run). The event tables every service shares stay on SQLModel's default metadata."""


class AuditRecord(ServiceTable, table=True):
    """One admin action or view, as the acting service recorded it (an ``audit.recorded`` event). ``hash`` is
    the SHA-256 of ``prev_hash`` and the record's content (chain.py); a trigger refuses UPDATE, DELETE and
    TRUNCATE, and ``python -m audit audit verify`` finds a row changed behind its back. The texts are
    unbounded: a record is kept as it was sent, never refused for its length."""

    __tablename__ = "audit_records"
    __table_args__ = (
        UniqueConstraint("event_id", name="uq_audit_records_event_id"),  # a redelivered event adds nothing
        Index("ix_audit_records_occurred_at_id", "occurred_at", "id"),
        Index("ix_audit_records_actor_id_occurred_at_id", "actor_id", "occurred_at", "id"),
        Index("ix_audit_records_applicant_id_occurred_at_id", "applicant_id", "occurred_at", "id"),
        Index("ix_audit_records_action_occurred_at_id", "action", "occurred_at", "id"),
    )

    id: int | None = Field(default=None, sa_column=Column(BigInteger, primary_key=True, autoincrement=True))
    event_id: uuid.UUID
    occurred_at: datetime = Field(sa_type=DateTime(timezone=True))
    recorded_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
    actor_id: int | None = None
    actor_role: str = Field(sa_type=Text)
    action: str = Field(sa_type=Text)
    target_type: str = Field(sa_type=Text)
    target_id: str = Field(sa_type=Text)
    applicant_id: int | None = None
    ip_address: str | None = Field(default=None, sa_type=Text)
    user_agent: str | None = Field(default=None, sa_type=Text)
    request_id: str | None = Field(default=None, sa_type=Text)
    details: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSONB, nullable=False))
    prev_hash: str = Field(min_length=HASH_LENGTH, max_length=HASH_LENGTH)
    hash: str = Field(min_length=HASH_LENGTH, max_length=HASH_LENGTH)


class Person(ServiceTable, table=True):
    """A user as identity announced them, for the names beside the ids in the log."""

    __tablename__ = "people"

    user_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    username: str | None = Field(default=None, max_length=150)
    full_name: str | None = Field(default=None, max_length=200)
    profile_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
