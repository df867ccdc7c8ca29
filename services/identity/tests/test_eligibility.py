"""Issue 13, "Eligibility" and "Signer identity" at registration: the date of birth is the one the ID code
carries (spec §5: century digit and YYMMDD), so the 21-year rule of spec §1 and §5 holds for the code too; a
profile ID code change keeps the birth date; accounts made before the rule are listed, not changed; and the
employment contract is signed with the form's own full name and ID code. Through the gateway, against the
real stack, with the shared ID code vectors (services/common/testdata/estonian_id_codes.json)."""

import json
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from pydantic import ValidationError

from conftest import ROOT, Applicant, id_codes_born, new_id_code, random_birth_date, registration
from identity.estonian_id import birth_date_in
from identity.schemas import MINIMUM_AGE, RegisterRequest, age_on, same_name, today_in_tallinn

VECTORS = json.loads(
    (Path(__file__).resolve().parents[2] / "common" / "testdata" / "estonian_id_codes.json").read_text())["vectors"]
VALID_VECTORS = [v for v in VECTORS if v["valid"]]
MISMATCH = "Date of birth does not match the ID code"
TOO_YOUNG = "You must be at least 21 years old to apply"


def refused_fields(response: httpx.Response) -> tuple[dict[str, str], dict[str, str]]:
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["code"] == "validation_error"
    return body["fields"], body["fieldCodes"]


def turns_21_tomorrow() -> date:
    today = today_in_tallinn()
    birthday = today.replace(year=today.year - MINIMUM_AGE) if (today.month, today.day) != (2, 29) else date(
        today.year - MINIMUM_AGE, 3, 1)
    return birthday + timedelta(days=1)


# --- Eligibility: the date of birth is the ID code's -------------------------------------------------------

@pytest.mark.parametrize("vector", VALID_VECTORS, ids=[v["note"] for v in VALID_VECTORS])
def test_each_valid_vector_registers_only_with_its_own_birth_date(vector: dict[str, Any]) -> None:
    """Checked on the request model, so every shared vector is tried without an account for each."""
    code, birthday = vector["code"], date.fromisoformat(vector["birthDate"])
    too_young = age_on(birthday, today_in_tallinn()) < MINIMUM_AGE
    assert _date_of_birth_error(code, birthday) == (TOO_YOUNG if too_young else None)
    for other_day in (birthday - timedelta(days=1), birthday + timedelta(days=1), date(1990, 6, 15)):
        assert _date_of_birth_error(code, other_day) == MISMATCH


def _date_of_birth_error(id_code: str, birthday: date) -> str | None:
    body = registration(idCode=id_code, dateOfBirth=birthday.isoformat())
    try:
        RegisterRequest.model_validate(body)
    except ValidationError as refused:
        errors = {str(e["loc"][0]): e["msg"] for e in refused.errors()}
        assert set(errors) == {"dateOfBirth"}, errors
        return errors["dateOfBirth"]
    return None


def test_the_issue_s_example_a_2005_code_with_a_1990_birth_date_is_refused(client: httpx.Client) -> None:
    """The bypass of the issue: ID code 50512016219 (born 1 December 2005) with a date of birth in 1990."""
    response = client.post("/api/register", json=registration(idCode="50512016219", dateOfBirth="1990-12-01"))
    fields, codes = refused_fields(response)
    assert (fields, codes) == ({"dateOfBirth": MISMATCH}, {"dateOfBirth": "date_of_birth_mismatch"})
    assert response.json()["message"] == MISMATCH
    assert client.get("/api/user").status_code == 401


def test_the_21_year_rule_holds_for_the_code_s_date(client: httpx.Client) -> None:
    """Spec §1 and §5: whoever the code says turns 21 tomorrow cannot register, whatever date they give."""
    born = turns_21_tomorrow()
    id_code = new_id_code(born=born)
    for claimed in (date(1990, 6, 15), born - timedelta(days=1)):
        fields, codes = refused_fields(client.post("/api/register", json=registration(
            idCode=id_code, dateOfBirth=claimed.isoformat())))
        assert (fields, codes) == ({"dateOfBirth": MISMATCH}, {"dateOfBirth": "date_of_birth_mismatch"})
    fields, codes = refused_fields(client.post("/api/register", json=registration(
        idCode=id_code, dateOfBirth=born.isoformat())))
    assert (fields, codes) == ({"dateOfBirth": TOO_YOUNG}, {"dateOfBirth": "under_minimum_age"})
    assert client.get("/api/user").status_code == 401


def test_a_date_of_birth_that_matches_the_code_registers(client: httpx.Client) -> None:
    born = turns_21_tomorrow() - timedelta(days=1)  # 21 today
    id_code = new_id_code(born=born)
    response = client.post("/api/register", json=registration(idCode=id_code, dateOfBirth=born.isoformat()))
    assert response.status_code == 201, response.text
    assert client.get("/api/profile").json()["dateOfBirth"] == born.isoformat()


# --- Eligibility: a profile ID code change keeps the birth date ---------------------------------------------

def test_a_profile_id_code_change_must_keep_the_birth_date(make_applicant: Any) -> None:
    born = random_birth_date()
    own, same_birthday = id_codes_born(born, 2)
    applicant: Applicant = make_applicant(idCode=own, city="Tartu")
    for other_birthday in (new_id_code(born=born + timedelta(days=1)), new_id_code(born=born.replace(year=1949))):
        refused = applicant.client.put("/api/profile", json={"idCode": other_birthday, "city": "Pärnu"})
        fields, codes = refused_fields(refused)
        assert fields == {"idCode": "The ID code must carry your date of birth"}
        assert codes == {"idCode": "id_code_birth_date_changed"}
    profile = applicant.client.get("/api/profile").json()
    assert (profile["idCode"], profile["city"], profile["dateOfBirth"]) == (own, "Tartu", born.isoformat())
    changed = applicant.client.put("/api/profile", json={"idCode": same_birthday})
    assert changed.status_code == 200 and changed.json()["idCode"] == same_birthday


def test_refused_birth_date_changes_do_not_use_up_the_hourly_id_code_changes(make_applicant: Any) -> None:
    """They are refused before the throttle counts (IDENTITY_ID_CODE_CHANGES_PER_HOUR, 5): they tell
    nothing about anyone else's code."""
    born = random_birth_date()
    own, *same_birthday = id_codes_born(born, 3)
    applicant: Applicant = make_applicant(idCode=own)
    for _ in range(6):
        other = new_id_code(born=born.replace(year=born.year - 1))
        assert applicant.client.put("/api/profile", json={"idCode": other}).status_code == 422
    for code in same_birthday:
        assert applicant.client.put("/api/profile", json={"idCode": code}).status_code == 200


# --- Eligibility: accounts made before the rule are listed -------------------------------------------------

def identity_command(stack: Any, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "identity", *args], env=stack.env, cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


# Issue 32: alone, so that every account is as it was before the command (no other test changes one meanwhile).
@pytest.mark.exclusive
def test_the_maintenance_command_lists_accounts_whose_birth_date_and_code_disagree(
        stack: Any, make_applicant: Any) -> None:
    consistent: Applicant = make_applicant()
    wrong_date: Applicant = make_applicant()
    wrong_code: Applicant = make_applicant()
    wrong_date_code = wrong_date.client.get("/api/profile").json()["idCode"]
    invalid_code = f"9{wrong_code.user['id']:010d}"[-11:]  # first digit 9: carries no date, and is unique
    # Accounts as registration let them in before issue 13, written straight into identity's database.
    with psycopg.connect(stack.database_url("identity"), autocommit=True) as db:
        db.execute("update users set date_of_birth = '1990-01-01' where id = %s", (wrong_date.user["id"],))
        db.execute("update users set id_code = %s where id = %s", (invalid_code, wrong_code.user["id"]))
        before = db.execute("select id, date_of_birth, id_code from users order by id").fetchall()

        listed = identity_command(stack, "list-birth-date-mismatches")
        assert listed.returncode == 0, listed.stderr
        lines = listed.stdout.splitlines()
        rows = {line.split("\t")[0]: line.split("\t") for line in lines[1:-1]}
        wrong_code_birthday = wrong_code.client.get("/api/profile").json()["dateOfBirth"]
        assert rows[str(wrong_date.user["id"])] == [
            str(wrong_date.user["id"]), wrong_date.user["username"], wrong_date_code, "1990-01-01",
            str(birth_date_in(wrong_date_code))]
        assert rows[str(wrong_code.user["id"])] == [
            str(wrong_code.user["id"]), wrong_code.user["username"], invalid_code, wrong_code_birthday,
            "invalid code"]
        assert str(consistent.user["id"]) not in rows
        assert lines[0] == "user id\tusername\tID code\tdate of birth\tdate in ID code"
        assert lines[-1] == f"{len(rows)} account(s) whose date of birth and ID code disagree"
        # It only lists: every account is as it was.
        assert db.execute("select id, date_of_birth, id_code from users order by id").fetchall() == before


# --- Signer identity: the contract is signed with the form's name and ID code -------------------------------

@pytest.mark.parametrize(("field", "value", "code", "text"), [
    ("contractSignedName", "Someone Else Entirely", "contract_name_mismatch",
     "The name must be the same as the full name in the registration form"),
    ("contractSignedName", "Mari", "contract_name_mismatch",
     "The name must be the same as the full name in the registration form"),
    ("contractSignedIdCode", "123", "contract_id_code_mismatch",
     "The ID code must be the same as in the registration form"),
    ("contractSignedIdCode", "37605030299", "contract_id_code_mismatch",
     "The ID code must be the same as in the registration form"),
])
def test_the_contract_is_refused_when_signed_with_another_name_or_id_code(
        client: httpx.Client, field: str, value: str, code: str, text: str) -> None:
    """The issue's examples: 'Someone Else Entirely' and '123' were stored in the signed contract."""
    response = client.post("/api/register", json=registration(fullName="Mari Maasikas", **{field: value}))
    fields, codes = refused_fields(response)
    assert (fields, codes) == ({field: text}, {field: code})
    assert client.get("/api/user").status_code == 401


def test_the_typed_name_may_differ_in_case_and_spaces_only(stack: Any, client: httpx.Client) -> None:
    body = registration(fullName="Õie Šaržant-Männik", contractSignedName="  õie   ŠARŽANT-männik ")
    response = client.post("/api/register", json=body)
    assert response.status_code == 201, response.text
    with psycopg.connect(stack.database_url("identity")) as db:
        stored = db.execute("select full_name from contract_acceptances where user_id = %s",
                            (response.json()["id"],)).fetchone()
    assert stored == ("õie   ŠARŽANT-männik",)


@pytest.mark.parametrize("typed", ["Oie Sarzant-Mannik", "Õie Šaržant Männik", "ÕieŠaržant-Männik"])
def test_estonian_letters_must_be_exact(client: httpx.Client, typed: str) -> None:
    response = client.post("/api/register", json=registration(fullName="Õie Šaržant-Männik",
                                                              contractSignedName=typed))
    assert refused_fields(response)[1] == {"contractSignedName": "contract_name_mismatch"}


@pytest.mark.parametrize(("typed", "expected", "same"), [
    (" MARI  maasikas ", "Mari Maasikas", True),
    ("Mari\tMaasikas", "Mari Maasikas", True),
    ("Õie", "O\u0303ie", True),  # the same letter, composed or not
    ("Öie", "Õie", False),
    ("Mari", "Mari Maasikas", False),
    ("MariMaasikas", "Mari Maasikas", False),
])
def test_names_compare_as_the_form_compares_them(typed: str, expected: str, same: bool) -> None:
    """The SPA's sameName (web/src/features/auth/signature.ts) is tested with the same pairs."""
    assert same_name(typed, expected) is same
