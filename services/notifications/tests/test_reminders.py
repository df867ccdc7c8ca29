"""Issue 14, "Reminders": a document request still open 3 days before its due date, and the day after it is
overdue — one e-mail each, never repeated, sent at 09:00 Europe/Tallinn, safe with several replicas.

The clock is fixed with the command line's round (``python -m notifications remind --now ...``), the same
function the service's daily job calls with the real time. Each test uses days of its own, years apart, so one
test's rounds never fall in another's reminder window (the stack's own job runs on today's date)."""

import asyncio
import subprocess
import time
from datetime import date, datetime, timedelta
from typing import Any

import httpx
import pytest
from stack import BIN, ROOT

from conftest import Applicant
from notifications.__main__ import run_round
from services.notifications.tests.support import email_rows, mail_to, wait_for_mail, when

# Issue 32: alone on the stack, after the parallel part: it sends the reminders due for everyone, at a clock of its
# own.
pytestmark = pytest.mark.exclusive

PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89"
NO_ROUND = "no round"
# Send rounds run every 0.5 s in the tests (conftest): a duplicate would show up well within this.
SETTLE_SECONDS = 3
DUE_SOON, OVERDUE = "document_due_soon", "document_overdue"


def remind_command(now: str) -> list[str]:
    return [str(BIN / "python"), "-m", "notifications", "remind", "--now", now]


def remind(stack: Any, now: str) -> str:
    """One reminder round as of ``now``, the command line's (``remind_command``) in this process; what it prints.
    The command line itself runs in the test of two rounds at once."""
    return asyncio.run(run_round(stack.database_url("notifications"), datetime.fromisoformat(now)))


def at_nine(day: date, offset: str = "+02:00") -> str:
    """09:00 in Tallinn on ``day`` (winter time: every day the tests use is in winter)."""
    return f"{day.isoformat()}T09:00{offset}"


def request_document(admin_client: httpx.Client, applicant: Applicant, name: str, due: date) -> int:
    response = admin_client.post("/api/document-requests", json={
        "userId": applicant.user["id"], "name": name, "dueDate": due.isoformat()})
    assert response.status_code == 201, response.text
    request_id: int = response.json()["id"]
    return request_id


def watched_status(stack: Any, request_id: int, status: str) -> None:
    """Waits until notifications knows the request with this status (documents' events)."""
    when(lambda: email_rows(stack, "select 1 from watched_requests where request_id = %s and status = %s "
                                   "and due_date is not null", request_id, status),
         f"request {request_id} is {status} in notifications")


def reminder_rows(stack: Any, user_id: int) -> list[tuple[Any, ...]]:
    return email_rows(stack, "select template, context->>'name' from emails where user_id = %s and template in "
                             "('document_due_soon', 'document_overdue') order by id", user_id)


def upload_for(applicant: Applicant, request_id: int) -> int:
    uploaded = applicant.client.post("/api/documents", data={"requestId": str(request_id)},
                                     files={"file": ("scan.png", PNG, "image/png")})
    assert uploaded.status_code == 201, uploaded.text
    document_id: int = uploaded.json()["id"]
    return document_id


def review(admin_client: httpx.Client, document_id: int, status: str) -> None:
    body = {"status": status, **({"reason": "Unreadable"} if status == "rejected" else {})}
    response = admin_client.put(f"/api/admin/documents/{document_id}/status", json=body)
    assert response.status_code == 200, response.text


def test_an_open_request_gets_one_due_soon_and_later_one_overdue_email(
        make_applicant: Any, admin_client: httpx.Client, stack: Any) -> None:
    """Issue 14 tests: the reminder job with a fixed clock → exactly one reminder; the day after the due date
    exactly one overdue e-mail; rounds on the same or later days repeat neither."""
    applicant: Applicant = make_applicant(fullName="Mari Maasikas")
    address = applicant.user["email"]
    due = date(2031, 3, 10)
    request_id = request_document(admin_client, applicant, "Pangaväljavõte", due)
    watched_status(stack, request_id, "requested")

    assert NO_ROUND not in remind(stack, at_nine(due - timedelta(days=4)))  # 4 days before: not yet
    assert reminder_rows(stack, applicant.user["id"]) == []
    remind(stack, at_nine(due - timedelta(days=3)))
    [soon] = wait_for_mail(stack, address, DUE_SOON)
    assert soon.subject == "Meeldetuletus: Pangaväljavõte – tähtaeg 10.03.2031"
    assert "Tere, Mari Maasikas!" in soon.text and "Tähtaeg: 10.03.2031" in soon.text
    assert f"{stack.gateway_url}/dashboard?tab=documents" in soon.text
    assert f'href="{stack.gateway_url}/dashboard?tab=documents"' in soon.html

    assert NO_ROUND in remind(stack, f"{(due - timedelta(days=3)).isoformat()}T18:00+02:00")  # ran today already
    for days_before in (2, 1, 0):
        remind(stack, at_nine(due - timedelta(days=days_before)))
    remind(stack, at_nine(due + timedelta(days=1)))
    [overdue] = wait_for_mail(stack, address, OVERDUE)
    assert overdue.subject == "Tähtaeg ületatud: Pangaväljavõte"
    assert "10.03.2031" in overdue.text and f"{stack.gateway_url}/dashboard?tab=documents" in overdue.text
    for days_after in (2, 3):
        remind(stack, at_nine(due + timedelta(days=days_after)))

    time.sleep(SETTLE_SECONDS)
    assert len(mail_to(stack, address, DUE_SOON)) == 1
    assert len(mail_to(stack, address, OVERDUE)) == 1
    assert reminder_rows(stack, applicant.user["id"]) == [(DUE_SOON, "Pangaväljavõte"), (OVERDUE, "Pangaväljavõte")]


def test_reminders_are_written_in_the_applicants_language(
        make_applicant: Any, admin_client: httpx.Client, stack: Any) -> None:
    applicant: Applicant = make_applicant(fullName="John Smith", language="en")
    due = date(2031, 12, 1)
    request_id = request_document(admin_client, applicant, "Bank statement", due)
    watched_status(stack, request_id, "requested")
    remind(stack, at_nine(due - timedelta(days=3)))
    [soon] = wait_for_mail(stack, applicant.user["email"], DUE_SOON)
    assert soon.subject == "Reminder: Bank statement is due on 1 December 2031"
    assert "Hello John Smith," in soon.text and "Please upload it in the portal by 1 December 2031." in soon.text
    remind(stack, at_nine(due + timedelta(days=1)))
    [overdue] = wait_for_mail(stack, applicant.user["email"], OVERDUE)
    assert overdue.subject == "Overdue: Bank statement"


def test_no_round_before_nine_in_tallinn_and_a_later_look_that_day_catches_up(
        make_applicant: Any, admin_client: httpx.Client, stack: Any) -> None:
    """09:00 Europe/Tallinn is 07:00 UTC in winter; a replica that first looks in the afternoon (after a restart)
    still runs that day's round."""
    applicant: Applicant = make_applicant()
    due = date(2032, 1, 20)
    request_id = request_document(admin_client, applicant, "Elukohatõend", due)
    watched_status(stack, request_id, "requested")
    day = (due - timedelta(days=3)).isoformat()
    assert NO_ROUND in remind(stack, f"{day}T06:59:59Z")
    assert NO_ROUND in remind(stack, f"{day}T08:59+02:00")
    time.sleep(SETTLE_SECONDS)
    assert reminder_rows(stack, applicant.user["id"]) == [] and mail_to(stack, applicant.user["email"], DUE_SOON) == []
    assert email_rows(stack, "select day from reminder_runs where day = %s", date.fromisoformat(day)) == []

    assert "queued" in remind(stack, f"{day}T13:30Z")
    wait_for_mail(stack, applicant.user["email"], DUE_SOON)


def test_a_fulfilled_request_gets_no_reminder_and_a_rejected_one_does(
        make_applicant: Any, admin_client: httpx.Client, stack: Any) -> None:
    """A request is open while the applicant owes its document: nothing uploaded, or the upload rejected. One
    waiting for review or approved gets no reminder (documents.uploaded / documents.reviewed)."""
    applicant: Applicant = make_applicant()
    due = date(2033, 2, 10)
    submitted = request_document(admin_client, applicant, "Ootel dokument", due)
    approved = request_document(admin_client, applicant, "Kinnitatud dokument", due)
    rejected = request_document(admin_client, applicant, "Tagasi lükatud dokument", due)
    upload_for(applicant, submitted)
    review(admin_client, upload_for(applicant, approved), "approved")
    review(admin_client, upload_for(applicant, rejected), "rejected")
    watched_status(stack, submitted, "submitted")
    watched_status(stack, approved, "approved")
    watched_status(stack, rejected, "rejected")

    remind(stack, at_nine(due - timedelta(days=2)))
    [mail] = wait_for_mail(stack, applicant.user["email"], DUE_SOON)
    assert "Tagasi lükatud dokument" in mail.subject
    remind(stack, at_nine(due + timedelta(days=1)))
    [overdue] = wait_for_mail(stack, applicant.user["email"], OVERDUE)
    assert "Tagasi lükatud dokument" in overdue.subject
    time.sleep(SETTLE_SECONDS)
    assert reminder_rows(stack, applicant.user["id"]) == [(DUE_SOON, "Tagasi lükatud dokument"),
                                                          (OVERDUE, "Tagasi lükatud dokument")]


def test_rounds_run_at_once_by_two_processes_queue_each_reminder_once(
        make_applicant: Any, admin_client: httpx.Client, stack: Any) -> None:
    """Safe with several replicas: two rounds at the same moment — one runs the day, the other finds it run;
    and even a round run again after its day's record is gone queues nothing twice (the e-mails' unique key)."""
    applicants: list[Applicant] = [make_applicant() for _ in range(2)]
    due = date(2034, 1, 15)
    for applicant in applicants:
        watched_status(stack, request_document(admin_client, applicant, "Diplom", due), "requested")
    day = due - timedelta(days=3)
    processes = [subprocess.Popen(remind_command(at_nine(day)), env=stack.env, cwd=ROOT,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outputs = sorted(process.communicate(timeout=60)[0] for process in processes)
    assert all(process.returncode == 0 for process in processes)
    assert NO_ROUND in outputs[0] and "queued" in outputs[1], outputs

    email_rows(stack, "delete from reminder_runs where day = %s returning day", day)
    assert "queued 0 reminder(s)" in remind(stack, at_nine(day))
    for applicant in applicants:
        wait_for_mail(stack, applicant.user["email"], DUE_SOON)
    time.sleep(SETTLE_SECONDS)
    for applicant in applicants:
        assert len(mail_to(stack, applicant.user["email"], DUE_SOON)) == 1
        assert reminder_rows(stack, applicant.user["id"]) == [(DUE_SOON, "Diplom")]
