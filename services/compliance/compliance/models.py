"""compliance's tables (issue 35): the risk tables (dated rows, changed by adding rows, never by code), client
cases and their people with their history, sanctions list versions and their entries, the applicants known from
identity's events, screening hits and their decisions, the compliance officers, and suspicion reports."""

from datetime import date, datetime
from typing import Any

from sqlalchemy import Column, Computed, DateTime, Index, Text, UniqueConstraint
from sqlalchemy.dialects.postgresql import JSONB, TSVECTOR
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

from portal_common.clock import utcnow
from portal_common.listing import SEARCH_VECTOR_SQL

CLIENT_STATUSES = ("draft", "in_review", "approved", "rejected", "closed")
RISK_LEVELS = ("low", "medium", "high")
PERSON_ROLES = ("beneficial_owner", "representative", "director")
LIST_SOURCES = ("eu", "un", "uk")
HIT_STATUSES = ("open", "cleared", "confirmed")
SUBJECT_TYPES = ("applicant", "client", "person")
REPORT_STATUSES = ("open", "in_progress", "reported", "closed")


class ServiceTable(SQLModel, registry=registry()):
    """Base of compliance's own tables: a registry and metadata of its own, so every service's models load in one
    process (one test run). The event tables every service shares stay on SQLModel's default metadata."""


# The risk tables --------------------------------------------------------------------------------------------------

class CountryRisk(ServiceTable, table=True):
    """A country's risk weight from a day on (and, once it changes, until a day): the EU's high-risk third
    countries (Delegated Regulation (EU) 2016/1675 as amended) are rows here, so a change of the list is a row."""

    __tablename__ = "country_risk"
    __table_args__ = (Index("ix_country_risk_country_from", "country", "effective_from"),)

    id: int | None = Field(default=None, primary_key=True)
    country: str = Field(max_length=2)
    weight: int
    listing: str = Field(max_length=60)
    effective_from: date
    effective_to: date | None = None
    source: str = Field(default="", sa_type=Text)


class RiskFactorWeight(ServiceTable, table=True):
    """A risk factor's weight and rating from a day on."""

    __tablename__ = "risk_factor_weights"
    __table_args__ = (UniqueConstraint("factor", "effective_from", name="uq_risk_factor_weights_factor_from"),)

    id: int | None = Field(default=None, primary_key=True)
    factor: str = Field(max_length=40)
    weight: int
    rating: str = Field(max_length=10)
    effective_from: date
    effective_to: date | None = None


class RiskLevelRule(ServiceTable, table=True):
    """From which score a level starts, and how many months after approval its periodic review is due."""

    __tablename__ = "risk_levels"
    __table_args__ = (UniqueConstraint("level", "effective_from", name="uq_risk_levels_level_from"),)

    id: int | None = Field(default=None, primary_key=True)
    level: str = Field(max_length=10)
    min_score: int
    review_months: int
    effective_from: date
    effective_to: date | None = None


# Clients ----------------------------------------------------------------------------------------------------------

class Client(ServiceTable, table=True):
    """Who receives a company (issue 35, Clients and their people): a company or a person, and its case."""

    __tablename__ = "clients"
    __table_args__ = (Index("ix_clients_search_vector", "search_vector", postgresql_using="gin"),
                      Index("ix_clients_created_at_id", "created_at", "id"),
                      Index("ix_clients_status", "status"))

    id: int | None = Field(default=None, primary_key=True)
    kind: str = Field(max_length=10)
    name: str = Field(max_length=200)
    registry_code: str | None = Field(default=None, max_length=40)
    country: str = Field(max_length=2)
    address: str = Field(max_length=300)
    purpose: str = Field(sa_type=Text)
    source_of_funds: str = Field(sa_type=Text)
    source_of_wealth: str | None = Field(default=None, sa_type=Text)
    date_of_birth: date | None = None
    # Layers of companies between the client and its beneficial owners (1: they own it directly).
    ownership_layers: int = 1
    status: str = Field(default="draft", max_length=20)
    risk_level: str = Field(default="low", max_length=10)
    risk_score: int = 0
    risk_factors: list[dict[str, Any]] = Field(default_factory=list, sa_column=Column(JSONB, nullable=False))
    review_due: date | None = None
    decided_by: int | None = None
    decided_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    decision_reason: str | None = Field(default=None, sa_type=Text)
    # When the business relationship ended: the records are kept five years after it (issue 35).
    relationship_ended_on: date | None = None
    created_by: int
    created_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
    updated_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
    search_text: str = Field(default="", sa_type=Text)
    search_vector: str | None = Field(default=None, sa_column=Column(
        TSVECTOR, Computed(SEARCH_VECTOR_SQL, persisted=True)))


class ClientPerson(ServiceTable, table=True):
    """A beneficial owner, representative or director of a client."""

    __tablename__ = "client_people"

    id: int | None = Field(default=None, primary_key=True)
    client_id: int = Field(foreign_key="clients.id", index=True)
    role: str = Field(max_length=20)
    full_name: str = Field(max_length=200)
    date_of_birth: date
    nationality: str = Field(max_length=2)
    country_of_residence: str = Field(max_length=2)
    ownership_percent: float | None = None
    control: bool = False
    pep: bool = False
    pep_details: str | None = Field(default=None, sa_type=Text)
    created_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))


class ClientEvent(ServiceTable, table=True):
    """A case's history: what happened to it, when and by whom."""

    __tablename__ = "client_events"
    __table_args__ = (Index("ix_client_events_client_id_id", "client_id", "id"),)

    id: int | None = Field(default=None, primary_key=True)
    client_id: int = Field(foreign_key="clients.id")
    action: str = Field(max_length=40)
    actor_id: int | None = None
    details: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSONB, nullable=False))
    at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))


# Sanctions lists and screening --------------------------------------------------------------------------------------

class SanctionsList(ServiceTable, table=True):
    """One import of one source's list: a version. Screening uses the newest version of each source."""

    __tablename__ = "sanctions_lists"
    __table_args__ = (Index("ix_sanctions_lists_source_imported_at", "source", "imported_at"),)

    id: int | None = Field(default=None, primary_key=True)
    source: str = Field(max_length=5)
    publication_date: date
    entries: int
    sha256: str = Field(max_length=64)
    imported_by: int | None = None
    imported_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))


class SanctionsEntry(ServiceTable, table=True):
    """A listed person or entity of a version: its names (the first is the main one) and dates of birth (ISO
    dates, or a year alone). ``content_hash`` changes when the entry does: a cleared hit comes back only then."""

    __tablename__ = "sanctions_entries"
    __table_args__ = (Index("ix_sanctions_entries_list_id", "list_id"),)

    id: int | None = Field(default=None, primary_key=True)
    list_id: int = Field(foreign_key="sanctions_lists.id")
    reference: str = Field(max_length=100)
    kind: str = Field(max_length=10)
    names: list[str] = Field(default_factory=list, sa_column=Column(JSONB, nullable=False))
    dates_of_birth: list[str] = Field(default_factory=list, sa_column=Column(JSONB, nullable=False))
    content_hash: str = Field(max_length=64)


class Applicant(ServiceTable, table=True):
    """An applicant as identity announced them: screened at registration and after each import."""

    __tablename__ = "applicants"

    user_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    full_name: str = Field(max_length=200)
    date_of_birth: date | None = None
    registered_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))


class Hit(ServiceTable, table=True):
    """A subject's name close enough to a list entry's. One row per subject and entry as they were: a cleared
    hit is not raised again unless the entry (``entry_hash``) or the subject (``subject_hash``) changes."""

    __tablename__ = "screening_hits"
    __table_args__ = (
        UniqueConstraint("subject_type", "subject_id", "source", "list_reference", "entry_hash", "subject_hash",
                         name="uq_screening_hits_subject_entry"),
        Index("ix_screening_hits_status_id", "status", "id"),
        Index("ix_screening_hits_subject", "subject_type", "subject_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    subject_type: str = Field(max_length=10)
    subject_id: int
    subject_name: str = Field(max_length=200)
    subject_hash: str = Field(max_length=64)
    source: str = Field(max_length=5)
    list_id: int
    list_reference: str = Field(max_length=100)
    list_names: list[str] = Field(default_factory=list, sa_column=Column(JSONB, nullable=False))
    entry_hash: str = Field(max_length=64)
    score: float
    explanation: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSONB, nullable=False))
    status: str = Field(default="open", max_length=10)
    decided_by: int | None = None
    decided_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    decision_reason: str | None = Field(default=None, sa_type=Text)
    created_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))


class SuspicionReport(ServiceTable, table=True):
    """An internal suspicion report (issue 35): raised by any admin about a client, a person or an applicant, or by
    an applicant ("Report a concern"); worked by compliance officers only, due two Estonian banking days after it
    was raised. Nothing about a report is ever shown to its subject."""

    __tablename__ = "suspicion_reports"
    __table_args__ = (Index("ix_suspicion_reports_status_id", "status", "id"),)

    id: int | None = Field(default=None, primary_key=True)
    subject_type: str = Field(max_length=10)
    subject_id: int
    subject_name: str = Field(default="", max_length=200)
    description: str = Field(sa_type=Text)
    raised_by: int
    raised_by_role: str = Field(max_length=10)
    status: str = Field(default="open", max_length=12)
    due_date: date
    officer_notes: str | None = Field(default=None, sa_type=Text)
    fiu_reference: str | None = Field(default=None, max_length=100)
    created_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
    updated_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
