"""Issue 16, Access transparency, in Chromium: "On the profile, 'Who has seen my data' lists the admin views and
downloads of the applicant's data from the audit log, with times (admins shown as 'Administrator')". An admin
signs in (with the one-time code) and opens the applicant's application; the applicant's profile tab then shows
the view, in Estonian and in English, at its Tallinn time, and never the admin's name."""

import json
import re
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import httpx
from playwright.sync_api import Browser, expect

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, Applicant, admin_otp, eventually
from web.e2e.conftest import new_context
from web.e2e.signin import sign_in
from web.e2e.test_accessibility import use_language

LOCALES = Path(__file__).resolve().parents[1] / "public" / "locales"
TALLINN = ZoneInfo("Europe/Tallinn")


def texts(language: str, namespace: str) -> Any:
    return json.loads((LOCALES / language / f"{namespace}.json").read_text(encoding="utf-8"))


def admin_opens_the_application(browser: Browser, gateway: str, application_id: int) -> None:
    context = new_context(browser, gateway)
    try:
        page = context.new_page()
        sign_in(page, ADMIN_USERNAME, ADMIN_PASSWORD, admin_otp())
        expect(page).to_have_url(re.compile("/admin$"))
        # The view is recorded when the file's request is answered, not when the page shows its heading (drawn from
        # the address at once): closing the page before the answer aborted the request in run 30.
        path = f"/api/admin/applications/{application_id}"
        with page.expect_response(lambda response: response.url.endswith(path)) as answered:
            page.goto(f"/admin/applications/{application_id}")
        assert answered.value.status == 200, answered.value.text()
        # "Taotlus nr 1" / "Application #1", in whichever language the admin's account keeps.
        expect(page.get_by_role("heading", level=1, name=re.compile(rf"\b{application_id}$"))).to_be_visible()
    finally:
        context.close()


def test_the_profile_shows_who_has_seen_my_data_in_estonian_and_english(
        browser: Browser, gateway: str, make_applicant: Callable[..., Applicant], admin_client: httpx.Client) -> None:
    applicant = make_applicant()
    application_id = applicant.client.get("/api/application").json()["application"]["id"]
    admin_opens_the_application(browser, gateway, application_id)
    [entry] = eventually(lambda: applicant.client.get("/api/privacy/access-log").json(), 30,
                         "the admin's view in the applicant's access log")
    seen_at = datetime.fromisoformat(entry["occurredAt"]).astimezone(TALLINN).strftime("%H:%M")
    admin = admin_client.get("/api/user").json()

    for language in ("et", "en"):
        privacy, dashboard = texts(language, "privacy"), texts(language, "dashboard")
        context = new_context(browser, gateway, language)
        try:
            page = context.new_page()
            sign_in(page, applicant.user["username"], applicant.password, language=language)
            expect(page).to_have_url(re.compile("/dashboard"))
            use_language(page, language)  # the account's saved language may be the other one
            page.get_by_role("tab", name=dashboard["tabs"]["profile"]).click()
            card = page.get_by_test_id("access-log")
            expect(page.get_by_text(privacy["accessLog"]["title"], exact=True)).to_be_visible()
            row = card.get_by_test_id("access-log-entry")
            expect(row).to_have_count(1)
            expect(row).to_contain_text(
                f"{privacy['accessLog']['administrator']} {privacy['actions']['application']['viewed']}")
            expect(row.locator("time")).to_contain_text(seen_at)
            for name in filter(None, (admin["username"], admin.get("fullName"))):
                expect(card).not_to_contain_text(re.compile(rf"\b{re.escape(name)}\b"))
        finally:
            context.close()
