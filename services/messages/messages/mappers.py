"""messages' response bodies from its rows: the one place that decides what the API shows of a message."""

from messages.models import Message
from messages.schemas import ContactAccepted, MessageOut


def message_out(message: Message) -> MessageOut:
    return MessageOut.model_validate(message, from_attributes=True)


def contact_accepted(message: Message) -> ContactAccepted:
    return ContactAccepted.model_validate(message, from_attributes=True)
