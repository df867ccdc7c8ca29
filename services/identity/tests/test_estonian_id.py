"""Spec §5, Estonian ID code check: the shared vectors, and the checksum as a property."""

import json
from datetime import date, timedelta
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from identity.estonian_id import (
    ID_CODE_MESSAGES,
    INVALID_CHECKSUM,
    birth_date_in,
    check_digit,
    id_code_error,
    id_code_problem,
)

VECTORS = json.loads(
    (Path(__file__).resolve().parents[2] / "common" / "testdata" / "estonian_id_codes.json").read_text())["vectors"]


@pytest.mark.parametrize("vector", VECTORS, ids=[v["note"] for v in VECTORS])
def test_shared_vectors(vector: dict[str, object]) -> None:
    assert id_code_error(str(vector["code"])) == vector["error"]


@pytest.mark.parametrize("vector", VECTORS, ids=[v["note"] for v in VECTORS])
def test_each_rule_has_its_own_code(vector: dict[str, object]) -> None:
    """Issue 12: the SPA shows the broken rule in the reader's language by its code."""
    problem = id_code_problem(str(vector["code"]))
    assert (None if problem is None else ID_CODE_MESSAGES[problem]) == vector["error"]


@pytest.mark.parametrize("vector", VECTORS, ids=[v["note"] for v in VECTORS])
def test_a_valid_code_carries_its_birth_date(vector: dict[str, object]) -> None:
    """Issue 13: century digit and YYMMDD give the birth date (spec §5); an invalid code gives none."""
    expected = vector["birthDate"]
    assert birth_date_in(str(vector["code"])) == (None if expected is None else date.fromisoformat(str(expected)))
    assert (expected is not None) == vector["valid"]


def test_the_four_rules_have_four_codes() -> None:
    assert {str(code) for code in ID_CODE_MESSAGES} == {
        "id_code_length", "id_code_first_digit", "id_code_date", "id_code_checksum"}


def test_vectors_cover_every_case() -> None:
    notes = " ".join(str(v["note"]) for v in VECTORS)
    errors = {v["error"] for v in VECTORS}
    assert {"Estonian ID code must be 11 digits", "First digit must be between 1 and 6", "Invalid date in ID code",
            INVALID_CHECKSUM, None} <= errors
    assert "second weights" in notes and "both passes remainder 10" in notes
    assert {str(v["code"])[0] for v in VECTORS if v["valid"]} >= set("123456")


CENTURY_FIRST_DIGITS = {1800: "12", 1900: "34", 2000: "56"}


@st.composite
def code_prefixes(draw: st.DrawFn) -> str:
    born = draw(st.dates(min_value=date(1800, 1, 1), max_value=date(2099, 12, 31)))
    first = draw(st.sampled_from(CENTURY_FIRST_DIGITS[born.year // 100 * 100]))
    serial = draw(st.integers(0, 999))
    return f"{first}{born:%y%m%d}{serial:03d}"


@given(code_prefixes())
def test_the_computed_check_digit_is_the_only_valid_one(prefix: str) -> None:
    right = check_digit(prefix)
    assert 0 <= right <= 9
    assert id_code_error(prefix + str(right)) is None
    for wrong in set(range(10)) - {right}:
        assert id_code_error(prefix + str(wrong)) == INVALID_CHECKSUM


@given(code_prefixes())
def test_check_digit_follows_the_two_pass_rule(prefix: str) -> None:
    digits = [int(c) for c in prefix]
    first = sum(d * w for d, w in zip(digits, [1, 2, 3, 4, 5, 6, 7, 8, 9, 1], strict=True)) % 11
    second = sum(d * w for d, w in zip(digits, [3, 4, 5, 6, 7, 8, 9, 1, 2, 3], strict=True)) % 11
    expected = first if first < 10 else (second if second < 10 else 0)
    assert check_digit(prefix) == expected


@given(st.dates(min_value=date(1900, 1, 1), max_value=date(1999, 12, 31)))
def test_impossible_dates_are_refused(day: date) -> None:
    next_month_day = day.replace(day=1) + timedelta(days=32)
    last = (next_month_day.replace(day=1) - timedelta(days=1)).day
    prefix = f"3{day:%y%m}{last + 1:02d}000"
    assert id_code_error(prefix + str(check_digit(prefix))) == "Invalid date in ID code"
