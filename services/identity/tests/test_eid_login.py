"""Issue 34 through the gateway against the SK stand-in: signing in and registering with Smart-ID, Mobile-ID and
the ID-card (Web eID; these tests answer for the extension with the test PKI's card keys, as it cannot be installed
here). Each method signs in the account of the certificate's ID code with a new session; a refused or timed-out
phone session, a revoked certificate, another CA's, a reused or expired nonce, a token made for another origin or
signed by another person's key each leave no session; an admin still gives the TOTP code; an eID registration takes
the identity from the certificate, never from the body."""

import datetime as dt
import hashlib
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import psycopg
import pytest
from sk_standin.pki import TestPki

from conftest import ADMIN_USERNAME, Applicant, admin_otp, browser_client, id_codes_born, new_id_code, registration
from services.eid.tests.support import web_eid_token
from services.identity.tests.test_admin_management import audit_records

PHONE = "+37255500001"
REFUSES, TIMES_OUT = "30403039917", "30403039983"  # SK's Smart-ID demo accounts (the stand-in answers as SK)
MakeApplicant = Callable[..., Applicant]


@pytest.fixture(scope="module")
def pki(stack: Any) -> TestPki:
    return TestPki(stack.eid_dir, f"{stack.sk_standin_url}/ocsp")


@pytest.fixture(scope="module")
def stranger(tmp_path_factory: pytest.TempPathFactory) -> TestPki:
    """Another CA's PKI, trusted by nobody."""
    return TestPki(tmp_path_factory.mktemp("stranger"), "http://127.0.0.1:9/ocsp")


@pytest.fixture
def anonymous(gateway: str) -> Iterator[httpx.Client]:
    with browser_client(gateway) as c:
        yield c


def identity_db(stack: Any, query: str, *params: Any) -> list[tuple[Any, ...]]:
    with psycopg.connect(stack.database_url("identity"), autocommit=True) as db:
        cursor = db.execute(query, params)
        return [tuple(row) for row in cursor.fetchall()] if cursor.description else []


def until_answered(client: httpx.Client, path: str, timeout: float = 20) -> httpx.Response:
    """Polls as the sign-in dialog does while the answer is 202 (each poll is one long poll at SK)."""
    deadline = time.monotonic() + timeout
    while True:
        response = client.get(path)
        if response.status_code != 202 or time.monotonic() > deadline:
            return response
        assert response.json()["state"] == "running"
        time.sleep(0.1)


def phone_sign_in(client: httpx.Client, method: str, id_code: str) -> httpx.Response:
    body = {"method": method, "idCode": id_code, **({"phone": PHONE} if method == "mobile_id" else {})}
    started = client.post("/api/login/eid", json=body)
    assert started.status_code == 201, started.text
    code = started.json()["verificationCode"]
    assert len(code) == 4 and code.isdigit()
    return until_answered(client, f"/api/login/eid/{started.json()['sessionId']}")


def id_card_token(client: httpx.Client, pki: TestPki, id_code: str, origin: str, *, key: str = "p256",
                  nonce: str | None = None) -> dict[str, str]:
    if nonce is None:
        challenge = client.get("/api/login/eid/challenge")
        assert challenge.status_code == 200, challenge.text
        nonce = challenge.json()["nonce"]
    assert nonce is not None and len(nonce) >= 43  # at least 256 bits, base64
    person = pki.person(id_code, key, "authentication")  # type: ignore[arg-type]
    return web_eid_token(person.certificate, person.private_key, origin, nonce)


def signed_out(client: httpx.Client) -> bool:
    return client.get("/api/user").status_code == 401


def assert_refused(response: httpx.Response, code: str, client: httpx.Client) -> None:
    assert response.status_code == 401, response.text
    assert response.json()["code"] == code
    assert "portal_session" not in response.cookies
    assert signed_out(client)


@pytest.mark.parametrize("method", ["smart_id", "mobile_id"])
def test_the_phone_signs_in_the_account_of_the_id_code(make_applicant: MakeApplicant, anonymous: httpx.Client,
                                                      stack: Any, method: str) -> None:
    code = new_id_code()
    applicant = make_applicant(idCode=code)
    make_applicant()  # someone else, who must not be the one signed in
    anonymous.cookies.set("portal_session", "planted-before-sign-in")
    answer = phone_sign_in(anonymous, method, code)
    assert answer.status_code == 200, answer.text
    assert answer.json()["id"] == applicant.user["id"]
    new_token = answer.cookies.get("portal_session")
    assert new_token and new_token != "planted-before-sign-in"
    assert anonymous.get("/api/user").json()["id"] == applicant.user["id"]
    [record] = audit_records(stack, "user.signed_in_with_eid", applicant.user["id"])
    assert record["details"] == {"method": method} and record["actorId"] == applicant.user["id"]


def test_the_id_card_signs_in_and_its_nonce_is_good_once(make_applicant: MakeApplicant, anonymous: httpx.Client,
                                                         gateway: str, pki: TestPki) -> None:
    code = new_id_code()
    applicant = make_applicant(idCode=code)
    token = id_card_token(anonymous, pki, code, gateway)
    answer = anonymous.post("/api/login/eid/id-card", json=token)
    assert answer.status_code == 200, answer.text
    assert answer.json()["id"] == applicant.user["id"]
    anonymous.post("/api/logout")
    assert_refused(anonymous.post("/api/login/eid/id-card", json=token), "nonce_invalid", anonymous)


def test_an_expired_nonce_or_one_of_another_browser_signs_nobody_in(make_applicant: MakeApplicant,
                                                                     anonymous: httpx.Client, gateway: str,
                                                                     pki: TestPki, stack: Any) -> None:
    code = new_id_code()
    make_applicant(idCode=code)
    token = id_card_token(anonymous, pki, code, gateway)
    identity_db(stack, "update eid_nonces set expires_at = now() - interval '1 second' where used_at is null "
                       "and nonce = %s", token_nonce(anonymous, stack))
    assert_refused(anonymous.post("/api/login/eid/id-card", json=token), "nonce_invalid", anonymous)
    with browser_client(gateway) as other_browser:
        nonce = other_browser.get("/api/login/eid/challenge").json()["nonce"]
        stolen = id_card_token(anonymous, pki, code, gateway, nonce=nonce)
        assert_refused(anonymous.post("/api/login/eid/id-card", json=stolen), "nonce_invalid", anonymous)
        # the other browser's nonce is still its own, and good
        assert other_browser.post("/api/login/eid/id-card", json=stolen).status_code == 200


def token_nonce(client: httpx.Client, stack: Any) -> str:
    """The live nonce of this client's browser (its pre-login cookie's hash binds it)."""
    browser = hashlib.sha256(client.cookies["portal_eid_browser"].encode()).hexdigest()
    [(nonce,)] = identity_db(stack, "select nonce from eid_nonces where browser_hash = %s and used_at is null",
                             browser)
    return str(nonce)


def test_a_token_for_another_origin_or_by_another_persons_key_signs_nobody_in(
        make_applicant: MakeApplicant, anonymous: httpx.Client, gateway: str, pki: TestPki) -> None:
    code, other = new_id_code(), new_id_code()
    make_applicant(idCode=code)
    phished = id_card_token(anonymous, pki, code, "https://evil.example")
    assert_refused(anonymous.post("/api/login/eid/id-card", json=phished), "signature_invalid", anonymous)
    # another person's card signs, with the victim's certificate put in the token
    nonce = anonymous.get("/api/login/eid/challenge").json()["nonce"]
    forged = id_card_token(anonymous, pki, other, gateway, nonce=nonce)
    forged["unverifiedCertificate"] = id_card_token(anonymous, pki, code, gateway,
                                                    nonce=nonce)["unverifiedCertificate"]
    assert_refused(anonymous.post("/api/login/eid/id-card", json=forged), "signature_invalid", anonymous)


def test_a_revoked_or_untrusted_certificate_signs_nobody_in(make_applicant: MakeApplicant, anonymous: httpx.Client,
                                                            gateway: str, pki: TestPki, stranger: TestPki) -> None:
    code = new_id_code()
    make_applicant(idCode=code)
    pki.revoke(code, "p256", "authentication")
    pki.revoke(code, "rsa", "authentication")
    try:
        assert_refused(anonymous.post("/api/login/eid/id-card", json=id_card_token(anonymous, pki, code, gateway)),
                       "certificate_revoked", anonymous)
        assert_refused(phone_sign_in(anonymous, "smart_id", code), "certificate_revoked", anonymous)
    finally:
        pki.unrevoke(code, "p256", "authentication")
        pki.unrevoke(code, "rsa", "authentication")
    untrusted = id_card_token(anonymous, stranger, code, gateway)
    assert_refused(anonymous.post("/api/login/eid/id-card", json=untrusted), "certificate_untrusted", anonymous)
    # the same person's own card still signs in
    assert anonymous.post("/api/login/eid/id-card",
                          json=id_card_token(anonymous, pki, code, gateway)).status_code == 200


@pytest.mark.parametrize(("id_code", "code"), [(REFUSES, "refused"), (TIMES_OUT, "timeout")])
def test_a_refused_or_timed_out_phone_session_signs_nobody_in(anonymous: httpx.Client, id_code: str,
                                                              code: str) -> None:
    assert_refused(phone_sign_in(anonymous, "smart_id", id_code), code, anonymous)


def test_a_mobile_id_session_cancelled_on_the_phone_signs_nobody_in(anonymous: httpx.Client) -> None:
    started = anonymous.post("/api/login/eid", json={"method": "mobile_id", "idCode": new_id_code(),
                                                     "phone": "+37201100266"})
    assert started.status_code == 201, started.text
    answer = until_answered(anonymous, f"/api/login/eid/{started.json()['sessionId']}")
    assert_refused(answer, "refused", anonymous)


def test_a_session_is_polled_only_from_the_browser_that_started_it(make_applicant: MakeApplicant,
                                                                    anonymous: httpx.Client, gateway: str) -> None:
    code = new_id_code()
    make_applicant(idCode=code)
    started = anonymous.post("/api/login/eid", json={"method": "smart_id", "idCode": code})
    with browser_client(gateway) as thief:
        assert until_answered(thief, f"/api/login/eid/{started.json()['sessionId']}").status_code == 404
        assert signed_out(thief)
    assert until_answered(anonymous, f"/api/login/eid/{started.json()['sessionId']}").status_code == 200


def test_an_id_code_without_an_account_signs_nobody_in(anonymous: httpx.Client, gateway: str,
                                                       pki: TestPki) -> None:
    code = new_id_code()
    assert_refused(phone_sign_in(anonymous, "smart_id", code), "no_account", anonymous)
    assert_refused(anonymous.post("/api/login/eid/id-card", json=id_card_token(anonymous, pki, code, gateway)),
                   "no_account", anonymous)


def test_failed_eid_sign_ins_slow_the_account_down_as_wrong_passwords_do(make_applicant: MakeApplicant,
                                                                         anonymous: httpx.Client, gateway: str,
                                                                         pki: TestPki) -> None:
    code = new_id_code()
    applicant = make_applicant(idCode=code)
    for _ in range(5):
        wrong = id_card_token(anonymous, pki, code, "https://evil.example")
        assert anonymous.post("/api/login/eid/id-card", json=wrong).json()["code"] == "signature_invalid"
    blocked = anonymous.post("/api/login/eid/id-card", json=id_card_token(anonymous, pki, code, gateway))
    assert blocked.status_code == 429 and blocked.json()["code"] == "too_many_attempts"
    # the password counts the same failures: the account is slowed down from this address
    password = anonymous.post("/api/login", json={"username": applicant.user["username"],
                                                  "password": applicant.password})
    assert password.status_code == 429
    assert signed_out(anonymous)


def test_an_admin_still_gives_the_second_factor(stack: Any, anonymous: httpx.Client) -> None:
    code = new_id_code()
    identity_db(stack, "update users set id_code = %s where username = %s", code, ADMIN_USERNAME)
    try:
        started = anonymous.post("/api/login/eid", json={"method": "smart_id", "idCode": code})
        session = started.json()["sessionId"]
        answer = until_answered(anonymous, f"/api/login/eid/{session}")
        assert_refused(answer, "mfa_required", anonymous)
        wrong = anonymous.post(f"/api/login/eid/{session}/second-factor", json={"otp": "000000"})
        assert_refused(wrong, "mfa_required", anonymous)
        done = anonymous.post(f"/api/login/eid/{session}/second-factor", json={"otp": admin_otp()})
        assert done.status_code == 200, done.text
        assert done.json()["role"] == "admin" and done.json()["secondFactorPassed"] is True
        # the session is used up
        assert anonymous.post(f"/api/login/eid/{session}/second-factor",
                              json={"otp": admin_otp()}).status_code == 409
    finally:
        identity_db(stack, "update users set id_code = null where username = %s", ADMIN_USERNAME)


# --- registration with eID ----------------------------------------------------------------------------------

def confirm_registration(client: httpx.Client, method: str, id_code: str) -> httpx.Response:
    body = {"method": method, "idCode": id_code, **({"phone": PHONE} if method == "mobile_id" else {})}
    started = client.post("/api/register/eid", json=body)
    assert started.status_code == 201, started.text
    return until_answered(client, f"/api/register/eid/{started.json()['sessionId']}")


def test_registering_with_smart_id_takes_the_identity_from_the_certificate_only(
        anonymous: httpx.Client, gateway: str, stack: Any) -> None:
    code = new_id_code()
    confirmed = confirm_registration(anonymous, "smart_id", code)
    assert confirmed.status_code == 200, confirmed.text
    person = confirmed.json()
    assert person["idCode"] == code and person["method"] == "smart_id"
    assert person["dateOfBirth"] == f"19{code[1:3]}-{code[3:5]}-{code[5:7]}"
    assert person["fullName"] == f"{person['givenName']} {person['surname']}"
    # the body's identity fields are ignored; no password: eID only
    body = registration(idCode=new_id_code(), fullName="Somebody Else", dateOfBirth="1970-01-01",
                        contractSignedName="Somebody Else", eidSessionId=person["sessionId"])
    for field in ("password", "confirmPassword"):
        body.pop(field)
    registered = anonymous.post("/api/register", json=body)
    assert registered.status_code == 201, registered.text
    profile = anonymous.get("/api/profile").json()
    assert (profile["fullName"], profile["idCode"], profile["dateOfBirth"]) == (
        person["fullName"], code, person["dateOfBirth"])
    assert profile["eidVerifiedMethod"] == "smart_id"
    verified_at = dt.datetime.fromisoformat(profile["eidVerifiedAt"])
    assert abs((dt.datetime.now(dt.UTC) - verified_at).total_seconds()) < 120
    # the confirmation is good once
    again = anonymous.post("/api/register", json={**body, "username": body["username"] + "x",
                                                   "email": "x" + body["email"]})
    assert again.status_code == 422 and again.json()["fieldCodes"] == {"eidSessionId": "eid_session_invalid"}
    # and the new applicant signs in with Smart-ID (no password was set)
    anonymous.post("/api/logout")
    signed_in = phone_sign_in(anonymous, "smart_id", code)
    assert signed_in.status_code == 200 and signed_in.json()["id"] == registered.json()["id"]
    assert anonymous.post("/api/login", json={"username": body["username"], "password": ""}).status_code in (401, 422)


def test_registering_with_the_id_card(anonymous: httpx.Client, gateway: str, pki: TestPki) -> None:
    code = new_id_code()
    token = id_card_token(anonymous, pki, code, gateway)
    confirmed = anonymous.post("/api/register/eid/id-card", json=token)
    assert confirmed.status_code == 201, confirmed.text
    body = registration(eidSessionId=confirmed.json()["sessionId"])
    registered = anonymous.post("/api/register", json=body)
    assert registered.status_code == 201, registered.text
    assert anonymous.get("/api/profile").json()["eidVerifiedMethod"] == "id_card"


def test_an_eid_confirmation_of_another_browser_is_worthless(anonymous: httpx.Client, gateway: str) -> None:
    confirmed = confirm_registration(anonymous, "smart_id", new_id_code())
    with browser_client(gateway) as other:
        answer = other.post("/api/register", json=registration(eidSessionId=confirmed.json()["sessionId"]))
        assert answer.status_code == 422 and answer.json()["fieldCodes"] == {"eidSessionId": "eid_session_invalid"}


def test_an_id_code_with_an_account_is_told_to_sign_in(make_applicant: MakeApplicant, anonymous: httpx.Client,
                                                       gateway: str, pki: TestPki) -> None:
    code = new_id_code()
    make_applicant(idCode=code)
    answer = confirm_registration(anonymous, "mobile_id", code)
    assert answer.status_code == 409 and answer.json()["code"] == "eid_account_exists"
    card = anonymous.post("/api/register/eid/id-card", json=id_card_token(anonymous, pki, code, gateway))
    assert card.status_code == 409 and card.json()["code"] == "eid_account_exists"


def test_someone_under_21_is_refused_before_anything_is_stored(anonymous: httpx.Client, gateway: str,
                                                               pki: TestPki, stack: Any) -> None:
    [young] = id_codes_born(dt.date.today().replace(year=dt.date.today().year - 20), 1)
    started = anonymous.post("/api/register/eid", json={"method": "smart_id", "idCode": young})
    assert started.status_code == 422 and started.json()["fieldCodes"] == {"idCode": "under_minimum_age"}
    assert started.json()["message"] == "You must be at least 21 years old to apply"
    card = anonymous.post("/api/register/eid/id-card", json=id_card_token(anonymous, pki, young, gateway))
    assert card.status_code == 422 and card.json()["fieldCodes"] == {"idCode": "under_minimum_age"}
    assert identity_db(stack, "select count(*) from eid_sessions where id_code = %s or requested_id_code = %s",
                       young, young) == [(0,)]


def test_a_typed_registration_still_needs_its_identity_and_password(anonymous: httpx.Client) -> None:
    body = registration()
    for field in ("fullName", "password"):
        body.pop(field)
    answer = anonymous.post("/api/register", json=body)
    assert answer.status_code == 422
    assert answer.json()["fieldCodes"] == {"fullName": "required", "password": "required"}

