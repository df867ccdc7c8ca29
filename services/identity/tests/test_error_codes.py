"""Issue 12, "Errors people read in their own language", through the gateway: every field identity refuses
carries a code beside its English text (`fieldCodes`), so the SPA shows it in the reader's language; the ID
code names the rule it breaks (spec §5's four messages), at registration and in the profile; and identity's
OpenAPI document lists every code it answers with."""

from typing import Any

import httpx
import pytest

from conftest import Applicant, id_codes_born, random_birth_date, registration
from identity.errors import ERROR_CODES

# One code per spec §5 rule, each broken first by its sample (37605030299 is valid).
ID_CODE_RULES = [
    ("3760503029", "id_code_length", "Estonian ID code must be 11 digits"),
    ("3760503029a", "id_code_length", "Estonian ID code must be 11 digits"),
    ("77605030299", "id_code_first_digit", "First digit must be between 1 and 6"),
    ("37613030299", "id_code_date", "Invalid date in ID code"),
    ("37602300299", "id_code_date", "Invalid date in ID code"),
    ("37605030290", "id_code_checksum", "Invalid checksum in ID code"),
]


@pytest.mark.parametrize(("id_code", "code", "text"), ID_CODE_RULES)
def test_registration_names_the_id_code_rule_that_is_broken(client: httpx.Client, id_code: str, code: str,
                                                            text: str) -> None:
    response = client.post("/api/register", json=registration(idCode=id_code))
    assert response.status_code == 422
    body = response.json()
    assert (body["code"], body["message"]) == ("validation_error", text)
    assert body["fields"] == {"idCode": text}
    assert body["fieldCodes"] == {"idCode": code}


@pytest.mark.parametrize(("id_code", "code", "text"), ID_CODE_RULES)
def test_the_profile_names_the_id_code_rule_that_is_broken(make_applicant: Any, id_code: str, code: str,
                                                           text: str) -> None:
    applicant: Applicant = make_applicant()
    response = applicant.client.put("/api/profile", json={"idCode": id_code})
    assert response.status_code == 422
    assert (response.json()["fields"], response.json()["fieldCodes"]) == ({"idCode": text}, {"idCode": code})


def test_every_refused_registration_field_has_its_own_code(client: httpx.Client) -> None:
    response = client.post("/api/register", json=registration(
        username="ab", password="short", confirmPassword="other", fullName="M", email="not-an-address",
        phone="123", dateOfBirth="2015-01-01", idCode="37605030290", city="T", consentTerms=False,
        consentPrivacy=False, employmentContract=False, language="fi"))
    assert response.status_code == 422
    assert response.json()["fieldCodes"] == {
        "username": "username_too_short", "password": "password_too_short", "fullName": "full_name_too_short",
        "email": "invalid_email", "phone": "phone_too_short", "dateOfBirth": "under_minimum_age",
        "idCode": "id_code_checksum", "city": "city_required", "consentTerms": "terms_not_accepted",
        "consentPrivacy": "privacy_not_accepted", "employmentContract": "employment_contract_not_accepted",
        "language": "invalid_value",
    }
    mismatch = client.post("/api/register", json=registration(confirmPassword="something-else"))
    assert mismatch.json()["fieldCodes"] == {"confirmPassword": "passwords_differ"}
    missing = client.post("/api/login", json={"username": "", "password": ""})
    assert missing.json()["fieldCodes"] == {"username": "username_required", "password": "password_required"}


def test_a_taken_username_carries_its_code_and_taken_details_one_code_for_the_form(
        make_applicant: Any, client: httpx.Client) -> None:
    """The texts that showed in English under the fields of the Estonian register form. A taken e-mail address or
    ID code answers account_exists, under no field (issue 37), whatever else is taken."""
    first = registration()
    make_applicant(**first)
    clash = registration(username=first["username"].upper(), email=first["email"], idCode=first["idCode"])
    body = client.post("/api/register", json=clash).json()
    assert (body["code"], body["fields"], body.get("fieldCodes")) == ("account_exists", {}, None)
    assert body["message"] == "An account with these details may already exist. Sign in or reset your password."
    username_only = client.post("/api/register", json=registration(username=first["username"].upper())).json()
    assert username_only["fields"] == {"username": "This username is already taken"}
    assert username_only["fieldCodes"] == {"username": "username_taken"}


def test_a_taken_id_code_in_the_profile_carries_its_code(make_applicant: Any) -> None:
    own_code, taken = id_codes_born(random_birth_date(), 2)  # one birthday: a code change keeps it (issue 13)
    one: Applicant = make_applicant(idCode=own_code)
    make_applicant(idCode=taken)
    body = one.client.put("/api/profile", json={"idCode": taken}).json()
    assert (body["code"], body["fieldCodes"]) == ("id_code_taken", {"idCode": "id_code_taken"})


def test_the_openapi_document_enumerates_identity_s_codes(stack: Any) -> None:
    document = httpx.get(f"{stack.service_url('identity')}/openapi.json").json()
    error_body = document["components"]["schemas"]["ErrorBody"]["properties"]
    assert error_body["code"]["enum"] == list(ERROR_CODES)
    assert error_body["fieldCodes"]["additionalProperties"]["enum"] == list(ERROR_CODES)
    assert {"invalid_credentials", "username_taken", "id_code_checksum", "not_authenticated"} <= set(ERROR_CODES)
