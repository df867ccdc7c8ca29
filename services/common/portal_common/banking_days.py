"""Estonian banking days: the one rule payroll's schedule (issue 23), compliance's suspicion report due times
(issue 35: two banking days) and applications' mandate deadlines (issue 36) count with, so it lives here once.

A banking day is a weekday that is not an Estonian public holiday. The holidays are New Year's Day
(1 Jan), Independence Day (24 Feb), Good Friday, Easter Sunday, Spring Day (1 May), Pentecost
(Easter + 49 days), Victory Day (23 Jun), Midsummer Day (24 Jun), Day of Restoration of Independence
(20 Aug), Christmas Eve (24 Dec), Christmas Day (25 Dec) and Boxing Day (26 Dec). Easter comes from the
anonymous Gregorian algorithm (Meeus/Jones/Butcher).
"""

from datetime import date, timedelta
from functools import cache

FIXED_HOLIDAYS = ((1, 1), (2, 24), (5, 1), (6, 23), (6, 24), (8, 20), (12, 24), (12, 25), (12, 26))


def easter_sunday(year: int) -> date:
    """The anonymous Gregorian algorithm."""
    a = year % 19
    b, c = divmod(year, 100)
    d, e = divmod(b, 4)
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    el = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * el) // 451
    month, day = divmod(h + el - 7 * m + 114, 31)
    return date(year, month, day + 1)


@cache
def public_holidays(year: int) -> frozenset[date]:
    easter = easter_sunday(year)
    movable = {easter - timedelta(days=2), easter, easter + timedelta(days=49)}
    return frozenset({date(year, month, day) for month, day in FIXED_HOLIDAYS} | movable)


def is_banking_day(day: date) -> bool:
    return day.weekday() < 5 and day not in public_holidays(day.year)


def banking_days_after(start: date, count: int) -> date:
    """The ``count``-th banking day after ``start`` (``start`` itself never counts)."""
    return _step(start, count, timedelta(days=1))


def banking_days_before(end: date, count: int) -> date:
    """The ``count``-th banking day before ``end`` (``end`` itself never counts)."""
    return _step(end, count, timedelta(days=-1))


def _step(day: date, count: int, step: timedelta) -> date:
    while count > 0:
        day += step
        if is_banking_day(day):
            count -= 1
    return day
