"""Issue 34 in the browser at 390 px in Estonian: register with Smart-ID (the verification code shown, the form
filled from the certificate and read-only, marked verified), sign out, sign in with Smart-ID; axe finds nothing
on the new states. The SK stand-in's phone answers; each phone session's final answer is held back until its
waiting state (the code) has been looked at."""

import json
import re
import uuid
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, Request, Route, expect

from conftest import new_id_code
from identity.estonian_id import birth_date_in
from web.e2e.test_accessibility import SIZES, Audit, audit_context

LOCALES = Path(__file__).resolve().parents[1] / "public" / "locales"
PHONE = SIZES["phone"]


def eid_texts(language: str) -> Any:
    return json.loads((LOCALES / language / "eid.json").read_text())


def hold_final_answers(page: Page, pattern: str) -> list[tuple[Route, Any]]:
    """Holds each poll's final (200) answer of ``pattern`` until the test releases it."""
    held: list[tuple[Route, Any]] = []

    def handle(route: Route, request: Request) -> None:
        if request.method != "GET":
            route.continue_()
            return
        response = route.fetch()
        if response.status == 200:
            held.append((route, response))
        else:
            route.fulfill(response=response)

    page.route(re.compile(pattern), handle)
    return held


def release(page: Page, held: list[tuple[Route, Any]]) -> None:
    for _ in range(150):  # the route handler runs while Playwright is waited on
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the phone never confirmed"
    route, response = held.pop()
    route.fulfill(response=response)


def phone_step(page: Page, audit: Audit, button: str, id_code: str, state: str) -> None:
    et = eid_texts("et")
    page.get_by_role("button", name=button, exact=True).click()
    page.get_by_label(et["idCode"], exact=True).fill(id_code)
    with page.expect_response(lambda response: response.request.method == "POST"
                              and re.search(r"/api/(login|register)/eid$", response.url) is not None) as answer:
        page.get_by_role("button", name=et["continue"]).click()
    started = answer.value.json()
    code = page.get_by_test_id("eid-verification-code")
    expect(code).to_have_text(started["verificationCode"])
    expect(page.get_by_text(et["phone"]["check"]["smart_id"])).to_be_visible()
    box = code.bounding_box()
    assert box is not None and box["height"] >= 32, box  # large digits
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    audit.check(page, state, "et")
    page.set_viewport_size(PHONE)


def test_register_with_smart_id_sign_out_and_sign_in_with_smart_id_on_a_phone(browser: Browser,
                                                                              gateway: str) -> None:
    et = eid_texts("et")
    id_code = new_id_code()
    context = audit_context(browser, gateway)
    page = context.new_page()
    page.set_viewport_size(PHONE)
    audit = Audit()
    held_registration = hold_final_answers(page, r"/api/register/eid/[0-9a-f-]{36}$")
    held_sign_in = hold_final_answers(page, r"/api/login/eid/[0-9a-f-]{36}$")

    page.goto("/auth?lng=et&tab=register")
    for method in ("smart_id", "mobile_id", "id_card"):
        expect(page.get_by_role("button", name=et["register"]["with"][method], exact=True)).to_be_visible()
    audit.check(page, "register tab with eID", "et")
    page.set_viewport_size(PHONE)

    phone_step(page, audit, et["register"]["with"]["smart_id"], id_code, "register: Smart-ID code")
    release(page, held_registration)
    expect(page.get_by_role("status").filter(has_text="Kinnitatud: Smart-ID")).to_be_visible()
    full_name = page.get_by_label("Täisnimi")
    expect(full_name).to_have_value(re.compile(r"\S+ \S+"))
    expect(full_name).to_have_attribute("readonly", "")
    expect(page.get_by_label("Eesti isikukood")).to_have_value(id_code)
    expect(page.get_by_label("Eesti isikukood")).to_have_attribute("readonly", "")
    expect(page.get_by_label("Sünnikuupäev", exact=True)).to_have_value(birth_date_in(id_code).strftime("%d.%m.%Y"))
    audit.check(page, "register form filled from the certificate", "et")
    page.set_viewport_size(PHONE)
    name = full_name.input_value()

    username = f"eid{uuid.uuid4().hex[:8]}"
    page.get_by_label("Kasutajanimi").fill(username)
    page.get_by_label("E-post").fill(f"{username}@example.com")
    page.get_by_label("Telefon").fill("+372 5551 2345")
    page.get_by_label("Linn").fill("Tallinn")
    page.get_by_label(re.compile("kasutustingimustega")).check()
    page.get_by_label(re.compile("privaatsuspoliitikaga")).check()
    page.get_by_label("Olen töölepingu läbi lugenud ja nõustun sellega").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Täisnimi").fill(name)
    dialog.get_by_label("Eesti isikukood").fill(id_code)
    dialog.get_by_label("Olen töölepingu läbi lugenud ja nõustun selle tingimustega.").check()
    dialog.get_by_role("button", name="Allkirjasta digitaalselt").click()
    expect(dialog).to_be_hidden()
    page.get_by_role("button", name="Loo konto ja kandideeri").click()  # no password: eID only
    expect(page).to_have_url(re.compile("/dashboard"))

    assert page.request.post("/api/logout", headers={"Origin": gateway}).ok  # the phone's menu holds the button
    page.goto("/auth?lng=et")
    for method in ("smart_id", "mobile_id", "id_card"):
        expect(page.get_by_role("button", name=et["login"]["with"][method], exact=True)).to_be_visible()
    audit.check(page, "login tab with eID", "et")
    page.set_viewport_size(PHONE)
    phone_step(page, audit, et["login"]["with"]["smart_id"], id_code, "login: Smart-ID code")
    release(page, held_sign_in)
    expect(page).to_have_url(re.compile("/dashboard"))
    assert not audit.violations, "\n".join(audit.violations)
    context.close()
