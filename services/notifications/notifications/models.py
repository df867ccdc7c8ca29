"""notifications' tables: whom it writes to (a projection of identity's events) and every e-mail it sends or
will send (issue 14, "Nothing lost, nothing twice")."""

import uuid
from datetime import date, datetime
from typing import Any

from sqlalchemy import Column, DateTime, Index, Text, UniqueConstraint
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

from portal_common.clock import utcnow

QUEUED, SENT, FAILED = "queued", "sent", "failed"
# Whatever queues an e-mail wakes the sender on this channel when it commits (portal_common.wakeups).
SEND_CHANNEL = "notifications_send"


class ServiceTable(SQLModel, registry=registry()):
    """Base of notifications' own tables: a registry and metadata of its own, so every service's models load in
    one process (one test run). The event tables every service shares stay on SQLModel's default metadata."""


class Recipient(ServiceTable, table=True):
    """A user as identity announced them: name, address, language, and whether they are an admin."""

    __tablename__ = "recipients"

    user_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    username: str | None = Field(default=None, max_length=150)
    full_name: str | None = Field(default=None, max_length=200)
    email: str | None = Field(default=None, max_length=320)
    language: str = Field(default="et", max_length=2)
    is_admin: bool = Field(default=False, index=True)
    # An admin's account as identity last announced it: a deactivated admin gets no more admins' e-mails (issue 37).
    active: bool = Field(default=True, sa_column_kwargs={"server_default": "true"})
    profile_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    language_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))


class KnownContract(ServiceTable, table=True):
    """Contracts as contracts announced them, for the signed e-mail (its title; the one signed at registration
    gets the welcome e-mail instead)."""

    __tablename__ = "known_contracts"

    contract_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    user_id: int
    kind: str = Field(max_length=20)
    title: str = Field(max_length=300)


class Email(ServiceTable, table=True):
    """One e-mail to one user, answering one event. The recipient's address, language and the subject are
    filled in when it is sent: from the projection as it is then."""

    __tablename__ = "emails"
    __table_args__ = (
        # One event never makes the same e-mail twice for one recipient, whichever replica handles it.
        UniqueConstraint("event_id", "user_id", "template", name="uq_emails_event_user_template"),
        Index("ix_emails_status_next_attempt_at", "status", "next_attempt_at"),
        Index("ix_emails_created_at_id", "created_at", "id"),
        Index("ix_emails_status_created_at_id", "status", "created_at", "id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    event_id: uuid.UUID
    user_id: int
    template: str = Field(max_length=50)
    context: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSONB, nullable=False))
    address: str | None = Field(default=None, max_length=320)
    language: str | None = Field(default=None, max_length=2)
    subject: str | None = Field(default=None, max_length=300)
    status: str = Field(default=QUEUED, max_length=10)
    attempts: int = 0
    last_error: str | None = Field(default=None, sa_type=Text)
    next_attempt_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
    sent_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    created_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))


class RequestWatch(ServiceTable, table=True):
    """A document request as documents announced it (requested, answered by an upload, reviewed), for the
    reminders (issue 14, "Reminders"); ``status`` follows documents' request status."""

    __tablename__ = "watched_requests"
    __table_args__ = (Index("ix_watched_requests_status_due_date", "status", "due_date"),)

    request_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    user_id: int
    name: str = Field(default="", max_length=200)
    due_date: date | None = None
    status: str = Field(max_length=20)
    status_at: datetime = Field(sa_type=DateTime(timezone=True))


class ReminderRun(ServiceTable, table=True):
    """One row per day on which the 09:00 reminder round ran: whichever replica inserts it runs the round."""

    __tablename__ = "reminder_runs"

    day: date = Field(primary_key=True)
    ran_at: datetime = Field(sa_type=DateTime(timezone=True))


class EmailPreference(ServiceTable, table=True):
    """What a user chose to receive; no row: everything (issue 14, "E-mail preferences")."""

    __tablename__ = "email_preferences"

    user_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    reminders: bool = True
    status_updates: bool = True
    updated_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))


class MandateWatch(ServiceTable, table=True):
    """A board member's mandate as applications announced it (issue 36, applications.mandate.recorded): the
    register's appointment and removal dates and the term's last day, for the mandate e-mails (mandate_emails.py)."""

    __tablename__ = "watched_mandates"

    application_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    user_id: int
    company_id: int
    company_name: str = Field(default="", max_length=200)
    appointed_on: date | None = None
    removed_on: date | None = None
    planned_end: date | None = None
    removal_deadline: date | None = None
    recorded_at: datetime = Field(sa_type=DateTime(timezone=True))


class MandateRun(ServiceTable, table=True):
    """One row per day on which the mandate e-mails' round ran: whichever replica inserts it runs the round."""

    __tablename__ = "mandate_runs"

    day: date = Field(primary_key=True)
    ran_at: datetime = Field(sa_type=DateTime(timezone=True))
