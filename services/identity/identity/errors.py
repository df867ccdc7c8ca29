"""identity's own error codes, in `code` or under a field in `fieldCodes`; with portal_common's shared ones
they are every code identity answers with (ERROR_CODES, the `code` enum of its OpenAPI document)."""

from enum import StrEnum

from portal_common.errors import service_error_codes


class IdentityErrorCode(StrEnum):
    INVALID_CREDENTIALS = "invalid_credentials"
    TOO_MANY_ATTEMPTS = "too_many_attempts"
    USERNAME_TAKEN = "username_taken"
    EMAIL_TAKEN = "email_taken"
    ID_CODE_TAKEN = "id_code_taken"
    # Issue 37: registration with a taken e-mail address or ID code, without saying which.
    ACCOUNT_EXISTS = "account_exists"
    # Registration, sign-in, language and profile fields (spec §5).
    USERNAME_REQUIRED = "username_required"
    USERNAME_TOO_SHORT = "username_too_short"
    PASSWORD_REQUIRED = "password_required"  # noqa: S105 (an error code, not a password)
    PASSWORD_TOO_SHORT = "password_too_short"  # noqa: S105
    PASSWORDS_DIFFER = "passwords_differ"
    FULL_NAME_TOO_SHORT = "full_name_too_short"
    INVALID_EMAIL = "invalid_email"
    PHONE_TOO_SHORT = "phone_too_short"
    UNDER_MINIMUM_AGE = "under_minimum_age"
    CITY_REQUIRED = "city_required"
    TERMS_NOT_ACCEPTED = "terms_not_accepted"
    PRIVACY_NOT_ACCEPTED = "privacy_not_accepted"
    EMPLOYMENT_CONTRACT_NOT_ACCEPTED = "employment_contract_not_accepted"
    INVALID_LANGUAGE = "invalid_language"
    # The Estonian ID code check, one code per rule (spec §5; identity.estonian_id).
    ID_CODE_LENGTH = "id_code_length"
    ID_CODE_FIRST_DIGIT = "id_code_first_digit"
    ID_CODE_DATE = "id_code_date"
    ID_CODE_CHECKSUM = "id_code_checksum"
    # Issue 13: the birth date agrees with the ID code, and the contract is signed by the applicant.
    DATE_OF_BIRTH_MISMATCH = "date_of_birth_mismatch"
    ID_CODE_BIRTH_DATE_CHANGED = "id_code_birth_date_changed"
    CONTRACT_NAME_MISMATCH = "contract_name_mismatch"
    CONTRACT_ID_CODE_MISMATCH = "contract_id_code_mismatch"
    # Issue 14: password reset and account self-service.
    INVALID_TOKEN = "invalid_token"  # noqa: S105 (an error code, not a token)
    WRONG_PASSWORD = "wrong_password"  # noqa: S105
    # Issue 15: the second factor.
    MFA_REQUIRED = "mfa_required"
    WRONG_CODE = "wrong_code"
    TOTP_ALREADY_ENABLED = "totp_already_enabled"
    TOTP_NOT_STARTED = "totp_not_started"
    TOTP_NOT_ENABLED = "totp_not_enabled"
    SECOND_FACTOR_REQUIRED_FOR_ADMINS = "second_factor_required_for_admins"
    # Issue 15, admin management (identity/admins.py).
    ADMIN_INVITATION_NOT_FOUND = "admin_invitation_not_found"
    ADMIN_INVITATION_EXPIRED = "admin_invitation_expired"
    ADMIN_INVITATION_USED = "admin_invitation_used"
    ADMIN_PASSWORD_TOO_SHORT = "admin_password_too_short"  # noqa: S105 (an error code, not a password)
    CANNOT_DEACTIVATE_SELF = "cannot_deactivate_self"
    CANNOT_RESET_OWN_SECOND_FACTOR = "cannot_reset_own_second_factor"
    LAST_ACTIVE_ADMIN = "last_active_admin"
    # Issue 35: only a compliance officer names or removes one, and one stays.
    NOT_COMPLIANCE_OFFICER = "not_compliance_officer"
    LAST_COMPLIANCE_OFFICER = "last_compliance_officer"
    # Issue 15, passkeys (identity/passkeys.py).
    PASSKEY_CHALLENGE_EXPIRED = "passkey_challenge_expired"
    PASSKEY_NOT_VERIFIED = "passkey_not_verified"
    NO_PASSKEYS = "no_passkeys"
    # Issue 16, erasure requests (identity/erasure.py).
    ERASURE_ALREADY_REQUESTED = "erasure_already_requested"
    ERASURE_NOT_PENDING = "erasure_not_pending"
    # Issue 16, consent (identity/consents.py).
    CONSENT_VERSION_OUTDATED = "consent_version_outdated"
    # Issue 36: the board member's liability notice (identity/liability_notice.py).
    NOTICE_VERSION_OUTDATED = "notice_version_outdated"
    # Issue 34, signing in and registering with eID (identity/eid_login.py): how a Smart-ID or Mobile-ID session
    # ended, what was wrong with the certificate or the ID-card's Web eID token, and what the person was told.
    REFUSED = "refused"
    TIMEOUT = "timeout"
    WRONG_VERIFICATION_CODE = "wrong_verification_code"
    NOT_A_CUSTOMER = "not_a_customer"
    ACCOUNT_UNUSABLE = "account_unusable"
    PHONE_UNREACHABLE = "phone_unreachable"
    SIM_ERROR = "sim_error"
    CERTIFICATE_UNTRUSTED = "certificate_untrusted"
    CERTIFICATE_REVOKED = "certificate_revoked"
    CERTIFICATE_INVALID = "certificate_invalid"
    SIGNER_MISMATCH = "signer_mismatch"
    NO_ACCOUNT = "no_account"
    NONCE_INVALID = "nonce_invalid"
    TOKEN_INVALID = "token_invalid"  # noqa: S105 (an error code, not a token)
    SIGNATURE_INVALID = "signature_invalid"
    EID_SESSION_INVALID = "eid_session_invalid"
    EID_ACCOUNT_EXISTS = "eid_account_exists"


ERROR_CODES = service_error_codes(IdentityErrorCode)
