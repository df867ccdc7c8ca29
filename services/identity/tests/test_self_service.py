"""Issue 14, "Account self-service (profile tab)": changing the password needs the current one and ends every
other session; changing the e-mail address sends a confirmation link to the new address (real SMTP, read from
the mail catcher) and a notice to the old one, and applies only once the link is followed."""

import re
from typing import Any

import httpx
import psycopg

from conftest import Applicant, browser_client, registration
from services.notifications.tests.support import Mail, email_rows, mail_to, wait_for_mail, when

NEW_PASSWORD = "brand-new-secret-7"


def change_password(client: httpx.Client, current: str, password: str = NEW_PASSWORD) -> httpx.Response:
    return client.post("/api/profile/password",
                       json={"currentPassword": current, "password": password, "confirmPassword": password})


def confirmation_token(mail: Mail, gateway: str) -> str:
    found = re.search(re.escape(gateway) + r"/confirm-email\?token=([A-Za-z0-9_-]+)", mail.text)
    assert found, mail.text
    return found.group(1)


def new_address() -> str:
    return str(registration()["email"]).replace("mari.", "new.")


def test_a_wrong_current_password_changes_nothing(make_applicant: Any) -> None:
    applicant: Applicant = make_applicant()
    refused = change_password(applicant.client, "not-my-password")
    assert refused.status_code == 422
    assert refused.json()["code"] == "wrong_password"
    assert refused.json()["fieldCodes"] == {"currentPassword": "wrong_password"}
    too_short = change_password(applicant.client, applicant.password, "short")
    assert too_short.status_code == 422 and too_short.json()["fieldCodes"]["password"] == "password_too_short"
    assert applicant.client.post("/api/login", json={"username": applicant.user["username"],
                                                     "password": applicant.password}).status_code == 200


def test_changing_the_password_ends_every_other_session_and_keeps_this_one(
        make_applicant: Any, stack: Any) -> None:
    applicant: Applicant = make_applicant(fullName="Mari Maasikas")
    elsewhere = browser_client(stack.gateway_url)
    login = {"username": applicant.user["username"], "password": applicant.password}
    assert elsewhere.post("/api/login", json=login).status_code == 200

    assert change_password(applicant.client, applicant.password).status_code == 200
    assert applicant.client.get("/api/user").status_code == 200
    assert elsewhere.get("/api/user").status_code == 401
    assert elsewhere.post("/api/login", json=login).status_code == 401
    assert elsewhere.post("/api/login", json={**login, "password": NEW_PASSWORD}).status_code == 200
    [notice] = wait_for_mail(stack, applicant.user["email"], "password_changed")
    assert notice.subject == "Teie parool on muudetud" and "muudeti profiilis" in notice.text
    assert change_password(elsewhere, NEW_PASSWORD, "third-secret-99").status_code == 200
    assert applicant.client.get("/api/user").status_code == 401
    elsewhere.close()


def test_a_new_address_applies_only_once_confirmed_and_the_old_one_is_told(
        make_applicant: Any, client: httpx.Client, stack: Any) -> None:
    """The confirmation goes to the new address, the notice to the old; nothing changes until the link is
    followed (signed out works too); then identity.profile.updated makes notifications write to the new one."""
    applicant: Applicant = make_applicant(fullName="Mari Maasikas")
    old, new = applicant.user["email"], new_address()
    wrong = applicant.client.post("/api/profile/email", json={"email": new, "currentPassword": "nope-nope"})
    assert wrong.status_code == 422 and wrong.json()["fieldCodes"] == {"currentPassword": "wrong_password"}
    asked = applicant.client.post("/api/profile/email", json={"email": new.upper(), "currentPassword":
                                                             applicant.password})
    assert asked.status_code == 202, asked.text

    [confirmation] = wait_for_mail(stack, new, "email_change_confirm")
    assert confirmation.subject == "Kinnitage oma uus e-posti aadress" and "24 tundi" in confirmation.text
    [notice] = wait_for_mail(stack, old, "email_change_notice")
    assert notice.subject == "Teie konto e-posti aadressi muutmine" and new in notice.text
    assert mail_to(stack, old, "email_change_confirm") == []
    assert applicant.client.get("/api/profile").json()["email"] == old

    token = confirmation_token(confirmation, stack.gateway_url)
    confirmed = client.post("/api/email-change/confirm", json={"token": token})
    assert confirmed.status_code == 200 and confirmed.json() == {"email": new}
    again = client.post("/api/email-change/confirm", json={"token": token})
    assert again.status_code == 400 and again.json()["code"] == "invalid_token"
    assert applicant.client.get("/api/profile").json()["email"] == new
    assert applicant.client.get("/api/user").status_code == 200

    when(lambda: email_rows(stack, "SELECT 1 FROM recipients WHERE user_id = %s AND email = %s",
                            applicant.user["id"], new), "the projection has the new address")
    assert change_password(applicant.client, applicant.password).status_code == 200
    [changed] = wait_for_mail(stack, new, "password_changed")
    assert changed.to == new


def test_a_taken_or_invalid_address_is_refused_and_an_expired_link_does_nothing(
        make_applicant: Any, client: httpx.Client, stack: Any) -> None:
    applicant, other = make_applicant(), make_applicant()
    taken = applicant.client.post("/api/profile/email", json={"email": other.user["email"],
                                                              "currentPassword": applicant.password})
    assert taken.status_code == 422 and taken.json()["fieldCodes"]["email"] == "email_taken"
    invalid = applicant.client.post("/api/profile/email", json={"email": "not-an-address",
                                                                "currentPassword": applicant.password})
    assert invalid.status_code == 422 and invalid.json()["fieldCodes"]["email"] == "invalid_email"

    new = new_address()
    assert applicant.client.post("/api/profile/email", json={"email": new, "currentPassword":
                                                             applicant.password}).status_code == 202
    token = confirmation_token(wait_for_mail(stack, new, "email_change_confirm")[0], stack.gateway_url)
    with psycopg.connect(stack.database_url("identity"), autocommit=True) as db:
        [(stored, valid_for)] = db.execute(
            "SELECT token_hash, expires_at - created_at FROM email_change_tokens WHERE user_id = %s",
            (applicant.user["id"],)).fetchall()
        assert token not in stored and valid_for.total_seconds() == 24 * 3600
        db.execute("UPDATE email_change_tokens SET expires_at = now() - interval '1 second' WHERE user_id = %s",
                   (applicant.user["id"],))
    expired = client.post("/api/email-change/confirm", json={"token": token})
    assert expired.status_code == 400 and expired.json()["code"] == "invalid_token"
    assert applicant.client.get("/api/profile").json()["email"] == applicant.user["email"]


def test_self_service_needs_a_session(client: httpx.Client) -> None:
    assert change_password(client, "whatever-1").status_code == 401
    assert client.post("/api/profile/email", json={"email": new_address(),
                                                   "currentPassword": "whatever-1"}).status_code == 401
