"""payroll's own error codes; with portal_common's shared ones they are every code payroll answers with
(ERROR_CODES, the `code` enum of its OpenAPI document). The SPA says each in Estonian and English."""

from enum import StrEnum

from portal_common.errors import service_error_codes


class PayrollErrorCode(StrEnum):
    PAYOUT_DETAILS_MISSING = "payout_details_missing"
    # Under the fields of PUT /api/payout-details.
    INVALID_IBAN = "invalid_iban"
    IBAN_NOT_SEPA = "iban_not_sepa"
    INVALID_PENSION_RATE = "invalid_pension_rate"
    # POST /api/admin/pay-runs: the pay date.
    NOT_A_BANKING_DAY = "not_a_banking_day"
    PAY_DATE_IN_PAST = "pay_date_in_past"
    # A pay run's state does not allow the action (409).
    PAY_RUN_NOT_DRAFT = "pay_run_not_draft"
    PAY_RUN_NOT_APPROVED = "pay_run_not_approved"
    PAY_RUN_LINE_NOT_PAYABLE = "pay_run_line_not_payable"


ERROR_CODES = service_error_codes(PayrollErrorCode)
