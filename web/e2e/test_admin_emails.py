"""Issue 14 in the browser: "Admins see the latest e-mails with their status in /admin" (the E-mails tab, in
Estonian, the portal's default), and an e-mail's link such as /dashboard?tab=documents opens that tab."""

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, BrowserContext, expect

from conftest import Applicant, eventually
from web.e2e.conftest import new_context

LOCALES = Path(__file__).resolve().parents[1] / "public" / "locales"


def texts(namespace: str) -> dict[str, Any]:
    """The UI's own Estonian words, so the test follows the locale files rather than copies of them."""
    loaded: dict[str, Any] = json.loads((LOCALES / "et" / f"{namespace}.json").read_text(encoding="utf-8"))
    return loaded


def signed_in_context(browser: Browser, gateway: str, client: httpx.Client) -> BrowserContext:
    context = new_context(browser, gateway, "et")
    context.add_cookies([{"name": "portal_session", "value": client.cookies["portal_session"], "url": gateway}])
    return context


def welcome_sent_to(admin_client: httpx.Client, address: str) -> dict[str, Any]:
    """The notifications service hears of the registration by event and sends the welcome within seconds."""
    def sent() -> dict[str, Any] | None:
        emails = admin_client.get("/api/admin/emails", params={"status": "sent", "limit": 50}).json()
        return next((e for e in emails if e["address"] == address and e["template"] == "welcome"), None)

    found: dict[str, Any] = eventually(sent, 20, f"a sent welcome e-mail to {address}")
    return found


def test_admin_sees_a_new_applicants_welcome_email_sent_in_estonian(
        browser: Browser, gateway: str, make_applicant: Callable[..., Applicant],
        admin_client: httpx.Client) -> None:
    applicant = make_applicant()
    address = applicant.user["email"]
    email = welcome_sent_to(admin_client, address)
    emails, admin_words = texts("emails"), texts("admin")

    # The SPA follows the account's saved language: make it Estonian and put it back for other tests.
    saved_language = admin_client.get("/api/user").json()["language"]
    admin_client.post("/api/set-language", json={"language": "et"})
    context = signed_in_context(browser, gateway, admin_client)
    try:
        admin = context.new_page()
        admin.goto("/admin")
        admin.get_by_role("tab", name=admin_words["tabs"]["emails"]).click()
        expect(admin).to_have_url(re.compile(r"/admin\?tab=emails$"))
        expect(admin.get_by_role("heading", name=emails["title"], exact=True)).to_be_visible()
        row = admin.get_by_test_id("email-row").filter(has_text=address)
        expect(row).to_have_count(1)
        expect(row.get_by_test_id("email-status")).to_have_text(emails["status"]["sent"])
        expect(row).to_contain_text(emails["templates"]["welcome"])
        expect(row).to_contain_text(emails["languages"]["et"])
        expect(row).to_contain_text(str(email["subject"]))
        expect(row.get_by_role("button", name=re.compile(f"^{emails['resend']['action']}"))).to_be_visible()
    finally:
        context.close()
        admin_client.post("/api/set-language", json={"language": saved_language})


def test_an_email_link_with_tab_documents_opens_the_documents_tab(
        browser: Browser, gateway: str, make_applicant: Callable[..., Applicant]) -> None:
    applicant = make_applicant()
    dashboard, documents = texts("dashboard"), texts("documents")
    context = signed_in_context(browser, gateway, applicant.client)
    try:
        page = context.new_page()
        page.goto("/dashboard?tab=documents")
        expect(page.get_by_role("tab", name=dashboard["tabs"]["documents"])).to_have_attribute("aria-selected", "true")
        expect(page.get_by_text(documents["applicant"]["title"], exact=True)).to_be_visible()

        page.get_by_role("tab", name=dashboard["tabs"]["profile"]).click()
        expect(page).to_have_url(re.compile(r"/dashboard\?tab=profile$"))
        expect(page.get_by_text(texts("emails")["preferences"]["title"], exact=True)).to_be_visible()
    finally:
        context.close()
