"""Versioned event models carried over NATS JetStream (design.md, Events).

Every event travels as an envelope ``{id, type, version, occurredAt, payload}``; the subject is the type.
"""

import uuid
from datetime import UTC, date, datetime
from typing import ClassVar, Literal, TypeVar

from pydantic import Field

from portal_common.validation import CamelModel

STREAM_NAME = "PORTAL"
STREAM_SUBJECTS = ["identity.>", "applications.>", "documents.>", "contracts.>", "messages.>", "notifications.>",
                   "audit.>"]


class EventPayload(CamelModel):
    TYPE: ClassVar[str]
    VERSION: ClassVar[int] = 1


class EventEnvelope(CamelModel):
    id: uuid.UUID = Field(default_factory=uuid.uuid4)
    type: str
    version: int
    occurred_at: datetime = Field(default_factory=lambda: datetime.now(UTC))
    payload: dict[str, object]

    @classmethod
    def wrap(cls, payload: EventPayload) -> "EventEnvelope":
        return cls(type=payload.TYPE, version=payload.VERSION, payload=payload.model_dump(mode="json", by_alias=True))

    def to_bytes(self) -> bytes:
        return self.model_dump_json(by_alias=True).encode()


P = TypeVar("P", bound=EventPayload)


def read_payload(envelope: EventEnvelope, model: type[P]) -> P:
    return model.model_validate(envelope.payload)


class ContractAcceptance(CamelModel):
    full_name: str
    id_code: str
    accepted_at: datetime
    language: str
    ip_address: str | None = None
    user_agent: str | None = None


class UserRegistered(EventPayload):
    TYPE = "identity.user.registered"
    user_id: int
    username: str
    full_name: str
    email: str
    phone: str
    date_of_birth: date
    id_code: str
    city: str
    address: str | None
    language: str
    contract: ContractAcceptance


class ProfileUpdated(EventPayload):
    TYPE = "identity.profile.updated"
    user_id: int
    full_name: str
    email: str
    phone: str
    date_of_birth: date | None
    id_code: str | None
    city: str | None
    address: str | None


class LanguageChanged(EventPayload):
    """The language a user chose (/api/set-language): what they are written to in (issue 14)."""

    TYPE = "identity.language.changed"
    user_id: int
    language: str


class AdminSaved(EventPayload):
    """An admin account was created or updated from identity's command line, so services that write to admins
    (notifications) know every admin and their address; ``email`` ends in ``.invalid`` when none was given."""

    TYPE = "identity.admin.saved"
    user_id: int
    username: str
    email: str
    full_name: str
    language: str



# Issue 14, password reset and account self-service. The raw token travels in the event so that notifications
# can put the link in its e-mail: the stream is internal (per-service NATS users, notifications' own database);
# identity keeps only the token's SHA-256, and the token is good once and for a short while.

class PasswordResetRequested(EventPayload):
    """Someone asked to reset this account's password: notifications e-mails the link (valid until ``expires_at``)."""

    TYPE = "identity.password_reset.requested"
    user_id: int
    token: str
    expires_at: datetime


class EmailChangeRequested(EventPayload):
    """The account asked to change its address: notifications sends the confirmation link to ``new_email`` and a
    notice to the current address; nothing changes until the link is followed."""

    TYPE = "identity.email_change.requested"
    user_id: int
    new_email: str
    token: str
    expires_at: datetime


class PasswordChanged(EventPayload):
    """The account's password was changed, ``via`` a reset link or the profile: a security notice."""

    TYPE = "identity.password.changed"
    user_id: int
    via: Literal["reset", "profile"]

class ApplicationCreated(EventPayload):
    """Which user an application belongs to, so other services can check an applicationId they are given."""

    TYPE = "applications.created"
    application_id: int
    user_id: int


class ApplicationStatusChanged(EventPayload):
    TYPE = "applications.status.changed"
    application_id: int
    user_id: int
    old_status: str
    new_status: str
    notes: str | None
    changed_by: int | None


class CompanyAssigned(EventPayload):
    """A shelf company was assigned to an application (or its registration date was set): the board member's
    6-month term runs from ``registration_date`` to ``term_ends_on`` (spec §1), both None while the company is not
    registered yet. The employment contract ends at the end of ``term_ends_on`` unless the company is handed
    over first."""

    TYPE = "applications.company.assigned"
    application_id: int
    user_id: int
    company_id: int
    registration_date: date | None
    term_ends_on: date | None
    # What the applicant is told (issue 14); empty in events sent before they were added.
    company_name: str = ""
    payment_dates: list[date] = Field(default_factory=list)


class MessageReceived(EventPayload):
    TYPE = "messages.received"
    message_id: int
    name: str
    email: str
    subject: str


class DocumentRequested(EventPayload):
    TYPE = "documents.requested"
    request_id: int
    user_id: int
    application_id: int | None
    name: str
    due_date: date | None
    description: str | None = None


class DocumentUploaded(EventPayload):
    TYPE = "documents.uploaded"
    document_id: int
    user_id: int
    application_id: int | None
    request_id: int | None
    name: str
    file_type: str
    size: int


class DocumentReviewed(EventPayload):
    TYPE = "documents.reviewed"
    document_id: int
    user_id: int
    status: str
    reviewed_by: int
    # The document's name and, for a rejection, why (shown to the applicant); empty in older events.
    name: str = ""
    reason: str | None = None
    # The request the document answers, whose status follows the review (notifications' reminders); None in
    # older events and for a document uploaded unasked.
    request_id: int | None = None


class ContractCreated(EventPayload):
    TYPE = "contracts.created"
    contract_id: int
    user_id: int
    application_id: int | None
    title: str
    # "employment": the contract signed in the registration dialog; "admin": one an admin made for signing.
    kind: str = "admin"


class ContractSigned(EventPayload):
    TYPE = "contracts.signed"
    contract_id: int
    user_id: int
    signed_at: datetime
    content_sha256: str


class ContractExpired(EventPayload):
    """A contract has ended: an unsigned one whose expiry passed (it can no longer be signed), or the signed
    employment contract when its company was handed over (spec §1); ``expires_at`` is when it ended."""

    TYPE = "contracts.expired"
    contract_id: int
    user_id: int
    application_id: int | None
    expires_at: datetime


class AuditRecorded(EventPayload):
    """An admin action or an admin's view of an applicant's personal data (issue 15, Audit log), staged in the
    acting service's outbox with the action itself and kept by the audit store. The time is the envelope's."""

    TYPE = "audit.recorded"
    actor_id: int | None  # None: the command line or a job
    actor_role: str
    action: str  # "<target type>.<verb>", e.g. "application.status_changed", "document.downloaded"
    target_type: str
    target_id: str
    applicant_id: int | None  # the applicant whose data it concerns, when there is one
    ip_address: str | None = None
    user_agent: str | None = None
    request_id: str | None = None
    details: dict[str, str] = Field(default_factory=dict)  # small facts such as the new status; never secrets


class AdminInvited(EventPayload):
    """An admin invited someone to become an admin (issue 15, Admin management): notifications e-mails the link
    to ``email`` in ``language``. The invitee has no account yet. Like a password reset, the raw token travels
    here and identity keeps only its SHA-256; it is good once, until ``expires_at``."""

    TYPE = "identity.admin.invited"
    invitation_id: int
    email: str
    full_name: str
    language: str
    token: str
    expires_at: datetime
