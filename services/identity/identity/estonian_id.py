"""The Estonian personal ID code check (spec §5). Its TypeScript twin is web/src/lib/estonian-id.ts;
both are tested against services/common/testdata/estonian_id_codes.json."""

from datetime import date

from identity.errors import IdentityErrorCode

FIRST_WEIGHTS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 1)
SECOND_WEIGHTS = (3, 4, 5, 6, 7, 8, 9, 1, 2, 3)
CENTURY_BY_FIRST_DIGIT = {1: 1800, 2: 1800, 3: 1900, 4: 1900, 5: 2000, 6: 2000}

WRONG_LENGTH = "Estonian ID code must be 11 digits"
WRONG_FIRST_DIGIT = "First digit must be between 1 and 6"
INVALID_DATE = "Invalid date in ID code"
INVALID_CHECKSUM = "Invalid checksum in ID code"
# Each rule's code, which the SPA shows in the reader's language, and its English text.
ID_CODE_MESSAGES = {
    IdentityErrorCode.ID_CODE_LENGTH: WRONG_LENGTH,
    IdentityErrorCode.ID_CODE_FIRST_DIGIT: WRONG_FIRST_DIGIT,
    IdentityErrorCode.ID_CODE_DATE: INVALID_DATE,
    IdentityErrorCode.ID_CODE_CHECKSUM: INVALID_CHECKSUM,
}


def check_digit(first_ten: str) -> int:
    digits = [int(c) for c in first_ten]
    remainder = sum(d * w for d, w in zip(digits, FIRST_WEIGHTS, strict=True)) % 11
    if remainder < 10:
        return remainder
    remainder = sum(d * w for d, w in zip(digits, SECOND_WEIGHTS, strict=True)) % 11
    return 0 if remainder == 10 else remainder


def birth_date(code: str) -> date:
    """The date encoded in a code that already passed the format checks; ValueError when not a real date."""
    year = CENTURY_BY_FIRST_DIGIT[int(code[0])] + int(code[1:3])
    return date(year, int(code[3:5]), int(code[5:7]))


def id_code_problem(code: str) -> IdentityErrorCode | None:
    """The first rule the code breaks, or None when it is valid."""
    if len(code) != 11 or not code.isascii() or not code.isdigit():
        return IdentityErrorCode.ID_CODE_LENGTH
    if code[0] not in "123456":
        return IdentityErrorCode.ID_CODE_FIRST_DIGIT
    try:
        birth_date(code)
    except ValueError:
        return IdentityErrorCode.ID_CODE_DATE
    if check_digit(code[:10]) != int(code[10]):
        return IdentityErrorCode.ID_CODE_CHECKSUM
    return None


def id_code_error(code: str) -> str | None:
    """The spec's message for the first rule the code breaks, or None when it is valid."""
    problem = id_code_problem(code)
    return None if problem is None else ID_CODE_MESSAGES[problem]


def is_valid_id_code(code: str) -> bool:
    return id_code_problem(code) is None


def birth_date_in(code: str) -> date | None:
    """The birth date a valid code carries (spec §5: century digit, YYMMDD), or None when the code is invalid."""
    return birth_date(code) if is_valid_id_code(code) else None
