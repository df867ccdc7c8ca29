"""IBANs as payroll takes and shows them (issue 23, Bank details): validated with schwifty (the check digits, the
country's length, the national check digit where schwifty knows it, as for Estonia), SEPA countries only, kept
compact in capitals, shown to admins masked."""

from schwifty import IBAN
from schwifty.exceptions import SchwiftyException

from payroll.errors import PayrollErrorCode

SHOWN_AT_START = 4
SHOWN_AT_END = 4
GROUP = 4


class IbanRefused(ValueError):
    def __init__(self, code: PayrollErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code


def valid_iban(value: str) -> str:
    """The IBAN compact and in capitals, or IbanRefused saying why not."""
    try:
        iban = IBAN(value, validate_bban=True)
    except SchwiftyException as error:
        raise IbanRefused(PayrollErrorCode.INVALID_IBAN, "The IBAN is not valid") from error
    if not iban.in_sepa_zone:
        raise IbanRefused(PayrollErrorCode.IBAN_NOT_SEPA, "Only accounts in SEPA countries can be paid")
    return str(iban.compact)


def formatted(iban: str) -> str:
    """Groups of four: EE38 2200 2210 2014 5685."""
    return " ".join(iban[start:start + GROUP] for start in range(0, len(iban), GROUP))


def masked(iban: str) -> str:
    """What admin lists show: EE38 **** **** **** 5685 (the country, check digits and last four only)."""
    hidden = "*" * (len(iban) - SHOWN_AT_START - SHOWN_AT_END)
    return formatted(iban[:SHOWN_AT_START] + hidden + iban[-SHOWN_AT_END:])
