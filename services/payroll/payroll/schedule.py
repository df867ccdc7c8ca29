"""Estonian banking days and the board member's payment schedule (spec §1, §9; issue 23, The schedule). The only
place the portal computes it: applications keeps only the term's end (applications/term.py), and the schedule
reaches others as payroll's ``payroll.schedule.changed`` event.

A banking day is a weekday that is not an Estonian public holiday (portal_common.banking_days: the one rule,
shared with compliance's report due times and applications' mandate deadlines).

The board member is paid 500 EUR gross a month for 6 months (spec §1: "a fixed 6 months from registration
in the commercial register. Pay is 500 euro gross per month. The first payment is due within 5 banking days
after company registration; later payments are due on the last banking day of each month"; §9 says the
same). So each of the term's six months is paid once:
- the term starts on the company's registration date and ends 6 months later on the same day of the
  month, or the month's last day when that month is shorter (2026-08-31 → 2027-02-28);
- the first payment, for the term's first month, is due on the 5th banking day after the registration
  date ("within 5 banking days");
- each later month of the term is paid on the last banking day of the calendar month it begins in: the
  five calendar months after the registration month. None of them can fall after the term's end.

Whether a month already holding the first payment has its last-banking-day payment too depends on which
month that is. The registration month's is not due: the first payment is that month's pay (registration
2026-10-15: 2026-10-22, then 2026-11-30). The month after the registration is the term's second month, so
when the first payment falls in it (a registration late in a month) its last banking day is still due:
registration 2026-12-23 gives 2027-01-04 and 2027-01-29, then 2027-02-26 (issue 13: 29 January was
missing); 2027-03-24 gives 2027-04-01 and 2027-04-30 (April was missing). Counting the later months from
the first payment's month instead both skipped that month and put the sixth payment after the term's end
(2027-06-30 for a term ending 2027-06-23).
"""

import calendar
from dataclasses import dataclass
from datetime import date, timedelta

# Re-exported: payroll's code and tests have always found them here.
from portal_common.banking_days import banking_days_after as banking_days_after
from portal_common.banking_days import easter_sunday as easter_sunday
from portal_common.banking_days import is_banking_day as is_banking_day
from portal_common.banking_days import public_holidays as public_holidays

TERM_MONTHS = 6
MONTHLY_GROSS_CENTS = 50_000  # spec §1: 500 euro gross a month
FIRST_PAYMENT_BANKING_DAYS = 5


@dataclass(frozen=True)
class ScheduledPayment:
    """Payment ``sequence`` (1-6) pays the term's month ``period_start`` .. ``period_end``."""

    sequence: int
    period_start: date
    period_end: date
    due_date: date
    gross_cents: int


def last_banking_day(year: int, month: int) -> date:
    day = date(year, month, calendar.monthrange(year, month)[1])
    while not is_banking_day(day):
        day -= timedelta(days=1)
    return day


def add_months(start: date, months: int) -> date:
    """Same day of the month ``months`` later, clamped to that month's last day."""
    index = start.month - 1 + months
    year, month = start.year + index // 12, index % 12 + 1
    return date(year, month, min(start.day, calendar.monthrange(year, month)[1]))


def term_end(start: date) -> date:
    return add_months(start, TERM_MONTHS)


def payment_schedule(registration_date: date, amount_cents: int = MONTHLY_GROSS_CENTS) -> list[ScheduledPayment]:
    """One payment per month of the term: the first within 5 banking days, then the last banking day of each
    of the five calendar months after the registration month (module doc)."""
    first = banking_days_after(registration_date, FIRST_PAYMENT_BANKING_DAYS)
    registration_month = registration_date.replace(day=1)
    later_months = [add_months(registration_month, n) for n in range(1, TERM_MONTHS)]
    due_dates = [first] + [last_banking_day(month.year, month.month) for month in later_months]
    return [ScheduledPayment(sequence, add_months(registration_date, sequence - 1),
                             add_months(registration_date, sequence) - timedelta(days=1), due, amount_cents)
            for sequence, due in enumerate(due_dates, 1)]


def cancelled_by_early_end(schedule: list[ScheduledPayment], ended_on: date) -> list[ScheduledPayment]:
    """The payments an early end of the contract (the company transferred on ``ended_on``) cancels: those due
    after it (issue 23, The schedule)."""
    return [payment for payment in schedule if payment.due_date > ended_on]
