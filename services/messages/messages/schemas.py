"""Bodies of the contact form and the admin inbox (spec §3 Message, §5 Contact)."""

from datetime import datetime

from pydantic import field_validator

from portal_common.validation import CamelModel, at_least, at_most, email_address

MAX_MESSAGE_LENGTH = 5000


class ContactRequest(CamelModel):
    name: str
    email: str
    subject: str
    message: str

    @field_validator("name")
    @classmethod
    def _name(cls, v: str) -> str:
        return at_most(at_least(v, 2, "Name must be at least 2 characters"), 200, "Name")

    @field_validator("email")
    @classmethod
    def _email(cls, v: str) -> str:
        return email_address(v, "Please enter a valid email address")

    @field_validator("subject")
    @classmethod
    def _subject(cls, v: str) -> str:
        return at_most(at_least(v, 2, "Subject must be at least 2 characters"), 200, "Subject")

    @field_validator("message")
    @classmethod
    def _message(cls, v: str) -> str:
        return at_most(at_least(v, 10, "Message must be at least 10 characters"), MAX_MESSAGE_LENGTH, "Message")


class ContactAccepted(CamelModel):
    id: int
    created_at: datetime


class MessageOut(CamelModel):
    id: int
    subject: str
    name: str
    email: str
    message: str
    is_read: bool
    created_at: datetime
