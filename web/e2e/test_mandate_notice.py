"""Issue 36 in Chromium: the applicant reads and acknowledges the board member's liability notice on a phone-width
page in Estonian and sees the mandate's timeline; an admin sees the acknowledgement on the applicant's file,
finds an overdue removal through the overview tile and the list filter, and marks the removal; axe finds nothing
in either language."""

import random
import re
import uuid
from collections.abc import Callable
from datetime import date, timedelta

import httpx
from playwright.sync_api import Browser, Page, expect

from applications.term import add_months, term_end, today_in_tallinn
from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, Applicant, admin_otp
from web.e2e.conftest import new_context
from web.e2e.signin import admin_language_kept, sign_in
from web.e2e.test_accessibility import Audit, audit_context, texts, use_language


def appointed(admin_client: httpx.Client, applicant: Applicant, registered: date) -> tuple[int, str]:
    """The admin's part through the API: approve, assign a company registered on ``registered`` and enter the
    appointment that day. The application's id and the company's name."""
    application_id: int = applicant.client.get("/api/application").json()["application"]["id"]
    assert admin_client.put(f"/api/admin/applications/{application_id}/status",
                            json={"status": "approved"}).status_code == 200
    name = f"Vastutus {uuid.uuid4().hex[:6]} OÜ"
    company = admin_client.post("/api/admin/companies", json={
        "name": name, "registrationCode": str(random.randint(10_000_000, 99_999_999)),
        "registrationDate": registered.isoformat()})
    assert company.status_code == 201, company.text
    assert admin_client.put(f"/api/admin/applications/{application_id}/company",
                            json={"companyId": company.json()["id"]}).status_code == 200
    recorded = admin_client.put(f"/api/admin/applications/{application_id}/mandate",
                                json={"appointedOn": registered.isoformat()})
    assert recorded.status_code == 200, recorded.text
    return application_id, name


ESTONIAN_MONTHS = ("jaanuar", "veebruar", "märts", "aprill", "mai", "juuni", "juuli", "august", "september",
                   "oktoober", "november", "detsember")


def estonian_date(day: date) -> str:
    """As the dashboard writes a date in Estonian (web/src/lib/dates.ts): 12. november 2026."""
    return f"{day.day}. {ESTONIAN_MONTHS[day.month - 1]} {day.year}"


def acknowledge_on_the_dashboard(page: Page) -> None:
    notice = texts("et", "mandate")["notice"]
    card = page.get_by_test_id("liability-notice")
    expect(card.get_by_text("Mida tähendab olla juhatuse liige")).to_be_visible()
    expect(card.get_by_test_id("liability-notice-text")).to_contain_text("„nominaalset“")
    expect(card.get_by_test_id("liability-notice-text")).to_contain_text("viie aasta")
    # Confirming without ticking the box asks for it and stores nothing.
    card.get_by_role("button", name=notice["confirm"], exact=True).click()
    expect(card.get_by_role("alert")).to_have_text(notice["required"])
    card.get_by_role("checkbox", name=notice["checkbox"]).click()
    card.get_by_role("button", name=notice["confirm"], exact=True).click()
    expect(card.get_by_test_id("liability-notice-acknowledged")).to_be_visible()
    expect(card.get_by_role("checkbox")).to_have_count(0)


def test_the_applicant_acknowledges_the_notice_on_a_phone_in_estonian_and_sees_the_timeline(
        browser: Browser, gateway: str, make_applicant: Callable[..., Applicant], admin_client: httpx.Client) -> None:
    applicant = make_applicant(fullName=f"Vahur Vastutus {uuid.uuid4().hex[:6]}")
    registered = today_in_tallinn() - timedelta(days=20)
    appointed(admin_client, applicant, registered)
    assert applicant.client.get("/api/mandate/notice").json()["acknowledged"] is False

    context = new_context(browser, gateway, "et", width=390)
    try:
        page = context.new_page()
        sign_in(page, applicant.user["username"], applicant.password, language="et")
        expect(page).to_have_url(re.compile("/dashboard"))
        use_language(page, "et")
        # The notice comes before the mandate card.
        notice_box = page.get_by_test_id("liability-notice").bounding_box()
        timeline = page.get_by_role("list", name=texts("et", "dashboard")["mandate"]["timelineLabel"])
        expect(timeline).to_be_visible()
        timeline_box = timeline.bounding_box()
        assert notice_box is not None and timeline_box is not None and notice_box["y"] < timeline_box["y"]

        acknowledge_on_the_dashboard(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390

        steps = texts("et", "dashboard")["mandate"]["steps"]
        expect(timeline.locator("li[data-step=appointed]")).to_contain_text(steps["appointed"])
        expect(timeline.locator("li[data-step=appointed]")).to_contain_text(estonian_date(registered))
        expect(timeline.locator("li[data-step=ends]")).to_contain_text(estonian_date(term_end(registered)))
        expect(timeline.locator("li[data-step=removeBy]")).to_contain_text(steps["removeBy"])
        # After a reload the confirmation is still there: it is stored, not only shown.
        page.reload()
        expect(page.get_by_test_id("liability-notice-acknowledged")).to_be_visible()
    finally:
        context.close()
    notice = applicant.client.get("/api/mandate/notice").json()
    assert notice["acknowledged"] is True


def test_an_admin_sees_the_acknowledgement_finds_the_overdue_removal_and_marks_it(
        browser: Browser, gateway: str, make_applicant: Callable[..., Applicant], admin_client: httpx.Client) -> None:
    name = f"Kaarel Kustutamata {uuid.uuid4().hex[:6]}"
    applicant = make_applicant(fullName=name)
    registered = add_months(today_in_tallinn() - timedelta(days=40), -6)  # the removal deadline long past
    application_id, _ = appointed(admin_client, applicant, registered)
    version = applicant.client.get("/api/mandate/notice").json()["version"]
    assert applicant.client.post("/api/mandate/notice/acknowledgement", json={"version": version}).status_code == 200
    assert applicant.client.get("/api/mandate").json()["status"] == "removal_overdue"

    english = texts("en", "mandate")
    applications = texts("en", "applications")["detail"]["mandate"]
    with admin_language_kept(admin_client):
        context = new_context(browser, gateway, "en")
        try:
            page = context.new_page()
            sign_in(page, ADMIN_USERNAME, ADMIN_PASSWORD, admin_otp())
            expect(page).to_have_url(re.compile("/admin$"))
            use_language(page, "en")
            tile_label = texts("en", "admin")["overview"]["removalOverdue"]
            tile = page.get_by_test_id("overview-tile").filter(has_text=tile_label)
            expect(tile).to_have_count(1)
            tile.click()
            expect(page).to_have_url(re.compile(r"status=removal_overdue"))
            row = page.get_by_test_id("application-row").filter(has_text=name)
            expect(row).to_have_count(1)

            page.goto(f"/admin/applications/{application_id}")
            acknowledgement = page.get_by_test_id("liability-acknowledgement")
            expect(acknowledgement).to_contain_text(english["admin"]["acknowledged"])
            expect(acknowledgement).to_contain_text("acknowledged the current version")
            today = today_in_tallinn()
            page.get_by_label(applications["removedOn"]).fill(f"{today:%d/%m/%Y}")
            page.get_by_role("button", name=applications["save"]).click()
            expect(page.locator("[data-status=removed]").first).to_be_visible()
        finally:
            context.close()
    mandate = applicant.client.get("/api/mandate").json()
    assert (mandate["removedOn"], mandate["status"]) == (today_in_tallinn().isoformat(), "removed")
    listed = admin_client.get("/api/admin/applications", params={"status": "removal_overdue", "limit": 100})
    assert application_id not in {item["id"] for item in listed.json()}


def test_the_notice_and_the_admins_views_have_no_axe_violations(
        browser: Browser, gateway: str, make_applicant: Callable[..., Applicant], admin_client: httpx.Client) -> None:
    applicant = make_applicant(fullName=f"Aino Axe {uuid.uuid4().hex[:6]}")
    application_id, _ = appointed(admin_client, applicant, today_in_tallinn() - timedelta(days=10))
    audit = Audit()
    context = audit_context(browser, gateway)
    try:
        page = context.new_page()
        sign_in(page, applicant.user["username"], applicant.password)
        expect(page).to_have_url(re.compile("/dashboard"))
        for language in ("et", "en"):
            page.goto("/dashboard")
            use_language(page, language)
            expect(page.get_by_test_id("liability-notice-text")).to_be_visible()
            notice = texts(language, "mandate")["notice"]
            page.get_by_test_id("liability-notice").get_by_role("button", name=notice["confirm"], exact=True).click()
            expect(page.get_by_role("alert").filter(has_text=notice["required"])).to_be_visible()
            audit.check(page, "/dashboard liability notice", language)
        page.get_by_role("checkbox", name=texts("en", "mandate")["notice"]["checkbox"]).click()
        page.get_by_role("button", name=texts("en", "mandate")["notice"]["confirm"], exact=True).click()
        expect(page.get_by_test_id("liability-notice-acknowledged")).to_be_visible()
        audit.check(page, "/dashboard liability notice acknowledged", "en")
    finally:
        context.close()

    with admin_language_kept(admin_client), audit_context(browser, gateway) as admin_context:
        page = admin_context.new_page()
        sign_in(page, ADMIN_USERNAME, ADMIN_PASSWORD, admin_otp())
        expect(page).to_have_url(re.compile("/admin$"))
        for language in ("et", "en"):
            page.goto("/admin?status=removal_overdue")
            use_language(page, language)
            expect(page.get_by_test_id("overview-tile")).to_have_count(8)
            audit.check(page, "/admin removal overdue filter", language)
            page.goto(f"/admin/applications/{application_id}")
            expect(page.get_by_test_id("liability-acknowledgement")).to_contain_text(
                texts(language, "mandate")["admin"]["acknowledged"])
            audit.check(page, "/admin/applications/:id liability acknowledgement", language)
    audit.assert_clean()


