"""Issue 34 in the browser at 390 px in Estonian and at 1366 px in English: register with Smart-ID (the verification
code shown, the form filled from the certificate and read-only, marked verified), sign out, sign in with Smart-ID;
and (1366 px, English) the employment contract then signed with the same eID (the sign dialog offers only the eID
methods, starting on Smart-ID), and an ID-card sign-in through a stand-in of the Web eID extension; axe finds
nothing on the new states. The SK stand-in's phone answers; each phone session's final answer is held back until its
waiting state (the code) has been looked at."""

import json
import re
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, Request, Route, expect
from sk_standin.pki import TestPki

from conftest import Applicant, new_id_code
from identity.estonian_id import birth_date_in
from services.eid.tests.support import web_eid_token
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


def phone_step(page: Page, audit: Audit, button: str, id_code: str, state: str, language: str = "et",
               size: dict[str, int] = PHONE) -> None:
    """Chooses ``button`` (Smart-ID), types the ID code, and checks the verification code the server sent is shown
    in large digits, without sideways scrolling; axe over that state, then back to ``size``."""
    texts = eid_texts(language)
    page.get_by_role("button", name=button, exact=True).click()
    page.get_by_label(texts["idCode"], exact=True).fill(id_code)
    with page.expect_response(lambda response: response.request.method == "POST"
                              and re.search(r"/api/(login|register)/eid$", response.url) is not None) as answer:
        page.get_by_role("button", name=texts["continue"]).click()
    started = answer.value.json()
    code = page.get_by_test_id("eid-verification-code")
    expect(code).to_have_text(started["verificationCode"])
    expect(page.get_by_text(texts["phone"]["check"]["smart_id"])).to_be_visible()
    box = code.bounding_box()
    assert box is not None and box["height"] >= 32, box  # large digits
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    audit.check(page, state, language)
    page.set_viewport_size(size)


def accept_the_contract_for_the_eid(page: Page, language: str, name: str) -> None:
    """The registration's contract after an eID confirmed the identity: read and accepted, no typed name (it is
    signed with the eID on the dashboard afterwards)."""
    auth = json.loads((LOCALES / language / "auth.json").read_text())["register"]
    dialog_texts = json.loads((LOCALES / language / "contract.json").read_text())["dialog"]
    page.get_by_label(auth["employmentContract"]).click()
    dialog = page.get_by_role("dialog")
    expect(dialog.get_by_test_id("contract-eid-note")).to_contain_text(name)
    expect(dialog.get_by_role("textbox")).to_have_count(0)
    dialog.get_by_label(dialog_texts["accept"]).check()
    dialog.get_by_role("button", name=dialog_texts["eid"]["accept"]).click()
    expect(dialog).to_be_hidden()


# What an eID registration still asks for, in each language's words: no password, the person signs in with eID only.
REGISTRATION_WORDS = {
    "et": ("Kasutajanimi", "E-post", "Telefon", "Linn", "kasutustingimustega", "privaatsuspoliitikaga",
           "Loo konto ja kandideeri"),
    "en": ("Username", "E-mail", "Phone", "City", "terms of service", "privacy policy", "Create account and apply"),
}


def complete_the_registration(page: Page, language: str, name: str) -> str:
    """Fills in what the certificate does not give, accepts the contract and registers; returns the username."""
    username_label, email, phone, city, terms, privacy, submit = REGISTRATION_WORDS[language]
    username = f"eid{uuid.uuid4().hex[:8]}"
    page.get_by_label(username_label).fill(username)
    page.get_by_label(email).fill(f"{username}@example.com")
    page.get_by_label(phone).fill("+372 5551 2345")
    page.get_by_label(city).fill("Tallinn")
    page.get_by_label(re.compile(terms)).check()
    page.get_by_label(re.compile(privacy)).check()
    accept_the_contract_for_the_eid(page, language, name)
    page.get_by_role("button", name=submit).click()
    expect(page).to_have_url(re.compile("/dashboard"))
    return username


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

    complete_the_registration(page, "et", name)

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


# ---- issue 34 at 1366 px in English ------------------------------------------------------------------------------

DESKTOP = SIZES["desktop"]

# A stand-in of the Web eID browser extension for sign-in (web-eid.js' WebExtensionService speaks to it with
# window.postMessage, as test_esign.py's does for signing): it acknowledges web-eid:authenticate and answers with the
# token the test makes for the page's challenge nonce with the test PKI's authentication key (webEidTestAuthenticate).
WEB_EID_AUTH_STAND_IN = """
(() => {
  const reply = (action, body) => window.postMessage({action, ...body}, '*');
  window.addEventListener('message', async (event) => {
    const action = event.data && event.data.action;
    if (action !== 'web-eid:authenticate') return;
    reply(action + '-ack', {});
    const token = await window.webEidTestAuthenticate(event.data.challengeNonce);
    reply(action + '-success', token);
  });
})();
"""


def test_register_with_smart_id_sign_out_and_sign_in_with_smart_id_on_a_desktop_in_english(browser: Browser,
                                                                                         gateway: str) -> None:
    en = eid_texts("en")
    id_code = new_id_code()
    context = audit_context(browser, gateway)
    page = context.new_page()
    audit = Audit()
    held_registration = hold_final_answers(page, r"/api/register/eid/[0-9a-f-]{36}$")
    held_sign_in = hold_final_answers(page, r"/api/login/eid/[0-9a-f-]{36}$")

    page.goto("/auth?lng=en&tab=register")
    for method in ("smart_id", "mobile_id", "id_card"):
        expect(page.get_by_role("button", name=en["register"]["with"][method], exact=True)).to_be_visible()
    phone_step(page, audit, en["register"]["with"]["smart_id"], id_code, "register: Smart-ID code", "en", DESKTOP)
    release(page, held_registration)
    expect(page.get_by_role("status").filter(has_text="Verified: Smart-ID")).to_be_visible()
    full_name = page.get_by_label("Full name")
    expect(full_name).to_have_value(re.compile(r"\S+ \S+"))
    for field in (full_name, page.get_by_label("Estonian ID code"), page.get_by_label("Date of birth", exact=True)):
        expect(field).to_have_attribute("readonly", "")
    expect(page.get_by_label("Estonian ID code")).to_have_value(id_code)
    born = birth_date_in(id_code)
    expect(page.get_by_label("Date of birth", exact=True)).to_have_value(f"{born.day} {born:%B %Y}")
    audit.check(page, "register form filled from the certificate", "en")
    page.set_viewport_size(DESKTOP)
    name = full_name.input_value()

    username = complete_the_registration(page, "en", name)

    page.get_by_role("button", name="Log out").click()
    expect(page).not_to_have_url(re.compile("/dashboard"))
    page.goto("/auth?lng=en")
    for method in ("smart_id", "mobile_id", "id_card"):
        expect(page.get_by_role("button", name=en["login"]["with"][method], exact=True)).to_be_visible()
    audit.check(page, "login tab with eID", "en")
    page.set_viewport_size(DESKTOP)
    phone_step(page, audit, en["login"]["with"]["smart_id"], id_code, "login: Smart-ID code", "en", DESKTOP)
    release(page, held_sign_in)
    expect(page).to_have_url(re.compile("/dashboard"))
    me = page.request.get("/api/user").json()
    assert me["username"] == username

    # The employment contract waits for the same eID (a qualified signature, not a typed name): the sign dialog
    # offers only the eID methods, starting on Smart-ID, and signs with it.
    esign = json.loads((LOCALES / "en" / "esign.json").read_text())
    page.get_by_role("tab", name="Contracts").click()
    page.get_by_role("button", name="Sign contract Employment contract").click()
    dialog = page.get_by_role("dialog")
    expect(dialog.get_by_role("radio", name="Smart-ID")).to_be_checked()
    expect(dialog.get_by_role("radio")).to_have_count(3)
    expect(dialog.get_by_test_id("esign-only")).to_contain_text("You registered with Smart-ID")
    audit.check(page, "sign dialog of an eID-registered applicant", "en")
    page.set_viewport_size(DESKTOP)
    dialog.get_by_role("button", name=esign["start"]["smart_id"]).click()
    expect(dialog.get_by_test_id("esign-signed")).to_contain_text(esign["signed"]["title"], timeout=30_000)
    [contract] = page.request.get("/api/contracts").json()
    assert (contract["kind"], contract["status"], contract["signatureMethod"]) == ("employment", "signed", "smart_id")
    context.close()
    audit.assert_clean()


def test_an_id_card_sign_in_through_web_eid_on_a_desktop_in_english(browser: Browser, gateway: str, stack: Any,
                                                                     make_applicant: Callable[..., Applicant]) -> None:
    en = eid_texts("en")
    id_code = new_id_code()
    applicant = make_applicant(idCode=id_code)
    pki = TestPki(stack.eid_dir, f"{stack.sk_standin_url}/ocsp")
    person = pki.person(id_code, "p256", "authentication")
    nonces: list[str] = []

    def card(nonce: str) -> dict[str, str]:
        nonces.append(nonce)
        return web_eid_token(person.certificate, person.private_key, gateway, nonce)

    context = audit_context(browser, gateway)
    context.add_init_script(script=WEB_EID_AUTH_STAND_IN)
    page = context.new_page()
    page.expose_function("webEidTestAuthenticate", card)
    audit = Audit()
    page.goto("/auth?lng=en")
    page.get_by_role("button", name=en["login"]["with"]["id_card"], exact=True).click()
    expect(page).to_have_url(re.compile("/dashboard"))
    assert len(nonces) == 1 and len(nonces[0]) >= 43  # the server's challenge, 256 bits at least
    me = page.request.get("/api/user").json()
    assert me["id"] == applicant.user["id"]
    audit.check(page, "dashboard after the ID-card sign-in", "en")
    context.close()
    audit.assert_clean()
