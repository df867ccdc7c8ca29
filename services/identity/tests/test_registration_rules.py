"""Spec §5 registration and login rules, checked on the server's models (texts exactly as the spec)."""

from datetime import date, timedelta
from typing import Any

import pytest
from pydantic import ValidationError

from conftest import new_id_code
from identity.schemas import LoginRequest, ProfileUpdate, RegisterRequest, age_on, today_in_tallinn

VALID: dict[str, Any] = {
    "username": "mari", "password": "password1", "confirmPassword": "password1", "fullName": "Mari Maasikas",
    "email": "mari@example.com", "phone": "5551234", "dateOfBirth": "1976-05-03", "idCode": "37605030299",
    "city": "Tallinn", "consentTerms": True, "consentPrivacy": True, "employmentContract": True,
}


def errors_of(model: type[Any], **changes: Any) -> dict[str, str]:
    try:
        model.model_validate({**VALID, **changes} if model is RegisterRequest else changes)
    except ValidationError as exc:
        return {str(e["loc"][0]): e["msg"] for e in exc.errors()}
    return {}


def test_a_valid_registration_passes() -> None:
    assert errors_of(RegisterRequest) == {}


@pytest.mark.parametrize(("field", "value", "message"), [
    ("username", "abc", "Username must be at least 4 characters"),
    ("password", "1234567", "Password must be at least 8 characters"),
    ("fullName", "M", "Full name must be at least 2 characters"),
    ("email", "mari@", "Please enter a valid email address"),
    ("email", "mari example.com", "Please enter a valid email address"),
    ("phone", "555123", "Phone number must be at least 7 characters"),
    ("idCode", "37605030290", "Invalid checksum in ID code"),
    ("idCode", "3760503029", "Estonian ID code must be 11 digits"),
    ("idCode", "77605030299", "First digit must be between 1 and 6"),
    ("idCode", "37613030299", "Invalid date in ID code"),
    ("city", "T", "Please enter your city of residence"),
    ("consentTerms", False, "You must agree to the terms to continue"),
    ("consentPrivacy", False, "You must agree to the privacy policy to continue"),
    ("employmentContract", False, "You must read and accept the employment contract to continue"),
])
def test_each_rule_has_the_spec_text(field: str, value: Any, message: str) -> None:
    assert errors_of(RegisterRequest, **{field: value}) == {field: message}


def test_passwords_must_match_and_the_error_is_on_confirm_password() -> None:
    assert errors_of(RegisterRequest, confirmPassword="password2") == {"confirmPassword": "Passwords don't match"}


def test_age_counts_by_exact_birthday() -> None:
    today = today_in_tallinn()
    turns_21_today = today.replace(year=today.year - 21) if (today.month, today.day) != (2, 29) else date(
        today.year - 21, 3, 1)
    turns_21_tomorrow = turns_21_today + timedelta(days=1)
    # The ID code carries the same date (issue 13).
    assert errors_of(RegisterRequest, dateOfBirth=turns_21_today.isoformat(),
                     idCode=new_id_code(born=turns_21_today)) == {}
    assert errors_of(RegisterRequest, dateOfBirth=turns_21_tomorrow.isoformat(),
                     idCode=new_id_code(born=turns_21_tomorrow)) == {
        "dateOfBirth": "You must be at least 21 years old to apply"}
    assert age_on(date(2000, 2, 29), date(2021, 2, 28)) == 20
    assert age_on(date(2000, 2, 29), date(2021, 3, 1)) == 21


def test_login_requires_both_fields() -> None:
    assert errors_of(LoginRequest, username="", password="") == {
        "username": "Username is required", "password": "Password is required"}


def test_profile_update_takes_only_city_id_code_and_address() -> None:
    update = ProfileUpdate.model_validate({"fullName": "Someone Else", "email": "x@y.z", "city": "Tartu"})
    assert update.model_fields_set == {"city"}
    assert errors_of(ProfileUpdate, idCode="12345") == {"idCode": "Estonian ID code must be 11 digits"}
    assert errors_of(ProfileUpdate, idCode="37605030290") == {"idCode": "Invalid checksum in ID code"}
