"""Issue 37, "Registration tells as little as it can" (spec §4 registration otherwise unchanged): a taken e-mail
address or ID code is refused with one 409 account_exists that names neither field, the existing account's owner
is e-mailed in their language, and such refusals from one address slow its registrations down. Through the
gateway; a client address of the test's own is a loopback source address (Traefik tells identity in
X-Forwarded-For)."""

import random
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from conftest import Applicant, new_id_code, registration
from services.notifications.tests.support import mail_to, wait_for_mail

ACCOUNT_EXISTS = {"code": "account_exists",
                  "message": "An account with these details may already exist. Sign in or reset your password.",
                  "fields": {}, "fieldCodes": {}}


def own_address() -> str:
    """A loopback address no other test calls from (they use 127.0.0.x): its refusals are this test's alone."""
    return f"127.{random.randint(1, 250)}.{random.randint(1, 250)}.{random.randint(2, 250)}"


@pytest.fixture
def from_own_address(gateway: str) -> Iterator[httpx.Client]:
    base_url = f"http://127.0.0.1:{httpx.URL(gateway).port}"
    with httpx.Client(base_url=base_url, headers={"Origin": base_url}, timeout=30,
                      transport=httpx.HTTPTransport(local_address=own_address())) as client:
        yield client


def id_code_of(applicant: Applicant) -> str:
    code: str = applicant.client.get("/api/profile").json()["idCode"]
    return code


def refusal(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 409, response.text
    body: dict[str, Any] = response.json()
    return {key: body.get(key, {}) for key in ACCOUNT_EXISTS}  # fieldCodes comes only with fields


def test_a_taken_email_or_id_code_gets_one_answer_that_names_neither(
        make_applicant: Any, from_own_address: httpx.Client) -> None:
    owner: Applicant = make_applicant()
    by_email = from_own_address.post("/api/register", json=registration(email=owner.user["email"]))
    by_id_code = from_own_address.post("/api/register", json=registration(idCode=id_code_of(owner)))
    assert refusal(by_email) == refusal(by_id_code) == ACCOUNT_EXISTS
    assert "portal_session" not in from_own_address.cookies
    # Spec §4 otherwise unchanged: a taken username is still named, and new details still register.
    taken_name = from_own_address.post("/api/register", json=registration(username=owner.user["username"]))
    assert taken_name.status_code == 409 and taken_name.json()["fieldCodes"] == {"username": "username_taken"}
    assert from_own_address.post("/api/register", json=registration()).status_code == 201


def test_the_owner_is_emailed_once_in_their_language(make_applicant: Any, stack: Any,
                                                     from_own_address: httpx.Client) -> None:
    """One attempt, one e-mail to each account whose details it used: here the e-mail address of an Estonian
    reader's account and the ID code of an English reader's."""
    estonian: Applicant = make_applicant(language="et")
    english: Applicant = make_applicant(language="en")
    attempt = registration(email=estonian.user["email"], idCode=id_code_of(english), language="en")
    assert refusal(from_own_address.post("/api/register", json=attempt)) == ACCOUNT_EXISTS

    [to_estonian] = wait_for_mail(stack, estonian.user["email"], "registration_attempt")
    [to_english] = wait_for_mail(stack, english.user["email"], "registration_attempt")
    assert to_estonian.subject == "Keegi proovis registreeruda teie andmetega"
    assert "isikukoodiga" in to_estonian.text and "/auth" in to_estonian.text
    assert to_english.subject == "Someone tried to register with your details"
    assert "sign in with your existing account" in to_english.text
    # Nothing of the attempt is told: not the address or the name it was made with.
    for mail in (to_estonian, to_english):
        assert attempt["username"] not in mail.text and attempt["fullName"] not in mail.text.replace(
            estonian.user["fullName"], "").replace(english.user["fullName"], "")
    time.sleep(2)  # four of notifications' send rounds: nothing more comes
    assert len(mail_to(stack, estonian.user["email"], "registration_attempt")) == 1
    assert len(mail_to(stack, english.user["email"], "registration_attempt")) == 1


def test_refusals_count_toward_a_per_address_limit(make_applicant: Any, stack: Any, gateway: str,
                                                   from_own_address: httpx.Client) -> None:
    """IDENTITY_REGISTRATION_FREE_REFUSALS refusals from one address, then its registrations slow down as failed
    sign-ins do: 429 with Retry-After for any registration from it, new details too, so the wait tells nothing.
    Other addresses register as before."""
    owner: Applicant = make_applicant()
    free = int(stack.env.get("IDENTITY_REGISTRATION_FREE_REFUSALS", "5"))
    for attempt in range(free):
        taken = {"email": owner.user["email"]} if attempt % 2 else {"idCode": id_code_of(owner)}
        assert refusal(from_own_address.post("/api/register", json=registration(**taken))) == ACCOUNT_EXISTS
    # From the last free one on each refusal doubles the wait, as for sign-ins: 2 s, then 4 s (ample for what
    # follows).
    first_wait = from_own_address.post("/api/register", json=registration(email=owner.user["email"]))
    assert first_wait.status_code == 429, first_wait.text
    time.sleep(int(first_wait.headers["Retry-After"]))
    assert refusal(from_own_address.post("/api/register", json=registration(email=owner.user["email"]))) \
        == ACCOUNT_EXISTS
    for body in (registration(email=owner.user["email"]), registration(idCode=new_id_code())):
        blocked = from_own_address.post("/api/register", json=body)
        assert blocked.status_code == 429, blocked.text
        assert blocked.json()["code"] == "too_many_attempts" and int(blocked.headers["Retry-After"]) >= 2
    with httpx.Client(base_url=from_own_address.base_url, headers={"Origin": str(from_own_address.base_url)},
                      transport=httpx.HTTPTransport(local_address=own_address())) as elsewhere:
        assert elsewhere.post("/api/register", json=registration()).status_code == 201
