"""Estonian banking days and the payment schedule (spec §1, §9; issue 23, The schedule: moved here from
applications, which keeps only the term's end)."""

from datetime import date, timedelta
from itertools import pairwise

import pytest

from payroll.schedule import (
    ScheduledPayment,
    cancelled_by_early_end,
    last_banking_day,
    payment_schedule,
    term_end,
)
from portal_common.banking_days import banking_days_after, easter_sunday, is_banking_day, public_holidays


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
    assert payment_schedule(registered)[0].due_date == due


@pytest.mark.parametrize(("year", "month", "last"), [
    (2026, 5, date(2026, 5, 29)),    # 31 May 2026 is a Sunday
    (2026, 12, date(2026, 12, 31)),  # a Thursday and a banking day
    (2024, 3, date(2024, 3, 28)),    # 29 March 2024 is Good Friday, then a weekend
    (2027, 2, date(2027, 2, 26)),
    (2026, 6, date(2026, 6, 30)),
])
def test_last_banking_day_of_a_month(year: int, month: int, last: date) -> None:
    assert last_banking_day(year, month) == last


def due_dates(registered: date) -> list[date]:
    return [payment.due_date for payment in payment_schedule(registered)]


@pytest.mark.parametrize(("registered", "due"), [
    # Issue 13's examples: the month of a first payment that falls after the registration month still gets
    # its last-banking-day payment (29 January and 30 April were missing), and nothing comes after the
    # term's end (2027-06-23 and 2027-09-24; 30 June and 30 September were scheduled).
    (date(2026, 12, 23), [date(2027, 1, 4), date(2027, 1, 29), date(2027, 2, 26), date(2027, 3, 31),
                          date(2027, 4, 30), date(2027, 5, 31)]),
    (date(2027, 3, 24), [date(2027, 4, 1), date(2027, 4, 30), date(2027, 5, 31), date(2027, 6, 30),
                         date(2027, 7, 30), date(2027, 8, 31)]),
])
def test_issue_13_examples_pay_every_month_of_the_term_and_none_after_it(registered: date, due: list[date]) -> None:
    """Spec §1: "The first payment is due within 5 banking days after company registration; later payments
    are due on the last banking day of each month"; issue 13: "then the last banking day of every month of
    the term, and none after the term ends"."""
    assert due_dates(registered) == due
    assert all(day <= term_end(registered) for day in due)
    assert {p.gross_cents for p in payment_schedule(registered)} == {50_000}


def test_the_first_payment_is_the_registration_months_pay() -> None:
    """A first payment in the registration month (22 October) is that month's: 30 October is not due, and the
    sixth payment is March's, before the term ends on 15 April."""
    assert due_dates(date(2026, 10, 15)) == [
        date(2026, 10, 22), date(2026, 11, 30), date(2026, 12, 31), date(2027, 1, 29), date(2027, 2, 26),
        date(2027, 3, 31)]
    # The 5th banking day after 22 May 2026 is Friday 29 May, May's last banking day (the 31st is a Sunday).
    assert due_dates(date(2026, 5, 22)) == [
        date(2026, 5, 29), date(2026, 6, 30), date(2026, 7, 31), date(2026, 8, 31), date(2026, 9, 30),
        date(2026, 10, 30)]


def test_months_ending_on_a_weekend_pay_on_the_friday_before() -> None:
    # 31 July 2027 is a Saturday, 31 October 2027 a Sunday; 31 January and 28 February 2027 are Sundays.
    assert due_dates(date(2027, 5, 20)) == [
        date(2027, 5, 27), date(2027, 6, 30), date(2027, 7, 30), date(2027, 8, 31), date(2027, 9, 30),
        date(2027, 10, 29)]
    assert due_dates(date(2026, 12, 23))[1:3] == [date(2027, 1, 29), date(2027, 2, 26)]


def test_a_month_ending_on_a_holiday_pays_on_the_banking_day_before() -> None:
    # 30 March 2029 is Good Friday, then a weekend: March pays on the 29th.
    assert due_dates(date(2028, 12, 14)) == [
        date(2028, 12, 21), date(2029, 1, 31), date(2029, 2, 28), date(2029, 3, 29), date(2029, 4, 30),
        date(2029, 5, 31)]
    # 31 March 2024 is Easter Sunday and the 29th Good Friday: the 28th.
    assert due_dates(date(2023, 10, 20))[-1] == date(2024, 3, 28)


def test_a_term_ending_on_a_month_end_has_six_payments() -> None:
    # The term of 31 January 2026 ends on 31 July 2026; the sixth month is paid on 30 June.
    assert due_dates(date(2026, 1, 31)) == [
        date(2026, 2, 6), date(2026, 2, 27), date(2026, 3, 31), date(2026, 4, 30), date(2026, 5, 29),
        date(2026, 6, 30)]


def test_every_registration_day_gets_six_month_end_payments_within_the_term() -> None:
    """Six payments of 500 EUR (spec §1: 500 a month for 6 months) on distinct days in order, the first on the
    5th banking day, the rest on month ends, none after the term: for every day of 2026-2030."""
    day = date(2026, 1, 1)
    while day.year < 2031:
        due = due_dates(day)
        assert len(due) == 6 and due == sorted(set(due)), day
        assert due[0] == banking_days_after(day, 5) and due[-1] <= term_end(day), day
        assert all(d == last_banking_day(d.year, d.month) for d in due[1:]), day
        day += timedelta(days=1)


ISSUE_23_EXAMPLES = {
    date(2026, 10, 1): [date(2026, 10, 8), date(2026, 11, 30), date(2026, 12, 31), date(2027, 1, 29),
                        date(2027, 2, 26), date(2027, 3, 31)],
    date(2026, 12, 23): [date(2027, 1, 4), date(2027, 1, 29), date(2027, 2, 26), date(2027, 3, 31),
                         date(2027, 4, 30), date(2027, 5, 31)],
}


@pytest.mark.parametrize("registered", sorted(ISSUE_23_EXAMPLES))
def test_issue_23_examples_six_payments_of_500_each_paying_one_month_of_the_term(registered: date) -> None:
    """Issue 23, The schedule: "Registration 2026-10-01 gives 2026-10-08, 11-30, 12-31, 2027-01-29, 02-26, 03-31;
    registration 2026-12-23 gives 2027-01-04, 01-29, 02-26, 03-31, 04-30, 05-31"; 500 EUR gross each, 3,000 in
    all; payment k pays the term's k-th month."""
    schedule = payment_schedule(registered)
    assert [payment.due_date for payment in schedule] == ISSUE_23_EXAMPLES[registered]
    assert [payment.sequence for payment in schedule] == [1, 2, 3, 4, 5, 6]
    assert sum(payment.gross_cents for payment in schedule) == 300_000
    assert schedule[0].period_start == registered
    assert all(earlier.period_end + timedelta(days=1) == later.period_start
               for earlier, later in pairwise(schedule))
    assert schedule[-1].period_end == term_end(registered) - timedelta(days=1)


def test_the_periods_of_a_term_starting_on_the_first() -> None:
    assert [(p.period_start, p.period_end) for p in payment_schedule(date(2026, 10, 1))][:2] == [
        (date(2026, 10, 1), date(2026, 10, 31)), (date(2026, 11, 1), date(2026, 11, 30))]


def test_an_early_end_cancels_the_payments_due_after_it() -> None:
    """Issue 23: "When the contract ends early (company transferred), the payments due after its end are
    cancelled": transferred on 2027-01-15, the payments of 29 January to 31 March go; one due that day stays."""
    schedule = payment_schedule(date(2026, 10, 1))
    cancelled: list[ScheduledPayment] = cancelled_by_early_end(schedule, date(2027, 1, 15))
    assert [payment.due_date for payment in cancelled] == [date(2027, 1, 29), date(2027, 2, 26), date(2027, 3, 31)]
    assert cancelled_by_early_end(schedule, date(2026, 12, 31)) == schedule[3:]
    assert cancelled_by_early_end(schedule, date(2027, 4, 1)) == []
