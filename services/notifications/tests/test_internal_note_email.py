"""Issue 16, "What each role sees": the status-changed e-mail carries the note to the applicant, never the
internal note an admin wrote beside it."""

import uuid
from typing import Any

import httpx

from conftest import Applicant
from services.notifications.tests.support import email_rows, wait_for_mail
from services.notifications.tests.test_emails import application_id_of


def test_the_status_email_carries_the_applicant_note_and_not_the_internal_one(
        make_applicant: Any, admin_client: httpx.Client, stack: Any) -> None:
    """issue 16, What each role sees: "one for the applicant (their timeline and e-mail) and an internal one
    (admins only)": neither part of the e-mail in the mail catcher nor the stored e-mail holds the internal text."""
    applicant: Applicant = make_applicant()
    application_id = application_id_of(applicant)
    internal = f"internal note {uuid.uuid4().hex}"
    response = admin_client.put(f"/api/admin/applications/{application_id}/status", json={
        "status": "approved", "notes": "Teie taotlus on kinnitatud", "internalNote": internal})
    assert response.status_code == 200, response.text
    assert response.json()["statusUpdates"][0]["internalNote"] == internal

    [mail] = wait_for_mail(stack, applicant.user["email"], "application_status")
    assert "Märkus: Teie taotlus on kinnitatud" in mail.text and "Teie taotlus on kinnitatud" in mail.html
    assert internal not in mail.text and internal not in mail.html and internal not in mail.subject
    [(context,)] = email_rows(stack, "select context::text from emails where user_id = %s and template = %s",
                              applicant.user["id"], "application_status")
    assert "Teie taotlus on kinnitatud" in context and internal not in context
