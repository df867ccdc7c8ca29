"""identity's tables. Other services never read them; they learn about users from events."""

import uuid
from datetime import date, datetime

from sqlalchemy import BigInteger, DateTime, Index, UniqueConstraint, text
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

from portal_common.clock import utcnow


class ServiceTable(SQLModel, registry=registry()):
    """Base of identity's own tables: a registry and metadata of its own, so every service's models load in one
    process (one test run) although several services have an `applicants` table. The event tables every
    service shares (outbox, processed_events) stay on SQLModel's default metadata."""


class User(ServiceTable, table=True):
    __tablename__ = "users"
    __table_args__ = (
        Index("ix_users_username_lower", text("lower(username)"), unique=True),
    )

    id: int | None = Field(default=None, primary_key=True)
    username: str = Field(max_length=150)
    password_hash: str
    role: str = Field(default="applicant", max_length=20)
    language: str = Field(default="et", max_length=2)
    full_name: str = Field(max_length=200)
    email: str = Field(max_length=320, unique=True)
    phone: str = Field(default="", max_length=50)
    date_of_birth: date | None = None
    id_code: str | None = Field(default=None, max_length=11, unique=True)
    city: str | None = Field(default=None, max_length=120)
    address: str | None = Field(default=None, max_length=300)
    created_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
    # Second factor (issue 15): a TOTP secret (base32) counts once confirmed with a code.
    totp_secret: str | None = Field(default=None, max_length=64)
    totp_confirmed_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    # The last 30 s time step a TOTP code was accepted for: a code is good once (RFC 6238 §5.2, issue 37).
    totp_last_step: int | None = Field(default=None, sa_type=BigInteger)
    last_login_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    deactivated_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    # Issue 35: approves client cases, decides sanctions hits, works suspicion reports (an admin's attribute).
    compliance_officer: bool = False
    # Issue 34: the identity (name, ID code, date of birth) came from an eID certificate at registration, not typed:
    # how ("smart_id", "mobile_id", "id_card") and when.
    eid_verified_method: str | None = Field(default=None, max_length=20)
    eid_verified_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))


class UserSession(ServiceTable, table=True):
    """A server-side session; the browser holds the token, we keep only its SHA-256."""

    __tablename__ = "sessions"

    id: int | None = Field(default=None, primary_key=True)
    token_hash: str = Field(max_length=64, unique=True)
    user_id: int = Field(foreign_key="users.id", index=True)
    created_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
    expires_at: datetime = Field(sa_type=DateTime(timezone=True))
    revoked_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    # Whether the holder passed the second factor (TOTP, a recovery code or a passkey) at sign-in or at
    # enrolment; the admin routes accept only such sessions (issue 15).
    second_factor: bool = False


class ContractAcceptance(ServiceTable, table=True):
    """The employment contract accepted in the registration dialog (spec §2 Auth screen)."""

    __tablename__ = "contract_acceptances"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True)
    full_name: str = Field(max_length=200)
    id_code: str = Field(max_length=11)
    language: str = Field(max_length=2)
    accepted_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
    ip_address: str | None = Field(default=None, max_length=64)
    user_agent: str | None = Field(default=None, max_length=500)


class LoginFailure(ServiceTable, table=True):
    """Failed sign-ins with one username from one client address (design.md: login slows down).

    Counted per address, so a stranger elsewhere cannot lock the owner out, and for unknown usernames too,
    so the answers do not tell which names exist. A success removes the row; rows expire unused."""

    __tablename__ = "login_failures"

    username_key: str = Field(primary_key=True, max_length=150)  # lower-cased, as usernames are unique
    client_address: str = Field(primary_key=True, max_length=64)
    failures: int = 0
    blocked_until: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    last_failed_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True), index=True)


class IdCodeChange(ServiceTable, table=True):
    """An attempt to change an account's ID code, kept for an hour: changes are throttled, or the profile
    would tell at full speed whether a code belongs to someone else (issue 11)."""

    __tablename__ = "id_code_changes"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True)
    attempted_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))


class PasswordResetToken(ServiceTable, table=True):
    """A password reset link (issue 14): only the token's SHA-256, good once until ``expires_at``. The rows of
    the last hour also count an account's requests (the per-account limit)."""

    __tablename__ = "password_reset_tokens"

    id: int | None = Field(default=None, primary_key=True)
    token_hash: str = Field(max_length=64, unique=True)
    user_id: int = Field(foreign_key="users.id", index=True)
    created_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
    expires_at: datetime = Field(sa_type=DateTime(timezone=True))
    used_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))


class EmailChangeToken(ServiceTable, table=True):
    """A confirmation link sent to the address an account wants (issue 14): the change applies once it is
    followed. Only the token's SHA-256, good once until ``expires_at``."""

    __tablename__ = "email_change_tokens"

    id: int | None = Field(default=None, primary_key=True)
    token_hash: str = Field(max_length=64, unique=True)
    user_id: int = Field(foreign_key="users.id", index=True)
    new_email: str = Field(max_length=320)
    created_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
    expires_at: datetime = Field(sa_type=DateTime(timezone=True))
    used_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))


class RecoveryCode(ServiceTable, table=True):
    """One of the ten one-time codes shown once at second-factor enrolment (issue 15): only its SHA-256."""

    __tablename__ = "recovery_codes"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True)
    code_hash: str = Field(max_length=64)
    created_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
    used_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))


class Passkey(ServiceTable, table=True):
    """A WebAuthn credential registered as a second factor (issue 15)."""

    __tablename__ = "passkeys"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True)
    credential_id: str = Field(max_length=1400, unique=True)  # base64url, as the browser sends it
    public_key: str = Field(max_length=2000)  # base64url COSE key
    sign_count: int = 0
    name: str = Field(default="", max_length=100)
    created_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
    last_used_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))


class WebAuthnChallenge(ServiceTable, table=True):
    """A challenge handed to the browser for one registration or sign-in ceremony; good once, briefly."""

    __tablename__ = "webauthn_challenges"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True)
    purpose: str = Field(max_length=20)  # "register" or "sign-in"
    challenge: str = Field(max_length=200)  # base64url
    expires_at: datetime = Field(sa_type=DateTime(timezone=True))
    used_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))


class AdminInvitation(ServiceTable, table=True):
    """An invitation to become an admin (issue 15): a link valid 48 h, good once; only the token's SHA-256."""

    __tablename__ = "admin_invitations"

    id: int | None = Field(default=None, primary_key=True)
    token_hash: str = Field(max_length=64, unique=True)
    email: str = Field(max_length=320)
    full_name: str = Field(max_length=200)
    language: str = Field(default="et", max_length=2)
    invited_by: int = Field(foreign_key="users.id")
    created_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
    expires_at: datetime = Field(sa_type=DateTime(timezone=True))
    accepted_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    user_id: int | None = Field(default=None, foreign_key="users.id")  # the admin the invitation made


class PolicyVersion(ServiceTable, table=True):
    """A published version (its date) of the terms, the privacy policy or the employment contract text (issue 16
    "Consent"); the latest version of each document is the current one. `python -m identity publish-policy`
    adds one."""

    __tablename__ = "policy_versions"
    __table_args__ = (UniqueConstraint("document", "version", name="uq_policy_versions_document_version"),)

    id: int | None = Field(default=None, primary_key=True)
    document: str = Field(max_length=20)  # "terms", "privacy" or "contract"
    version: date
    published_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))


class Consent(ServiceTable, table=True):
    """One version of one document accepted by a user, at registration or later (issue 16 "Consent")."""

    __tablename__ = "consents"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True)
    document: str = Field(max_length=20)
    version: date
    accepted_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
    ip_address: str | None = Field(default=None, max_length=64)
    user_agent: str | None = Field(default=None, max_length=500)


class LiabilityAcknowledgement(ServiceTable, table=True):
    """A board member confirmed having read one version of the liability notice (issue 36): with the time, IP
    address and user agent, as consents are kept; a newer version is acknowledged again."""

    __tablename__ = "liability_acknowledgements"
    __table_args__ = (UniqueConstraint("user_id", "version", name="uq_liability_acknowledgements_user_version"),)

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True)
    version: date
    acknowledged_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
    ip_address: str | None = Field(default=None, max_length=64)
    user_agent: str | None = Field(default=None, max_length=500)


class ErasureRequest(ServiceTable, table=True):
    """A request to erase an account (issue 16, Erasure, GDPR Art. 17): asked by the applicant (``origin``
    "request", answered by an admin within 30 days) or made by a retention job (``origin`` "retention", approved
    at once). ``status``: pending → approved or refused; approved → completed once every service has answered.
    The name and e-mail admins see are the account's, so after approval they are the anonymised ones."""

    __tablename__ = "erasure_requests"
    __table_args__ = (
        # One open request per person (409 erasure_already_requested).
        Index("ux_erasure_requests_pending_user", "user_id", unique=True, postgresql_where=text("status = 'pending'")),
        Index("ix_erasure_requests_requested_at_id", "requested_at", "id"),
    )

    id: uuid.UUID = Field(default_factory=uuid.uuid4, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True)
    origin: str = Field(default="request", max_length=20)
    reason: str = Field(max_length=1000)
    status: str = Field(default="pending", max_length=20)
    requested_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
    due_date: date
    decided_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    decided_by: int | None = None  # the admin; None for a retention job's
    decision_reason: str | None = Field(default=None, max_length=1000)
    completed_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))


class ErasureAnswer(ServiceTable, table=True):
    """A service's ``<service>.privacy.erasure.done`` for an approved request."""

    __tablename__ = "erasure_answers"

    request_id: uuid.UUID = Field(foreign_key="erasure_requests.id", primary_key=True)
    service: str = Field(primary_key=True, max_length=40)
    answered_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))


class EidSession(ServiceTable, table=True):
    """A sign-in or registration with eID (issue 34). Smart-ID and Mobile-ID sessions run while the person answers
    on the phone (``provider_session`` holds what SK's answer is checked against); an ID-card's is made confirmed
    from its Web eID token. Bound to the browser that started it (``browser_hash``: the SHA-256 of its pre-login
    cookie), so its id alone is worth nothing.

    ``state``: running → failed (``error_code``), done (signed in), second_factor (an admin, who must still give
    the TOTP code), or, for a registration, confirmed (the certificate's person below, good until ``expires_at``)
    → used (the account made)."""

    __tablename__ = "eid_sessions"

    id: str = Field(primary_key=True, max_length=36)
    purpose: str = Field(max_length=20)  # "sign_in" or "registration"
    method: str = Field(max_length=20)  # "smart_id", "mobile_id" or "id_card"
    state: str = Field(default="running", max_length=20)
    browser_hash: str = Field(max_length=64, index=True)
    provider_session: str | None = None
    verification_code: str | None = Field(default=None, max_length=8)
    requested_id_code: str | None = Field(default=None, max_length=11)
    error_code: str | None = Field(default=None, max_length=40)
    # The certificate's person, once the session is confirmed.
    id_code: str | None = Field(default=None, max_length=11)
    given_name: str | None = Field(default=None, max_length=100)
    surname: str | None = Field(default=None, max_length=100)
    user_id: int | None = Field(default=None, foreign_key="users.id", index=True)
    client_address: str | None = Field(default=None, max_length=64)
    created_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
    finished_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    expires_at: datetime = Field(sa_type=DateTime(timezone=True), index=True)


class EidNonce(ServiceTable, table=True):
    """A Web eID challenge nonce (issue 34): 256 random bits, good once, for a few minutes, for the browser whose
    pre-login cookie's SHA-256 is ``browser_hash``."""

    __tablename__ = "eid_nonces"

    nonce: str = Field(primary_key=True, max_length=64)
    browser_hash: str = Field(max_length=64)
    expires_at: datetime = Field(sa_type=DateTime(timezone=True), index=True)
    used_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
