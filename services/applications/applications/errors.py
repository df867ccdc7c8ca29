"""applications' own error codes, in `code` or under a field in `fieldCodes`; with portal_common's shared
ones they are every code applications answers with (ERROR_CODES, the `code` enum of its OpenAPI document)."""

from enum import StrEnum

from portal_common.errors import service_error_codes


class ApplicationsErrorCode(StrEnum):
    NOTHING_TO_UPDATE = "nothing_to_update"
    NOT_ASSIGNABLE = "not_assignable"
    COMPANY_TAKEN = "company_taken"
    REGISTRATION_CODE_TAKEN = "registration_code_taken"
    APPLICATION_OPEN = "application_open"
    # A completed application moved back to an open status (issue 37, Applying again): refused when its
    # employment contract cannot come back.
    REOPEN_SUPERSEDED = "reopen_superseded"
    REOPEN_TERM_ENDED = "reopen_term_ended"
    # Issue 35: a compliance officer confirmed a sanctions hit on the applicant.
    SCREENING_HIT = "screening_hit"
    # Issue 35, Handover gate: a company is handed over only to a client whose compliance case is approved and
    # not past its periodic review date.
    CLIENT_NOT_APPROVED = "client_not_approved"
    # Fields of a status change and of a company.
    INVALID_STATUS = "invalid_status"
    COMPANY_NOT_FOUND = "company_not_found"
    COMPANY_NAME_LENGTH = "company_name_length"
    REGISTRATION_CODE_FORMAT = "registration_code_format"
    # Fields of the mandate's register dates (issue 36).
    DATE_IN_FUTURE = "date_in_future"
    REMOVAL_BEFORE_APPOINTMENT = "removal_before_appointment"
    APPOINTMENT_REQUIRED = "appointment_required"


ERROR_CODES = service_error_codes(ApplicationsErrorCode)
