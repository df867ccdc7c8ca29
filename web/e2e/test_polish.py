"""Issue 18, 'Polish seen in the walkthrough', in Chromium through the real gateway, on Estonian pages: the
upload dialog's drop zone in the page's language, the date of birth as dd.mm.yyyy with an Estonian calendar,
no word split in the contract dialog, Approve and Reject on one line at 1366 px, the login form in a phone's
first screen, and the success toast after rejecting an application."""

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, Locator, Page, expect

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, Applicant, admin_otp, eventually
from web.e2e.conftest import PAGE_WAIT_MS, new_context

LOCALES = Path(__file__).resolve().parents[1] / "public" / "locales"
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


def et(namespace: str) -> dict[str, Any]:
    """The Estonian UI's own words."""
    loaded: dict[str, Any] = json.loads((LOCALES / "et" / f"{namespace}.json").read_text(encoding="utf-8"))
    return loaded


def sign_in(page: Page, gateway: str, username: str, password: str, otp: str | None = None) -> None:
    """Signs in through the API, so the page's context holds the session cookie."""
    response = page.request.post("/api/login", data={"username": username, "password": password, "otp": otp},
                                 headers={"Origin": gateway})
    assert response.ok, response.text()


def application_of(admin_client: httpx.Client, user_id: int) -> int:
    """The applications service learns of a registration from identity's event; wait for it to land."""
    def found() -> int | None:
        listed = admin_client.get("/api/admin/applications", params={"limit": 200}).json()
        return next((int(entry["id"]) for entry in listed if entry["userId"] == user_id), None)

    return int(eventually(found, 15, f"an application of user {user_id}"))


def admin_page(browser: Browser, gateway: str, width: int, height: int = 900) -> Page:
    context = browser.new_context(base_url=gateway, locale="et", viewport={"width": width, "height": height},
                                  reduced_motion="reduce")
    context.set_default_timeout(PAGE_WAIT_MS)
    page = context.new_page()
    sign_in(page, gateway, ADMIN_USERNAME, ADMIN_PASSWORD, admin_otp())
    return page


def test_estonian_upload_dialog_has_a_translated_drop_zone(browser: Browser, gateway: str,
                                                           make_applicant: Callable[..., Applicant]) -> None:
    """The native 'Choose File' button follows the browser's language: a drop zone in Estonian instead."""
    applicant = make_applicant()
    texts = et("documents")["upload"]
    context = new_context(browser, gateway, "en")  # an English browser, an Estonian page
    page = context.new_page()
    sign_in(page, gateway, applicant.user["username"], applicant.password)
    page.goto("/dashboard?lng=et")
    page.get_by_role("tab", name=et("dashboard")["tabs"]["documents"]).click()
    page.get_by_role("button", name=texts["open"]).first.click()
    dialog = page.get_by_role("dialog")
    zone = dialog.get_by_test_id("file-drop-zone")
    expect(zone).to_be_visible()
    expect(zone.get_by_role("button", name=texts["drop"]["prompt"])).to_be_visible()
    file_input = dialog.locator("input[type=file]")
    expect(file_input).to_be_hidden()  # the browser's own button, in the browser's language, is not shown

    file_input.set_input_files({"name": "tõend.pdf", "mimeType": "application/pdf", "buffer": PDF})
    expect(zone).to_contain_text("tõend.pdf")
    expect(dialog.get_by_label(texts["name"])).to_have_value("tõend")
    dialog.get_by_role("button", name=texts["submit"], exact=True).click()
    expect(page.get_by_text(texts["toast"]["success"]["title"]).first).to_be_visible()
    assert [d["name"] for d in applicant.client.get("/api/documents").json()] == ["tõend"]
    context.close()


def test_date_of_birth_reads_and_types_dd_mm_yyyy_in_estonian(browser: Browser, gateway: str) -> None:
    """The date of birth no longer shows the browser's mm/dd/yyyy: typed and picked as dd.mm.yyyy."""
    texts = et("auth")["register"]
    context = new_context(browser, gateway, "en-US")  # mm/dd/yyyy is what an American Chrome's date input shows
    page = context.new_page()
    page.goto("/auth?tab=register&lng=et")
    field = page.get_by_label(texts["dateOfBirth"], exact=True)
    expect(field).to_have_attribute("type", "text")
    expect(field).to_have_attribute("placeholder", "pp.kk.aaaa")
    field.fill("03.05.1976")
    expect(field).to_have_value("03.05.1976")

    page.get_by_role("button", name=texts["dateOfBirthPicker"]["openCalendar"]).click()
    grid = page.get_by_role("grid")
    expect(grid).to_be_visible()
    expect(grid).to_have_accessible_name(re.compile("mai 1976", re.IGNORECASE))  # Estonian month names
    grid.get_by_role("button", name=re.compile(r"\b15\b")).click()
    expect(grid).to_be_hidden()
    expect(field).to_have_value("15.05.1976")
    context.close()


def test_contract_dialog_wraps_whole_words_on_a_phone(browser: Browser, gateway: str) -> None:
    """The registration contract dialog no longer breaks 'Services' mid-word (word-break: break-all)."""
    context = new_context(browser, gateway, "et", width=390)
    page = context.new_page()
    page.goto("/auth?tab=register&lng=et")
    page.get_by_role("checkbox", name=et("auth")["register"]["employmentContract"]).click()
    dialog = page.get_by_role("dialog")
    # The signatory's line of the signature block ('<name>, Shelf Board Services OÜ'), where it broke.
    value = dialog.locator("dd", has_text=re.compile(", Shelf Board Services")).first
    value.scroll_into_view_if_needed()
    expect(value).to_be_visible()
    style = value.evaluate("e => [getComputedStyle(e).wordBreak, getComputedStyle(e).overflowWrap]")
    assert style[0] != "break-all"
    assert style[1] in ("break-word", "anywhere")
    assert lines_of_word(value, "Services") == 1
    context.close()


def lines_of_word(element: Locator, word: str) -> int:
    """On how many lines the browser lays out `word` inside the element's text."""
    lines: int = element.evaluate(
        """(e, word) => {
            const text = [...e.childNodes].find(n => n.nodeType === Node.TEXT_NODE && n.data.includes(word));
            const range = document.createRange();
            const start = text.data.indexOf(word);
            range.setStart(text, start);
            range.setEnd(text, start + word.length);
            return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
        }""", word)
    return lines


def test_approve_and_reject_stay_on_one_line_at_1366(browser: Browser, gateway: str,
                                                     make_applicant: Callable[..., Applicant],
                                                     admin_client: httpx.Client) -> None:
    """On the applicant's file at 1366 px, a pending document's Approve and Reject sit side by side, each one line."""
    applicant = make_applicant()
    uploaded = applicant.client.post("/api/documents", data={"name": "Passport"},
                                     files={"file": ("passport.pdf", PDF, "application/pdf")})
    assert uploaded.status_code == 201, uploaded.text
    application_id = application_of(admin_client, int(applicant.user["id"]))
    actions = et("documents")["actions"]
    page = admin_page(browser, gateway, 1366, 768)
    page.goto(f"/admin/applications/{application_id}?lng=et")
    row = page.get_by_test_id("admin-document-row").filter(has_text="Passport")
    approve = row.get_by_role("button", name=actions["approveNamed"].replace("{{name}}", "Passport"))
    reject = row.get_by_role("button", name=actions["rejectNamed"].replace("{{name}}", "Passport"))
    expect(approve).to_be_visible(timeout=30_000)  # the file page's code loads on demand
    approve_box, reject_box = approve.bounding_box(), reject.bounding_box()
    assert approve_box and reject_box
    line = float(approve.evaluate("e => parseFloat(getComputedStyle(e).lineHeight)"))
    for box in (approve_box, reject_box):
        assert box["height"] < 2 * line  # one line of text
    assert abs(approve_box["y"] - reject_box["y"]) < 1  # side by side, not one under the other
    page.context.close()


def test_login_form_fits_a_phones_first_screen(browser: Browser, gateway: str) -> None:
    """At 390×844 the login button is on the first screen, no scrolling needed."""
    context = browser.new_context(base_url=gateway, locale="et", viewport={"width": 390, "height": 844},
                                  reduced_motion="reduce")
    page = context.new_page()
    page.goto("/auth?lng=et")
    submit = page.get_by_role("button", name=et("auth")["login"]["submit"], exact=True).last
    expect(submit).to_be_visible()
    box = submit.bounding_box()
    assert box is not None
    assert page.evaluate("window.scrollY") == 0
    assert box["y"] + box["height"] <= 844
    context.close()


def test_rejecting_an_application_shows_the_success_toast(browser: Browser, gateway: str,
                                                          make_applicant: Callable[..., Applicant],
                                                          admin_client: httpx.Client) -> None:
    """Rejecting goes through the confirmation and then says 'Olek uuendatud' (spec §8 toasts)."""
    applicant = make_applicant()
    application_id = application_of(admin_client, int(applicant.user["id"]))
    texts = et("applications")["detail"]
    page = admin_page(browser, gateway, 1280)
    page.goto(f"/admin/applications/{application_id}?lng=et")
    reject = page.get_by_role("button", name=texts["reject"]["button"])
    expect(reject).to_be_visible(timeout=30_000)  # the file page's code loads on demand
    reject.click()
    confirmation = page.get_by_role("alertdialog")
    confirmation.get_by_role("button", name=texts["reject"]["confirm"]).click()
    expect(page.get_by_text(texts["toast"]["updated"]["title"]).first).to_be_visible()
    expect(confirmation).to_be_hidden()
    assert admin_client.get(f"/api/admin/applications/{application_id}").json()["status"] == "rejected"
    page.context.close()
