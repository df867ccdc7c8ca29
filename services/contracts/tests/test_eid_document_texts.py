"""Issues 33 and 36 without the stack: the texts of the board member's consent and the resignation letter (both
languages in one document, the company, the person, the term, the reason), their titles, and that a drawn or typed
signature is refused for them."""

import json
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from contracts.eid_documents import refuse_unless_drawable
from contracts.models import Contract
from contracts.pdf import render_pdf
from contracts.templates import (
    CONSENT_TITLE,
    RESIGNATION_TITLE,
    Party,
    document_title,
    render_board_consent,
    render_resignation,
)
from portal_common.errors import ApiError

TEMPLATES = Path(__file__).resolve().parents[1] / "contracts" / "templates"
PARTY = Party(full_name="Tõnu Õunapuu", id_code="38001085718", company="Nordic Shelf 17 OÜ", registry_code="16123456")
MADE = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)


@pytest.mark.parametrize("name", ["board_consent", "resignation"])
def test_both_languages_have_the_same_fields(name: str) -> None:
    et = json.loads((TEMPLATES / f"{name}.et.json").read_text(encoding="utf-8"))
    en = json.loads((TEMPLATES / f"{name}.en.json").read_text(encoding="utf-8"))
    assert set(et) == set(en)


def test_the_consent_names_the_company_the_person_and_the_term_in_estonian_then_english() -> None:
    text = render_board_consent(PARTY, date(2026, 6, 26), date(2026, 12, 25), MADE)
    estonian, english = text.split("— — —")
    for part in (estonian, english):
        for fact in ("Nordic Shelf 17 OÜ", "16123456", "Tõnu Õunapuu", "38001085718"):
            assert fact in part
    assert "Juhatuse liikme nõusolek" in estonian and "26.06.2026 – 25.12.2026" in estonian
    assert "Kuupäev: 01.12.2026" in estonian
    assert "Consent of a member of the management board" in english
    assert "26 June 2026 – 25 December 2026" in english and "Date: 1 December 2026" in english
    # Not registered yet: the term as the contract says it, without dates.
    undated = render_board_consent(PARTY, None, None, MADE)
    assert "6 (kuus) kuud alates" in undated and "–" not in undated.split("Ametiaeg:")[1].split("\n")[0]


def test_a_resignation_before_the_end_gives_its_reason_and_one_after_says_the_term_ended() -> None:
    for_cause = render_resignation(PARTY, date(2027, 6, 25), "The shareholders ask me to sign blank papers", MADE)
    estonian, english = for_cause.split("— — —")
    assert "Äriühingu Nordic Shelf 17 OÜ (registrikood 16123456) osanikud" in estonian
    assert "Minu ametiaeg lõpeb 25.06.2027." in estonian and "mõjuval põhjusel" in estonian
    assert "The shareholders of Nordic Shelf 17 OÜ (registry code 16123456)" in english
    assert "My term ends on 25 June 2027." in english and "Reason: The shareholders ask me" in english
    ended = render_resignation(PARTY, date(2026, 11, 30), None, MADE)
    assert "Minu ametiaeg lõppes 30.11.2026." in ended and "My term ended on 30 November 2026." in ended
    assert "for cause" not in ended and "Põhjus" not in ended


def test_titles_name_the_company_and_fit_the_column() -> None:
    assert document_title(CONSENT_TITLE, "Nordic Shelf 17 OÜ", "16123456") == (
        "Juhatuse liikme nõusolek / Board member's consent — Nordic Shelf 17 OÜ (16123456)")
    long = document_title(RESIGNATION_TITLE, "A" * 200, "16123456")
    assert len(long) == 200 and long.endswith("… (16123456)")


@pytest.mark.parametrize(("kind", "refused"), [("board_consent", True), ("resignation", True), ("admin", False),
                                               ("employment", False)])
def test_only_eid_signs_the_consent_and_the_letter(kind: str, refused: bool) -> None:
    contract = Contract(id=1, user_id=1, kind=kind, title="t", content="c")
    if refused:
        with pytest.raises(ApiError) as caught:
            refuse_unless_drawable(contract)
        assert caught.value.status == 422 and caught.value.code == "eid_signature_required"
    else:
        refuse_unless_drawable(contract)


def test_the_bilingual_texts_render_to_a_pdf() -> None:
    content = render_board_consent(PARTY, date(2026, 6, 26), date(2026, 12, 25), MADE)
    contract = Contract(id=9, user_id=1, kind="board_consent", title=document_title(CONSENT_TITLE, PARTY.company,
                                                                                    PARTY.registry_code),
                        content=content, status="signed", signed_at=MADE, content_sha256="0" * 64)
    assert render_pdf(contract, None).startswith(b"%PDF")
