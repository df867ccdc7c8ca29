"""Issue 14, "Nothing lost, nothing twice": every e-mail is a row that is sent with back-off through an SMTP
outage and survives it; one event never makes the same e-mail twice, even with two replicas; admins see the
latest e-mails with their status and can send one again."""

import time
from typing import Any

import httpx
import pytest

from conftest import Applicant, extra_replica
from services.notifications.tests.support import SERVICE, email_rows, mail_to, wait_for_mail, when

# Issue 32: alone on the stack, after the parallel part: it stops the mail catcher and runs a notifications replica
# that sends everyone's e-mail.
pytestmark = pytest.mark.exclusive

# Send rounds run every 0.5 s in the tests (conftest): a duplicate would show up well within this.
SETTLE_SECONDS = 3


def welcome_rows(stack: Any, user_ids: list[int]) -> list[tuple[Any, ...]]:
    return email_rows(stack, "select user_id, status, attempts, last_error from emails "
                             "where template = 'welcome' and user_id = any(%s) order by user_id", user_ids)


def test_emails_queued_while_smtp_is_down_arrive_once_it_is_back_and_none_twice(
        make_applicant: Any, stack: Any) -> None:
    """Issue 14 tests: the SMTP server down for a while → the e-mails arrive after it returns, none twice."""
    stack.stop_mail_catcher()
    try:
        applicants: list[Applicant] = [make_applicant() for _ in range(3)]
        user_ids = [a.user["id"] for a in applicants]
        failing = when(lambda: (rows := welcome_rows(stack, user_ids)) and len(rows) == 3
                       and all(attempts >= 2 for _, _, attempts, _ in rows) and rows,
                       "every welcome e-mail tried twice while SMTP is down")
        assert all(status == "queued" and error for _, status, _, error in failing), failing
    finally:
        stack.start_mail_catcher()
    for applicant in applicants:
        wait_for_mail(stack, applicant.user["email"], "welcome", timeout=60)
    time.sleep(SETTLE_SECONDS)
    for applicant in applicants:
        assert len(mail_to(stack, applicant.user["email"], "welcome")) == 1
    rows = welcome_rows(stack, user_ids)
    assert all(status == "sent" and attempts >= 3 and error is None for _, status, attempts, error in rows), rows


def test_two_replicas_send_every_email_once(make_applicant: Any, client: httpx.Client, stack: Any) -> None:
    """Both replicas consume the same durable consumers and claim rows with SKIP LOCKED: no duplicates."""
    with extra_replica(stack, SERVICE, 1):
        applicants: list[Applicant] = [make_applicant() for _ in range(6)]
        for applicant in applicants:
            wait_for_mail(stack, applicant.user["email"], "welcome")
        time.sleep(SETTLE_SECONDS)
    for applicant in applicants:
        assert len(mail_to(stack, applicant.user["email"], "welcome")) == 1
    user_ids = [a.user["id"] for a in applicants]
    assert [row[:2] for row in welcome_rows(stack, user_ids)] == [(user_id, "sent") for user_id in sorted(user_ids)]


def test_admins_list_the_latest_emails_and_send_one_again(
        make_applicant: Any, admin_client: httpx.Client, stack: Any) -> None:
    """Issue 14: admins see the latest e-mails with their status and can send a failed one again (a sent one
    too); one still waiting answers 409 email_already_queued. A resend keeps its Message-ID."""
    applicant: Applicant = make_applicant()
    [first] = wait_for_mail(stack, applicant.user["email"], "welcome")
    listed = admin_client.get("/api/admin/emails", params={"status": "sent", "limit": 200})
    assert listed.status_code == 200, listed.text
    assert int(listed.headers["X-Total-Count"]) >= 1
    [row] = [e for e in listed.json() if e["userId"] == applicant.user["id"]]
    assert (row["template"], row["address"], row["language"], row["status"], row["attempts"]) == (
        "welcome", applicant.user["email"], "et", "sent", 1)
    assert row["subject"] == first.subject and row["sentAt"] is not None
    newest = admin_client.get("/api/admin/emails", params={"limit": 5}).json()
    assert [e["createdAt"] for e in newest] == sorted((e["createdAt"] for e in newest), reverse=True)
    assert applicant.client.get("/api/admin/emails").status_code == 403

    # A failed one (as after its last attempt) goes out again from its first attempt.
    email_rows(stack, "update emails set status = 'failed', attempts = 10, last_error = 'x' where id = %s "
                      "returning id", row["id"])
    assert admin_client.get("/api/admin/emails", params={"status": "failed", "limit": 200}).json()[0]["status"] \
        == "failed"
    resent = admin_client.post(f"/api/admin/emails/{row['id']}/resend")
    assert resent.status_code == 200, resent.text
    assert (resent.json()["status"], resent.json()["attempts"], resent.json()["lastError"]) == ("queued", 0, None)
    again = wait_for_mail(stack, applicant.user["email"], "welcome", count=2)
    assert again[0].message_id == again[1].message_id

    email_rows(stack, "update emails set status = 'queued', next_attempt_at = now() + interval '1 day' "
                      "where id = %s returning id", row["id"])
    try:
        refused = admin_client.post(f"/api/admin/emails/{row['id']}/resend")
        assert refused.status_code == 409 and refused.json()["code"] == "email_already_queued"
    finally:
        email_rows(stack, "update emails set status = 'sent' where id = %s returning id", row["id"])
    missing = admin_client.post("/api/admin/emails/2000000000/resend")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"
