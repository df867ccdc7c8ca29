"""audit answers only with portal_common's shared codes (a bad filter is `validation_error` with `invalid_value`
under the field, which the SPA already says in both languages); ERROR_CODES is the `code` enum of its OpenAPI
document."""

from portal_common.errors import COMMON_ERROR_CODES

ERROR_CODES = COMMON_ERROR_CODES
