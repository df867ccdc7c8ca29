"""Issue 36, The mandate, tracked: the shareholders' removal deadline (5 Estonian banking days after the term's
last day, with payroll's banking-day rule, portal_common.banking_days) and each boundary of the mandate's
status."""

from datetime import date, timedelta

import pytest

from applications.mandate import (
    MANDATE_REMOVAL_DEADLINE_BANKING_DAYS,
    last_overdue_registration,
    mandate_status,
    removal_deadline,
)
from applications.term import term_end
from portal_common.banking_days import banking_days_before


@pytest.mark.parametrize(("planned_end", "deadline"), [
    # Christmas Eve, Christmas, Boxing Day, a weekend and New Year's Day between.
    (date(2026, 12, 23), date(2027, 1, 4)),
    # Spring Day (1 May) falls on a Saturday: the count starts on Monday.
    (date(2027, 4, 30), date(2027, 5, 7)),
    # Good Friday 2027-03-26 and the Easter weekend.
    (date(2027, 3, 25), date(2027, 4, 2)),
    # Midsummer: Victory Day and Midsummer Day (Wednesday and Thursday).
    (date(2027, 6, 21), date(2027, 6, 30)),
    # A plain week: Monday to the next Monday.
    (date(2027, 2, 1), date(2027, 2, 8)),
])
def test_the_removal_deadline_counts_estonian_banking_days(planned_end: date, deadline: date) -> None:
    assert MANDATE_REMOVAL_DEADLINE_BANKING_DAYS == 5
    assert removal_deadline(planned_end) == deadline


def test_the_planned_end_is_the_terms_last_day() -> None:
    # A company registered on 2026-06-23 has its term end on 2026-12-23, so its removal is due 2027-01-04.
    assert removal_deadline(term_end(date(2026, 6, 23))) == date(2027, 1, 4)


def test_ending_starts_ten_banking_days_before_the_end() -> None:
    assert banking_days_before(date(2027, 4, 30), 10) == date(2027, 4, 16)
    # Across Christmas: the 10 banking days before 2027-01-04 skip the holidays and two weekends.
    assert banking_days_before(date(2027, 1, 4), 10) == date(2026, 12, 16)


APPOINTED = date(2026, 11, 2)
END = date(2027, 4, 30)  # deadline 2027-05-07; ending from 2027-04-16


@pytest.mark.parametrize(("today", "status"), [
    (date(2026, 11, 2), "active"),
    (date(2027, 4, 15), "active"),
    (date(2027, 4, 16), "ending"),
    (date(2027, 4, 30), "ending"),
    (date(2027, 5, 7), "ending"),  # the deadline day itself: the shareholders still have it
    (date(2027, 5, 8), "removal_overdue"),
    (date(2028, 1, 10), "removal_overdue"),
])
def test_the_status_of_an_appointed_member(today: date, status: str) -> None:
    assert mandate_status(today, APPOINTED, None, END) == status


def test_awaiting_appointment_until_the_appointment_is_entered() -> None:
    assert mandate_status(date(2026, 11, 1), None, None, END) == "awaiting_appointment"
    # Even past the deadline: the portal cannot call a removal overdue for a member never appointed.
    assert mandate_status(date(2027, 6, 1), None, None, END) == "awaiting_appointment"


def test_removed_once_the_removal_is_entered() -> None:
    assert mandate_status(date(2027, 5, 20), APPOINTED, date(2027, 5, 12), END) == "removed"
    assert mandate_status(date(2027, 1, 5), APPOINTED, date(2027, 1, 5), END) == "removed"  # early, for cause


def test_active_while_the_registration_date_is_unknown() -> None:
    assert mandate_status(date(2027, 6, 1), APPOINTED, None, None) == "active"


def test_the_overdue_filter_agrees_with_the_status() -> None:
    """The admins' removal_overdue filter (a registration date bound in SQL) picks exactly the mandates whose
    status is removal_overdue: checked day by day over a year with weekends, Easter and Christmas."""
    for offset in range(0, 400, 3):
        today = date(2026, 12, 1) + timedelta(days=offset)
        bound = last_overdue_registration(today)
        for registered in (bound - timedelta(days=1), bound, bound + timedelta(days=1), bound + timedelta(days=5)):
            overdue = mandate_status(today, registered, None, term_end(registered)) == "removal_overdue"
            assert overdue == (registered <= bound), (today, registered)
