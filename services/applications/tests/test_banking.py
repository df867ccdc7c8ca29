"""Estonian banking days, the 6-month term and the payment schedule (spec §1, §9)."""

from datetime import date

import pytest

from applications.banking import (
    add_months,
    banking_days_after,
    easter_sunday,
    is_banking_day,
    last_banking_day,
    payment_schedule,
    public_holidays,
    term_end,
)


@pytest.mark.parametrize(("year", "easter"), [
    (2000, date(2000, 4, 23)), (2019, date(2019, 4, 21)), (2024, date(2024, 3, 31)), (2025, date(2025, 4, 20)),
    (2026, date(2026, 4, 5)), (2027, date(2027, 3, 28)), (2038, date(2038, 4, 25)), (2285, date(2285, 3, 22)),
])
def test_easter_by_the_anonymous_gregorian_algorithm(year: int, easter: date) -> None:
    assert easter_sunday(year) == easter


def test_estonian_public_holidays_of_2026() -> None:
    assert sorted(public_holidays(2026)) == [
        date(2026, 1, 1), date(2026, 2, 24), date(2026, 4, 3), date(2026, 4, 5), date(2026, 5, 1),
        date(2026, 5, 24), date(2026, 6, 23), date(2026, 6, 24), date(2026, 8, 20), date(2026, 12, 24),
        date(2026, 12, 25), date(2026, 12, 26),
    ]


@pytest.mark.parametrize(("day", "banking"), [
    (date(2026, 4, 3), False),   # Good Friday
    (date(2026, 4, 6), True),    # Easter Monday is not a holiday in Estonia
    (date(2026, 2, 24), False),  # Independence Day, a Tuesday
    (date(2026, 6, 23), False), (date(2026, 6, 24), False), (date(2026, 6, 25), True),
    (date(2026, 8, 20), False),
    (date(2026, 12, 24), False), (date(2026, 12, 31), True),
    (date(2026, 5, 30), False), (date(2026, 5, 31), False),  # a weekend
    (date(2026, 5, 29), True),
])
def test_banking_days(day: date, banking: bool) -> None:
    assert is_banking_day(day) is banking


@pytest.mark.parametrize(("registered", "due"), [
    (date(2026, 4, 2), date(2026, 4, 10)),    # across Good Friday
    (date(2026, 12, 21), date(2026, 12, 30)),  # across Christmas Eve, Christmas and Boxing Day
    (date(2026, 6, 19), date(2026, 6, 30)),   # across Victory Day and Midsummer
    (date(2026, 12, 30), date(2027, 1, 7)),   # across New Year into the next year
    (date(2026, 3, 2), date(2026, 3, 9)),     # the registration day itself never counts
])
def test_first_payment_is_the_fifth_banking_day_after_registration(registered: date, due: date) -> None:
    assert banking_days_after(registered, 5) == due
    assert payment_schedule(registered, 50_000)[0].due_date == due


@pytest.mark.parametrize(("year", "month", "last"), [
    (2026, 5, date(2026, 5, 29)),    # 31 May 2026 is a Sunday
    (2026, 12, date(2026, 12, 31)),  # a Thursday and a banking day
    (2024, 3, date(2024, 3, 28)),    # 29 March 2024 is Good Friday, then a weekend
    (2027, 2, date(2027, 2, 26)),
    (2026, 6, date(2026, 6, 30)),
])
def test_last_banking_day_of_a_month(year: int, month: int, last: date) -> None:
    assert last_banking_day(year, month) == last


def test_six_payments_of_500_euros() -> None:
    schedule = payment_schedule(date(2026, 1, 31), 50_000)
    assert [p.due_date for p in schedule] == [
        date(2026, 2, 6), date(2026, 3, 31), date(2026, 4, 30), date(2026, 5, 29), date(2026, 6, 30),
        date(2026, 7, 31)]
    assert {p.amount_cents for p in schedule} == {50_000}


def test_schedule_across_a_year_end() -> None:
    schedule = payment_schedule(date(2026, 10, 15), 50_000)
    assert [p.due_date for p in schedule] == [
        date(2026, 10, 22), date(2026, 11, 30), date(2026, 12, 31), date(2027, 1, 29), date(2027, 2, 26),
        date(2027, 3, 31)]


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
