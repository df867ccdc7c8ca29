"""Issue 4 end to end: an admin finds a new applicant by ID code, moves the application to in_review
with a note and sees it in the history; the applicant sees the new status and the note on the
dashboard and edits the profile's city (spec §2 Applicant dashboard and Admin panel, §4, §5)."""

import re
import uuid
from collections.abc import Callable

import httpx
from playwright.sync_api import Browser, Page, expect

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, Applicant, admin_otp, eventually
from portal_common.privacy import mask_id_code
from web.e2e.conftest import new_context
from web.e2e.signin import sign_in


def wait_until_listed(admin_client: httpx.Client, id_code: str) -> int:
    """The applications service learns of a registration from identity's event; wait for it to land."""
    def listed() -> int | None:
        found = admin_client.get("/api/admin/applications", params={"q": id_code}).json()
        # The list shows the code masked (issue 16, What each role sees), the search takes it whole.
        return int(found[0]["id"]) if found and found[0]["profile"]["idCode"] == mask_id_code(id_code) else None

    return int(eventually(listed, 15, f"application with ID code {id_code} in the admin list"))


def review_as_admin(browser: Browser, gateway: str, id_code: str, application_id: int, full_name: str,
                    note: str, internal_note: str) -> None:
    """Signs in as admin through the UI, finds the application by ID code and moves it to in_review with a note
    to the applicant and an internal one (issue 16, What each role sees)."""
    admin_context = new_context(browser, gateway, "en")
    admin = admin_context.new_page()
    sign_in(admin, ADMIN_USERNAME, ADMIN_PASSWORD, admin_otp())
    expect(admin).to_have_url(re.compile("/admin$"))
    admin.get_by_role("button", name="English").first.click()  # the admin's saved language may be Estonian

    admin.get_by_label("Search applications").fill(id_code)
    rows = admin.get_by_test_id("application-row")
    expect(rows).to_have_count(1)
    expect(rows.first.get_by_text(full_name)).to_be_visible()
    # issue 16, What each role sees: the list masks the ID code, the detail below shows it whole.
    expect(rows.first.get_by_text(mask_id_code(id_code)).locator("visible=true").first).to_be_visible()
    expect(rows.first).not_to_contain_text(id_code)
    # The row carries the badge twice (a stacked-card copy for phones); check the one shown.
    expect(rows.first.get_by_text("Pending Review").locator("visible=true")).to_be_visible()
    rows.first.get_by_role("link", name=re.compile("^View")).click()
    expect(admin).to_have_url(re.compile(f"/admin/applications/{application_id}$"))
    expect(admin.get_by_role("heading", name=f"Application #{application_id}")).to_be_visible()
    expect(admin.get_by_text(id_code)).to_be_visible()
    expect(admin.get_by_text("No status changes yet.")).to_be_visible()

    # Nothing changed: the rule of spec §4 sends nothing and says so.
    admin.get_by_role("button", name="Update status").click()
    expect(admin.get_by_text("Validation Error").first).to_be_visible()

    admin.get_by_label("Status", exact=True).click()
    admin.get_by_role("option", name="In Review").click()
    admin.get_by_label("Note to the applicant").fill(note)
    admin.get_by_label("Internal note (admins only)").fill(internal_note)
    admin.get_by_role("button", name="Update status").click()
    expect(admin.get_by_text("Status updated").first).to_be_visible()
    expect(admin.get_by_label("Note to the applicant")).to_have_value("")
    entry = admin.get_by_test_id("history-entry").first
    expect(entry.get_by_role("group", name="Pending Review to In Review")).to_be_visible()
    expect(entry.get_by_test_id("history-applicant-note")).to_contain_text(note)
    expect(entry.get_by_test_id("history-internal-note")).to_contain_text(internal_note)

    # The list shows the new status too (its queries were refreshed).
    admin.get_by_role("link", name="Back to list").click()
    expect(admin).to_have_url(re.compile("/admin$"))
    admin.get_by_label("Search applications").fill(id_code)
    row = admin.get_by_test_id("application-row").first
    expect(row.get_by_text("In Review").locator("visible=true")).to_be_visible()
    admin_context.close()


def test_admin_reviews_and_applicant_sees_the_status(browser: Browser, gateway: str,
                                                     make_applicant: Callable[..., Applicant],
                                                     admin_client: httpx.Client) -> None:
    full_name = f"Kadri Review {uuid.uuid4().hex[:6]}"
    applicant = make_applicant(fullName=full_name)
    id_code = applicant.client.get("/api/profile").json()["idCode"]
    application_id = wait_until_listed(admin_client, id_code)
    note = f"We are checking your documents ({uuid.uuid4().hex[:6]})."
    internal_note = f"Internal: the ID copy looks edited ({uuid.uuid4().hex[:6]})"

    # Switching the UI language saves it on the admin's account: put it back afterwards for other tests.
    saved_language = admin_client.get("/api/user").json()["language"]
    try:
        review_as_admin(browser, gateway, id_code, application_id, full_name, note, internal_note)
    finally:
        admin_client.post("/api/set-language", json={"language": saved_language})

    # The applicant, in an Estonian browser at phone width, sees the status and the note.
    applicant_context = new_context(browser, gateway, "et", width=390)
    page = applicant_context.new_page()
    sign_in(page, applicant.user["username"], applicant.password)
    expect(page).to_have_url(re.compile("/dashboard$"))
    expect(page.get_by_role("heading", name=f"Tere tulemast, {full_name}")).to_be_visible()
    expect(page.get_by_text("Ülevaatamisel").first).to_be_visible()
    expect(page.get_by_text(note)).to_be_visible()
    expect(page.locator("body")).not_to_contain_text(internal_note)  # issue 16, What each role sees
    expect(page.get_by_text(re.compile("Teile ei ole veel ettevõtet määratud"))).to_be_visible()

    # Profile: only city, ID code and address are editable; the new city is saved and shown.
    page.get_by_role("tab", name="Profiil").click()
    expect(page.get_by_text(id_code)).to_be_visible()
    page.get_by_role("button", name="Muuda", exact=True).click()
    # The profile form alone; the password and e-mail cards below it have fields of their own (issue 14).
    profile_form = page.locator("form", has=page.get_by_label("Linn"))
    expect(profile_form.get_by_role("textbox")).to_have_count(3)
    page.get_by_label("Linn").fill("Tartu")
    page.get_by_label("Aadress", exact=True).fill("Rüütli 5, Tartu")
    page.get_by_role("button", name="Salvesta muudatused").click()
    expect(page.get_by_text("Profiil uuendatud").first).to_be_visible()
    expect(page.get_by_label("Linn")).to_have_count(0)
    expect(page.get_by_text("Tartu", exact=True)).to_be_visible()
    expect(page.get_by_text("Rüütli 5, Tartu")).to_be_visible()

    page.reload()
    page.get_by_role("tab", name="Profiil").click()
    expect(page.get_by_text("Tartu", exact=True)).to_be_visible()
    assert applicant.client.get("/api/profile").json()["city"] == "Tartu"
    applicant_context.close()


def test_profile_edit_rejects_a_badly_formed_id_code(page: Page, make_applicant: Callable[..., Applicant]) -> None:
    applicant = make_applicant()
    id_code = applicant.client.get("/api/profile").json()["idCode"]
    sign_in(page, applicant.user["username"], applicant.password)
    expect(page).to_have_url(re.compile("/dashboard$"))
    page.get_by_role("tab", name="Profiil").click()
    page.get_by_role("button", name="Muuda", exact=True).click()
    page.get_by_label("Isikukood").fill("70000000000")
    page.get_by_role("button", name="Salvesta muudatused").click()
    expect(page.get_by_text("Vigane isikukood").first).to_be_visible()
    page.get_by_role("button", name="Tühista").click()
    expect(page.get_by_text(id_code)).to_be_visible()
    assert applicant.client.get("/api/profile").json()["idCode"] == id_code
