"""applications's tables: applications, their status history, the applicant projection and shelf companies."""

from datetime import date, datetime

from sqlalchemy import Column, Computed, DateTime, ForeignKey, Index, Text, text
from sqlalchemy.dialects.postgresql import TSVECTOR
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

from portal_common.clock import utcnow
from portal_common.listing import SEARCH_VECTOR_SQL


class ServiceTable(SQLModel, registry=registry()):
    """Base of applications's own tables: a registry and metadata of its own, so every service's models load in one
    process (one test run) although several services have an `applicants` table. The event tables every
    service shares (outbox, processed_events) stay on SQLModel's default metadata."""

MONTHLY_PAYMENT_CENTS = 50_000


CLOSED_STATUSES = ("rejected", "completed")
FIRST_APPLICATION_ONLY = "previous_application_id IS NULL"


class Application(ServiceTable, table=True):
    """One application of a user; "the person may apply again" (spec §1) once the newest is closed, so a user
    has a chain of them: each later one names the one it follows. The database keeps that chain single (one
    first application per user, at most one follower per application), which is what makes two concurrent
    applications, or a registration event racing the first GET, end up with one application."""

    __tablename__ = "applications"
    __table_args__ = (
        Index("uq_applications_first_per_user", "user_id", unique=True,
              postgresql_where=text(FIRST_APPLICATION_ONLY)),
        # The admin list's sorts and filters (issue 17), each with the id tiebreak, so a page is an index scan
        # either way round.
        Index("ix_applications_created_at_id", "created_at", "id"),
        Index("ix_applications_updated_at_id", "updated_at", "id"),
        Index("ix_applications_sort_name_id", "sort_name", "id"),
        Index("ix_applications_status_id", "status", "id"),
        Index("ix_applications_status_created_at_id", "status", "created_at", "id"),
        Index("ix_applications_assigned_admin_created_at_id", "assigned_admin_id", "created_at", "id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(index=True)
    previous_application_id: int | None = Field(default=None, foreign_key="applications.id", unique=True)
    status: str = Field(default="pending", max_length=20)
    notes: str | None = Field(default=None, sa_type=Text)
    admin_notes: str | None = Field(default=None, sa_type=Text)
    created_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
    updated_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
    # The admin who took the application on (issue 17, Work sharing), and since when.
    assigned_admin_id: int | None = None
    assigned_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    # The applicant's name case-folded, copied from the projection: sorting by name then needs no join.
    sort_name: str = Field(default="", sa_type=Text)


class Applicant(ServiceTable, table=True):
    """What this service knows about a user, fed only by identity's events (design.md: projections).

    ``updated_at`` is when identity made the change (the event's occurredAt), so an older event that
    arrives late never overwrites newer data.
    """

    __tablename__ = "applicants"
    __table_args__ = (Index("ix_applicants_search_vector", "search_vector", postgresql_using="gin"),
                      Index("ix_applicants_eid_verified", "user_id", postgresql_where=text("eid_method IS NOT NULL")))

    user_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    username: str | None = Field(default=None, max_length=150)
    full_name: str | None = Field(default=None, max_length=200)
    email: str | None = Field(default=None, max_length=320)
    phone: str | None = Field(default=None, max_length=50)
    date_of_birth: date | None = None
    id_code: str | None = Field(default=None, max_length=11)
    city: str | None = Field(default=None, max_length=120)
    address: str | None = Field(default=None, max_length=300)
    language: str | None = Field(default=None, max_length=2)
    # Issue 34: the identity came from an eID at registration (smart_id, mobile_id, id_card), and when; None when
    # it was typed. Only the registration event says so.
    eid_method: str | None = Field(default=None, max_length=20)
    eid_verified_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    updated_at: datetime = Field(sa_type=DateTime(timezone=True))
    # Name, e-mail and ID code as portal_common.listing.search_text makes them (case-folded by Python: "ülle"
    # must find "Ülle", which Postgres does not fold under the C locale); searched through search_vector.
    search_text: str = Field(default="", sa_type=Text)
    search_vector: str | None = Field(default=None, sa_column=Column(
        TSVECTOR, Computed(SEARCH_VECTOR_SQL, persisted=True)))


class StatusUpdate(ServiceTable, table=True):
    __tablename__ = "status_updates"

    id: int | None = Field(default=None, primary_key=True)
    application_id: int = Field(foreign_key="applications.id", index=True)
    old_status: str = Field(max_length=20)
    new_status: str = Field(max_length=20)
    # Issue 16, What each role sees: ``notes`` are the applicant's (their timeline and e-mail), the internal
    # note is for admins only and never leaves this service's admin API.
    notes: str | None = Field(default=None, sa_type=Text)
    internal_note: str | None = Field(default=None, sa_type=Text)
    changed_by: int | None = None
    created_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))


class Company(ServiceTable, table=True):
    """A shelf company; an applicant is its board member for 6 months from ``registration_date``."""

    __tablename__ = "companies"
    __table_args__ = (
        Index("ix_companies_search_vector", "search_vector", postgresql_using="gin"),
        Index("ix_companies_created_at_id", "created_at", "id"),
        Index("ix_companies_name_id", "name", "id"),
        Index("ix_companies_registration_date_id", "registration_date", "id"),
        Index("ix_companies_status_id", "status", "id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=200)
    registration_code: str = Field(max_length=8, unique=True)
    registration_date: date | None = None
    monthly_payment_cents: int = MONTHLY_PAYMENT_CENTS
    status: str = Field(default="available", max_length=20)
    application_id: int | None = Field(default=None, foreign_key="applications.id", unique=True)
    # The compliance client it was handed over to (issue 35, Handover gate): set when the company is transferred.
    client_id: int | None = None
    created_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
    # Name and registry code (portal_common.listing.search_text), searched through search_vector.
    search_text: str = Field(default="", sa_type=Text)
    search_vector: str | None = Field(default=None, sa_column=Column(
        TSVECTOR, Computed(SEARCH_VECTOR_SQL, persisted=True)))


class ClientCase(ServiceTable, table=True):
    """A compliance client case as compliance announced it (``compliance.client.changed``, issue 35): only its name,
    status and periodic review date, for the handover gate and the company's card. ``updated_at`` is the event's
    time, so a late older event never overwrites a newer state (portal_common.projection)."""

    __tablename__ = "client_cases"

    client_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    name: str = Field(default="", max_length=200)
    status: str = Field(max_length=20)
    review_due: date | None = None
    relationship_ended_on: date | None = None
    updated_at: datetime = Field(sa_type=DateTime(timezone=True))


class ScreeningBlock(ServiceTable, table=True):
    """An applicant on whom a compliance officer confirmed a sanctions screening hit (issue 35, from compliance's
    compliance.screening.decided): their application is not approved. The hit itself stays in compliance."""

    __tablename__ = "screening_blocks"

    user_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    hit_id: int
    confirmed_at: datetime = Field(sa_type=DateTime(timezone=True))


class Mandate(ServiceTable, table=True):
    """The register's facts about the board member's mandate in the application's company (issue 36), as an
    admin records them: the appointment's and the removal's entry dates. ``company_id`` is the company they were
    recorded for, so a company assigned instead later starts with no dates."""

    __tablename__ = "mandates"

    application_id: int = Field(sa_column=Column(ForeignKey("applications.id", ondelete="CASCADE"),
                                                 primary_key=True, autoincrement=False))
    company_id: int = Field(foreign_key="companies.id")
    appointed_on: date | None = None
    removed_on: date | None = None
    updated_by: int
    updated_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
