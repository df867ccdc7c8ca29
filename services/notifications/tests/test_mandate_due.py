"""Issue 36: which mandate e-mails a day calls for (notifications/mandate_emails.py), for a term ending on Friday
2027-04-30 (the shareholders' deadline 2027-05-07, with Spring Day on the Saturday; ending from 2027-04-16)."""

from datetime import date, datetime

import pytest

from notifications.mandate_emails import (
    ADMIN_ENDED,
    ADMIN_ENDING,
    ADMIN_OVERDUE,
    REMOVAL_OVERDUE,
    TERM_ENDED,
    due_emails,
    mandate_event_id,
)
from notifications.models import MandateWatch

END, DEADLINE = date(2027, 4, 30), date(2027, 5, 7)


def watch(**changes: object) -> MandateWatch:
    values: dict[str, object] = {
        "application_id": 7, "user_id": 3, "company_id": 5, "company_name": "Riiul OÜ",
        "appointed_on": date(2026, 11, 2), "removed_on": None, "planned_end": END, "removal_deadline": DEADLINE,
        "recorded_at": datetime(2026, 11, 2, 10, 0)}
    values.update(changes)
    return MandateWatch.model_validate(values)


@pytest.mark.parametrize(("today", "due"), [
    (date(2027, 4, 15), []),
    (date(2027, 4, 16), [(ADMIN_ENDING, True, None)]),
    (date(2027, 4, 29), [(ADMIN_ENDING, True, None)]),
    (date(2027, 4, 30), [(ADMIN_ENDED, True, None), (TERM_ENDED, False, None)]),
    (date(2027, 5, 7), [(ADMIN_ENDED, True, None), (TERM_ENDED, False, None)]),
    (date(2027, 5, 8), [(REMOVAL_OVERDUE, False, None)]),  # a Saturday: no admins' e-mail
    (date(2027, 5, 10), [(REMOVAL_OVERDUE, False, None), (ADMIN_OVERDUE, True, date(2027, 5, 10))]),
])
def test_what_each_day_calls_for(today: date, due: list[tuple[str, bool, date | None]]) -> None:
    assert due_emails(watch(), today) == due


def test_nothing_without_an_appointment_or_after_the_removal() -> None:
    assert due_emails(watch(appointed_on=None), date(2027, 5, 10)) == []
    assert due_emails(watch(removed_on=date(2027, 5, 3)), date(2027, 5, 10)) == []
    assert due_emails(watch(planned_end=None, removal_deadline=None), date(2027, 5, 10)) == []


def test_each_email_has_one_id_and_the_admins_overdue_one_per_day() -> None:
    mandate = watch()
    assert mandate_event_id(mandate, TERM_ENDED) == mandate_event_id(watch(company_name="Other"), TERM_ENDED)
    assert mandate_event_id(mandate, ADMIN_OVERDUE, date(2027, 5, 10)) != mandate_event_id(
        mandate, ADMIN_OVERDUE, date(2027, 5, 11))
    # A later term end (the registration date corrected) is a new term to tell of.
    assert mandate_event_id(mandate, TERM_ENDED) != mandate_event_id(watch(planned_end=date(2027, 5, 3)), TERM_ENDED)
