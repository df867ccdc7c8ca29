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
                   "audit.>", "payroll.>", "compliance.>"]


class EventPayload(CamelModel):
    TYPE: ClassVar[str]
    VERSION: ClassVar[int] = 1


class EventEnvelope(CamelModel):
    id: uuid.UUID = Field(default_factory=uuid.uuid4)
    type: str
    version: int
    occurred_at: datetime = Field(default_factory=lambda: datetime.now(UTC))
    payload: dict[str, object]
    # The W3C trace context of the work that raised the event (portal_common.tracing); None in older events.
    traceparent: str | None = None

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
    # Issue 34: registered with an eID (smart_id, mobile_id, id_card), the identity taken from its certificate, and
    # when; None for a typed identity (and in events from before eID registration).
    eid_method: Literal["smart_id", "mobile_id", "id_card"] | None = None
    eid_verified_at: datetime | None = None


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
    # False once the admin is deactivated (issue 37): such an admin gets no more admins' e-mails. Events from before
    # the field existed were all of active admins.
    active: bool = True



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


class RegistrationAttempted(EventPayload):
    """Someone tried to register a new account with this account's e-mail address or ID code and was refused
    (issue 37): notifications tells the account's owner, in their language. Nothing of the attempt travels."""

    TYPE = "identity.registration.attempted"
    user_id: int


class ApplicationCreated(EventPayload):
    """Which user an application belongs to, so other services can check an applicationId they are given."""

    TYPE = "applications.created"
    application_id: int
    user_id: int
    # The application this one follows when the person applied again (spec §1); None for their first. Events
    # sent before it was added say None: contracts then makes no new employment contract for them.
    previous_application_id: int | None = None


class ApplicationReopened(EventPayload):
    """A completed application was moved back to an open status (issue 37, Applying again): its company is no
    longer handed over, so the employment contract that the completion ended comes back, with the term's end as
    its expiry (``term_ends_on``, None without a registered company), and payroll restores the payments the early
    end cancelled. applications refuses the move when the contract cannot come back (a later application, or a
    term that is over), so this event always means "bring it back"."""

    TYPE = "applications.reopened"
    application_id: int
    user_id: int
    new_status: str
    company_id: int | None
    term_ends_on: date | None


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
    # The company's registry code (issue 33: the board member's consent names it); empty in older events.
    registry_code: str = ""
    # No longer sent (issue 23: payroll owns the schedule, payroll.schedule.changed); kept for older events.
    payment_dates: list[date] = Field(default_factory=list)


class CompanyTransferred(EventPayload):
    """The company was handed over (its application completed) on ``transferred_on``: the board member's contract
    ends early, and payroll cancels the payments due after that day (issue 23, The schedule)."""

    TYPE = "applications.company.transferred"
    application_id: int
    user_id: int
    company_id: int
    transferred_on: date


class MandateRecorded(EventPayload):
    """An admin recorded the Business Register's dates of the board member's mandate in the application's company
    (issue 36): the appointment's and the removal's entry dates, None while not entered. ``planned_end`` is the
    term's last day (None while the company's registration date is unknown); notifications e-mails the board
    member and the admins from them."""

    TYPE = "applications.mandate.recorded"
    application_id: int
    user_id: int
    company_id: int
    company_name: str
    appointed_on: date | None
    removed_on: date | None
    planned_end: date | None
    removal_deadline: date | None  # the shareholders' deadline to file the removal


# Issue 23: payroll's events. Money is in euros as decimal strings with two decimals ("500.00").

class ScheduledPaymentInfo(CamelModel):
    payment_id: int
    due_date: date
    gross: str


class PayrollScheduleChanged(EventPayload):
    """The payment schedule of an application's term, as payroll made it from a company assignment (``cause``
    "assigned"; notifications e-mails the company, term and payment dates) or after an early end ("transferred",
    the cancelled payments left out). ``payments`` is empty while the company is not registered."""

    TYPE = "payroll.schedule.changed"
    application_id: int
    user_id: int
    company_name: str
    payments: list[ScheduledPaymentInfo]
    cause: Literal["assigned", "transferred"] = "assigned"
    registration_date: date | None = None
    term_ends_on: date | None = None


class PaymentPaid(EventPayload):
    """A payment of a pay run was paid (the admin marked the run paid); ``period`` is "YYYY-MM-DD – YYYY-MM-DD"."""

    TYPE = "payroll.payment.paid"
    payment_id: int
    user_id: int
    application_id: int
    pay_date: date
    net: str
    gross: str
    period: str


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
    # "employment": the contract signed in the registration dialog, or a later application's, made for signing
    # (issue 37, Applying again; ``awaiting_signature``); "admin": one an admin made for signing.
    kind: str = "admin"
    awaiting_signature: bool = False


class ContractSigned(EventPayload):
    TYPE = "contracts.signed"
    contract_id: int
    user_id: int
    signed_at: datetime
    content_sha256: str
    # drawn, typed, smart_id, mobile_id or id_card (issue 33); None for the acceptance at registration.
    signature_method: str | None = None


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


# Issue 16, Download my data: documents asks, every other service answers with its part, documents assembles the
# zip. A part travels in one or more messages (``part_index`` of ``part_count``) so that none nears NATS's 1 MB
# limit; the pieces of ``content`` and of an attachment of one name are joined in part order.

class PrivacyExportRequested(EventPayload):
    """A person asked for a copy of their data; ``email`` finds the contact messages sent from it."""

    TYPE = "documents.privacy.export.requested"
    export_id: uuid.UUID
    user_id: int
    email: str


class ExportAttachment(CamelModel):
    name: str  # a file name within the service's folder of the zip (files/<service>/<name>)
    content_base64: str


class PrivacyExportPart(EventPayload):
    """One service's part of an export; each service sends it on its own subject (the subclasses below)."""

    TYPE = "*.privacy.export.part"  # the subjects documents reads; never published as such
    export_id: uuid.UUID
    user_id: int
    service: str
    file_name: str  # the part's JSON file in the zip, e.g. "identity.json"
    content: str  # JSON text (this message's piece of it)
    attachments: list[ExportAttachment] = Field(default_factory=list)
    part_index: int = 0
    part_count: int = 1


class IdentityExportPart(PrivacyExportPart):
    TYPE = "identity.privacy.export.part"


class ApplicationsExportPart(PrivacyExportPart):
    TYPE = "applications.privacy.export.part"


class ContractsExportPart(PrivacyExportPart):
    TYPE = "contracts.privacy.export.part"


class MessagesExportPart(PrivacyExportPart):
    TYPE = "messages.privacy.export.part"


class PrivacyExportReady(EventPayload):
    """The zip is ready for its owner until ``expires_at``: notifications e-mails them the profile's link."""

    TYPE = "documents.privacy.export.ready"
    export_id: uuid.UUID
    user_id: int
    expires_at: datetime


# Issue 16, Erasure (Art. 17) and retention. identity publishes the approval; every other service erases or
# anonymises what it holds for the person and answers with its own ErasureDone; employment records are kept
# restricted until their legal hold ends (contracts). The e-mail and ID code travel so that services that know the
# person only by them (messages: contact messages from that address) can find what is theirs.

class ErasureApproved(EventPayload):
    TYPE = "identity.privacy.erasure.approved"
    request_id: uuid.UUID
    user_id: int
    email: str
    reason: Literal["request", "retention"]
    id_code: str | None = None


class ErasureDone(EventPayload):
    """``<service>.privacy.erasure.done``: one service has erased (or restricted) what it holds for the request."""

    request_id: uuid.UUID
    user_id: int
    service: str


class ApplicationsErasureDone(ErasureDone):
    TYPE = "applications.privacy.erasure.done"


class DocumentsErasureDone(ErasureDone):
    TYPE = "documents.privacy.erasure.done"


class ContractsErasureDone(ErasureDone):
    TYPE = "contracts.privacy.erasure.done"


class MessagesErasureDone(ErasureDone):
    TYPE = "messages.privacy.erasure.done"


class NotificationsErasureDone(ErasureDone):
    TYPE = "notifications.privacy.erasure.done"


# Issue 35: compliance's events.
class ScreeningHitDecided(EventPayload):
    """A compliance officer's decision on a sanctions screening hit. A confirmed hit on an applicant blocks the
    approval of their application (applications keeps the fact; the hit itself stays in compliance)."""

    TYPE = "compliance.screening.decided"
    hit_id: int
    subject_type: Literal["applicant", "client", "person"]
    subject_id: int
    decision: Literal["false_positive", "confirmed"]


class ClientCaseChanged(EventPayload):
    """A client case's name, status or periodic review date as they now are (issue 35, Handover gate):
    applications keeps them to hand a company over only to a client whose case is approved and not past
    ``review_due``, and to show the client's name and case status (never its details). ``status`` "closed": the
    business relationship ended on ``relationship_ended_on``; "erased": its five years are over and the case's
    records went (the name is then empty)."""

    TYPE = "compliance.client.changed"
    client_id: int
    name: str
    status: Literal["draft", "in_review", "approved", "rejected", "closed", "erased"]
    review_due: date | None = None
    relationship_ended_on: date | None = None


class PayrollErasureDone(ErasureDone):
    TYPE = "payroll.privacy.erasure.done"


class ComplianceErasureDone(ErasureDone):
    TYPE = "compliance.privacy.erasure.done"


class RetentionDue(EventPayload):
    """``<service>.privacy.retention.due``: a service's retention job found a person whose records it may no longer
    keep (``why``: "rejected_application", "legal_hold_ended"); identity turns it into an approved erasure with
    reason "retention"."""

    user_id: int
    why: str


class ApplicationsRetentionDue(RetentionDue):
    TYPE = "applications.privacy.retention.due"


class ContractsRetentionDue(RetentionDue):
    TYPE = "contracts.privacy.retention.due"
