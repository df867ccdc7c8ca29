"""Issue 15 "Admin management" in Chromium through the gateway and the real mail catcher, in Estonian and English:
the Admins tab lists the admins; an admin invites another (the form checks its fields first); the invitation
e-mail arrives in the chosen language; its link opens /admin-invitation, where the invitee chooses a username and
a password and is taken to set up the second factor; back in the tab, the new admin is listed and is deactivated
after a confirmation."""

import json
import re
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from conftest import ADMIN_USERNAME, browser_client, totp_code
from services.notifications.tests.support import wait_for_mail
from web.e2e.conftest import new_context
from web.e2e.signin import sign_in

LOCALES = Path(__file__).resolve().parents[1] / "public" / "locales"
PASSWORD = "a-long-admin-password-2"
INVITATION_LINK = re.compile(r"https?://[^\s\"'<>]+/admin-invitation\?token=[^\s\"'<>]+")


def texts(language: str, namespace: str) -> Any:
    return json.loads((LOCALES / language / f"{namespace}.json").read_text(encoding="utf-8"))


def invitation_link(stack: Any, email: str) -> str:
    [mail] = wait_for_mail(stack, email, "admin_invitation")
    found = INVITATION_LINK.search(mail.text)
    assert found, mail.text
    return found.group(0)


def enrolled_admin(stack: Any, admin_client: httpx.Client, language: str,
                   retire_admins: list[int]) -> tuple[str, str]:
    """An admin of our own in ``language`` (invited, accepted and enrolled through the API, deactivated after the
    test); their TOTP secret."""
    email, username = f"actor.{uuid.uuid4().hex[:10]}@example.com", f"act{uuid.uuid4().hex[:8]}"
    response = admin_client.post("/api/admin/admin-invitations",
                                 json={"fullName": "Anu Admin", "email": email, "language": language})
    assert response.status_code == 201, response.text
    token = invitation_link(stack, email).split("token=")[1].split("&")[0]
    with browser_client(stack.gateway_url) as client:
        accepted = client.post("/api/admin-invitations/accept",
                               json={"token": token, "username": username, "password": PASSWORD})
        assert accepted.status_code == 201, accepted.text
        retire_admins.append(accepted.json()["id"])
        secret: str = client.post("/api/second-factor/totp/start").json()["secret"]
        confirmed = client.post("/api/second-factor/totp/confirm", json={"code": totp_code(secret)})
        assert confirmed.status_code == 200, confirmed.text
    return username, secret


def admin_row(page: Page, text: str) -> Any:
    return page.get_by_test_id("admin-row").filter(has_text=text)


@pytest.mark.parametrize("language", ["et", "en"])
def test_an_admin_lists_the_admins_invites_one_and_deactivates_them(
        browser: Browser, gateway: str, stack: Any, admin_client: httpx.Client, retire_admins: list[int],
        language: str) -> None:
    words, common = texts(language, "admins"), texts(language, "common")
    username, secret = enrolled_admin(stack, admin_client, language, retire_admins)
    invitee_email, invitee_name = f"new.{uuid.uuid4().hex[:10]}@example.com", f"Kadri Kask {uuid.uuid4().hex[:4]}"
    context = new_context(browser, gateway, language)
    try:
        page = context.new_page()
        sign_in(page, username, PASSWORD, totp_code(secret), language=language)
        expect(page).to_have_url(re.compile(r"/admin$"))
        page.goto("/admin?tab=admins")
        expect(page.get_by_role("heading", name=words["title"], exact=True)).to_be_visible()
        expect(admin_row(page, username)).to_contain_text(words["you"])
        main_admin = admin_row(page, ADMIN_USERNAME).filter(has=page.get_by_text(ADMIN_USERNAME, exact=True))
        expect(main_admin.get_by_test_id("admin-status")).to_have_text(words["status"]["active"])
        expect(main_admin.get_by_test_id("admin-second-factor")).to_have_text(words["secondFactor"]["on"])

        page.get_by_role("button", name=words["invite"]["open"]).click()
        dialog = page.get_by_role("dialog", name=words["invite"]["title"])
        dialog.get_by_label(words["invite"]["email"], exact=True).fill("not-an-address")
        dialog.get_by_role("button", name=words["invite"]["submit"]).click()
        expect(dialog.get_by_text(common["validation"]["fullNameMin"])).to_be_visible()
        expect(dialog.get_by_text(common["validation"]["email"])).to_be_visible()
        dialog.get_by_label(words["invite"]["fullName"], exact=True).fill(invitee_name)
        dialog.get_by_label(words["invite"]["email"], exact=True).fill(invitee_email)
        dialog.get_by_role("button", name=words["invite"]["submit"]).click()
        expect(page.get_by_text(words["invite"]["sent"], exact=True)).to_be_visible()
        expect(page.get_by_test_id("invitation-row").filter(has_text=invitee_email)).to_have_count(1)

        [mail] = wait_for_mail(stack, invitee_email, "admin_invitation")
        assert mail.message["Content-Language"] == language
        invitee = new_context(browser, gateway, language)
        try:
            accepting = invitee.new_page()
            accepting.goto(invitation_link(stack, invitee_email))
            expect(accepting.get_by_role("heading", name=words["acceptPage"]["title"])).to_be_visible()
            expect(accepting.get_by_text(invitee_email)).to_be_visible()
            accepting.get_by_label(words["acceptPage"]["username"], exact=True).fill(f"new{uuid.uuid4().hex[:8]}")
            accepting.get_by_label(words["acceptPage"]["password"], exact=True).fill(PASSWORD)
            accepting.get_by_label(words["acceptPage"]["confirmPassword"], exact=True).fill(PASSWORD)
            accepting.get_by_role("button", name=words["acceptPage"]["submit"]).click()
            expect(accepting).to_have_url(re.compile(r"/second-factor$"))
        finally:
            invitee.close()

        page.reload()
        row = admin_row(page, invitee_email)
        expect(row.get_by_test_id("admin-second-factor")).to_have_text(words["secondFactor"]["off"])
        deactivate = words["actions"]["deactivate"]
        row.get_by_role("button", name=deactivate["named"].replace("{{name}}", invitee_name)).click()
        confirm = page.get_by_role("alertdialog", name=deactivate["title"])
        confirm.get_by_role("button", name=deactivate["confirm"], exact=True).click()
        expect(page.get_by_text(deactivate["done"], exact=True)).to_be_visible()
        expect(row.get_by_test_id("admin-status")).to_have_text(words["status"]["deactivated"])
    finally:
        context.close()
