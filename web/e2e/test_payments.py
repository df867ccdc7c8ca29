"""Issue 23 in Chromium. "Bank details and tax choices": an applicant on a phone-width page enters an IBAN on the
dashboard's Payments tab and, once an admin has assigned a company with a registration date, sees a payment's net
amount. "The pay run (admin)": the admin's Payroll tab creates a pay run that holds that payment and approves it."""

import json
import random
import re
import uuid
from collections.abc import Callable
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, Applicant, admin_otp, eventually
from payroll.schedule import is_banking_day
from web.e2e.conftest import new_context
from web.e2e.signin import admin_language_kept, sign_in
from web.e2e.test_accessibility import Audit, audit_context, close_dialog, use_language

# Issue 32: a pay run takes every payment due, other tests' too: runs are made one at a time.
pytestmark = pytest.mark.one_at_a_time("pay_runs")

LOCALES = Path(__file__).resolve().parents[1] / "public" / "locales"
TALLINN = ZoneInfo("Europe/Tallinn")
IBAN = "EE38 2200 2210 2014 5685"


def texts(language: str, namespace: str) -> Any:
    return json.loads((LOCALES / language / f"{namespace}.json").read_text(encoding="utf-8"))


def today() -> date:
    return datetime.now(TALLINN).date()


def next_banking_day(day: date) -> date:
    while not is_banking_day(day):
        day += timedelta(days=1)
    return day


def assign_company(admin_client: httpx.Client, application_id: int, registered: date) -> str:
    """The admin's part through the API: approve the application, create a company and assign it with its
    registration date, from which payroll makes the six payments."""
    approved = admin_client.put(f"/api/admin/applications/{application_id}/status", json={"status": "approved"})
    assert approved.status_code == 200, approved.text
    name = f"Palgariiul {uuid.uuid4().hex[:6]} OÜ"
    company = admin_client.post("/api/admin/companies", json={
        "name": name, "registrationCode": str(random.randint(10_000_000, 99_999_999))})
    assert company.status_code == 201, company.text
    assigned = admin_client.put(f"/api/admin/applications/{application_id}/company",
                                json={"companyId": company.json()["id"], "registrationDate": registered.isoformat()})
    assert assigned.status_code == 200, assigned.text
    return name


def enter_bank_details(page: Page) -> None:
    payments = texts("et", "payments")
    page.get_by_role("tab", name=texts("et", "dashboard")["tabs"]["payments"]).click()
    expect(page.get_by_text(payments["schedule"]["empty"]["title"])).to_be_visible()
    expect(page.get_by_test_id("health-insurance")).to_contain_text("ei anna Eestis iseenesest ravikindlustust")

    page.get_by_label(payments["details"]["iban"]).fill("EE39 2200 2210 2014 5685")  # a wrong check digit
    page.get_by_role("button", name=payments["details"]["save"]).click()
    expect(page.get_by_label(payments["details"]["iban"])).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_test_id("payout-details-saved")).to_have_count(0)

    page.get_by_label(payments["details"]["iban"]).fill(IBAN.lower())
    page.get_by_role("checkbox", name=payments["details"]["basicExemption"]).click()
    page.get_by_label(payments["details"]["pensionRate"]).select_option("2")
    page.get_by_role("button", name=payments["details"]["save"]).click()
    expect(page.get_by_test_id("payout-details-saved")).to_be_visible()
    expect(page.get_by_test_id("payout-details").get_by_text(IBAN)).to_be_visible()


def test_an_applicant_enters_an_iban_on_a_phone_and_sees_the_net_amount(
        browser: Browser, gateway: str, make_applicant: Callable[..., Applicant], admin_client: httpx.Client) -> None:
    full_name = f"Piret Palk {uuid.uuid4().hex[:6]}"
    applicant = make_applicant(fullName=full_name)
    own = applicant.client.get("/api/application")
    assert own.status_code == 200, own.text
    application_id = own.json()["application"]["id"]

    context = new_context(browser, gateway, "et", width=390)
    try:
        page = context.new_page()
        sign_in(page, applicant.user["username"], applicant.password, language="et")
        expect(page).to_have_url(re.compile("/dashboard"))
        use_language(page, "et")
        enter_bank_details(page)
        assert applicant.client.get("/api/payout-details").json()["iban"] == IBAN

        # Registered three weeks ago: the first payment is already due, so today's pay run takes it.
        assign_company(admin_client, application_id, today() - timedelta(days=21))
        eventually(lambda: len(applicant.client.get("/api/payments").json()) == 6, 30, "payroll's six payments")
        page.reload()
        rows = page.get_by_test_id("payment-row")
        expect(rows).to_have_count(6)
        # 500 € gross, 2 % pension, the basic exemption asked for: 490 € reach the account (issue 23, Withholding).
        expect(rows.first.get_by_test_id("payment-net")).to_have_text(re.compile(r"^490,00\s€$"))
        expect(rows.first.get_by_test_id("payment-status")).to_have_text(texts("et", "payments")["status"]["scheduled"])
        assert page.evaluate("document.documentElement.scrollWidth") <= 390  # cards, not a wide table
    finally:
        context.close()

    with admin_language_kept(admin_client):
        create_and_approve_a_run(browser, gateway, full_name)
    assert applicant.client.get("/api/payments").json()[0]["status"] == "in_run"


def create_and_approve_a_run(browser: Browser, gateway: str, full_name: str) -> None:
    payroll = texts("en", "payroll")
    pay_date = next_banking_day(today())
    context = new_context(browser, gateway, "en")
    try:
        page = context.new_page()
        sign_in(page, ADMIN_USERNAME, ADMIN_PASSWORD, admin_otp())
        expect(page).to_have_url(re.compile("/admin$"))
        use_language(page, "en")
        page.get_by_role("tab", name=texts("en", "admin")["tabs"]["payroll"]).click()

        page.get_by_role("button", name=payroll["create"]["open"]).click()
        dialog = page.get_by_role("dialog", name=payroll["create"]["title"])
        # The portal's one date field (issue 37), as an English page writes a date.
        dialog.get_by_label(payroll["create"]["label"]).fill(f"{pay_date:%d/%m/%Y}")
        dialog.get_by_role("button", name=payroll["create"]["submit"]).click()
        expect(page).to_have_url(re.compile(r"[?&]run=\d+"))
        # The run's own badge: for a moment after the new run opens, the runs list may still be in the page.
        run_status = page.get_by_test_id("pay-run").get_by_test_id("run-status")
        expect(run_status).to_have_text(payroll["runStatus"]["draft"])

        line = page.get_by_test_id("pay-run-line").filter(has_text=full_name)
        expect(line).to_have_count(1)
        expect(line).to_contain_text("€490.00")
        expect(line.get_by_test_id("line-status")).to_have_text(payroll["lineStatus"]["ready"])
        expect(line).to_contain_text("EE38 **** **** **** 5685")

        page.get_by_role("button", name=payroll["approve"]["button"]).click()
        confirm = page.get_by_role("alertdialog", name=payroll["approve"]["title"])
        confirm.get_by_role("button", name=payroll["approve"]["confirm"]).click()
        expect(run_status).to_have_text(payroll["runStatus"]["approved"])
        expect(page.get_by_role("link", name=payroll["run"]["sepa"])).to_be_visible()
        expect(page.get_by_role("link", name=payroll["run"]["tsd"])).to_be_visible()
    finally:
        context.close()


def test_the_payments_and_payroll_tabs_have_no_axe_violations(
        browser: Browser, gateway: str, make_applicant: Callable[..., Applicant], admin_client: httpx.Client) -> None:
    """Issue 18's accessibility sweep over issue 23's new tabs, dialogs and the run view, in both languages and at
    desktop and phone size."""
    applicant = make_applicant(fullName=f"Anu Axe {uuid.uuid4().hex[:6]}")
    application_id = applicant.client.get("/api/application").json()["application"]["id"]
    saved = applicant.client.put("/api/payout-details", json={
        "iban": IBAN, "accountHolder": "Anu Axe", "basicExemption": False, "pensionRate": 0})
    assert saved.status_code == 200, saved.text
    assign_company(admin_client, application_id, today() - timedelta(days=21))
    eventually(lambda: len(applicant.client.get("/api/payments").json()) == 6, 30, "payroll's six payments")
    created = admin_client.post("/api/admin/pay-runs", json={"payDate": next_banking_day(today()).isoformat()})
    assert created.status_code == 201, created.text
    run_id = created.json()["id"]
    audit = Audit()

    context = audit_context(browser, gateway)
    try:
        page = context.new_page()
        sign_in(page, applicant.user["username"], applicant.password)
        expect(page).to_have_url(re.compile("/dashboard"))
        for language in ("et", "en"):
            details = texts(language, "payments")["details"]
            page.goto("/dashboard?tab=payments")
            use_language(page, language)
            expect(page.get_by_test_id("payment-row")).to_have_count(6)
            audit.check(page, "/dashboard payments", language)
            page.get_by_role("button", name=details["edit"]).click()
            expect(page.get_by_label(details["iban"])).to_be_visible()
            audit.check(page, "/dashboard payout details form", language)
    finally:
        context.close()

    with admin_language_kept(admin_client), audit_context(browser, gateway) as context:
        page = context.new_page()
        sign_in(page, ADMIN_USERNAME, ADMIN_PASSWORD, admin_otp())
        expect(page).to_have_url(re.compile("/admin$"))
        for language in ("et", "en"):
            payroll = texts(language, "payroll")
            page.goto("/admin?tab=payroll")
            use_language(page, language)
            expect(page.get_by_test_id("pay-run-row").first).to_be_visible()
            audit.check(page, "/admin payroll", language)
            page.get_by_role("button", name=payroll["create"]["open"]).click()
            expect(page.get_by_role("dialog", name=payroll["create"]["title"])).to_be_visible()
            audit.check(page, "/admin payroll new run dialog", language)
            close_dialog(page)

            page.goto(f"/admin?tab=payroll&run={run_id}")
            expect(page.get_by_test_id("pay-run-line").first).to_be_visible()
            audit.check(page, "/admin payroll run", language)
            page.get_by_role("button", name=payroll["approve"]["button"]).click()
            expect(page.get_by_role("alertdialog", name=payroll["approve"]["title"])).to_be_visible()
            audit.check(page, "/admin payroll approve dialog", language)
            close_dialog(page)
    audit.assert_clean()
