"""contracts' own error codes, in `code` or under a field in `fieldCodes`; with portal_common's shared ones
they are every code contracts answers with (ERROR_CODES, the `code` enum of its OpenAPI document)."""

from enum import StrEnum

from portal_common.errors import service_error_codes


class ContractsErrorCode(StrEnum):
    INVALID_SIGNATURE = "invalid_signature"
    # Under the signature field: what is wrong with the drawing.
    SIGNATURE_TOO_LARGE = "signature_too_large"
    SIGNATURE_MISSING = "signature_missing"
    # A typed signature (issue 13): its method, and the name it claims, which must be the signer's own.
    INVALID_SIGNATURE_METHOD = "invalid_signature_method"
    TYPED_NAME_MISMATCH = "typed_name_mismatch"
    # Fields of a new contract and of a status change.
    USER_REQUIRED = "user_required"
    USER_NOT_FOUND = "user_not_found"
    APPLICATION_REQUIRED = "application_required"
    APPLICATION_NOT_FOUND = "application_not_found"
    NOT_USERS_APPLICATION = "not_users_application"
    TITLE_REQUIRED = "title_required"
    CONTENT_REQUIRED = "content_required"
    INVALID_EXPIRY_DATE = "invalid_expiry_date"
    EXPIRY_IN_PAST = "expiry_in_past"
    INVALID_STATUS = "invalid_status"
    # Qualified eID signing (issue 33): the signer's certificate, checked before any digest leaves the server,
    # and the card's signature value.
    CERTIFICATE_UNTRUSTED = "certificate_untrusted"
    CERTIFICATE_REVOKED = "certificate_revoked"
    CERTIFICATE_NOT_QUALIFIED = "certificate_not_qualified"
    CERTIFICATE_INVALID = "certificate_invalid"
    SIGNER_MISMATCH = "signer_mismatch"
    INVALID_SIGNATURE_VALUE = "invalid_signature_value"
    INVALID_ESIGN_METHOD = "invalid_esign_method"
    # Documents signed with eID only (issues 33, 36): the board member's consent and the resignation letter.
    EID_SIGNATURE_REQUIRED = "eid_signature_required"
    # Issue 34: an applicant who registered with an eID signs the employment contract with an eID, not a drawn or
    # typed name.
    EID_REGISTERED_SIGNATURE_REQUIRED = "eid_registered_signature_required"
    # The resignation letter (issue 36): no company to resign from, a reason needed before the term's end, one
    # open letter at a time, none after a signed one for the same company.
    NO_MANDATE = "no_mandate"
    REASON_REQUIRED = "reason_required"
    REASON_TOO_LONG = "reason_too_long"
    RESIGNATION_OPEN = "resignation_open"
    ALREADY_RESIGNED = "already_resigned"


ERROR_CODES = service_error_codes(ContractsErrorCode)
