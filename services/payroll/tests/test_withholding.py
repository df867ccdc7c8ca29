"""Withholding on a board member's fee (issue 23, Withholding): the issue's four examples, a test per row of the
dated rate table, and the rounding and capping rules."""

from datetime import date

import pytest

from payroll.money import euros
from payroll.rates import RATES, NoRatesError, Rates, rates_on
from payroll.withholding import Withholding, share, withhold

PAID_IN_2026 = date(2026, 11, 30)
GROSS = 50_000


@pytest.mark.parametrize(("pension_rate", "exemption", "pension", "income_tax", "net"), [
    (2, True, "10.00", "0.00", "490.00"),     # "pension 2% with the exemption → net 490.00"
    (0, False, "0.00", "110.00", "390.00"),   # "pension 0% without → income tax 110.00, net 390.00"
    (2, False, "10.00", "107.80", "382.20"),  # "pension 2% without → income tax 107.80, net 382.20"
    (0, True, "0.00", "0.00", "500.00"),
])
def test_the_issue_examples_for_500_euro_gross(pension_rate: int, exemption: bool, pension: str, income_tax: str,
                                               net: str) -> None:
    """Issue 23: "For 500 € gross: ... social tax 165.00 in every case"; no unemployment insurance (type 21)."""
    amounts = withhold(GROSS, pension_rate, exemption, PAID_IN_2026)
    assert (euros(amounts.pension), euros(amounts.income_tax), euros(amounts.net)) == (pension, income_tax, net)
    assert (euros(amounts.social_tax), amounts.unemployment_insurance, amounts.gross) == ("165.00", 0, GROSS)


def test_the_exemption_is_capped_at_what_is_left_after_the_pension() -> None:
    amounts = withhold(GROSS, 2, True, PAID_IN_2026)
    assert amounts.basic_exemption_used == 49_000  # not the whole 700 EUR: only 490 are left
    assert withhold(GROSS, 2, False, PAID_IN_2026).basic_exemption_used == 0


def test_a_fee_above_the_exemption_is_taxed_on_the_rest() -> None:
    # 1,000 EUR, 6 % pension: 60.00; 940 - 700 = 240 taxed at 22 %: 52.80; net 887.20; social tax 330.00.
    assert withhold(100_000, 6, True, PAID_IN_2026) == Withholding(
        gross=100_000, pension=6_000, unemployment_insurance=0, income_tax=5_280, net=88_720, social_tax=33_000,
        basic_exemption_used=70_000)


@pytest.mark.parametrize(("cents", "basis_points", "rounded"), [
    (49_001, 2200, 10_780),  # 107.8022 → 107.80
    (2_275, 2200, 501),      # 5.005 → 5.01: a half rounds up
    (2_274, 2200, 500),      # 5.0028 → 5.00
    (25, 200, 1),            # 0.5 cent → 1 cent
])
def test_each_amount_is_rounded_to_the_cent_halves_up(cents: int, basis_points: int, rounded: int) -> None:
    assert share(cents, basis_points) == rounded


ROW_EXPECTATIONS = {
    # (valid_from, income tax, social tax, exemption a month, net of 500 at 2 % with the exemption,
    #  net of 1,000 at 2 % with the exemption)
    date(2025, 1, 1): (2200, 3300, 65_400, 49_000, 90_828),  # (980 - 654) × 22 % = 71.72
    date(2026, 1, 1): (2200, 3300, 70_000, 49_000, 91_840),  # (980 - 700) × 22 % = 61.60
}


@pytest.mark.parametrize("row", RATES, ids=lambda row: row.valid_from.isoformat())
def test_each_row_of_the_rate_table(row: Rates) -> None:
    """Issue 23: "Rates live in one table by date of payment (2025 and 2026 rows) ...; a unit test per row"."""
    income_tax, social_tax, exemption, net_500, net_1000 = ROW_EXPECTATIONS[row.valid_from]
    assert (row.income_tax_bp, row.social_tax_bp, row.unemployment_insurance_bp, row.basic_exemption_cents) == (
        income_tax, social_tax, 0, exemption)
    paid_then = date(row.valid_from.year, 6, 30)
    assert rates_on(paid_then) == row
    assert withhold(GROSS, 2, True, paid_then).net == net_500
    # 1,000 EUR: pension 20.00, 980 - exemption taxed at 22 %.
    assert withhold(100_000, 2, True, paid_then).net == net_1000


def test_the_row_in_force_is_the_one_of_the_payment_date() -> None:
    assert rates_on(date(2025, 12, 31)).basic_exemption_cents == 65_400
    assert rates_on(date(2026, 1, 1)).basic_exemption_cents == 70_000
    assert rates_on(date(2031, 5, 29)) == RATES[-1]  # until a newer row is added
    with pytest.raises(NoRatesError):
        rates_on(date(2024, 12, 31))
    assert set(ROW_EXPECTATIONS) == {row.valid_from for row in RATES}  # a test for every row
