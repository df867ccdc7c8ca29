"""Issue 33 in the browser: an applicant signs a contract with Smart-ID on a phone-sized screen in Estonian, sees the
verification code in large digits, downloads the ASiC-E container and checks it on /verify; an applicant signs with
the ID-card through a stand-in of the Web eID extension (its window.postMessage protocol, answered with the test
PKI's key for the applicant's ID code), after the extension missing and a cancelled PIN entry are told. axe-core
finds nothing wrong in the dialog's new states (WCAG 2.1 AA, issue 18)."""

import base64
import io
import re
import uuid
import zipfile
from collections.abc import Callable
from typing import Any

import httpx
from cryptography.hazmat.primitives.serialization import Encoding
from playwright.sync_api import Browser, BrowserContext, Page, Request, Route, expect
from sk_standin.pki import Person, TestPki

from conftest import Applicant, eventually, new_id_code
from services.contracts.tests.test_esign_id_card import card_signs
from web.e2e.conftest import new_context
from web.e2e.signin import sign_in
from web.e2e.test_accessibility import AXE_SCRIPT, Audit, texts

ASICE_MIMETYPE = "application/vnd.etsi.asic-e+zip"
PHONE = {"width": 390, "height": 844}
# The server checks the certificate (OCSP), renders the PDF, time-stamps and builds the container: seconds on a
# busy two-core machine.
SERVER_WORK_MS = 30_000

# A stand-in of the Web eID browser extension (web-eid.js' WebExtensionService speaks to it with window.postMessage):
# it acknowledges each request and answers it as the extension would, once window.__webEidStandIn is set; without
# it nothing answers, as when the extension is not installed. The card's signature comes from the test
# (webEidTestSign, exposed by Playwright), made with the test PKI's key.
WEB_EID_STAND_IN = """
(() => {
  const reply = (action, body) => window.postMessage({action, ...body}, '*');
  window.addEventListener('message', async (event) => {
    const standIn = window.__webEidStandIn;
    const action = event.data && event.data.action;
    if (!standIn || typeof action !== 'string' || !/^web-eid:[a-z-]+$/.test(action)) return;
    if (/-(ack|success|failure)$/.test(action)) return;
    reply(action + '-ack', {});
    if (action === 'web-eid:status') {
      reply(action + '-success', {library: event.data.libraryVersion, extension: '2.5.0', nativeApp: '2.5.0'});
    } else if (action === 'web-eid:get-signing-certificate') {
      reply(action + '-success', {certificate: standIn.certificate, supportedSignatureAlgorithms: [
        {cryptoAlgorithm: 'ECC', hashFunction: 'SHA-256', paddingScheme: 'NONE'},
        {cryptoAlgorithm: 'ECC', hashFunction: 'SHA-384', paddingScheme: 'NONE'}]});
    } else if (action === 'web-eid:sign') {
      if (standIn.cancelNextSign) {
        standIn.cancelNextSign = false;
        reply(action + '-failure', {error: {code: 'ERR_WEBEID_USER_CANCELLED', message: 'User cancelled'}});
        return;
      }
      const {certificate, hash, hashFunction} = event.data;
      standIn.signed = {certificate, hash, hashFunction};
      const signature = await window.webEidTestSign(event.data.hash, event.data.hashFunction);
      reply(action + '-success', {signature, signatureAlgorithm:
        {cryptoAlgorithm: 'ECC', hashFunction: event.data.hashFunction, paddingScheme: 'NONE'}});
    }
  });
})();
"""


def esign_texts(language: str) -> dict[str, Any]:
    return texts(language, "esign")


def esign_context(browser: Browser, gateway: str, language: str = "et") -> BrowserContext:
    """A phone-sized profile; axe-core comes with every page (an init script, which the page's Content-Security-
    Policy does not govern, so the test keeps checking that nothing else breaks it)."""
    context = new_context(browser, gateway, language, width=PHONE["width"])
    context.add_init_script(path=str(AXE_SCRIPT))
    return context


def applicant_with_contract(make_applicant: Callable[..., Applicant], admin_client: httpx.Client,
                            full_name: str, id_code: str) -> tuple[Applicant, int, str]:
    applicant = make_applicant(fullName=full_name, idCode=id_code)
    eventually(lambda: len(applicant.client.get("/api/contracts").json()) == 1, 15, "the employment contract")
    title = f"Juhatuse liikme leping {uuid.uuid4().hex[:6]}"
    created = admin_client.post("/api/contracts", json={"userId": applicant.user["id"], "title": title,
                                                        "content": "1. Allkirjastab aastaaruande.\n2. Tasu 500 eurot."})
    assert created.status_code == 201, created.text
    return applicant, created.json()["id"], title


def open_sign_dialog(page: Page, applicant: Applicant, title: str) -> Any:
    sign_in(page, applicant.user["username"], applicant.password, language="et")
    expect(page).to_have_url(re.compile("/dashboard$"))
    page.get_by_role("tab", name="Lepingud").click()
    row = page.get_by_test_id("contract-row").filter(has_text=title)
    row.get_by_role("button", name=f"Allkirjasta leping {title}").click()
    return page.get_by_role("dialog")


def check_axe(page: Page, audit: Audit, state: str) -> None:
    audit.check(page, state, "et")
    page.set_viewport_size(PHONE)


def asice_is_a_container(data: bytes) -> zipfile.ZipFile:
    """An ASiC-E container: a ZIP whose first entry is `mimetype`, stored, naming the ASiC-E type."""
    assert data[:4] == b"PK\x03\x04" and data[30:38] == b"mimetype"
    archive = zipfile.ZipFile(io.BytesIO(data))
    first = archive.infolist()[0]
    assert first.filename == "mimetype" and first.compress_type == zipfile.ZIP_STORED
    assert archive.read("mimetype").decode() == ASICE_MIMETYPE
    assert any(name.startswith("META-INF/signatures") for name in archive.namelist())
    return archive


def test_an_applicant_signs_with_smart_id_on_a_phone_and_downloads_the_container(
        browser: Browser, gateway: str, make_applicant: Callable[..., Applicant], admin_client: httpx.Client) -> None:
    et = esign_texts("et")
    id_code = new_id_code()
    applicant, contract_id, title = applicant_with_contract(make_applicant, admin_client, "Mari Maasikas", id_code)
    context = esign_context(browser, gateway)
    page = context.new_page()
    page.set_viewport_size(PHONE)
    audit = Audit()

    # The stand-in's phone confirms within a second; the session's last answer ("signed") is held back until the
    # dialog's waiting state, with its code, has been looked at.
    held: list[tuple[Route, Any]] = []

    def hold_the_signed_answer(route: Route, request: Request) -> None:
        if request.method != "GET":
            route.continue_()
            return
        response = route.fetch()
        if response.ok and response.json().get("state") == "signed":
            held.append((route, response))
        else:
            route.fulfill(response=response)

    session_url = re.compile(rf"/api/contracts/{contract_id}/esign/[0-9a-f-]+$")
    page.route(session_url, hold_the_signed_answer)

    dialog = open_sign_dialog(page, applicant, title)
    # The drawn and typed signature stay; the three eID methods stand beside them.
    for name in ("Joonistan", "Kirjutan oma nime", "Smart-ID", "Mobiil-ID", "ID-kaart"):
        expect(dialog.get_by_role("radio", name=name)).to_be_visible()
    dialog.get_by_role("radio", name="Smart-ID").check()
    expect(dialog.get_by_text(et["intro"]["smart_id"])).to_be_visible()
    expect(dialog.get_by_role("button", name="Kinnita allkiri")).to_have_count(0)
    check_axe(page, audit, "sign dialog: Smart-ID chosen")

    with page.expect_response(lambda response: response.request.method == "POST"
                              and response.url.endswith(f"/api/contracts/{contract_id}/esign")) as answer:
        dialog.get_by_role("button", name=et["start"]["smart_id"]).click()
    started = answer.value.json()
    assert answer.value.status == 201 and (started["method"], started["state"]) == ("smart_id", "running")
    code = dialog.get_by_test_id("esign-verification-code")
    expect(code).to_have_text(re.compile(r"^\d{4}$"))
    if started["verificationCode"] is not None:  # else the first GET brought it (Smart-ID chose the account later)
        expect(code).to_have_text(started["verificationCode"])
    expect(dialog.get_by_text(et["code"]["check"])).to_be_visible()
    expect(dialog.get_by_test_id("esign-waiting")).to_be_focused()  # the start button is gone; the focus is not lost
    expect(dialog.get_by_test_id("esign-demo")).to_have_text(et["demo"])
    expect(dialog.get_by_role("radio", name="Joonistan")).to_be_disabled()  # the method stays while it runs
    box = code.bounding_box()
    assert box is not None and box["height"] >= 40, box  # large digits
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    check_axe(page, audit, "sign dialog: Smart-ID verification code")

    for _ in range(SERVER_WORK_MS // 100):  # the route handler runs while Playwright is waited on
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the phone never confirmed"
    route, response = held.pop()
    route.fulfill(response=response)
    signed = dialog.get_by_test_id("esign-signed")
    expect(signed).to_contain_text(et["signed"]["title"], timeout=SERVER_WORK_MS)
    expect(signed).to_be_focused()
    check_axe(page, audit, "sign dialog: signed with Smart-ID")

    with page.expect_download() as download_info:
        signed.get_by_role("link", name=et["signed"]["download"]).click()
    download = download_info.value
    assert download.suggested_filename.endswith(".asice"), download.suggested_filename
    path = download.path()
    container = path.read_bytes()
    archive = asice_is_a_container(container)
    assert f"leping-{contract_id}.pdf" in archive.namelist()

    signed.get_by_role("button", name=et["signed"]["close"]).click()
    expect(page.get_by_role("dialog")).to_have_count(0)
    row = page.get_by_test_id("contract-row").filter(has_text=title)
    expect(row.get_by_text("Allkirjastatud", exact=True).last).to_be_visible()
    expect(row.get_by_text("Smart-ID", exact=True)).to_be_visible()
    expect(row.get_by_role("link", name=et["asiceNamed"].replace("{{title}}", title))).to_have_attribute(
        "href", f"/api/contracts/{contract_id}/asice")

    # Anyone can check the container on /verify: valid, the signer, the time-stamp, the portal's contract.
    page.goto("/verify")
    page.get_by_label(re.compile("Lohistage lepingu PDF või .asice siia")).set_input_files(
        files=[{"name": "leping.asice", "mimeType": ASICE_MIMETYPE, "buffer": container}])
    result = page.get_by_test_id("verify-container")
    expect(result).to_have_attribute("data-valid", "true")
    verify = texts("et", "verify")
    expect(result).to_contain_text(verify["container"]["valid"])
    expect(result).to_contain_text(id_code)
    expect(result).to_contain_text(verify["container"]["matches"])
    check_axe(page, audit, "verify: a valid container")
    context.close()
    audit.assert_clean()


def test_an_applicant_signs_with_the_id_card_through_web_eid(
        browser: Browser, gateway: str, stack: Any, make_applicant: Callable[..., Applicant],
        admin_client: httpx.Client) -> None:
    et = esign_texts("et")
    id_code = new_id_code()
    applicant, contract_id, title = applicant_with_contract(make_applicant, admin_client, "Jaan Tamm", id_code)
    pki = TestPki(stack.eid_dir, f"{stack.sk_standin_url}/ocsp")
    person: Person = pki.person(id_code, "p256", given_name="JAAN", surname="TAMM")
    certificate = base64.b64encode(person.certificate.public_bytes(Encoding.DER)).decode()
    signed_digests: list[tuple[str, str]] = []

    def card(digest: str, hash_function: str) -> str:
        signed_digests.append((digest, hash_function))
        return card_signs(person, {"digest": digest, "hashFunction": hash_function})

    context = esign_context(browser, gateway)
    context.add_init_script(script=WEB_EID_STAND_IN)
    page = context.new_page()
    page.set_viewport_size(PHONE)
    page.expose_function("webEidTestSign", card)
    audit = Audit()

    dialog = open_sign_dialog(page, applicant, title)
    dialog.get_by_role("radio", name="ID-kaart").check()
    start = dialog.get_by_role("button", name=et["start"]["id_card"])

    # No extension: Web eID's library waits for its acknowledgement in vain, and the dialog says what is missing.
    start.click()
    failed = dialog.get_by_test_id("esign-failed")
    expect(failed).to_contain_text(et["webEid"]["ERR_WEBEID_EXTENSION_UNAVAILABLE"])
    expect(failed).to_be_focused()
    expect(failed.get_by_role("link", name=et["idCard"]["getWebEid"])).to_be_visible()
    check_axe(page, audit, "sign dialog: Web eID missing")

    # The extension is there; the person cancels at the PIN: told, nothing signed, and they try again.
    page.evaluate("certificate => { window.__webEidStandIn = {certificate, cancelNextSign: true}; }", certificate)
    failed.get_by_role("button", name=et["retry"]).click()
    start.click()
    expect(failed).to_contain_text(et["webEid"]["ERR_WEBEID_USER_CANCELLED"])
    assert signed_digests == []
    contract = next(c for c in applicant.client.get("/api/contracts").json() if c["id"] == contract_id)
    assert contract["status"] != "signed" and contract["signatureMethod"] is None

    failed.get_by_role("button", name=et["retry"]).click()
    start.click()
    signed = dialog.get_by_test_id("esign-signed")
    expect(signed).to_contain_text(et["signed"]["title"], timeout=SERVER_WORK_MS)
    assert len(signed_digests) == 1 and signed_digests[0][1] == "SHA-256"
    sent = page.evaluate("window.__webEidStandIn.signed")
    assert sent["certificate"] == certificate and sent["hashFunction"] == "SHA-256"
    check_axe(page, audit, "sign dialog: signed with the ID-card")

    contract = next(c for c in applicant.client.get("/api/contracts").json() if c["id"] == contract_id)
    assert (contract["status"], contract["signatureMethod"]) == ("signed", "id_card")
    download = applicant.client.get(f"/api/contracts/{contract_id}/asice")
    assert download.headers["content-type"] == ASICE_MIMETYPE
    asice_is_a_container(download.content)

    # The view dialog names the method and offers the container.
    signed.get_by_role("button", name=et["signed"]["close"]).click()
    row = page.get_by_test_id("contract-row").filter(has_text=title)
    expect(row.get_by_text("ID-kaart", exact=True)).to_be_visible()
    row.get_by_role("button", name=f"Vaata lepingut {title}").click()
    view = page.get_by_role("dialog")
    expect(view.get_by_test_id("signature-method")).to_have_text(et["viewMethod"].replace("{{method}}", "ID-kaart"))
    expect(view.get_by_role("link", name=et["signed"]["download"])).to_have_attribute(
        "href", f"/api/contracts/{contract_id}/asice")
    context.close()
    audit.assert_clean()
