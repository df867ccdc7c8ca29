"""Issue 36, "The mandate, tracked": e-mails in the person's language, through notifications: to the board member
when appointed, when the term ends, when the removal is overdue (with what to do) and when removed; to the admins
10 banking days before the end, at the end, and every banking day once the removal is overdue. Each once, safe
with several replicas.

The clock is fixed with the command line's round (``python -m notifications mandate-round --now ...``), the same
function the service's daily job calls with the real time. The term ends about five months from today (an
appointment cannot be entered before it happens), so the stack's own job, on today's date, never reaches it."""

import asyncio
import re
import secrets
import subprocess
import time as clock
from collections.abc import Callable
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import httpx
import pytest
from stack import BIN, ROOT

from applications.term import term_end, today_in_tallinn
from conftest import Applicant
from notifications.__main__ import run_round
from portal_common.banking_days import banking_days_after, banking_days_before, is_banking_day
from services.applications.tests.test_mandate import create_company
from services.notifications.tests.support import create_admin, email_rows, mail_to, wait_for_mail, when

# Issue 32: alone on the stack, after the parallel part: its rounds send what is due for every mandate.
pytestmark = pytest.mark.exclusive

TALLINN = ZoneInfo("Europe/Tallinn")
NO_ROUND = "no round"
SETTLE_SECONDS = 3
APPOINTED, TERM_ENDED, OVERDUE, REMOVED = (
    "mandate_appointed", "mandate_term_ended", "mandate_removal_overdue", "mandate_removed")
ADMIN_ENDING, ADMIN_ENDED, ADMIN_OVERDUE = "admin_mandate_ending", "admin_mandate_ended", "admin_mandate_overdue"


def round_command(now: str) -> list[str]:
    return [str(BIN / "python"), "-m", "notifications", "mandate-round", "--now", now]


def mandate_round(stack: Any, day: date, again: bool = True) -> str:
    """One round at 09:00 in Tallinn on ``day``. ``again``: forget that the day's round ran (another test's round
    may have run it), so only the e-mails' own once-only key is left to stop a repeat."""
    if again:
        email_rows(stack, "delete from mandate_runs where day = %s returning day", day)
    # The command line's round (``round_command``) in this process; the command line runs in the test of two
    # rounds at once.
    return asyncio.run(run_round(stack.database_url("notifications"), datetime.fromisoformat(at_nine(day)),
                                 mandates=True))


def at_nine(day: date) -> str:
    """09:00 in Tallinn on ``day``, summer or winter time."""
    return datetime.combine(day, time(9), tzinfo=TALLINN).isoformat()


def sent(stack: Any, application_id: int) -> list[tuple[str, int]]:
    """(template, recipient) of every mandate e-mail about this application, in order."""
    return [(template, user_id) for template, user_id in email_rows(
        stack, "select template, user_id from emails where template like '%%mandate%%' "
               "and context->>'application_id' = %s order by id", str(application_id))]


@pytest.fixture
def appointed(make_applicant: Any, admin_client: httpx.Client, stack: Any) -> Callable[..., tuple[Applicant, int]]:
    """An applicant whose company registered on ``registered`` is assigned and whose appointment the admin
    entered that day; waits until notifications knows the mandate."""
    def make(registered: date, **person: Any) -> tuple[Applicant, int]:
        applicant: Applicant = make_applicant(**person)
        application_id: int = applicant.client.get("/api/application").json()["application"]["id"]
        assert admin_client.put(f"/api/admin/applications/{application_id}/status",
                                json={"status": "approved"}).status_code == 200
        company = create_company(admin_client, name="Meili Mandaat OÜ", registrationDate=registered.isoformat())
        assert admin_client.put(f"/api/admin/applications/{application_id}/company",
                                json={"companyId": company["id"]}).status_code == 200
        recorded = admin_client.put(f"/api/admin/applications/{application_id}/mandate",
                                    json={"appointedOn": registered.isoformat()})
        assert recorded.status_code == 200, recorded.text
        when(lambda: email_rows(stack, "select 1 from watched_mandates where application_id = %s and appointed_on "
                                       "is not null", application_id), "notifications knows the mandate")
        return applicant, application_id
    return make


def test_each_mandate_email_goes_once_on_its_day(stack: Any, admin_client: httpx.Client, retire_admins: list[int],
                                                 appointed: Callable[..., tuple[Applicant, int]]) -> None:
    tag = secrets.token_hex(3)
    boss = f"mandate-boss-{tag}@example.ee"
    create_admin(stack, retire_admins, f"mandateboss{tag}", boss, "a long admin password")
    when(lambda: email_rows(stack, "select 1 from recipients where email = %s and is_admin", boss),
         "the admin reaches notifications")
    [(boss_id,)] = email_rows(stack, "select user_id from recipients where email = %s", boss)

    registered = today_in_tallinn() - timedelta(days=30)
    applicant, application_id = appointed(registered, fullName="Mari Maasikas")
    me, address = applicant.user["id"], applicant.user["email"]
    end = term_end(registered)
    deadline = banking_days_after(end, 5)
    ending_from = banking_days_before(end, 10)

    # Appointed: at once, in Estonian, once even when the date is entered again.
    [mail] = wait_for_mail(stack, address, APPOINTED)
    assert "Meili Mandaat OÜ" in mail.subject and "Tere, Mari Maasikas!" in mail.text
    assert f"{registered:%d.%m.%Y}" in mail.text and "ID-kaarti" in mail.text
    assert admin_client.put(f"/api/admin/applications/{application_id}/mandate",
                            json={"appointedOn": registered.isoformat()}).status_code == 200

    def mine(day: date) -> list[tuple[str, int]]:
        mandate_round(stack, day)
        return [(template, user) for template, user in sent(stack, application_id) if user in (me, boss_id)]

    assert mine(ending_from - timedelta(days=1)) == [(APPOINTED, me)]
    expected = [(APPOINTED, me), (ADMIN_ENDING, boss_id)]
    assert mine(ending_from) == expected
    assert mine(ending_from + timedelta(days=1)) == expected  # once
    expected += [(ADMIN_ENDED, boss_id), (TERM_ENDED, me)]
    assert sorted(mine(end)) == sorted(expected)
    assert sorted(mine(end + timedelta(days=1))) == sorted(expected)
    assert sorted(mine(deadline)) == sorted(expected)  # the last day the shareholders have: not overdue yet

    # Overdue: the board member once, the admins every banking day (not on a weekend or holiday).
    days = [deadline + timedelta(days=n) for n in range(1, 8)]
    for day in days:
        mine(day)
        mine(day)  # a second look that day adds nothing
    banking = [day for day in days if is_banking_day(day)]
    rows = sent(stack, application_id)
    assert [user for template, user in rows if template == OVERDUE] == [me]
    assert len([user for template, user in rows if template == ADMIN_OVERDUE and user == boss_id]) == len(banking)
    assert 1 <= len(banking) < len(days)  # the week has a weekend in it

    [overdue] = wait_for_mail(stack, address, OVERDUE)
    assert "Mida teha" in overdue.text and f"{deadline:%d.%m.%Y}" in overdue.text
    wait_for_mail(stack, boss, ADMIN_OVERDUE, count=len(banking),
                  where=lambda m: re.search(rf"/admin/applications/{application_id}(?!\d)", m.text) is not None)

    # Removed: the board member is told at once, and the rounds stop.
    removed_on = today_in_tallinn()
    assert admin_client.put(f"/api/admin/applications/{application_id}/mandate",
                            json={"removedOn": removed_on.isoformat()}).status_code == 200
    [removed] = wait_for_mail(stack, address, REMOVED)
    assert f"{removed_on:%d.%m.%Y}" in removed.text and "viis aastat" in removed.text
    when(lambda: email_rows(stack, "select 1 from watched_mandates where application_id = %s and removed_on "
                                   "is not null", application_id), "notifications knows the removal")
    before = sent(stack, application_id)
    mine(days[-1] + timedelta(days=3))
    assert sent(stack, application_id) == before

    clock.sleep(SETTLE_SECONDS)
    for template in (APPOINTED, TERM_ENDED, OVERDUE, REMOVED):
        assert len(mail_to(stack, address, template)) == 1, template


def test_the_board_member_reads_them_in_english(appointed: Callable[..., tuple[Applicant, int]],
                                                stack: Any) -> None:
    registered = today_in_tallinn() - timedelta(days=31)
    applicant, _ = appointed(registered, fullName="John Smith", language="en")
    [mail] = wait_for_mail(stack, applicant.user["email"], APPOINTED)
    assert mail.subject == "You are entered in the Business Register as a board member: Meili Mandaat OÜ"
    assert "Hello John Smith," in mail.text and "Mobile-ID" in mail.text
    mandate_round(stack, term_end(registered))
    [ended] = wait_for_mail(stack, applicant.user["email"], TERM_ENDED)
    assert ended.subject == "Your term ends today: Meili Mandaat OÜ"


def test_two_rounds_at_once_run_the_day_once(appointed: Callable[..., tuple[Applicant, int]], stack: Any) -> None:
    """Safe with several replicas: two rounds at the same moment — one runs the day, the other finds it run."""
    registered = today_in_tallinn() - timedelta(days=32)
    _, application_id = appointed(registered)
    day = term_end(registered)
    email_rows(stack, "delete from mandate_runs where day = %s returning day", day)
    processes = [subprocess.Popen(round_command(at_nine(day)), env=stack.env, cwd=ROOT, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outputs = sorted(process.communicate(timeout=60)[0] for process in processes)
    assert all(process.returncode == 0 for process in processes)
    assert NO_ROUND in outputs[0] and "queued" in outputs[1], outputs
    assert [template for template, _ in sent(stack, application_id)].count(TERM_ENDED) == 1


def test_a_corrected_registration_date_moves_the_term_end_the_emails_follow(
        appointed: Callable[..., tuple[Applicant, int]], admin_client: httpx.Client, stack: Any) -> None:
    """The company's registration date set again after the appointment was entered: applications announces the
    mandate again, so the rounds count from the new term end."""
    registered = today_in_tallinn() - timedelta(days=33)
    _, application_id = appointed(registered)
    company_id = admin_client.get(f"/api/admin/applications/{application_id}").json()["company"]["id"]
    corrected = registered - timedelta(days=1)
    assigned = admin_client.put(f"/api/admin/applications/{application_id}/company",
                                json={"companyId": company_id, "registrationDate": corrected.isoformat()})
    assert assigned.status_code == 200, assigned.text
    when(lambda: email_rows(stack, "select 1 from watched_mandates where application_id = %s and planned_end = %s "
                                   "and appointed_on = %s", application_id, term_end(corrected), registered),
         "notifications follows the new term end")
