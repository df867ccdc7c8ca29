"""The board member's 6-month term (spec §1): it starts on the company's registration date and ends 6 months later
on the same day of the month, or the month's last day when that month is shorter (2026-08-31 → 2027-02-28). The
payment schedule over it is payroll's (services/payroll/payroll/schedule.py, issue 23): nothing computes it twice."""

import calendar
from datetime import date, datetime
from zoneinfo import ZoneInfo

TERM_MONTHS = 6
LOCAL_TIME = ZoneInfo("Europe/Tallinn")  # the days of a term are Estonia's


def add_months(start: date, months: int) -> date:
    """Same day of the month ``months`` later, clamped to that month's last day."""
    index = start.month - 1 + months
    year, month = start.year + index // 12, index % 12 + 1
    return date(year, month, min(start.day, calendar.monthrange(year, month)[1]))


def term_end(start: date) -> date:
    return add_months(start, TERM_MONTHS)


def today_in_tallinn() -> date:
    return datetime.now(LOCAL_TIME).date()
