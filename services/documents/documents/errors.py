"""documents' own error codes, in `code` or under a field in `fieldCodes`; with portal_common's shared ones
they are every code documents answers with (ERROR_CODES, the `code` enum of its OpenAPI document)."""

from enum import StrEnum

from portal_common.errors import service_error_codes


class DocumentsErrorCode(StrEnum):
    QUOTA_EXCEEDED = "quota_exceeded"
    # Fields of an upload.
    FILE_REQUIRED = "file_required"
    FILE_EMPTY = "file_empty"
    ONE_FILE_ONLY = "one_file_only"
    INVALID_DOCUMENT_REQUEST = "invalid_document_request"
    NOT_REPLACEABLE = "document_not_replaceable"  # replacesDocumentId: not a rejected, not yet replaced document
    # Fields of a document request.
    USER_REQUIRED = "user_required"
    USER_NOT_FOUND = "user_not_found"
    NOT_USERS_APPLICATION = "not_users_application"
    NAME_REQUIRED = "name_required"
    # The review.
    REJECTION_REASON_REQUIRED = "rejection_reason_required"
    # A person's data export (issue 16, Download my data).
    EXPORT_NOT_READY = "export_not_ready"
    EXPORT_EXPIRED = "export_expired"


ERROR_CODES = service_error_codes(DocumentsErrorCode)
