"""identity's calls (spec §7) through the gateway, against real Postgres and NATS."""

import asyncio
import json
from datetime import UTC, date, datetime, timedelta
from typing import Any

import httpx
import nats
import psycopg
import pytest
from nats.js.api import ConsumerConfig, DeliverPolicy

from conftest import (
    ADMIN_PASSWORD,
    ADMIN_USERNAME,
    Applicant,
    id_codes_born,
    nats_login,
    new_id_code,
    random_birth_date,
    registration,
)

# secondFactor: the account has one; secondFactorPassed: this session passed it (issue 15); consentRequired: a newer
# version of a text waits for the applicant's consent (issue 16).
USER_FIELDS = {"id", "username", "fullName", "email", "phone", "role", "language", "secondFactor", "secondFactorPassed",
               "consentRequired"}


def test_signed_out_user_is_401(client: httpx.Client) -> None:
    response = client.get("/api/user")
    assert response.status_code == 401
    assert response.json() == {"message": "Not signed in", "code": "not_authenticated", "fields": {}}


def test_registration_answers_the_user_and_signs_in(client: httpx.Client) -> None:
    body = registration(fullName="Kati Karu", language="en")
    response = client.post("/api/register", json=body)
    assert response.status_code == 201
    user = response.json()
    assert set(user) == USER_FIELDS
    assert (user["username"], user["fullName"], user["email"], user["phone"], user["role"], user["language"]) == (
        body["username"], "Kati Karu", body["email"], body["phone"], "applicant", "en")
    assert client.get("/api/user").json() == user


def test_registration_validates_every_field_with_the_spec_texts(client: httpx.Client) -> None:
    response = client.post("/api/register", json=registration(
        username="ab", password="short", confirmPassword="other", idCode="37605030290", dateOfBirth="2015-01-01",
        consentTerms=False))
    assert response.status_code == 422
    error = response.json()
    assert error["code"] == "validation_error"
    assert error["fields"] == {
        "username": "Username must be at least 4 characters",
        "password": "Password must be at least 8 characters",
        "dateOfBirth": "You must be at least 21 years old to apply",
        "idCode": "Invalid checksum in ID code",
        "consentTerms": "You must agree to the terms to continue",
    }
    assert client.get("/api/user").status_code == 401


@pytest.mark.parametrize(("field", "code"), [("username", "username_taken"), ("email", "account_exists"),
                                             ("idCode", "account_exists")])
def test_username_email_and_id_code_are_unique(make_applicant: Any, client: httpx.Client, field: str,
                                               code: str) -> None:
    """A taken username is named; a taken e-mail address or ID code is not (issue 37: account_exists)."""
    first = registration()
    make_applicant(**first)
    clash = registration(**{field: first[field].upper() if field == "username" else first[field]})
    response = client.post("/api/register", json=clash)
    assert response.status_code == 409
    assert response.json()["code"] == code
    assert response.json()["fields"] == ({"username": "This username is already taken"} if field == "username" else {})


def test_registration_stores_the_contract_acceptance_and_emits_the_event(stack: Any, client: httpx.Client) -> None:
    id_code = new_id_code()
    body = registration(idCode=id_code, contractSignedName="Mari Maasikas", contractSignedIdCode=id_code)
    since = datetime.now(UTC) - timedelta(seconds=5)
    user = client.post("/api/register", json=body).json()
    with psycopg.connect(stack.database_url("identity")) as db:
        acceptance = db.execute("select full_name, id_code, language, accepted_at from contract_acceptances "
                                "where user_id = %s", (user["id"],)).fetchone()
    assert acceptance is not None and acceptance[:3] == ("Mari Maasikas", id_code, "et")
    event = asyncio.run(_find_registered_event(stack, user["id"], since))
    assert event["type"] == "identity.user.registered"
    assert event["payload"]["idCode"] == id_code
    assert event["payload"]["contract"]["fullName"] == "Mari Maasikas"
    assert "password" not in json.dumps(event).lower()


async def _find_registered_event(stack: Any, user_id: int, since: datetime) -> dict[str, Any]:
    """The registration's event among those published since ``since`` (other tests register meanwhile)."""
    connection = await nats.connect(stack.env["PORTAL_NATS_URL"], **nats_login(stack, "identity"))
    try:
        recent = ConsumerConfig(deliver_policy=DeliverPolicy.BY_START_TIME, opt_start_time=since)
        subscription = await connection.jetstream().subscribe("identity.user.registered", ordered_consumer=True,
                                                              config=recent)
        for _ in range(200):
            message = await subscription.next_msg(timeout=5)
            event = json.loads(message.data)
            if event["payload"]["userId"] == user_id:
                assert message.headers and message.headers.get("Nats-Msg-Id") == event["id"]
                return event
        raise AssertionError("event not found")
    finally:
        await connection.close()


def with_token(token: str, origin: str) -> dict[str, str]:
    return {"Cookie": f"portal_session={token}", "Origin": origin}


def test_login_rotates_the_session_and_logout_revokes_it(make_applicant: Any, gateway: str) -> None:
    applicant: Applicant = make_applicant()
    planted = applicant.client.cookies["portal_session"]
    credentials = {"username": applicant.user["username"], "password": applicant.password}
    login = httpx.post(f"{gateway}/api/login", json=credentials, headers=with_token(planted, gateway))
    assert login.status_code == 200 and login.json() == applicant.user
    fresh = login.cookies["portal_session"]
    assert fresh != planted
    # The token the browser held before signing in is worthless after it.
    assert httpx.get(f"{gateway}/api/user", headers=with_token(planted, gateway)).status_code == 401
    assert httpx.get(f"{gateway}/api/user", headers=with_token(fresh, gateway)).status_code == 200
    logout = httpx.post(f"{gateway}/api/logout", headers=with_token(fresh, gateway))
    assert logout.status_code == 200
    assert 'portal_session=""' in logout.headers["set-cookie"] or "Max-Age=0" in logout.headers["set-cookie"]
    assert httpx.get(f"{gateway}/api/user", headers=with_token(fresh, gateway)).status_code == 401


def test_wrong_password_is_401_and_repeated_failures_slow_down(make_applicant: Any, client: httpx.Client) -> None:
    applicant: Applicant = make_applicant()
    wrong = {"username": applicant.user["username"], "password": "not-the-password"}
    for _ in range(5):
        response = client.post("/api/login", json=wrong)
        assert response.status_code == 401
        assert response.json()["code"] == "invalid_credentials"
    blocked = client.post("/api/login", json={**wrong, "password": applicant.password})
    assert blocked.status_code == 429
    assert blocked.json()["code"] == "too_many_attempts"
    assert int(blocked.headers["Retry-After"]) >= 1


def test_unknown_user_and_empty_fields(client: httpx.Client) -> None:
    assert client.post("/api/login", json={"username": "nobody-here", "password": "whatever1"}).status_code == 401
    empty = client.post("/api/login", json={"username": "", "password": ""})
    assert empty.status_code == 422
    assert empty.json()["fields"] == {"username": "Username is required", "password": "Password is required"}


def test_set_language_saves_it_on_the_user(make_applicant: Any) -> None:
    applicant: Applicant = make_applicant()
    response = applicant.client.post("/api/set-language", json={"language": "en"})
    assert response.status_code == 200 and response.json()["language"] == "en"
    assert applicant.client.get("/api/user").json()["language"] == "en"
    assert applicant.client.post("/api/set-language", json={"language": "de"}).status_code == 422


def test_set_language_needs_a_session(client: httpx.Client) -> None:
    assert client.post("/api/set-language", json={"language": "en"}).status_code == 401


def test_profile_shows_the_registration_and_changes_only_three_fields(make_applicant: Any) -> None:
    id_code, new_code = id_codes_born(date(1979, 2, 28), 2)
    applicant: Applicant = make_applicant(idCode=id_code, city="Tartu", dateOfBirth="1979-02-28")
    profile = applicant.client.get("/api/profile").json()
    assert profile == {"fullName": "Mari Maasikas", "email": applicant.user["email"], "phone": applicant.user["phone"],
                       "dateOfBirth": "1979-02-28", "idCode": id_code, "city": "Tartu", "address": None,
                       # typed in, not from an eID certificate (issue 34)
                       "eidVerifiedMethod": None, "eidVerifiedAt": None}
    updated = applicant.client.put("/api/profile", json={**profile, "fullName": "Hacker", "email": "h@x.ee",
                                                         "city": "Pärnu", "idCode": new_code, "address": "Rüütli 1"})
    assert updated.status_code == 200
    assert updated.json() == {**profile, "city": "Pärnu", "idCode": new_code, "address": "Rüütli 1"}
    assert applicant.client.get("/api/profile").json() == updated.json()


def test_nul_characters_are_taken_out_of_text_instead_of_failing(make_applicant: Any) -> None:
    # Postgres text cannot hold NUL; the fuzzer found PUT /api/profile answering 500 to {"address": "\x00"}.
    applicant: Applicant = make_applicant()
    updated = applicant.client.put("/api/profile", json={"address": "Rüütli\x00 1", "city": "\x00Tartu"})
    assert updated.status_code == 200
    assert (updated.json()["address"], updated.json()["city"]) == ("Rüütli 1", "Tartu")
    only_nul = applicant.client.put("/api/profile", json={"address": "\x00"})
    assert only_nul.status_code == 200 and only_nul.json()["address"] in ("", None)


def test_profile_refuses_an_invalid_or_taken_id_code(make_applicant: Any) -> None:
    one_code, other_code = id_codes_born(random_birth_date(), 2)  # a code change keeps the birthday (issue 13)
    one: Applicant = make_applicant(idCode=one_code)
    other: Applicant = make_applicant(idCode=other_code)
    invalid = one.client.put("/api/profile", json={"idCode": "12345678901"})
    assert invalid.status_code == 422 and "idCode" in invalid.json()["fields"]
    taken_code = other.client.get("/api/profile").json()["idCode"]
    taken = one.client.put("/api/profile", json={"idCode": taken_code})
    assert taken.status_code == 409 and taken.json()["code"] == "id_code_taken"


def test_profile_needs_a_session(client: httpx.Client) -> None:
    assert client.get("/api/profile").status_code == 401
    assert client.put("/api/profile", json={"city": "Tartu"}).status_code == 401


def test_the_configured_admin_exists_and_is_an_admin(admin_client: httpx.Client) -> None:
    user = admin_client.get("/api/user").json()
    assert (user["username"], user["role"]) == (ADMIN_USERNAME, "admin")
    assert ADMIN_PASSWORD not in json.dumps(user)
