"""What is withheld from a board member's fee and what the employer pays on top (issue 23, Withholding).

Order: gross, minus the funded pension at the person's rate, minus the basic exemption (only when the person asked
this payer to apply it, capped at what is left), then income tax on the rest; each amount rounded to the cent,
halves up. Social tax is the employer's, on the gross, with no monthly minimum for payment type 21.
"""

from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from payroll.rates import BASIS_POINTS, rates_on

PER_CENT_BP = 100


@dataclass(frozen=True)
class Withholding:
    """All in cents: ``net`` reaches the person's account, ``social_tax`` is the employer's on top of ``gross``."""

    gross: int
    pension: int
    unemployment_insurance: int
    income_tax: int
    net: int
    social_tax: int
    basic_exemption_used: int


def share(cents: int, basis_points: int) -> int:
    """``basis_points`` of ``cents``, rounded to the cent, halves up."""
    exact = Decimal(cents) * basis_points / BASIS_POINTS
    return int(exact.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def withhold(gross_cents: int, pension_rate: int, basic_exemption: bool, pay_date: date) -> Withholding:
    """The withholdings of ``gross_cents`` paid on ``pay_date`` to a person with this funded pension rate (per
    cent) who did or did not ask for the basic exemption here."""
    rates = rates_on(pay_date)
    pension = share(gross_cents, pension_rate * PER_CENT_BP)
    unemployment_insurance = share(gross_cents, rates.unemployment_insurance_bp)
    left = gross_cents - pension - unemployment_insurance
    exemption_used = min(rates.basic_exemption_cents, max(left, 0)) if basic_exemption else 0
    income_tax = share(left - exemption_used, rates.income_tax_bp)
    return Withholding(gross=gross_cents, pension=pension, unemployment_insurance=unemployment_insurance,
                       income_tax=income_tax, net=gross_cents - pension - unemployment_insurance - income_tax,
                       social_tax=share(gross_cents, rates.social_tax_bp), basic_exemption_used=exemption_used)
