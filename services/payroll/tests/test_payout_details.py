"""Issue 23, Bank details and tax choices: GET/PUT /api/payout-details through the gateway."""

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from conftest import Applicant
from services.payroll.tests.support import IBAN, give_details

LOCALES = Path(__file__).resolve().parents[3] / "web" / "public" / "locales"
# The ISO check digits right, the Estonian national check digit (the BBAN's last) wrong.
WRONG_NATIONAL_DIGIT = "EE652200221020145684"


def test_good_details_are_stored_compact_and_shown_grouped(make_applicant: Any) -> None:
    applicant: Applicant = make_applicant()
    missing = applicant.client.get("/api/payout-details")
    assert (missing.status_code, missing.json()["code"]) == (404, "payout_details_missing")

    saved = give_details(applicant, pensionRate=4, basicExemption=False)
    assert {key: saved[key] for key in ("iban", "accountHolder", "basicExemption", "pensionRate")} == {
        "iban": "EE38 2200 2210 2014 5685", "accountHolder": "Kadri Kask", "basicExemption": False, "pensionRate": 4}
    assert applicant.client.get("/api/payout-details").json() == saved


def _field_texts(code: str) -> dict[str, str]:
    return {language: json.loads((LOCALES / language / "common.json").read_text())["errors"]["codes"][code]
            for language in ("et", "en")}


@pytest.mark.parametrize(("field", "value", "code"), [
    ("iban", "EE382200221020145684", "invalid_iban"),        # a wrong ISO check digit
    ("iban", WRONG_NATIONAL_DIGIT, "invalid_iban"),           # Estonia's own check digit
    ("iban", "EE38220022102014568", "invalid_iban"),          # one character short for Estonia
    ("iban", "BR1800360305000010009795493C1", "iban_not_sepa"),  # valid, but Brazil is not in SEPA
    ("pensionRate", 3, "invalid_pension_rate"),
    ("accountHolder", "   ", "required"),
    # strict types at the edge (issue 37): neither is coerced into a stored choice
    ("pensionRate", "2", "invalid_value"),
    ("pensionRate", 2.0, "invalid_value"),
    ("basicExemption", "yes", "invalid_value"),
    ("basicExemption", 1, "invalid_value"),
])
def test_bad_values_are_422_with_a_field_error_and_nothing_is_stored(
        make_applicant: Any, field: str, value: Any, code: str) -> None:
    """Issue 23: "Bad values: 422 with a field error in the usual body, in the user's language, and nothing
    stored" (the SPA says the field's code in Estonian or English)."""
    applicant: Applicant = make_applicant()
    before = give_details(applicant)
    body = {"iban": IBAN, "accountHolder": "Kadri Kask", "basicExemption": False, "pensionRate": 0, field: value}
    refused = applicant.client.put("/api/payout-details", json=body)
    assert refused.status_code == 422, refused.text
    error = refused.json()
    assert (error["code"], error["fieldCodes"], list(error["fields"])) == ("validation_error", {field: code}, [field])
    texts = _field_texts(code)
    assert all(text.strip() for text in texts.values()) and texts["et"] != texts["en"]
    assert applicant.client.get("/api/payout-details").json() == before


def test_details_are_each_persons_own(make_applicant: Any, client: httpx.Client) -> None:
    first: Applicant = make_applicant()
    give_details(first)
    second: Applicant = make_applicant()
    assert second.client.get("/api/payout-details").status_code == 404
    assert client.get("/api/payout-details").status_code == 401
