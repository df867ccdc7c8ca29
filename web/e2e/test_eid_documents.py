"""Issues 33 and 36 in Chromium at phone width, in Estonian: the dashboard shows signing the board member's consent
as the next step and opens its sign dialog in the Contracts tab; the Resign action asks for a reason before the
term's end, makes the letter and opens its sign dialog; once signed with Smart-ID (through the API: the dialog's eID
methods are tested with it), the applicant and the admin's company card offer the .asice. axe-core finds nothing on
the card, the dialog and the admin's card."""

import re
from datetime import timedelta
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, expect

from conftest import Applicant
from services.contracts.tests.test_api import MakeApplicant, registered
from services.contracts.tests.test_eid_documents import (
    approved,
    assign,
    consent_for,
    new_company,
    sign_with_smart_id,
    today,
)
from testkit.accounts import ADMIN_PASSWORD, ADMIN_USERNAME, admin_otp
from web.e2e.signin import admin_language_kept, sign_in
from web.e2e.test_accessibility import SIZES, Audit, audit_context, texts, use_language

FOCUS_IN_DIALOG = "() => document.activeElement !== null && document.activeElement.closest('[role=dialog]') !== null"


def close_the_dialog(page: Page) -> None:
    """Escape once the dialog holds the focus: its layer listens for the key from then on."""
    page.wait_for_function(FOCUS_IN_DIALOG)
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog")).to_have_count(0)


def test_the_consent_and_a_resignation_from_the_dashboard(browser: Browser, stack: Any, gateway: str,
                                                          make_applicant: MakeApplicant,
                                                          admin_client: httpx.Client) -> None:
    applicant: Applicant = registered(make_applicant)
    application_id = approved(admin_client, stack, applicant)
    company = new_company(admin_client, "Telliskivi Riiul OÜ")
    assign(admin_client, application_id, company["id"], today() - timedelta(days=30))
    consent = consent_for(applicant, company)
    words = texts("et", "eidDocuments")
    audit = Audit()

    with audit_context(browser, gateway) as context:
        page = context.new_page()
        page.set_viewport_size(SIZES["phone"])
        sign_in(page, applicant.user["username"], applicant.password, language="et")
        expect(page).to_have_url(re.compile("/dashboard$"))
        use_language(page, "et")
        page.set_viewport_size(SIZES["phone"])
        card = page.get_by_test_id("board-consent-card")
        expect(card).to_contain_text(words["consent"]["pending"].replace("{{company}}", company["name"]))
        audit.check(page, "/dashboard with the consent to sign", "et")
        # Issue 36: the liability notice comes before the consent; signing is offered once it is acknowledged.
        expect(card).to_contain_text(words["consent"]["noticeFirst"])
        expect(card.get_by_role("link", name=words["consent"]["sign"])).to_have_count(0)
        version = applicant.client.get("/api/mandate/notice").json()["version"]
        acknowledged = applicant.client.post("/api/mandate/notice/acknowledgement", json={"version": version})
        assert acknowledged.status_code == 200, acknowledged.text
        page.reload()

        card.get_by_role("link", name=words["consent"]["sign"]).click()
        expect(page).to_have_url(re.compile(f"tab=contracts&sign={consent['id']}$"))
        expect(page.get_by_role("dialog")).to_be_visible()
        close_the_dialog(page)

        page.goto("/dashboard")
        page.set_viewport_size(SIZES["phone"])
        page.get_by_role("button", name=words["resign"]["button"]).click()
        dialog = page.get_by_role("dialog", name=words["resign"]["title"])
        expect(dialog).to_be_visible()
        dialog.get_by_role("button", name=words["resign"]["confirm"]).click()
        expect(dialog.get_by_role("alert")).to_have_text(words["resign"]["reasonRequired"])
        audit.check(page, "/dashboard resign dialog, reason missing", "et")
        dialog.get_by_label(words["resign"]["reasonLabel"]).fill("Osanikud ei vasta mu kirjadele")
        dialog.get_by_role("button", name=words["resign"]["confirm"]).click()
        expect(page).to_have_url(re.compile(r"tab=contracts&sign=\d+$"))
        letter = applicant.client.get("/api/mandate/resignation").json()
        assert "Osanikud ei vasta mu kirjadele" in letter["content"]
        assert page.url.endswith(f"sign={letter['id']}")
        expect(page.get_by_role("dialog")).to_be_visible()
        close_the_dialog(page)

        sign_with_smart_id(applicant, consent["id"])
        page.goto("/dashboard")
        download = page.get_by_role("link", name=words["consent"]["download"])
        expect(download).to_have_attribute("href", f"/api/contracts/{consent['id']}/asice")
        expect(page.get_by_role("link", name=words["resign"]["signLetter"])).to_be_visible()
        audit.check(page, "/dashboard with the signed consent and an open letter", "et")

    with admin_language_kept(admin_client), audit_context(browser, gateway) as context:
        page = context.new_page()
        sign_in(page, ADMIN_USERNAME, ADMIN_PASSWORD, admin_otp())
        expect(page).to_have_url(re.compile("/admin$"))
        page.goto(f"/admin/applications/{application_id}")
        use_language(page, "et")
        consent_row = page.get_by_test_id("register-board_consent")
        expect(consent_row).to_contain_text(words["admin"]["consent"])
        expect(consent_row.get_by_role("link")).to_have_attribute("href", f"/api/contracts/{consent['id']}/asice")
        expect(page.get_by_test_id("register-resignation")).to_contain_text(words["admin"]["unsigned"])
        audit.check(page, "/admin application with the register's documents", "et")
    audit.assert_clean()
