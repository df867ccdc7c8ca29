"""Issue 6 end to end: an admin creates a contract for a new applicant through the UI (picking the
user, whose application is chosen automatically); the applicant sees it next to the employment contract
signed at registration, draws a signature with the mouse and signs; the admin then sees it signed with
the signature image (spec §2 Contracts tabs, §4 contract status, §5). Issue 13: an applicant signs with the
keyboard only, by typing: their name from the profile in the self-hosted handwriting font."""

import re
import uuid
from collections.abc import Callable
from typing import Any

import httpx
import psycopg
from playwright.sync_api import Browser, Locator, Page, expect

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, Applicant, admin_otp, eventually, new_id_code
from web.e2e.conftest import new_context
from web.e2e.signin import sign_in


def draw_signature(page: Page) -> None:
    canvas = page.get_by_role("img", name=re.compile("Allkirja joonistamise ala|Signature drawing area"))
    canvas.scroll_into_view_if_needed()  # below the contract's text and the signer in the dialog
    box = canvas.bounding_box()
    assert box is not None
    x, y, w, h = box["x"], box["y"], box["width"], box["height"]
    page.mouse.move(x + w * 0.1, y + h * 0.6)
    page.mouse.down()
    for i in range(1, 21):
        page.mouse.move(x + w * (0.1 + 0.04 * i), y + h * (0.6 - 0.3 * (i % 2)), steps=2)
    page.mouse.up()


def create_contract_as_admin(browser: Browser, gateway: str, full_name: str, application_id: int,
                             title: str) -> None:
    context = new_context(browser, gateway, "en")
    admin = context.new_page()
    sign_in(admin, ADMIN_USERNAME, ADMIN_PASSWORD, admin_otp())
    expect(admin).to_have_url(re.compile("/admin$"))
    admin.get_by_role("button", name="English").first.click()  # the admin's saved language may be Estonian
    admin.get_by_role("tab", name="Contracts").click()
    expect(admin).to_have_url(re.compile(r"/admin\?tab=contracts$"))

    admin.get_by_role("button", name="Create contract").click()
    dialog = admin.get_by_role("dialog")
    # Nothing filled in: the 'incomplete' toast, nothing sent.
    dialog.get_by_role("button", name="Create contract").click()
    expect(admin.get_by_text("Please fill in all required fields").first).to_be_visible()

    dialog.get_by_role("combobox", name="Applicant").fill(full_name)  # issue 17: asks the server
    # Each option is one of the applicant's applications.
    admin.get_by_role("option", name=re.compile(f"{re.escape(full_name)}.*#{application_id}\\b")).click()
    dialog.get_by_label("Title").fill(title)
    dialog.get_by_label("Content").fill("1. Signs the annual report.\n2. The pay is 500 euros a month.")
    dialog.get_by_role("button", name="Create contract").click()
    expect(admin.get_by_text("Contract created").first).to_be_visible()
    expect(admin.get_by_role("dialog")).to_have_count(0)
    row = admin.get_by_test_id("admin-contract-row").filter(has_text=title)
    expect(row.get_by_text(full_name)).to_be_visible()
    expect(row.get_by_text("Pending")).to_be_visible()
    context.close()


def check_signed_as_admin(browser: Browser, gateway: str, title: str) -> None:
    context = new_context(browser, gateway, "en")
    admin = context.new_page()
    sign_in(admin, ADMIN_USERNAME, ADMIN_PASSWORD, admin_otp())
    expect(admin).to_have_url(re.compile("/admin$"))
    # A click, not a page load: a load would apply the saved language, which the switch may not have saved yet.
    admin.get_by_role("button", name="English").first.click()
    admin.get_by_role("tab", name="Contracts").click()
    expect(admin).to_have_url(re.compile(r"/admin\?tab=contracts$"))
    row = admin.get_by_test_id("admin-contract-row").filter(has_text=title)
    expect(row.get_by_text("Signed")).to_be_visible()
    row.get_by_role("button", name=f"View contract {title}").click()
    dialog = admin.get_by_role("dialog")
    expect(dialog.get_by_text("This contract has been signed.")).to_be_visible()
    expect(dialog.get_by_text(re.compile("^Signed on "))).to_be_visible()
    image = dialog.get_by_role("img", name="Handwritten signature")
    expect(image).to_be_visible()
    expect(image).to_have_attribute("src", re.compile("^data:image/png;base64,"))
    expect(dialog.get_by_role("link", name="Download PDF")).to_have_attribute("href", re.compile("/pdf$"))
    context.close()


def _first_viewed(stack: Any, title: str) -> Any:
    with psycopg.connect(stack.database_url("contracts")) as db:
        row = db.execute("select first_viewed_at from contracts where title = %s", (title,)).fetchone()
    return row[0] if row else None


def test_admin_creates_and_applicant_signs_a_contract(browser: Browser, gateway: str,
                                                      make_applicant: Callable[..., Applicant],
                                                      admin_client: httpx.Client) -> None:
    full_name = f"Liis Leping {uuid.uuid4().hex[:6]}"
    title = f"Board member agreement {uuid.uuid4().hex[:6]}"
    applicant = make_applicant(fullName=full_name)
    user_id = applicant.user["id"]
    found: list[int] = []

    def listed() -> bool:
        items = admin_client.get("/api/admin/applications", params={"limit": 200}).json()
        found[:] = [item["id"] for item in items if item["userId"] == user_id]
        return bool(found)

    # Services learn of a registration from events; wait for them to catch up.
    eventually(listed, 15, "the application appearing in the admin list")
    eventually(lambda: len(applicant.client.get("/api/contracts").json()) == 1, 15, "the employment contract")

    saved_language = admin_client.get("/api/user").json()["language"]
    try:
        create_contract_as_admin(browser, gateway, full_name, found[0], title)
    finally:
        admin_client.post("/api/set-language", json={"language": saved_language})

    # The applicant, in an Estonian browser, signs with the mouse.
    context = new_context(browser, gateway, "et")
    page = context.new_page()
    sign_in(page, applicant.user["username"], applicant.password)
    expect(page).to_have_url(re.compile("/dashboard$"))
    page.get_by_role("tab", name="Lepingud").click()
    rows = page.get_by_test_id("contract-row")
    expect(rows).to_have_count(2)
    expect(rows.filter(has_not_text=title).get_by_text("Allkirjastatud", exact=True).last).to_be_visible()
    row = rows.filter(has_text=title)
    expect(row.get_by_text("Ootel")).to_be_visible()

    row.get_by_role("button", name=f"Allkirjasta leping {title}").click()
    dialog = page.get_by_role("dialog")
    confirm = dialog.get_by_role("button", name="Kinnita allkiri")
    expect(dialog.get_by_role("alert")).to_be_visible()
    expect(confirm).to_be_disabled()
    draw_signature(page)
    expect(dialog.get_by_role("alert")).to_have_count(0)
    expect(confirm).to_be_enabled()
    confirm.click()
    expect(page.get_by_text("Leping on edukalt allkirjastatud").first).to_be_visible()
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(row.get_by_role("button", name=re.compile("^Allkirjasta"))).to_have_count(0)
    expect(row.get_by_text("Allkirjastatud", exact=True).last).to_be_visible()
    expect(row.get_by_role("link", name=re.compile("PDF"))).to_be_visible()
    context.close()

    try:
        check_signed_as_admin(browser, gateway, title)
    finally:
        admin_client.post("/api/set-language", json={"language": saved_language})


def press_tab_until(page: Page, target: Locator, limit: int = 60) -> None:
    """Moves the focus with the Tab key alone until it is on ``target``."""
    for _ in range(limit):
        if target.evaluate("element => element === document.activeElement"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {target}")


def test_an_applicant_signs_with_the_keyboard_only_by_typing_their_name(browser: Browser, gateway: str, stack: Any,
                                                                       make_applicant: Callable[..., Applicant],
                                                                       admin_client: httpx.Client) -> None:
    """Issue 13, Signer identity: WCAG 2.1.1, a signature without a pointer. The dialog shows the contract's text
    and the signer's name and ID code; 'Kirjutan oma nime' renders the profile's name (Estonian letters included)
    in the handwriting font bundled with the SPA, and the audit records the method `typed`."""
    full_name = f"Õie Šärž-Müür {uuid.uuid4().hex[:4]}"
    title = f"Keyboard agreement {uuid.uuid4().hex[:6]}"
    id_code = new_id_code()
    applicant = make_applicant(fullName=full_name, idCode=id_code)
    eventually(lambda: len(applicant.client.get("/api/contracts").json()) == 1, 15, "the employment contract")
    created = admin_client.post("/api/contracts", json={"userId": applicant.user["id"], "title": title,
                                                        "content": "1. Allkirjastab aastaaruande.\n2. Tasu 500 eurot."})
    assert created.status_code == 201, created.text

    context = new_context(browser, gateway, "et")
    page = context.new_page()
    fonts: list[str] = []
    page.on("request", lambda request: fonts.append(request.url) if ".woff" in request.url else None)
    sign_in(page, applicant.user["username"], applicant.password)
    expect(page).to_have_url(re.compile("/dashboard$"))
    # The tab list is one Tab stop (the selected tab); the arrow keys move between tabs and open them. The focus
    # stays on the tab it moved to while a panel opened for the first time loads its texts (its own Suspense).
    press_tab_until(page, page.get_by_role("tab", name="Taotlus"))
    for name in ("Dokumendid", "Lepingud"):
        page.keyboard.press("ArrowRight")
        expect(page.get_by_role("tab", name=name)).to_have_attribute("aria-selected", "true")
        expect(page.get_by_role("tab", name=name)).to_be_focused()
    row = page.get_by_test_id("contract-row").filter(has_text=title)
    press_tab_until(page, row.get_by_role("button", name=f"Allkirjasta leping {title}"))
    page.keyboard.press("Enter")

    dialog = page.get_by_role("dialog")
    # Opening it is the first view on the signing certificate (issue 13).
    eventually(lambda: _first_viewed(stack, title) is not None, 10, "the first view recorded")
    text = dialog.get_by_role("region", name="Lepingu tekst")
    expect(text).to_contain_text("1. Allkirjastab aastaaruande.")
    expect(dialog.get_by_label("Täisnimi")).to_have_value(full_name)
    expect(dialog.get_by_label("Isikukood")).to_have_value(id_code)
    expect(dialog.get_by_label("Täisnimi")).to_have_attribute("readonly", "")
    expect(dialog).not_to_contain_text("klaviatuuriga seda joonistada ei saa")
    confirm = dialog.get_by_role("button", name="Kinnita allkiri")
    expect(confirm).to_be_disabled()

    draw = dialog.get_by_role("radio", name="Joonistan")
    expect(draw).to_be_checked()
    press_tab_until(page, draw)
    page.keyboard.press("ArrowRight")
    expect(dialog.get_by_role("radio", name="Kirjutan oma nime")).to_be_checked()
    typed = dialog.get_by_role("img", name=f"Kirjutatud allkiri: {full_name}")
    expect(typed).to_have_attribute("src", re.compile("^data:image/png;base64,"))
    assert page.evaluate("document.fonts.check('72px \"Dancing Script\"', 'ÕõÄäÖöÜüŠšŽž')")
    # Both subsets the name needs were fetched: Latin (õ ä ö ü) and Latin Extended (š ž).
    assert any("dancing-script-latin-400" in url for url in fonts), fonts
    assert any("dancing-script-latin-ext-400" in url for url in fonts), fonts
    assert all(url.startswith(gateway) for url in fonts), fonts  # self-hosted: nothing from another host

    press_tab_until(page, confirm)
    page.keyboard.press("Enter")
    expect(page.get_by_text("Leping on edukalt allkirjastatud").first).to_be_visible()
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(row.get_by_text("Allkirjastatud", exact=True).last).to_be_visible()
    context.close()

    with psycopg.connect(stack.database_url("contracts")) as db:
        audit = db.execute("select a.method, a.typed_name, c.signature_data from signature_audit a "
                           "join contracts c on c.id = a.contract_id where c.title = %s", (title,)).fetchone()
    assert audit is not None
    assert audit[:2] == ("typed", full_name)
    assert audit[2].startswith("data:image/png;base64,")
