"""notifications' own error codes; with portal_common's shared ones they are every code it answers with
(ERROR_CODES, the `code` enum of its OpenAPI document)."""

from enum import StrEnum

from portal_common.errors import service_error_codes


class NotificationsErrorCode(StrEnum):
    EMAIL_ALREADY_QUEUED = "email_already_queued"


ERROR_CODES = service_error_codes(NotificationsErrorCode)
