"""The board member's 6-month term (spec §1): applications keeps only its end (issue 23 moved the payment
schedule to payroll, services/payroll/tests/test_schedule.py)."""

from datetime import date

import pytest

from applications.term import add_months, term_end


@pytest.mark.parametrize(("start", "end"), [
    (date(2026, 1, 31), date(2026, 7, 31)),
    (date(2026, 8, 31), date(2027, 2, 28)),
    (date(2027, 8, 31), date(2028, 2, 29)),  # a leap year
    (date(2026, 3, 15), date(2026, 9, 15)),
    (date(2026, 12, 21), date(2027, 6, 21)),
])
def test_the_term_is_six_months_clamped_to_the_month_end(start: date, end: date) -> None:
    assert term_end(start) == end


def test_add_months_crosses_years_both_ways() -> None:
    assert add_months(date(2026, 11, 30), 3) == date(2027, 2, 28)
    assert add_months(date(2026, 1, 15), 12) == date(2027, 1, 15)
