"""Issue 35 in Chromium: a compliance officer creates a company client with a beneficial owner in the admin's
Compliance tab, sees the owner's sanctions hit, clears it with a reason, submits and approves the case; axe-core
finds nothing on the tab, the case and the decision dialog, at desktop and phone size."""

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, expect

from services.compliance.tests.support import admin_made_on_the_command_line, admin_on_the_command_line, fresh_lists
from testkit.accounts import ADMIN_PASSWORD, admin_otp
from web.e2e.signin import sign_in
from web.e2e.test_accessibility import Audit, audit_context, use_language

LOCALES = Path(__file__).resolve().parents[1] / "public" / "locales"


def texts(language: str, namespace: str) -> Any:
    return json.loads((LOCALES / language / f"{namespace}.json").read_text(encoding="utf-8"))


def test_an_officer_clears_a_hit_and_approves_a_company_client(browser: Browser, stack: Any, gateway: str) -> None:
    any_admin = admin_made_on_the_command_line(stack, gateway)
    try:
        fresh_lists(any_admin)
    finally:
        any_admin.close()
    officer = admin_on_the_command_line(stack, "--compliance-officer")
    compliance = texts("en", "compliance")
    audit = Audit()
    with audit_context(browser, gateway) as context:
        page = context.new_page()
        sign_in(page, officer, ADMIN_PASSWORD, admin_otp())
        expect(page).to_have_url(re.compile("/admin$"))
        page.goto("/admin?tab=compliance")
        use_language(page, "en")  # a new officer's account, its language saved for it alone
        expect(page.get_by_role("heading", name=compliance["clients"]["title"])).to_be_visible()
        audit.check(page, "/admin compliance", "en")

        page.get_by_role("button", name=compliance["newClient"]["open"]).click()
        dialog = page.get_by_role("dialog", name=compliance["newClient"]["title"])
        dialog.get_by_label(compliance["fields"]["name"]).fill("Baltic Shelf Holdings Ltd")
        dialog.get_by_label(compliance["fields"]["registryCode"]).fill("HE 401777")
        dialog.get_by_label(compliance["fields"]["country"]).fill("CY")
        dialog.get_by_label(compliance["fields"]["address"]).fill("1 Makariou III, Nicosia")
        dialog.get_by_label(compliance["fields"]["purpose"]).fill("Holding a shelf company")
        dialog.get_by_label(compliance["fields"]["sourceOfFunds"]).fill("Dividends of the trading group")
        dialog.get_by_role("button", name=compliance["newClient"]["submit"]).click()
        expect(page.get_by_role("heading", name="Baltic Shelf Holdings Ltd")).to_be_visible()

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
    audit.assert_clean()
