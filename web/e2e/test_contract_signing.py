"""Issue 6 end to end: an admin creates a contract for a new applicant through the UI (picking the
user, whose application is chosen automatically); the applicant sees it next to the employment contract
signed at registration, draws a signature with the mouse and signs; the admin then sees it signed with
the signature image (spec §2 Contracts tabs, §4 contract status, §5)."""

import re
import uuid
from collections.abc import Callable

import httpx
from playwright.sync_api import Browser, Page, expect

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, Applicant, eventually
from web.e2e.conftest import new_context


def sign_in(page: Page, username: str, password: str) -> None:
    page.goto("/auth?lng=en")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").last.click()


def draw_signature(page: Page) -> None:
    canvas = page.get_by_role("img", name=re.compile("Allkirja joonistamise ala|Signature drawing area"))
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
    sign_in(admin, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(admin).to_have_url(re.compile("/admin$"))
    admin.get_by_role("button", name="English").first.click()  # the admin's saved language may be Estonian
    admin.get_by_role("tab", name="Contracts").click()
    expect(admin).to_have_url(re.compile(r"/admin\?tab=contracts$"))

    admin.get_by_role("button", name="Create contract").click()
    dialog = admin.get_by_role("dialog")
    # Nothing filled in: the 'incomplete' toast, nothing sent.
    dialog.get_by_role("button", name="Create contract").click()
    expect(admin.get_by_text("Please fill in all required fields").first).to_be_visible()

    dialog.get_by_role("combobox", name="User").click()
    admin.get_by_role("option", name=re.compile(re.escape(full_name))).click()
    expect(dialog.get_by_role("combobox", name="Application")).to_contain_text(f"#{application_id}")
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
    sign_in(admin, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(admin).to_have_url(re.compile("/admin$"))
    admin.get_by_role("button", name="English").first.click()
    admin.goto("/admin?tab=contracts")
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
