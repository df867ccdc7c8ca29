"""identity's tables. Other services never read them; they learn about users from events."""

from datetime import date, datetime

from sqlalchemy import DateTime, Index, text
from sqlmodel import Field, SQLModel

from portal_common.consumer import ProcessedEvent  # noqa: F401  (part of this service's schema)
from portal_common.outbox import OutboxEvent, utcnow  # noqa: F401


class User(SQLModel, table=True):
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
    failed_logins: int = 0
    login_blocked_until: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))


class UserSession(SQLModel, table=True):
    """A server-side session; the browser holds the token, we keep only its SHA-256."""

    __tablename__ = "sessions"

    id: int | None = Field(default=None, primary_key=True)
    token_hash: str = Field(max_length=64, unique=True)
    user_id: int = Field(foreign_key="users.id", index=True)
    created_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
    expires_at: datetime = Field(sa_type=DateTime(timezone=True))
    revoked_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))


class ContractAcceptance(SQLModel, table=True):
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
