"""Issue 14, "Account self-service": e-mail preferences — reminders and status e-mails can be turned off; welcome
and security e-mails cannot. GET/PUT /api/email-preferences through the gateway (the `notifications-own`
route, signed-in users)."""

import time
import uuid
from datetime import UTC, date, datetime, timedelta
from typing import Any

import httpx
import nats

from conftest import Applicant, nats_login
from portal_common.events import ContractAcceptance, EventEnvelope, UserRegistered
from services.notifications.tests.support import email_rows, mail_to, wait_for_mail, when
from services.notifications.tests.test_reminders import (
    DUE_SOON,
    SETTLE_SECONDS,
    at_nine,
    remind,
    reminder_rows,
    request_document,
    watched_status,
)

PREFERENCES = "/api/email-preferences"


def test_preferences_default_on_and_are_saved_per_user(make_applicant: Any) -> None:
    applicant: Applicant = make_applicant()
    other: Applicant = make_applicant()
    response = applicant.client.get(PREFERENCES)
    assert response.status_code == 200, response.text
    assert response.json() == {"reminders": True, "statusUpdates": True}

    saved = applicant.client.put(PREFERENCES, json={"reminders": False, "statusUpdates": True})
    assert saved.status_code == 200, saved.text
    assert saved.json() == {"reminders": False, "statusUpdates": True}
    assert applicant.client.get(PREFERENCES).json() == {"reminders": False, "statusUpdates": True}
    changed = applicant.client.put(PREFERENCES, json={"reminders": True, "statusUpdates": False})
    assert changed.json() == {"reminders": True, "statusUpdates": False}
    assert applicant.client.get(PREFERENCES).json() == {"reminders": True, "statusUpdates": False}
    assert other.client.get(PREFERENCES).json() == {"reminders": True, "statusUpdates": True}


def test_preferences_need_a_session_and_both_choices(client: httpx.Client, make_applicant: Any) -> None:
    assert client.get(PREFERENCES).status_code == 401
    unsigned = client.put(PREFERENCES, json={"reminders": False, "statusUpdates": False})
    assert unsigned.status_code == 401 and unsigned.json()["code"] == "not_authenticated"
    applicant: Applicant = make_applicant()
    missing = applicant.client.put(PREFERENCES, json={"reminders": False})
    assert missing.status_code == 422, missing.text
    assert "statusUpdates" in missing.json()["fields"]


def test_turned_off_status_emails_and_reminders_are_not_sent(
        make_applicant: Any, admin_client: httpx.Client, stack: Any) -> None:
    """statusUpdates off: no document-requested nor status-changed e-mail; reminders off: no reminder. Another
    applicant with both on, sharing the same round and due date, gets theirs (the control)."""
    quiet: Applicant = make_applicant()
    control: Applicant = make_applicant()
    assert quiet.client.put(PREFERENCES, json={"reminders": False, "statusUpdates": False}).status_code == 200
    due = date(2035, 1, 20)
    quiet_request = request_document(admin_client, quiet, "Vaikne dokument", due)
    control_request = request_document(admin_client, control, "Vaikne dokument", due)
    application = quiet.client.get("/api/application").json()["application"]["id"]
    assert admin_client.put(f"/api/admin/applications/{application}/status",
                            json={"status": "in_review"}).status_code == 200
    wait_for_mail(stack, control.user["email"], "document_requested")
    watched_status(stack, quiet_request, "requested")  # its handler would have queued the e-mail with it
    watched_status(stack, control_request, "requested")

    remind(stack, at_nine(due - timedelta(days=3)))
    wait_for_mail(stack, control.user["email"], DUE_SOON)
    time.sleep(SETTLE_SECONDS)
    quiet_templates = {row[0] for row in email_rows(stack, "select template from emails where user_id = %s",
                                                    quiet.user["id"])}
    assert quiet_templates == {"welcome"}, quiet_templates
    assert reminder_rows(stack, quiet.user["id"]) == []
    assert [m.template for m in mail_to(stack, quiet.user["email"])] == ["welcome"]


async def test_the_welcome_email_goes_whatever_the_preferences_say(stack: Any) -> None:
    """Welcome (and security) e-mails cannot be turned off: a user with both choices off is still welcomed."""
    user_id = 1_800_000_000 + uuid.uuid4().int % 10_000_000
    email_rows(stack, "insert into email_preferences (user_id, reminders, status_updates, updated_at) "
                      "values (%s, false, false, now()) returning user_id", user_id)
    now = datetime.now(UTC)
    address = f"quiet{user_id}@example.com"
    registered = UserRegistered(
        user_id=user_id, username=f"quiet{user_id}", full_name="Vaikne Kasutaja", email=address,
        phone="+372 5555 5555", date_of_birth=date(1980, 1, 1), id_code="38001010000", city="Tallinn",
        address=None, language="et", contract=ContractAcceptance(full_name="Vaikne Kasutaja", id_code="38001010000",
                                                                 accepted_at=now, language="et"))
    envelope = EventEnvelope.wrap(registered)
    client = await nats.connect(f"nats://127.0.0.1:{stack.ports.nats}", **nats_login(stack, "identity"))
    try:
        await client.jetstream().publish(envelope.type, envelope.to_bytes(), headers={"Nats-Msg-Id": str(envelope.id)})
    finally:
        await client.close()
    when(lambda: email_rows(stack, "select 1 from recipients where user_id = %s", user_id), "the user is projected")
    [mail] = wait_for_mail(stack, address, "welcome")
    assert "Tere, Vaikne Kasutaja!" in mail.text
