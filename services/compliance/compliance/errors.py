"""compliance's own error codes; with portal_common's shared ones they are every code compliance answers with
(ERROR_CODES, the `code` enum of its OpenAPI document). The SPA says each in Estonian and English."""

from enum import StrEnum

from portal_common.errors import service_error_codes


class ComplianceErrorCode(StrEnum):
    # Under the fields of a client or a person (422).
    INVALID_COUNTRY = "invalid_country"
    INVALID_OWNERSHIP = "invalid_ownership"
    DATE_OF_BIRTH_REQUIRED = "date_of_birth_required"
    PEP_DETAILS_REQUIRED = "pep_details_required"
    # A case's state does not allow the action (409).
    CLIENT_NOT_DRAFT = "client_not_draft"
    CLIENT_NOT_IN_REVIEW = "client_not_in_review"
    BENEFICIAL_OWNER_MISSING = "beneficial_owner_missing"
    SCREENING_HIT_OPEN = "screening_hit_open"
    SANCTIONS_LIST_STALE = "sanctions_list_stale"
    NOT_COMPLIANCE_OFFICER = "not_compliance_officer"
    HIT_ALREADY_DECIDED = "hit_already_decided"
    CLIENT_ALREADY_ENDED = "client_already_ended"
    ENDED_IN_FUTURE = "ended_in_future"
    # A sanctions list file that cannot be read (422, under `file`): nothing is imported.
    INVALID_LIST_FILE = "invalid_list_file"
    LIST_FILE_EMPTY = "list_file_empty"


ERROR_CODES = service_error_codes(ComplianceErrorCode)
