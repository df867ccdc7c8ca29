"""Issue 16, Erasure (Art. 17), in Chromium: the applicant asks for erasure from the profile ('Delete my data':
a reason, then a confirmation of what is kept for 7 years and that the account can no longer sign in); an admin
approves it in the 'Erasure requests' tab of /admin after its confirmation; the applicant can then no longer sign
in, and is refused exactly as with a wrong password."""

import json
import random
import re
import string
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, expect

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, Applicant, admin_otp, browser_client
from web.e2e.conftest import new_context
from web.e2e.signin import admin_language_kept, sign_in
from web.e2e.test_accessibility import use_language

LOCALES = Path(__file__).resolve().parents[1] / "public" / "locales"


def texts(language: str, namespace: str) -> Any:
    return json.loads((LOCALES / language / f"{namespace}.json").read_text(encoding="utf-8"))


def unique_name() -> str:
    return "Liis " + "".join(random.choices(string.ascii_lowercase, k=8)).capitalize()


def applicant_asks_for_erasure(browser: Browser, gateway: str, applicant: Applicant, reason: str) -> None:
    erasure, dashboard = texts("en", "erasure")["card"], texts("en", "dashboard")
    context = new_context(browser, gateway, "en")
    try:
        page = context.new_page()
        sign_in(page, applicant.user["username"], applicant.password)
        expect(page).to_have_url(re.compile("/dashboard"))
        use_language(page, "en")
        page.get_by_role("tab", name=dashboard["tabs"]["profile"]).click()
        form = page.get_by_role("form", name=erasure["form"]["label"])
        form.get_by_label(erasure["form"]["reason"]).fill(reason)
        form.get_by_role("button", name=erasure["form"]["submit"]).click()
        dialog = page.get_by_role("alertdialog", name=erasure["confirm"]["title"])
        expect(dialog).to_contain_text(erasure["confirm"]["kept"])
        expect(dialog).to_contain_text(erasure["confirm"]["signIn"])
        dialog.get_by_role("button", name=erasure["confirm"]["confirm"]).click()
        status = page.get_by_test_id("erasure-status")
        expect(status).to_contain_text(texts("en", "erasure")["status"]["pending"])
        expect(page.get_by_test_id("erasure-due-date")).to_contain_text(erasure["dueDate"])
    finally:
        context.close()


def admin_approves(browser: Browser, gateway: str, full_name: str) -> None:
    admin, tabs = texts("en", "erasure")["admin"], texts("en", "admin")["tabs"]
    context = new_context(browser, gateway, "en")
    try:
        page = context.new_page()
        sign_in(page, ADMIN_USERNAME, ADMIN_PASSWORD, admin_otp())
        expect(page).to_have_url(re.compile("/admin$"))
        use_language(page, "en")
        page.get_by_role("tab", name=tabs["erasure"]).click()
        row = page.get_by_test_id("erasure-request-row").filter(has_text=full_name)
        expect(row).to_have_count(1)
        expect(row.get_by_test_id("erasure-due")).to_be_visible()
        row.get_by_role("button", name=admin["approve"]["named"].replace("{{name}}", full_name)).click()
        dialog = page.get_by_role("alertdialog", name=admin["approve"]["title"])
        expect(dialog).to_contain_text(full_name)
        dialog.get_by_role("button", name=admin["approve"]["confirm"]).click()
        expect(page.get_by_text(admin["approve"]["done"]).first).to_be_visible()
        expect(row).to_have_count(0)  # the account is anonymised at once: the list no longer names them
    finally:
        context.close()


def test_an_approved_erasure_ends_the_applicants_sign_in(
        browser: Browser, gateway: str, make_applicant: Callable[..., Applicant], admin_client: httpx.Client) -> None:
    full_name = unique_name()
    applicant = make_applicant(fullName=full_name)
    applicant_asks_for_erasure(browser, gateway, applicant, "I no longer want to take part")
    request_id = applicant.client.get("/api/privacy/erasure").json()["id"]
    with admin_language_kept(admin_client):
        admin_approves(browser, gateway, full_name)
    decided = admin_client.get("/api/admin/erasure-requests", params={"limit": 100}).json()
    assert [request["status"] for request in decided if request["id"] == request_id] in (["approved"], ["completed"])

    with browser_client(gateway) as client:
        refused = client.post("/api/login", json={"username": applicant.user["username"],
                                                  "password": applicant.password})
        wrong = client.post("/api/login", json={"username": applicant.user["username"], "password": "not-it-at-all"})
    assert refused.status_code == wrong.status_code == 401
    assert refused.json()["code"] == wrong.json()["code"] == "invalid_credentials"
    assert applicant.client.get("/api/user").status_code == 401  # every session ended

    context = new_context(browser, gateway, "en")
    try:
        page = context.new_page()
        sign_in(page, applicant.user["username"], applicant.password)
        expect(page.get_by_text(texts("en", "common")["errors"]["codes"]["invalid_credentials"]).first).to_be_visible()
        expect(page).to_have_url(re.compile("/auth"))
    finally:
        context.close()
