"""messages' own error codes, all under a field of the contact form in `fieldCodes`; with portal_common's
shared ones they are every code messages answers with (ERROR_CODES, the `code` enum of its OpenAPI document)."""

from enum import StrEnum

from portal_common.errors import service_error_codes


class MessagesErrorCode(StrEnum):
    NAME_TOO_SHORT = "name_too_short"
    INVALID_EMAIL = "invalid_email"
    SUBJECT_TOO_SHORT = "subject_too_short"
    MESSAGE_TOO_SHORT = "message_too_short"


ERROR_CODES = service_error_codes(MessagesErrorCode)
