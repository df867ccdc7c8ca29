"""contracts' tables: contracts, the audit trail of every signature, and the applicant and application
projections.

A signed contract's text never changes: the service never writes it, and the migration adds a trigger
that refuses any UPDATE of the signed text, signature or signing time (see the "contracts and signatures"
revision). Its status changes once at most, to expired, when it ends (the "typed signatures" revision).
"""

from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    CheckConstraint,
    Column,
    Computed,
    Connection,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    Text,
    event,
    inspect,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB, TSVECTOR
from sqlalchemy.orm import Mapper, registry
from sqlmodel import Field, SQLModel

from portal_common.clock import utcnow
from portal_common.listing import SEARCH_VECTOR_SQL


class ServiceTable(SQLModel, registry=registry()):
    """Base of contracts's own tables: a registry and metadata of its own, so every service's models load in one
    process (one test run) although several services have an `applicants` table. The event tables every
    service shares (outbox, processed_events) stay on SQLModel's default metadata."""

STATUSES = ("pending", "sent", "signed", "expired", "cancelled")
SIGNABLE_STATUSES = ("pending", "sent")
# What a passing expires_at ends: an unsigned contract can no longer be signed; the signed employment contract's
# expiry is the end of the board member's term (spec §1), set once a registered company is assigned.
ENDS_AT_EXPIRY = "status in ('pending', 'sent') or (kind = 'employment' and status = 'signed')"
KIND_EMPLOYMENT = "employment"
KIND_ADMIN = "admin"
# Documents signed with eID only (issues 33 and 36): the board member's consent for the Business Register, made
# when a company is assigned, and the resignation letter to the company's shareholders.
KIND_BOARD_CONSENT = "board_consent"
KIND_RESIGNATION = "resignation"
KINDS = (KIND_EMPLOYMENT, KIND_ADMIN, KIND_BOARD_CONSENT, KIND_RESIGNATION)
EID_ONLY_KINDS = (KIND_BOARD_CONSENT, KIND_RESIGNATION)
METHOD_DRAWN = "drawn"
METHOD_TYPED = "typed"  # the profile's name rendered in a handwriting font: the keyboard's way to sign (WCAG 2.1.1)
METHOD_REGISTRATION = "registration-dialog"
SIGNATURE_METHODS = (METHOD_DRAWN, METHOD_TYPED)  # what a signer may choose on the dashboard
# Qualified electronic signatures (issue 33): an ASiC-E container, made through an eID signing session.
METHOD_SMART_ID = "smart_id"
METHOD_MOBILE_ID = "mobile_id"
METHOD_ID_CARD = "id_card"
EID_METHODS = (METHOD_SMART_ID, METHOD_MOBILE_ID, METHOD_ID_CARD)
ESIGN_STATES = ("running", "awaiting_signature", "signed", "failed")
CONTRACT_METHODS = (*SIGNATURE_METHODS, *EID_METHODS)
# The employment contracts' unique index covers only these rows. ON CONFLICT must repeat the predicate as a
# literal: with a bound parameter a generic plan (psycopg prepares a statement after five executions) cannot
# match it to the index and Postgres refuses the insert (InvalidColumnReference).
EMPLOYMENT_ONLY = f"kind = '{KIND_EMPLOYMENT}'"
EMPLOYMENT_APPLICATION = "coalesce(application_id, 0)"
# One consent per application and company that is not withdrawn (a reassigned company's unsigned one is cancelled),
# and one open resignation letter per person; literals for ON CONFLICT, as above.
OPEN_CONSENT = f"kind = '{KIND_BOARD_CONSENT}' and status <> 'cancelled'"
OPEN_RESIGNATION = f"kind = '{KIND_RESIGNATION}' and status in ('pending', 'sent')"


def _one_of(column: str, values: tuple[str, ...]) -> str:
    return f"{column} in ({', '.join(repr(v) for v in values)})"


class Contract(ServiceTable, table=True):
    __tablename__ = "contracts"
    __table_args__ = (
        CheckConstraint(_one_of("status", STATUSES), name="ck_contracts_status"),
        CheckConstraint(_one_of("kind", KINDS), name="ck_contracts_kind"),
        # "A contract counts as signed when it has a signedAt date" (spec §4): the two never disagree, except
        # that a signed contract that has ended (the employment contract, spec §1) is expired and keeps its date.
        CheckConstraint("status = 'expired' or (status = 'signed') = (signed_at is not null)",
                        name="ck_contracts_signed_at"),
        CheckConstraint("signed_at is null or content_sha256 is not null", name="ck_contracts_signed_hash"),
        # One employment contract per application of a user (issue 37, Applying again): the one accepted at
        # registration (its application filled in once known, so 0 stands in until then) and one per later one.
        Index("ux_contracts_employment_application", "user_id", text(EMPLOYMENT_APPLICATION), unique=True,
              postgresql_where=text(EMPLOYMENT_ONLY)),
        Index("ux_contracts_board_consent", "application_id", "company_id", unique=True,
              postgresql_where=text(OPEN_CONSENT)),
        Index("ux_contracts_open_resignation", "user_id", unique=True, postgresql_where=text(OPEN_RESIGNATION)),
        # The admin list (issue 17): its search, and each sort and filter ending in the id tiebreak; the dates,
        # which may be missing, once for each direction, as both put the missing ones last.
        Index("ix_contracts_search_vector", "search_vector", postgresql_using="gin"),
        Index("ix_contracts_created_at_id", "created_at", "id"),
        Index("ix_contracts_status_id", "status", "id"),
        # The status filters' counts read only this index: a status as shown depends on the kind and expiry too.
        Index("ix_contracts_status_kind_expires_at", "status", "kind", "expires_at"),
        Index("ix_contracts_title_id", "title", "id"),
        Index("ix_contracts_expires_at_id", "expires_at", "id"),
        Index("ix_contracts_expires_at_desc_id", text("expires_at DESC NULLS LAST"), text("id DESC")),
        Index("ix_contracts_signed_at_id", "signed_at", "id"),
        Index("ix_contracts_signed_at_desc_id", text("signed_at DESC NULLS LAST"), text("id DESC")),
        CheckConstraint("signature_method is null or " + _one_of("signature_method", CONTRACT_METHODS),
                        name="ck_contracts_signature_method"),
    )

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(index=True)
    application_id: int | None = None
    kind: str = Field(default=KIND_ADMIN, max_length=20)
    title: str = Field(max_length=200)
    content: str = Field(sa_type=Text)
    status: str = Field(default="pending", max_length=20)
    created_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
    created_by: int | None = None
    expires_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    sent_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    first_viewed_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    signed_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    signature_data: str | None = Field(default=None, sa_type=Text)
    content_sha256: str | None = Field(default=None, max_length=64)
    # What the admin list's search finds a contract by (portal_common.listing): its title and its applicant's
    # name, e-mail and ID code, so that one index answers (contracts.service.contract_search_text keeps it).
    search_text: str = Field(default="", sa_type=Text)
    search_vector: str | None = Field(default=None, sa_column=Column(
        TSVECTOR, Computed(SEARCH_VECTOR_SQL, persisted=True)))
    # Issue 16, Erasure: the contract of an erased person that the law makes us keep (employment records: 7 years
    # after the contract ends) is held until then, out of every list and search, readable only from the admins'
    # legal-hold view (contracts/erasure.py).
    legal_hold_until: datetime | None = Field(default=None, sa_type=DateTime(timezone=True), index=True)
    # How it was signed (issue 33): drawn, typed, smart_id, mobile_id, id_card; null while unsigned and for the
    # employment contract accepted at registration.
    signature_method: str | None = Field(default=None, max_length=20)
    # The company a board member's consent or resignation letter is about (issues 33, 36); null for the others.
    company_id: int | None = None


class SignatureAudit(ServiceTable, table=True):
    """Who signed what, when, from where: one row per signature, never updated."""

    __tablename__ = "signature_audit"
    __table_args__ = (
        CheckConstraint(_one_of("method", (*SIGNATURE_METHODS, METHOD_REGISTRATION, *EID_METHODS)),
                        name="ck_signature_audit_method"),
    )

    id: int | None = Field(default=None, primary_key=True)
    contract_id: int = Field(foreign_key="contracts.id", index=True)
    signer_user_id: int
    signed_at: datetime = Field(sa_type=DateTime(timezone=True))
    method: str = Field(max_length=30)
    ip_address: str | None = Field(default=None, max_length=64)
    user_agent: str | None = Field(default=None, max_length=500)
    content_sha256: str = Field(max_length=64)
    signature_sha256: str | None = Field(default=None, max_length=64)
    # What the signer typed: the name and ID code in the registration dialog, the name of a typed signature.
    typed_name: str | None = Field(default=None, max_length=200)
    typed_id_code: str | None = Field(default=None, max_length=20)
    # Who the portal knew the signer to be at that moment (the applicant projection), kept for the PDF.
    signer_name: str | None = Field(default=None, max_length=200)
    signer_id_code: str | None = Field(default=None, max_length=20)


class EsignSession(ServiceTable, table=True):
    """One attempt to sign a contract with eID (issue 33): for ID-card the prepared signature waits here for the
    card's signature value between two requests; Smart-ID and Mobile-ID keep their provider session."""

    __tablename__ = "esign_sessions"
    __table_args__ = (
        CheckConstraint(_one_of("method", EID_METHODS), name="ck_esign_sessions_method"),
        CheckConstraint(_one_of("state", ESIGN_STATES), name="ck_esign_sessions_state"),
    )

    id: str = Field(primary_key=True, max_length=36)
    contract_id: int = Field(sa_column=Column(Integer, ForeignKey("contracts.id", ondelete="CASCADE"),
                                              nullable=False, index=True))
    user_id: int
    method: str = Field(max_length=20)
    state: str = Field(max_length=20)
    error_code: str | None = Field(default=None, max_length=40)
    provider_session_id: str | None = Field(default=None, max_length=100)
    verification_code: str | None = Field(default=None, max_length=10)
    # portal_eid.asice.PreparedSignature.state(), and the data file (the contract's PDF) it was prepared over.
    prepared: dict[str, Any] | None = Field(default=None, sa_column=Column(JSONB, nullable=True))
    data_file: bytes | None = Field(default=None, sa_type=LargeBinary)
    signer_id_code: str | None = Field(default=None, max_length=20)
    signer_name: str | None = Field(default=None, max_length=200)
    ip_address: str | None = Field(default=None, max_length=64)
    user_agent: str | None = Field(default=None, max_length=500)
    created_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
    finished_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))


class SignedContainer(ServiceTable, table=True):
    """A contract's ASiC-E container (issue 33), stored once: the database refuses any change to it."""

    __tablename__ = "signed_containers"

    contract_id: int = Field(sa_column=Column(Integer, ForeignKey("contracts.id", ondelete="CASCADE"),
                                              primary_key=True, autoincrement=False))
    method: str = Field(max_length=20)
    content: bytes = Field(sa_type=LargeBinary)
    sha256: str = Field(max_length=64)
    data_file_name: str = Field(max_length=200)
    data_file_sha256: str = Field(max_length=64, index=True)
    signer_id_code: str = Field(max_length=20)
    signer_name: str = Field(max_length=200)
    created_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))


class Applicant(ServiceTable, table=True):
    """What this service knows about a user, fed only by identity's events (design.md: projections).

    ``updated_at`` is when identity made the change (the event's occurredAt), so an older event that
    arrives late never overwrites newer data.
    """

    __tablename__ = "applicants"

    user_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    username: str | None = Field(default=None, max_length=150)
    full_name: str | None = Field(default=None, max_length=200)
    email: str | None = Field(default=None, max_length=320)
    id_code: str | None = Field(default=None, max_length=11)
    language: str | None = Field(default=None, max_length=2)
    # Issue 34: registered with this eID (smart_id, mobile_id, id_card): the employment contract is then signed with
    # an eID too, never drawn or typed. Only the registration event says so.
    eid_method: str | None = Field(default=None, max_length=20)
    updated_at: datetime = Field(sa_type=DateTime(timezone=True))


class KnownApplication(ServiceTable, table=True):
    """Whose application is whose, fed only by applications' events (created, and status changes for the
    applications made before that event existed), so an admin's applicationId can be checked locally."""

    __tablename__ = "applications"

    application_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    user_id: int = Field(index=True)


class CompanyAssignment(ServiceTable, table=True):
    """The company assigned to each application, fed only by applications.company.assigned (issues 33, 36): what
    the board member's consent and the resignation letter name, and the term's last day. ``updated_at`` is the
    event's occurredAt, so an older assignment that arrives late never overwrites a newer one."""

    __tablename__ = "company_assignments"

    application_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    user_id: int = Field(index=True)
    company_id: int
    company_name: str = Field(default="", max_length=200)
    registry_code: str = Field(default="", max_length=20)
    registration_date: date | None = None
    term_ends_on: date | None = None
    updated_at: datetime = Field(sa_type=DateTime(timezone=True))


class SignedContractChanged(Exception):
    """Raised before a flush would change a signed contract's text (the database refuses it as well)."""


GUARDED_AFTER_SIGNING = ("content", "title", "user_id", "signed_at", "signature_data", "content_sha256")


@event.listens_for(Contract, "before_update")
def _guard_signed_contract(_mapper: Mapper[Contract], _connection: Connection, target: Contract) -> None:
    state = inspect(target)
    signed_before = state.attrs.signed_at.history.deleted or (
        [target.signed_at] if not state.attrs.signed_at.history.has_changes() else [])
    if any(value is not None for value in signed_before):
        changed = [name for name in GUARDED_AFTER_SIGNING if state.attrs[name].history.has_changes()]
        status = state.attrs.status.history
        # An ended employment contract coming back with its reopened application (issue 37).
        comes_back = (target.kind == KIND_EMPLOYMENT
                      and (list(status.deleted), list(status.added)) == (["expired"], ["signed"]))
        if changed or (status.has_changes() and list(status.added) != ["expired"] and not comes_back):
            raise SignedContractChanged(f"signed contract {target.id} cannot be changed ({', '.join(changed)})")
