"""The Estonian rates a board member's fee is withheld and taxed at, by the date of payment (issue 23, Withholding).

A board member's fee is TSD payment type 21: income tax, the employer's social tax with no monthly minimum, the
funded pension (II pillar) at the person's own rate, and no unemployment insurance. Next year's change is a new
row here, never new code: the row in force on a payment's date is the one with the latest ``valid_from`` not after
it. Rates are in basis points (1/100 of a per cent) and amounts in cents, so nothing is a float.

- 2025 (Income Tax Act as in force from 1 January 2025): income tax 22 %, social tax 33 %; the basic exemption an
  employer may apply is at most 654 EUR a month (its decrease above 1,200 EUR a month is settled in the annual
  return, not by the payer).
- 2026 (the "tax hump" abolished from 1 January 2026): income tax 22 %, social tax 33 %, a flat basic exemption of
  700 EUR a month.
"""

from dataclasses import dataclass
from datetime import date

BASIS_POINTS = 10_000
PENSION_RATES = (0, 2, 4, 6)  # the funded pension rates a person may choose, in per cent
PAYMENT_TYPE = "21"  # TSD annex 1: a management or supervisory board member's fee


@dataclass(frozen=True)
class Rates:
    valid_from: date
    income_tax_bp: int
    social_tax_bp: int
    unemployment_insurance_bp: int  # the employee's share; none on a board member's fee
    basic_exemption_cents: int  # a month's, at most


RATES: tuple[Rates, ...] = (
    Rates(valid_from=date(2025, 1, 1), income_tax_bp=2200, social_tax_bp=3300, unemployment_insurance_bp=0,
          basic_exemption_cents=65_400),
    Rates(valid_from=date(2026, 1, 1), income_tax_bp=2200, social_tax_bp=3300, unemployment_insurance_bp=0,
          basic_exemption_cents=70_000),
)


class NoRatesError(LookupError):
    """A payment dated before the first row: the table does not know its rates."""


def rates_on(pay_date: date) -> Rates:
    """The row in force on ``pay_date``."""
    in_force = [row for row in RATES if row.valid_from <= pay_date]
    if not in_force:
        raise NoRatesError(f"no payroll rates for {pay_date.isoformat()}")
    return max(in_force, key=lambda row: row.valid_from)
