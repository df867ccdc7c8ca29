"""messages' tables: what visitors sent through the contact form (spec §3 Message)."""

from datetime import datetime

from sqlalchemy import DateTime, Text
from sqlmodel import Field, SQLModel

from portal_common.clock import utcnow
from portal_common.consumer import ProcessedEvent  # noqa: F401  (part of this service's schema)
from portal_common.outbox import OutboxEvent  # noqa: F401  (part of this service's schema)


class Message(SQLModel, table=True):
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
