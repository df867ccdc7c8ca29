"""Issue 5 end to end: an admin requests a 'Passport copy' with a due date from a new applicant through
the UI; the applicant sees the request, uploads a PDF from the request row and sees it pending; the
admin approves it and downloads the very same bytes (spec §2 Documents tabs, §4 document status, §5)."""

import json
import re
import uuid
from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import httpx
from playwright.sync_api import Browser, expect

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, Applicant, admin_otp, eventually
from web.e2e.conftest import new_context
from web.e2e.signin import sign_in

LOCALES = Path(__file__).resolve().parents[1] / "public" / "locales"
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


def texts(language: str, namespace: str) -> dict[str, Any]:
    """The UI's own words, so the test follows the language saved on the account (the user's wins)."""
    loaded: dict[str, Any] = json.loads((LOCALES / language / f"{namespace}.json").read_text(encoding="utf-8"))
    return loaded


def wait_until_listed(admin_client: httpx.Client, user_id: int) -> None:
    """The applications service learns of a registration from identity's event; wait for it to land."""
    eventually(lambda: any(entry["userId"] == user_id for entry in
                           admin_client.get("/api/admin/applications", params={"limit": 200}).json()),
               15, f"an application of user {user_id} in the admin list")


def next_month_15th() -> date:
    today = datetime.now(ZoneInfo("Europe/Tallinn")).date()
    return date(today.year + 1, 1, 15) if today.month == 12 else date(today.year, today.month + 1, 15)


def test_admin_requests_applicant_uploads_admin_approves(browser: Browser, gateway: str,
                                                          make_applicant: Callable[..., Applicant],
                                                          admin_client: httpx.Client) -> None:
    full_name = f"Liis Documents {uuid.uuid4().hex[:6]}"
    applicant = make_applicant(fullName=full_name)
    user_id = int(applicant.user["id"])
    wait_until_listed(admin_client, user_id)
    admin_language = admin_client.get("/api/user").json()["language"]
    applicant_language = applicant.client.get("/api/user").json()["language"]
    due = next_month_15th()

    # 1. The admin requests a passport copy with a due date, all through the dialog.
    a = texts(admin_language, "documents")
    admin_context = new_context(browser, gateway, admin_language)
    admin = admin_context.new_page()
    sign_in(admin, ADMIN_USERNAME, ADMIN_PASSWORD, admin_otp())
    expect(admin).to_have_url(re.compile("/admin$"))
    admin.goto("/admin?tab=documents")
    admin.get_by_role("button", name=a["request"]["open"]).click()
    dialog = admin.get_by_role("dialog")
    expect(dialog.get_by_role("heading", name=a["request"]["title"])).to_be_visible()
    dialog.get_by_role("combobox", name=a["request"]["applicant"]).fill(full_name)  # issue 17: asks the server
    admin.get_by_role("option", name=re.compile(re.escape(full_name))).click()
    dialog.get_by_label(a["request"]["name"]).fill("Passport copy")
    dialog.get_by_label(a["request"]["descriptionLabel"]).fill("Both inside pages, readable.")
    # The portal's one date field (issue 37): typed dd.mm.yyyy or picked in its calendar; 'Select date' until then.
    date_field = dialog.get_by_label(a["request"]["dueDate"])
    expect(date_field).to_have_attribute("placeholder", a["request"]["datePlaceholder"])
    calendar = texts(admin_language, "common")["dateField"]
    dialog.get_by_role("button", name=calendar["openCalendar"]).click()
    grid = admin.get_by_role("grid")
    admin.get_by_role("button", name=calendar["nextMonth"]).click()
    grid.get_by_role("button", name=re.compile(r"\b15\b")).click()
    expect(grid).to_be_hidden()
    separator = "." if admin_language == "et" else "/"
    expect(date_field).to_have_value(separator.join([f"{due.day:02d}", f"{due.month:02d}", str(due.year)]))
    dialog.get_by_role("button", name=a["request"]["submit"]).click()
    expect(admin.get_by_text(a["request"]["toast"]["requested"]).first).to_be_visible()
    expect(dialog).to_be_hidden()

    requests = applicant.client.get("/api/document-requests").json()
    expected = [("Passport copy", due.isoformat(), "requested")]
    assert [(r["name"], r["dueDate"], r["status"]) for r in requests] == expected

    # 2. The applicant, on a phone, sees the request and answers it with a PDF from its row.
    p = texts(applicant_language, "documents")
    tabs = texts(applicant_language, "dashboard")["tabs"]
    applicant_context = new_context(browser, gateway, applicant_language, width=390)
    page = applicant_context.new_page()
    sign_in(page, applicant.user["username"], applicant.password)
    expect(page).to_have_url(re.compile("/dashboard$"))
    page.get_by_role("tab", name=tabs["documents"]).click()
    row = page.get_by_test_id("document-request-row")
    expect(row).to_have_count(1)
    expect(row.get_by_text("Passport copy")).to_be_visible()
    expect(row.get_by_text("Both inside pages, readable.")).to_be_visible()
    expect(row.get_by_text(p["status"]["requested"])).to_be_visible()
    expect(page.get_by_text(p["applicant"]["empty"]["title"])).to_be_visible()
    row.get_by_role("button", name=p["actions"]["uploadNamed"].replace("{{name}}", "Passport copy")).click()
    upload = page.get_by_role("dialog")
    expect(upload.get_by_role("heading", name="Passport copy")).to_be_visible()
    upload.get_by_label(p["upload"]["file"]).set_input_files(
        {"name": "passport.pdf", "mimeType": "application/pdf", "buffer": PDF})
    expect(upload.get_by_label(p["upload"]["name"])).to_have_value("passport")
    upload.get_by_label(p["upload"]["name"]).fill("Passport copy")
    upload.get_by_role("button", name=p["upload"]["submit"], exact=True).click()
    expect(page.get_by_text(p["upload"]["toast"]["success"]["title"]).first).to_be_visible()
    expect(upload).to_be_hidden()
    document_row = page.get_by_test_id("document-row")
    expect(document_row).to_have_count(1)
    expect(document_row.get_by_text("Passport copy")).to_be_visible()
    expect(document_row.get_by_text("pdf", exact=True)).to_be_visible()
    expect(document_row.get_by_text(p["status"]["pending"])).to_be_visible()
    expect(row.get_by_text(p["status"]["submitted"])).to_be_visible()
    expect(row.get_by_role("button")).to_have_count(0)  # a submitted request takes no further upload
    applicant_context.close()

    # 3. The admin approves it (the buttons go away) and downloads the same bytes.
    admin.reload()
    admin_row = admin.get_by_test_id("admin-document-row").filter(has_text=full_name)
    expect(admin_row).to_have_count(1)
    expect(admin_row.get_by_text("Passport copy", exact=True)).to_be_visible()
    # Issue 17: the admin's row names the request the upload answers.
    expect(admin_row.get_by_text(a["admin"]["forRequest"].replace("{{name}}", "Passport copy"))).to_be_visible()
    expect(admin_row.get_by_text(a["status"]["pending"])).to_be_visible()
    admin_row.get_by_role("button", name=a["actions"]["approveNamed"].replace("{{name}}", "Passport copy")).click()
    expect(admin.get_by_text(a["admin"]["toast"]["approved"]).first).to_be_visible()
    expect(admin_row.get_by_text(a["status"]["approved"])).to_be_visible()
    expect(admin_row.get_by_role("button")).to_have_count(0)

    with admin.expect_download() as download_info:
        admin_row.get_by_role("link", name=a["actions"]["downloadNamed"].replace("{{name}}", "Passport copy")).click()
    download = download_info.value
    assert download.suggested_filename == "passport.pdf"
    assert Path(download.path()).read_bytes() == PDF
    admin_context.close()

    documents = applicant.client.get("/api/documents").json()
    expected_documents = [("Passport copy", "approved", "application/pdf")]
    assert [(d["name"], d["status"], d["fileType"]) for d in documents] == expected_documents
    assert admin_client.get(documents[0]["filePath"]).content == PDF
