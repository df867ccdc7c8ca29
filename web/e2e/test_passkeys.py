"""Issue 15, "Two-factor sign-in": passkeys count as the second factor, in Chromium with a virtual authenticator
(the DevTools protocol's WebAuthn domain): an admin without a second factor enrols with a passkey on the
enrolment page, an applicant adds one in the profile; both sign out, sign in with the password, choose
"Use a passkey" at the code step and land signed in with the second factor passed."""

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import CDPSession, Page, expect

from conftest import UNENROLLED_ADMIN_PASSWORD, Applicant, new_admin
from web.e2e.signin import login_texts, sign_in

LOCALES = Path(__file__).resolve().parents[1] / "public" / "locales"


def texts(namespace: str) -> Any:
    """Estonian, the accounts' language: the SPA switches to it once signed in."""
    return json.loads((LOCALES / "et" / f"{namespace}.json").read_text())


PASSKEYS, SECURITY = texts("passkeys"), texts("security")


def virtual_authenticator(page: Page) -> tuple[CDPSession, str]:
    """A platform authenticator that verifies the user at once, as a laptop's fingerprint reader would."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    added = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True, "hasUserVerification": True,
        "isUserVerified": True}})
    return cdp, added["authenticatorId"]


def stored_credentials(cdp: CDPSession, authenticator_id: str) -> list[dict[str, Any]]:
    return list(cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator_id})["credentials"])


def add_passkey(page: Page, name: str) -> None:
    page.get_by_label(PASSKEYS["card"]["nameLabel"]).fill(name)
    page.get_by_role("button", name=PASSKEYS["card"]["add"], exact=True).click()
    expect(page.get_by_test_id("recovery-codes").get_by_role("listitem")).to_have_count(10)
    page.get_by_role("button", name=PASSKEYS["card"]["codesSaved"]).click()


def sign_out_and_in_with_passkey(page: Page, gateway: str, username: str, password: str) -> None:
    assert page.request.post("/api/logout", headers={"Origin": gateway}).ok
    sign_in(page, username, password, language="et")
    expect(page.get_by_label(login_texts("et")["code"]["label"])).to_be_visible()  # the code step
    page.get_by_role("button", name=PASSKEYS["signIn"]["button"]).click()


def test_an_admin_enrols_with_a_passkey_and_signs_in_with_it(page: Page, gateway: str,
                                                               stack: Any) -> None:
    cdp, authenticator_id = virtual_authenticator(page)
    name = new_admin(stack)
    sign_in(page, name, UNENROLLED_ADMIN_PASSWORD, language="et")
    expect(page).to_have_url(re.compile(r"/second-factor$"))
    assert page.request.get("/api/admin/messages").status == 403  # not before a second factor

    add_passkey(page, "Test laptop")
    expect(page.get_by_text(SECURITY["enrol"]["done"])).to_be_visible()
    page.get_by_role("button", name=SECURITY["enrol"]["continue"]).click()
    expect(page).to_have_url(re.compile(r"/admin"))
    assert page.request.get("/api/admin/messages").status == 200
    [credential] = stored_credentials(cdp, authenticator_id)

    sign_out_and_in_with_passkey(page, gateway, name, UNENROLLED_ADMIN_PASSWORD)
    expect(page).to_have_url(re.compile(r"/admin"))
    user = page.request.get("/api/user").json()
    assert (user["username"], user["role"], user["secondFactorPassed"]) == (name, "admin", True)
    assert page.request.get("/api/admin/messages").status == 200
    [used] = stored_credentials(cdp, authenticator_id)
    assert used["credentialId"] == credential["credentialId"] and used["signCount"] > credential["signCount"]
    state = page.request.get("/api/second-factor").json()
    assert [(p["name"], p["lastUsedAt"] is not None) for p in state["passkeys"]] == [("Test laptop", True)]


def test_an_applicant_adds_a_passkey_in_the_profile_and_signs_in_with_it(
        page: Page, gateway: str, make_applicant: Any) -> None:
    virtual_authenticator(page)
    applicant: Applicant = make_applicant()
    username = applicant.user["username"]
    sign_in(page, username, applicant.password, language="et")
    expect(page).to_have_url(re.compile(r"/dashboard"))
    page.goto("/dashboard?tab=profile")
    add_passkey(page, "Phone")
    expect(page.get_by_role("list", name=PASSKEYS["card"]["listLabel"]).get_by_text("Phone")).to_be_visible()
    assert page.request.get("/api/user").json()["secondFactorPassed"] is True

    sign_out_and_in_with_passkey(page, gateway, username, applicant.password)
    expect(page).to_have_url(re.compile(r"/dashboard"))
    user = page.request.get("/api/user").json()
    assert (user["username"], user["secondFactor"], user["secondFactorPassed"]) == (username, True, True)
