"""Issue 15, Two-factor sign-in, in Chromium: a fresh admin (made on the command line without a second factor)
signs in, is taken to the enrolment, reads the key shown as text into an "authenticator" (pyotp), confirms with
its code, is shown the ten recovery codes once and reaches /admin; from then on the login form asks for the
code after the password, and a recovery code works there too."""

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from conftest import UNENROLLED_ADMIN_PASSWORD, new_admin, totp_code
from web.e2e.conftest import new_context
from web.e2e.signin import login_texts, sign_in

LOCALES = Path(__file__).resolve().parents[1] / "public" / "locales"


def security_texts(language: str) -> Any:
    return json.loads((LOCALES / language / "security.json").read_text())


@pytest.mark.parametrize("language", ["et", "en"])
def test_a_fresh_admin_enrols_at_the_first_sign_in_and_then_gives_the_code(
        browser: Browser, gateway: str, stack: Any, language: str) -> None:
    texts, name = security_texts(language), new_admin(stack)
    context = new_context(browser, gateway, language)
    page = context.new_page()
    sign_in(page, name, UNENROLLED_ADMIN_PASSWORD, language=language)
    expect(page).to_have_url(re.compile("/second-factor$"))
    # A new account reads Estonian; the page follows the account's language once signed in.
    assert page.request.post("/api/set-language", data={"language": language}, headers={"Origin": gateway}).ok
    page.reload()
    expect(page.get_by_role("heading", name=texts["enrol"]["title"])).to_be_visible()
    page.goto("/admin")  # not before the second factor
    expect(page).to_have_url(re.compile("/second-factor$"))

    page.get_by_role("button", name=texts["enrol"]["start"]).click()
    expect(page.get_by_role("img", name=texts["enrol"]["qrAlt"])).to_be_visible()
    secret = page.get_by_test_id("totp-secret").inner_text().strip()
    page.get_by_label(texts["enrol"]["codeLabel"]).fill(totp_code(secret))
    page.get_by_role("button", name=texts["enrol"]["confirm"], exact=True).click()

    codes = page.get_by_test_id("recovery-codes").get_by_role("listitem")
    expect(codes).to_have_count(10)
    recovery_code = codes.nth(0).inner_text().strip()
    page.get_by_role("button", name=texts["enrol"]["continue"]).click()
    expect(page).to_have_url(re.compile("/admin$"))
    context.close()

    # The next sign-in asks for the code after the password; a recovery code does as well, once.
    for code in (totp_code(secret), recovery_code):
        context = new_context(browser, gateway, language)
        page = context.new_page()
        sign_in(page, name, UNENROLLED_ADMIN_PASSWORD, code, language=language)
        expect(page).to_have_url(re.compile("/admin$"))
        context.close()
    context = new_context(browser, gateway, language)
    page = context.new_page()
    sign_in(page, name, UNENROLLED_ADMIN_PASSWORD, recovery_code, language=language)
    expect(page.get_by_text(login_texts(language)["code"]["wrong"])).to_be_visible()
    expect(page).to_have_url(re.compile("/auth"))
    context.close()


def test_an_applicant_turns_it_on_from_the_profile(browser: Browser, gateway: str, make_applicant: Any) -> None:
    """'Applicants may turn it on from their profile'; then the login form asks for the code."""
    texts, applicant = security_texts("en"), make_applicant(language="en")
    context = new_context(browser, gateway, "en")
    page = context.new_page()
    sign_in(page, applicant.user["username"], applicant.password)
    expect(page).to_have_url(re.compile("/dashboard"))
    page.goto("/dashboard?tab=profile")
    expect(page.get_by_test_id("second-factor-state")).to_have_text(texts["card"]["off"])
    page.get_by_role("link", name=texts["card"]["turnOn"]).click()
    expect(page).to_have_url(re.compile("/second-factor$"))
    page.get_by_role("button", name=texts["enrol"]["start"]).click()
    secret = page.get_by_test_id("totp-secret").inner_text().strip()
    page.get_by_label(texts["enrol"]["codeLabel"]).fill(totp_code(secret))
    page.get_by_role("button", name=texts["enrol"]["confirm"], exact=True).click()
    expect(page.get_by_test_id("recovery-codes").get_by_role("listitem")).to_have_count(10)
    page.get_by_role("button", name=texts["enrol"]["continue"]).click()
    expect(page).to_have_url(re.compile("/dashboard$"))
    page.goto("/dashboard?tab=profile")
    expect(page.get_by_test_id("second-factor-state")).to_have_text(texts["card"]["on"])
    context.close()

    context = new_context(browser, gateway, "en")
    page = context.new_page()
    sign_in(page, applicant.user["username"], applicant.password, totp_code(secret))
    expect(page).to_have_url(re.compile("/dashboard$"))
    context.close()
