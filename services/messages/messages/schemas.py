"""Bodies of the contact form and the admin inbox (spec §3 Message, §5 Contact)."""

from datetime import datetime
from typing import Literal

from pydantic import field_validator

from messages.errors import MessagesErrorCode
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
        name = at_least(v, 2, MessagesErrorCode.NAME_TOO_SHORT, "Name must be at least 2 characters")
        return at_most(name, 200, "Name")

    @field_validator("email")
    @classmethod
    def _email(cls, v: str) -> str:
        return email_address(v, MessagesErrorCode.INVALID_EMAIL, "Please enter a valid email address")

    @field_validator("subject")
    @classmethod
    def _subject(cls, v: str) -> str:
        subject = at_least(v, 2, MessagesErrorCode.SUBJECT_TOO_SHORT, "Subject must be at least 2 characters")
        return at_most(subject, 200, "Subject")

    @field_validator("message")
    @classmethod
    def _message(cls, v: str) -> str:
        message = at_least(v, 10, MessagesErrorCode.MESSAGE_TOO_SHORT, "Message must be at least 10 characters")
        return at_most(message, MAX_MESSAGE_LENGTH, "Message")


# The admin inbox's filters and sorts (issue 17).
MessageListStatus = Literal["unread", "read"]
MessageListSort = Literal["createdAt", "name", "subject"]


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
