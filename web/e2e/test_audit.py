"""Issue 15, Audit log, in Chromium: "an Activity tab in /admin with these filters and paging; on the application
detail page, a card with the access history of that applicant", in Estonian and English. The records are made
in each test (an admin's view and status change through the API) and reach the audit store through the outbox."""

import json
import re
import uuid
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, Applicant, admin_otp, eventually
from web.e2e.signin import sign_in
from web.e2e.test_accessibility import Audit as Axe
from web.e2e.test_accessibility import audit_context, use_language

LOCALES = Path(__file__).resolve().parents[1] / "public" / "locales"
DATE_FORMATS = {"et": "%d.%m.%Y", "en": "%d/%m/%Y"}  # what the date field takes (components/ui/date-text.ts)
TALLINN = ZoneInfo("Europe/Tallinn")


def texts(language: str, namespace: str) -> Any:
    """The UI's own words, so the test follows the locale files rather than copies of them."""
    return json.loads((LOCALES / language / f"{namespace}.json").read_text(encoding="utf-8"))


def viewed_and_moved_to_review(admin_client: httpx.Client, applicant: Applicant, full_name: str) -> int:
    """An admin opens the application and changes its status; returns the application id once both records are
    in the audit with the applicant's name (the audit store learns names from identity's events)."""
    application_id: int = applicant.client.get("/api/application").json()["application"]["id"]
    assert admin_client.get(f"/api/admin/applications/{application_id}").status_code == 200
    changed = admin_client.put(f"/api/admin/applications/{application_id}/status", json={"status": "in_review"})
    assert changed.status_code == 200, changed.text

    def both_named() -> bool:
        records = admin_client.get("/api/admin/audit", params={"applicant": applicant.user["id"]}).json()
        return len(records) == 2 and all(r["applicantName"] == full_name for r in records)
    eventually(both_named, 20, "the view and the status change in the audit")
    return application_id


def signed_in_admin(browser: Browser, gateway: str, language: str) -> tuple[Page, Callable[[], None]]:
    """An admin in ``language``, in a browser that lets axe-core in (issue 18: no violations on any state)."""
    context = audit_context(browser, gateway)
    page = context.new_page()
    sign_in(page, ADMIN_USERNAME, ADMIN_PASSWORD, admin_otp(), language=language)
    expect(page).to_have_url(re.compile("/admin$"))
    use_language(page, language)  # the admin's saved language may differ
    return page, context.close


def pick(page: Page, label: str, option: str) -> None:
    page.get_by_role("combobox", name=label, exact=True).click()
    page.get_by_role("option", name=option, exact=True).click()


@pytest.mark.parametrize("language", ["et", "en"])
def test_the_activity_tab_lists_a_record_made_here_and_its_filters_narrow_it(
        browser: Browser, gateway: str, make_applicant: Callable[..., Applicant], admin_client: httpx.Client,
        language: str) -> None:
    full_name = f"Aili Auditi {uuid.uuid4().hex[:6]}"
    applicant = make_applicant(fullName=full_name)
    viewed_and_moved_to_review(admin_client, applicant, full_name)
    admin = admin_client.get("/api/user").json()
    audit, statuses = texts(language, "audit"), texts(language, "applications")["status"]
    saved_language, axe = admin["language"], Axe()
    page, close = signed_in_admin(browser, gateway, language)
    try:
        page.get_by_role("tab", name=texts(language, "admin")["tabs"]["activity"]).click()
        expect(page).to_have_url(re.compile(r"\?tab=activity$"))
        rows = page.get_by_test_id("audit-row")
        mine = rows.filter(has_text=full_name)

        pick(page, audit["filter"]["action"], audit["actions"]["application"]["status_changed"])
        expect(page).to_have_url(re.compile(r"action=application\.status_changed"))
        expect(mine).to_have_count(1)
        expect(mine).to_contain_text(f"{statuses['pending']} → {statuses['in_review']}")
        expect(mine).to_contain_text(admin["fullName"])

        mine.get_by_role("button", name=audit["filter"]["byApplicant"].replace("{{name}}", full_name)).click()
        expect(page).to_have_url(re.compile(f"applicant={applicant.user['id']}"))
        expect(page.get_by_test_id("applicant-filter")).to_contain_text(full_name)
        pick(page, audit["filter"]["action"], audit["filter"]["allActions"])
        expect(rows).to_have_count(2)
        axe.check(page, "/admin activity, one applicant", language)
        expect(rows.first).to_contain_text(audit["actions"]["application"]["status_changed"])
        expect(rows.nth(1)).to_contain_text(audit["actions"]["application"]["viewed"])

        pick(page, audit["filter"]["actor"], admin["fullName"])
        expect(page).to_have_url(re.compile(f"actor={admin['id']}"))
        expect(rows).to_have_count(2)

        today = datetime.now(TALLINN).date()
        day_field = page.get_by_label(audit["filter"]["from"], exact=True)
        day_field.fill((today + timedelta(days=1)).strftime(DATE_FORMATS[language]))
        expect(page.get_by_text(audit["noMatches"]["title"])).to_be_visible()
        day_field.fill(today.strftime(DATE_FORMATS[language]))
        expect(page).to_have_url(re.compile(f"from={today.isoformat()}"))
        expect(rows).to_have_count(2)
        page.get_by_role("button", name=audit["datePicker"]["openTo"]).click()
        expect(page.get_by_role("grid")).to_be_visible()
        axe.check(page, "/admin activity, calendar open", language)
    finally:
        close()
        admin_client.post("/api/set-language", json={"language": saved_language})
    axe.assert_clean()


@pytest.mark.parametrize("language", ["et", "en"])
def test_the_application_page_shows_the_applicants_access_history(
        browser: Browser, gateway: str, make_applicant: Callable[..., Applicant], admin_client: httpx.Client,
        language: str) -> None:
    full_name = f"Peeter Päevik {uuid.uuid4().hex[:6]}"
    applicant = make_applicant(fullName=full_name)
    application_id = viewed_and_moved_to_review(admin_client, applicant, full_name)
    admin = admin_client.get("/api/user").json()
    audit, axe = texts(language, "audit"), Axe()
    page, close = signed_in_admin(browser, gateway, language)
    try:
        page.goto(f"/admin/applications/{application_id}")
        card = page.get_by_test_id("access-history")
        expect(page.get_by_role("heading", name=audit["card"]["title"])).to_be_visible()
        history = card.get_by_role("table", name=audit["card"]["title"])
        changed = history.get_by_test_id("audit-row").filter(
            has_text=audit["actions"]["application"]["status_changed"])
        expect(changed).to_have_count(1)
        expect(changed).to_contain_text(admin["fullName"])
        expect(changed.get_by_role("link", name=audit["targets"]["application"].replace(
            "{{id}}", str(application_id)))).to_be_visible()
        expect(history.get_by_test_id("audit-row").filter(
            has_text=audit["actions"]["application"]["viewed"]).first).to_be_visible()
        axe.check(page, "/admin/applications/:id access history", language)

        # This page's own view is recorded too, and the link opens all of them in the Activity tab.
        # "Show in Activity" for one record, "Show all N in Activity" for more (i18next plurals, issue 37).
        show_all = "|".join(re.escape(audit["card"][key].split("{{count}}")[0])
                            for key in ("showAll_one", "showAll_other"))
        page.get_by_role("link", name=re.compile(f"^({show_all})")).click()
        expect(page).to_have_url(re.compile(f"/admin\\?tab=activity&applicant={applicant.user['id']}$"))
        expect(page.get_by_test_id("applicant-filter")).to_contain_text(full_name)
        expect(page.get_by_test_id("audit-row").first).to_be_visible()
    finally:
        close()
        admin_client.post("/api/set-language", json={"language": admin["language"]})
    axe.assert_clean()
