"""Issue 18, Accessibility (WCAG 2.1 AA): axe-core, run in Chromium over every route, tab and dialog of the SPA,
in Estonian and English, at desktop (1366×800) and phone (390×844) size, finds no violation of any impact (the
WCAG 2.0/2.1 A and AA rules and axe's best practices). Every state is checked at both sizes by resizing the
same page, so the whole sweep needs one browser and three profiles: a visitor, an applicant and an admin."""

import json
import re
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, Applicant, admin_otp, eventually
from web.e2e.conftest import PAGE_WAIT_MS, wait_until_the_landing_page_is_live
from web.e2e.signin import sign_in

WEB = Path(__file__).resolve().parents[1]
AXE_SCRIPT = WEB / "node_modules" / "axe-core" / "axe.min.js"
LOCALES = WEB / "public" / "locales"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
SIZES = {"desktop": {"width": 1366, "height": 800}, "phone": {"width": 390, "height": 844}}
LANGUAGES = ("et", "en")
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"

RUN_AXE = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return {
    passed: result.passes.length,
    violations: result.violations.map((violation) => ({
      id: violation.id, impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    })),
  };
}"""
# Two frames after a resize: React's media-query listeners have re-rendered and the layout is settled.
SETTLE = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null))))"


def texts(language: str, namespace: str) -> dict[str, Any]:
    """The UI's own words, so the test follows the locale files rather than copies of them."""
    loaded: dict[str, Any] = json.loads((LOCALES / language / f"{namespace}.json").read_text(encoding="utf-8"))
    return loaded


class Audit:
    """Runs axe-core over page states and keeps every violation, named by state, language and size."""

    def __init__(self) -> None:
        self.violations: list[str] = []
        self.states = 0

    def check(self, page: Page, state: str, language: str) -> None:
        if page.evaluate("typeof window.axe === 'undefined'"):
            page.add_script_tag(path=str(AXE_SCRIPT))
        for size_name, size in SIZES.items():
            page.set_viewport_size(size)
            page.evaluate(SETTLE)
            result = page.evaluate(RUN_AXE, AXE_TAGS)
            assert result["passed"] > 0, f"axe-core checked nothing on {state}"
            for violation in result["violations"]:
                self.violations.append(f"{state} [{language}, {size_name}]: {violation['id']} "
                                       f"({violation['impact']}) on {violation['targets'][:6]}")
            self.states += 1
        page.set_viewport_size(SIZES["desktop"])

    def assert_clean(self) -> None:
        assert self.violations == [], "axe-core found violations:\n" + "\n".join(self.violations)


@pytest.fixture
def audit() -> Iterator[Audit]:
    yield Audit()


def audit_context(browser: Browser, gateway: str) -> BrowserContext:
    """axe is injected as an inline script, which the gateway's Content-Security-Policy rightly forbids the SPA."""
    context = browser.new_context(base_url=gateway, locale="et", viewport=SIZES["desktop"], reduced_motion="reduce",
                                  bypass_csp=True)
    context.set_default_timeout(PAGE_WAIT_MS)
    return context


def use_language(page: Page, language: str) -> None:
    """The language switcher, as a reader would: it shows the page in that language and saves it on the account.
    It waits until the page has the signed-in user (the header's logout button): a click before that only switches
    the page, and the account's saved language then takes over (web/src/app/LanguageSync.tsx), as run 26 saw.
    It returns once the account has the language too."""
    logout = "|".join(re.escape(texts(other, "common")["nav"]["logout"]) for other in LANGUAGES)
    expect(page.get_by_role("button", name=re.compile(f"^({logout})$"), include_hidden=True).first).to_be_attached()
    page.get_by_role("button", name=texts(language, "common")["language"][language], exact=True).first.click()
    expect(page.locator("html")).to_have_attribute("lang", language)
    # The switch is saved in a request of its own: a page opened before it is answered loads the account's old
    # language (run 35: the access history page came in Estonian).
    eventually(lambda: page.request.get("/api/user").json()["language"] == language, PAGE_WAIT_MS / 1000,
               f"the account's language saved as {language}")


def close_dialog(page: Page) -> None:
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(page.get_by_role("alertdialog")).to_have_count(0)


def check_public_pages(page: Page, audit: Audit, language: str) -> None:
    common, auth, contract = texts(language, "common"), texts(language, "auth"), texts(language, "contract")
    contact = texts(language, "contact")
    page.goto(f"/?lng={language}")
    expect(page.locator("html")).to_have_attribute("lang", language)
    wait_until_the_landing_page_is_live(page)  # its FAQ buttons below do nothing before
    expect(page.locator("#contact")).to_be_attached()
    page.locator("#contact").scroll_into_view_if_needed()  # the landing page renders its lower sections near view
    expect(page.locator("#contact form")).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    audit.check(page, "/", language)
    # An open FAQ answer, and the contact form refusing an empty message with its errors.
    page.locator("#faq").get_by_role("button").first.click()
    page.locator("#contact").get_by_role("button", name=contact["form"]["submit"]).click()
    expect(page.locator("#contact [aria-invalid=true]").first).to_be_visible()
    audit.check(page, "/ FAQ answer and contact form errors", language)

    page.set_viewport_size(SIZES["phone"])
    page.get_by_role("button", name=common["nav"]["openMenu"]).click()
    expect(page.get_by_role("dialog")).to_be_visible()
    audit.check(page, "/ mobile menu", language)
    close_dialog(page)

    for path in ("/terms", "/privacy", "/cookies", "/gdpr", "/verify", "/no-such-page"):
        page.goto(f"{path}?lng={language}")
        expect(page.get_by_role("heading", level=1)).to_be_visible()
        audit.check(page, path, language)

    page.goto(f"/auth?lng={language}")
    expect(page.get_by_role("tab", name=auth["tabs"]["login"])).to_have_attribute("aria-selected", "true")
    audit.check(page, "/auth login", language)
    page.get_by_role("tab", name=auth["tabs"]["register"]).click()
    checkbox = page.get_by_role("checkbox", name=auth["register"]["employmentContract"])
    expect(checkbox).to_be_visible()
    audit.check(page, "/auth register", language)
    page.get_by_role("button", name=auth["register"]["dateOfBirthPicker"]["openCalendar"]).click()
    expect(page.get_by_role("grid")).to_be_visible()
    audit.check(page, "/auth register, date of birth calendar open", language)
    page.keyboard.press("Escape")
    expect(page.get_by_role("grid")).to_have_count(0)
    page.get_by_role("button", name=auth["register"]["submit"]).click()
    expect(page.locator("form [aria-invalid=true]").first).to_be_visible()
    audit.check(page, "/auth register with errors", language)
    checkbox.click()
    dialog = page.get_by_role("dialog")
    expect(dialog.get_by_role("heading", name=contract["dialog"]["title"], exact=True)).to_be_visible()
    expect(dialog.get_by_role("region", name=contract["dialog"]["textLabel"])).to_be_visible()
    audit.check(page, "/auth registration contract dialog", language)
    close_dialog(page)


def test_public_pages_have_no_axe_violations(browser: Browser, gateway: str, audit: Audit) -> None:
    context = audit_context(browser, gateway)
    try:
        page = context.new_page()
        for language in LANGUAGES:
            check_public_pages(page, audit, language)
    finally:
        context.close()
    audit.assert_clean()


def press_tab_until(page: Page, target: Locator, limit: int = 40) -> None:
    """Moves the focus with the Tab key alone until it is on ``target``."""
    for _ in range(limit):
        if target.evaluate("element => element === document.activeElement"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {target}")


def test_the_registration_contract_scrolls_from_the_keyboard(browser: Browser, gateway: str) -> None:
    """Issue 18: 'The contract dialog opened from the keyboard lets the reader scroll the contract (a focusable
    scroll area) instead of jumping past it': Tab reaches the contract's text, a labelled region, and the arrow
    keys scroll it."""
    auth, contract = texts("en", "auth"), texts("en", "contract")
    context = audit_context(browser, gateway)
    try:
        page = context.new_page()
        page.set_viewport_size(SIZES["phone"])
        page.goto("/auth?tab=register&lng=en")
        checkbox = page.get_by_role("checkbox", name=auth["register"]["employmentContract"])
        checkbox.focus()
        page.keyboard.press("Space")
        dialog = page.get_by_role("dialog")
        text = dialog.get_by_role("region", name=contract["dialog"]["textLabel"])
        expect(text).to_be_visible()
        press_tab_until(page, text)
        assert text.evaluate("element => element.scrollTop") == 0
        page.keyboard.press("PageDown")
        eventually(lambda: text.evaluate("element => element.scrollTop") > 0, 5, "the contract scrolled by keys")
    finally:
        context.close()


def set_up_applicant(make_applicant: Callable[..., Applicant], admin_client: httpx.Client) -> tuple[Applicant, str]:
    """An applicant with something in every tab: an answered and an open document request, the employment contract
    signed at registration and a contract still to sign, and a contact message for the admin's lists."""
    full_name = f"Liis Ligipääs {uuid.uuid4().hex[:6]}"
    applicant = make_applicant(fullName=full_name)
    user_id = applicant.user["id"]
    eventually(lambda: admin_client.post("/api/document-requests", json={
        "userId": user_id, "name": "Passport copy"}).status_code == 201, 15, "the documents service knows the user")
    answered = admin_client.post("/api/document-requests", json={"userId": user_id, "name": "Diploma"}).json()
    uploaded = applicant.client.post("/api/documents", data={"requestId": str(answered["id"])},
                                     files={"file": ("diploma.pdf", PDF, "application/pdf")})
    assert uploaded.status_code == 201, uploaded.text
    eventually(lambda: len(applicant.client.get("/api/contracts").json()) == 1, 15, "the employment contract")
    title = f"Board member agreement {uuid.uuid4().hex[:6]}"
    created = admin_client.post("/api/contracts", json={"userId": user_id, "title": title,
                                                        "content": "1. Signs the annual report.\n2. 500 euros."})
    assert created.status_code == 201, created.text
    sent = applicant.client.post("/api/contact", json={"name": full_name, "email": applicant.user["email"],
                                                       "subject": "A question", "message": "When is my file reviewed?"})
    assert sent.status_code == 201, sent.text
    return applicant, title


def check_dashboard(page: Page, audit: Audit, language: str, contract_title: str) -> None:
    tabs, documents = texts(language, "dashboard")["tabs"], texts(language, "documents")
    contracts = texts(language, "contracts")
    page.goto("/dashboard")
    expect(page.get_by_role("tablist")).to_be_visible()
    use_language(page, language)
    expect(page.get_by_role("tab", name=tabs["application"])).to_have_attribute("aria-selected", "true")
    expect(page.get_by_role("tabpanel").get_by_role("heading").first).to_be_visible()
    audit.check(page, "/dashboard application", language)

    page.get_by_role("tab", name=tabs["documents"]).click()
    upload = page.get_by_role("button", name=documents["actions"]["uploadNamed"].replace("{{name}}", "Passport copy"))
    expect(page.get_by_test_id("document-row")).to_have_count(1)
    audit.check(page, "/dashboard documents", language)
    upload.click()
    expect(page.get_by_role("dialog").get_by_role("heading", name="Passport copy")).to_be_visible()
    audit.check(page, "/dashboard upload dialog", language)
    close_dialog(page)

    page.get_by_role("tab", name=tabs["contracts"]).click()
    expect(page.get_by_test_id("contract-row")).to_have_count(2)
    audit.check(page, "/dashboard contracts", language)
    page.get_by_role("button", name=contracts["actions"]["viewNamed"].replace("{{title}}", contract_title)).click()
    expect(page.get_by_role("dialog").get_by_test_id("contract-content")).to_be_visible()
    audit.check(page, "/dashboard contract view", language)
    close_dialog(page)
    page.get_by_role("button", name=contracts["actions"]["signNamed"].replace("{{title}}", contract_title)).click()
    expect(page.get_by_role("dialog").get_by_role("radio").first).to_be_visible()
    audit.check(page, "/dashboard sign dialog", language)
    close_dialog(page)

    page.get_by_role("tab", name=tabs["profile"]).click()
    expect(page.get_by_role("tabpanel").get_by_role("heading").first).to_be_visible()
    audit.check(page, "/dashboard profile", language)


def test_the_applicant_dashboard_has_no_axe_violations(browser: Browser, gateway: str, audit: Audit,
                                                         make_applicant: Callable[..., Applicant],
                                                         admin_client: httpx.Client) -> None:
    applicant, contract_title = set_up_applicant(make_applicant, admin_client)
    context = audit_context(browser, gateway)
    try:
        page = context.new_page()
        sign_in(page, applicant.user["username"], applicant.password)
        expect(page).to_have_url(re.compile("/dashboard$"))
        for language in LANGUAGES:
            check_dashboard(page, audit, language, contract_title)
    finally:
        context.close()
    audit.assert_clean()


def check_admin_lists(page: Page, audit: Audit, language: str, applicant_name: str) -> None:
    admin, applications = texts(language, "admin"), texts(language, "applications")
    documents, contracts = texts(language, "documents"), texts(language, "contracts")
    page.goto("/admin")
    expect(page.get_by_test_id("application-row").first).to_be_visible()
    use_language(page, language)
    expect(page.get_by_role("heading", name=applications["companies"]["title"])).to_be_visible()
    audit.check(page, "/admin applications and companies", language)
    page.get_by_role("button", name=applications["companies"]["add"]).click()
    expect(page.get_by_role("dialog")).to_be_visible()
    audit.check(page, "/admin add company dialog", language)
    close_dialog(page)

    page.get_by_role("tab", name=admin["tabs"]["documents"]).click()
    expect(page.get_by_test_id("admin-document-row").first).to_be_visible()
    audit.check(page, "/admin documents", language)
    # The applicant's own pending document, found as an admin finds it: other tests' may be reviewed already, and
    # their newer ones push it off the first page while this test runs (issue 32, in parallel; run 34).
    page.get_by_label(documents["admin"]["search"]).fill(applicant_name)
    # The search answers after a pause: a dialog opened before would have the list change under it.
    expect(page.get_by_test_id("admin-document-row").filter(has_not_text=applicant_name)).to_have_count(0)
    own = page.get_by_test_id("admin-document-row").filter(has_text=applicant_name)
    own.get_by_role("button", name=re.compile("^" + re.escape(documents["actions"]["reject"]))).click()
    expect(page.get_by_role("alertdialog")).to_be_visible()
    audit.check(page, "/admin reject document dialog", language)
    close_dialog(page)
    page.get_by_role("button", name=documents["request"]["open"]).click()
    expect(page.get_by_role("dialog").get_by_role("heading", name=documents["request"]["title"])).to_be_visible()
    audit.check(page, "/admin request document dialog", language)
    calendar = texts(language, "common")["dateField"]["openCalendar"]
    page.get_by_role("dialog").get_by_role("button", name=calendar).click()
    expect(page.get_by_role("grid")).to_be_visible()
    audit.check(page, "/admin request document dialog, calendar open", language)
    page.keyboard.press("Escape")
    expect(page.get_by_role("grid")).to_have_count(0)
    close_dialog(page)
    close_dialog(page)
    page.get_by_role("button", name=documents["admin"]["views"]["requests"]).click()
    expect(page).to_have_url(re.compile("view=requests"))
    expect(page.get_by_role("table").first).to_be_visible()
    audit.check(page, "/admin document requests", language)

    page.get_by_role("tab", name=admin["tabs"]["contracts"]).click()
    expect(page.get_by_test_id("admin-contract-row").first).to_be_visible()
    audit.check(page, "/admin contracts", language)
    page.get_by_test_id("admin-contract-row").first.get_by_role(
        "button", name=re.compile("^" + re.escape(contracts["actions"]["view"]))).click()
    expect(page.get_by_role("dialog").get_by_test_id("contract-content")).to_be_visible()
    audit.check(page, "/admin contract view", language)
    close_dialog(page)
    page.get_by_role("button", name=contracts["create"]["open"]).click()
    expect(page.get_by_role("dialog").get_by_role("heading", name=contracts["create"]["title"])).to_be_visible()
    audit.check(page, "/admin create contract dialog", language)
    close_dialog(page)

    page.get_by_role("tab", name=admin["tabs"]["messages"]).click()
    expect(page.get_by_role("tabpanel").get_by_role("table").first).to_be_visible()
    audit.check(page, "/admin messages", language)

    page.get_by_role("tab", name=admin["tabs"]["emails"]).click()
    expect(page.get_by_role("tabpanel").get_by_role("table").first).to_be_visible()
    audit.check(page, "/admin e-mails", language)


def check_application_file(page: Page, audit: Audit, language: str, application_id: int) -> None:
    applications = texts(language, "applications")
    page.goto(f"/admin/applications/{application_id}")
    expect(page.get_by_role("heading", name=applications["detail"]["title"].replace("{{id}}", str(application_id))))\
        .to_be_visible()
    use_language(page, language)
    expect(page.get_by_test_id("applicant-file").get_by_role("table").first).to_be_visible()
    audit.check(page, "/admin/applications/:id", language)
    page.get_by_role("button", name=applications["detail"]["reject"]["button"]).click()
    expect(page.get_by_role("alertdialog")).to_be_visible()
    audit.check(page, "/admin/applications/:id reject dialog", language)
    close_dialog(page)


def test_the_admin_area_has_no_axe_violations(browser: Browser, gateway: str, audit: Audit,
                                              make_applicant: Callable[..., Applicant],
                                              admin_client: httpx.Client) -> None:
    applicant, _ = set_up_applicant(make_applicant, admin_client)
    application_id = eventually(lambda: next((entry["id"] for entry in admin_client.get(
        "/api/admin/applications", params={"limit": 200}).json() if entry["userId"] == applicant.user["id"]), None),
        15, "the application in the admin list")
    saved_language = admin_client.get("/api/user").json()["language"]
    context = audit_context(browser, gateway)
    try:
        page = context.new_page()
        sign_in(page, ADMIN_USERNAME, ADMIN_PASSWORD, admin_otp())
        expect(page).to_have_url(re.compile("/admin$"))
        for language in LANGUAGES:
            check_admin_lists(page, audit, language, applicant.user["fullName"])
            check_application_file(page, audit, language, application_id)
    finally:
        context.close()
        admin_client.post("/api/set-language", json={"language": saved_language})
    audit.assert_clean()
