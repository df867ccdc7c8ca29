"""Issue 15, "Admin management": an admin invitation is e-mailed (real SMTP, read from the mail catcher) to the
invited address, which has no account behind it yet, in the language the inviting admin chose: the link to the
invitation page, how long it is valid (Europe/Tallinn time) and why the reader got it."""

import re
import uuid
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import httpx
import pytest

from services.notifications.tests.support import email_rows, wait_for_mail

TALLINN = ZoneInfo("Europe/Tallinn")
EN_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
             "November", "December")


def invite(admin_client: httpx.Client, email: str, full_name: str, language: str) -> dict[str, Any]:
    response = admin_client.post("/api/admin/admin-invitations",
                                 json={"fullName": full_name, "email": email, "language": language})
    assert response.status_code == 201, response.text
    return dict(response.json())


def local_expiry(invitation: dict[str, Any], language: str) -> str:
    moment = datetime.fromisoformat(invitation["expiresAt"]).astimezone(TALLINN)
    if language == "en":
        return f"{moment.day} {EN_MONTHS[moment.month - 1]} {moment.year} {moment:%H:%M}"
    return f"{moment:%d.%m.%Y %H:%M}"


@pytest.mark.parametrize(("language", "subject", "greeting", "valid_until", "why", "suffix"), [
    ("et", "Kutse Shelf Boardi administraatoriks", "Tere, Kadri Kask!", "Kehtib kuni",
     "Saite selle kirja, sest Shelf Boardi portaali administraator kutsus teid.", ""),
    ("en", "An invitation to become a Shelf Board admin", "Hello Kadri Kask,", "Valid until",
     "You receive this e-mail because an admin of the Shelf Board portal invited you.", "&lng=en"),
])
def test_an_admin_invitation_goes_to_the_invited_address_in_the_chosen_language(
        stack: Any, admin_client: httpx.Client, language: str, subject: str, greeting: str, valid_until: str,
        why: str, suffix: str) -> None:
    email = f"invitee.{uuid.uuid4().hex[:10]}@example.com"
    invitation = invite(admin_client, email, "Kadri Kask", language)
    [mail] = wait_for_mail(stack, email, "admin_invitation")
    assert mail.subject == subject and greeting in mail.text and why in mail.text
    assert f"{valid_until}: {local_expiry(invitation, language)}" in mail.text
    assert mail.message["Content-Language"] == language
    found = re.search(re.escape(stack.gateway_url) + r"/admin-invitation\?token=([A-Za-z0-9_-]+)" + re.escape(suffix),
                      mail.text)
    assert found, mail.text
    link = f"{stack.gateway_url}/admin-invitation?token={found.group(1)}{suffix}".replace("&", "&amp;")
    assert f'href="{link}"' in mail.html
    with httpx.Client(base_url=stack.gateway_url) as anyone:
        assert anyone.get(f"/api/admin-invitations/{found.group(1)}").json()["email"] == email
    [(user_id, address, sent_language, status)] = email_rows(
        stack, "select user_id, address, language, status from emails where template = 'admin_invitation'"
               " and address = %s", email)
    assert (user_id, address, sent_language, status) == (0, email, language, "sent")
