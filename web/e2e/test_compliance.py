"""Issue 35 in Chromium: a compliance officer creates a company client with a beneficial owner in the admin's
Compliance tab, sees the owner's sanctions hit, clears it with a reason, submits and approves the case, then hands
an application's company over to that client (Handover gate) and sees its name and case status on the company's
card; axe-core finds nothing on the tab, the case, the decision dialog and the handover, at desktop and phone
size."""

import json
import random
import re
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, expect

from conftest import Applicant, eventually
from services.compliance.tests.support import admin_made_on_the_command_line, admin_on_the_command_line, fresh_lists
from testkit.accounts import ADMIN_PASSWORD, admin_otp
from web.e2e.signin import sign_in
from web.e2e.test_accessibility import Audit, audit_context, use_language

LOCALES = Path(__file__).resolve().parents[1] / "public" / "locales"


def texts(language: str, namespace: str) -> Any:
    return json.loads((LOCALES / language / f"{namespace}.json").read_text(encoding="utf-8"))


def application_with_company(admin: httpx.Client, make_applicant: Callable[..., Applicant]) -> int:
    applicant = make_applicant()
    application_id: int = eventually(lambda: applicant.client.get("/api/application").json()["application"]["id"],
                                     what="the application")
    assert admin.put(f"/api/admin/applications/{application_id}/status", json={"status": "active"}).status_code == 200
    company = admin.post("/api/admin/companies", json={
        "name": f"Riiul {uuid.uuid4().hex[:6]} OÜ", "registrationCode": str(random.randint(10_000_000, 99_999_999))})
    assert company.status_code == 201, company.text
    assigned = admin.put(f"/api/admin/applications/{application_id}/company", json={"companyId": company.json()["id"]})
    assert assigned.status_code == 200, assigned.text
    return application_id


def test_an_officer_clears_a_hit_and_approves_a_company_client(
        browser: Browser, stack: Any, gateway: str, make_applicant: Callable[..., Applicant]) -> None:
    any_admin = admin_made_on_the_command_line(stack, gateway)
    try:
        fresh_lists(any_admin)
        application_id = application_with_company(any_admin, make_applicant)
    finally:
        any_admin.close()
    name = f"Baltic Shelf Holdings {uuid.uuid4().hex[:4]} Ltd"
    officer = admin_on_the_command_line(stack, "--compliance-officer")
    compliance = texts("en", "compliance")
    audit = Audit()
    with audit_context(browser, gateway) as context:
        page = context.new_page()
        sign_in(page, officer, ADMIN_PASSWORD, admin_otp(officer))
        expect(page).to_have_url(re.compile("/admin$"))
        page.goto("/admin?tab=compliance")
        use_language(page, "en")  # a new officer's account, its language saved for it alone
        expect(page.get_by_role("heading", name=compliance["clients"]["title"])).to_be_visible()
        audit.check(page, "/admin compliance", "en")

        page.get_by_role("button", name=compliance["newClient"]["open"]).click()
        dialog = page.get_by_role("dialog", name=compliance["newClient"]["title"])
        dialog.get_by_label(compliance["fields"]["name"]).fill(name)
        dialog.get_by_label(compliance["fields"]["registryCode"]).fill("HE 401777")
        dialog.get_by_label(compliance["fields"]["country"]).fill("CY")
        dialog.get_by_label(compliance["fields"]["address"]).fill("1 Makariou III, Nicosia")
        dialog.get_by_label(compliance["fields"]["purpose"]).fill("Holding a shelf company")
        dialog.get_by_label(compliance["fields"]["sourceOfFunds"]).fill("Dividends of the trading group")
        dialog.get_by_role("button", name=compliance["newClient"]["submit"]).click()
        expect(page.get_by_role("heading", name=name)).to_be_visible()

        page.get_by_role("button", name=compliance["addPerson"]["open"]).click()
        person = page.get_by_role("dialog", name=compliance["addPerson"]["title"])
        person.get_by_label(compliance["fields"]["fullName"]).fill("Ivan Petrovsky")
        # the portal's date control (issue 37), in English: dd/mm/yyyy
        person.get_by_label(compliance["fields"]["dateOfBirth"]).fill("14/03/1971")
        person.get_by_label(compliance["fields"]["nationality"]).fill("RU")
        person.get_by_label(compliance["fields"]["countryOfResidence"]).fill("RU")
        person.get_by_label(compliance["fields"]["ownershipPercent"]).fill("60")
        person.get_by_role("button", name=compliance["addPerson"]["submit"]).click()
        expect(page.get_by_test_id("case-people")).to_contain_text("Ivan Petrovsky")
        hit = page.get_by_test_id("hit")
        expect(hit).to_have_count(1)
        expect(hit.get_by_test_id("hit-status")).to_have_attribute("data-status", "open")
        audit.check(page, "/admin compliance case with a hit", "en")

        hit.get_by_role("button", name=compliance["decide"]["named"].replace("{{name}}", "Ivan Petrovsky")).click()
        decide = page.get_by_role("dialog", name=compliance["decide"]["title"])
        decide.get_by_label(compliance["decide"]["false_positive"]).check()
        decide.get_by_label(compliance["decide"]["reason"]).fill("Another person: passport and birthplace differ")
        audit.check(page, "/admin compliance decision dialog", "en")
        decide.get_by_role("button", name=compliance["decide"]["submit"]).click()
        expect(page.get_by_test_id("hit-status")).to_have_attribute("data-status", "cleared")

        page.get_by_role("button", name=compliance["case"]["submit"]).click()
        expect(page.get_by_test_id("case-status")).to_have_attribute("data-status", "in_review")
        page.get_by_role("button", name=compliance["case"]["approve"], exact=True).click()
        expect(page.get_by_test_id("case-status")).to_have_attribute("data-status", "approved")
        audit.check(page, "/admin compliance approved case", "en")

        # The handover: completing the application hands its company to the approved client.
        handover, applications = texts("en", "handover"), texts("en", "applications")
        page.goto(f"/admin/applications/{application_id}")
        page.get_by_role("combobox", name=applications["detail"]["update"]["statusLabel"], exact=True).click()
        page.get_by_role("option", name=applications["status"]["completed"], exact=True).click()
        page.get_by_role("combobox", name=handover["form"]["label"]).click()
        page.get_by_role("option", name=name, exact=True).click()
        audit.check(page, "/admin/applications/:id handover", "en")
        page.get_by_role("button", name=applications["detail"]["update"]["submit"]).click()
        client = page.get_by_test_id("handover-client")
        expect(client).to_contain_text(name)
        expect(client).to_contain_text(handover["client"]["status"]["approved"])
        audit.check(page, "/admin/applications/:id handed over", "en")
    audit.assert_clean()
