"""contracts' pure parts without the stack: the signature check, the employment text, expiry dates, the PDF."""

import base64
import io
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from contracts.models import Contract, SignatureAudit
from contracts.pdf import render_pdf
from contracts.schemas import parse_expiry
from contracts.service import effective_status, sha256_text
from contracts.signatures import BLANK, NOT_PNG, TOO_LARGE, validate_signature
from contracts.templates import CONTRACT_TITLES, render_employment_contract
from portal_common.errors import ApiError

TEMPLATES = Path(__file__).resolve().parents[1] / "contracts" / "templates"


def png(size: tuple[int, int] = (500, 200), background: tuple[int, ...] = (0, 0, 0, 0),
        ink: tuple[int, ...] | None = (0, 0, 0, 255), width: int = 2, mode: str = "RGBA") -> str:
    image = Image.new(mode, size, background)
    if ink is not None:
        ImageDraw.Draw(image).line([(20, 20), (size[0] - 20, size[1] - 20)], fill=ink, width=width)
    out = io.BytesIO()
    image.save(out, "PNG")
    return "data:image/png;base64," + base64.b64encode(out.getvalue()).decode()


@pytest.mark.parametrize("data_url", [
    png(),  # black on transparent, as the canvas draws
    png(background=(255, 255, 255, 255)),  # black on white
    png(ink=(0, 40, 200, 255)),  # a blue pen
    png(mode="RGB", background=(255, 255, 255), ink=(0, 0, 0)),  # no alpha channel
    png(mode="L", background=255, ink=0),  # greyscale
])
def test_drawn_signatures_are_accepted(data_url: str) -> None:
    signature = validate_signature(data_url)
    assert signature.png.startswith(b"\x89PNG") and len(signature.sha256) == 64


@pytest.mark.parametrize(("data_url", "message"), [
    (png(ink=None), BLANK),
    (png(background=(255, 255, 255, 255), ink=None), BLANK),
    (png(ink=(250, 250, 250, 255)), BLANK),  # white ink on white is nothing drawn
    (png(ink=(0, 0, 0, 5)), BLANK),  # invisible ink
    (png(background=(0, 0, 0, 255), ink=None), BLANK),  # a filled rectangle is not a signature
    (png(size=(5, 5), ink=None), BLANK),
    (png(size=(2001, 100)), TOO_LARGE),
    (png().replace("data:image/png", "data:image/gif"), NOT_PNG),
])
def test_blank_oversized_or_mislabelled_signatures_are_refused(data_url: str, message: str) -> None:
    with pytest.raises(ApiError) as error:
        validate_signature(data_url)
    assert (error.value.status, error.value.fields) == (422, {"signatureData": message})


def test_a_png_with_a_broken_checksum_is_refused() -> None:
    raw = bytearray(base64.b64decode(png().split(",", 1)[1]))
    raw[-20] ^= 0xFF  # inside the last IDAT chunk or its CRC
    with pytest.raises(ApiError) as error:
        validate_signature("data:image/png;base64," + base64.b64encode(bytes(raw)).decode())
    assert error.value.fields == {"signatureData": NOT_PNG}


def test_the_templates_match_in_structure() -> None:
    et, en = (json.loads((TEMPLATES / f"employment_contract.{lang}.json").read_text()) for lang in ("et", "en"))
    assert set(et) == set(en) and set(et["signatures"]) == set(en["signatures"])
    assert len(et["sections"]) == len(en["sections"]) == 10
    assert [len(s.get("bullets", [])) for s in et["sections"]] == [len(s.get("bullets", [])) for s in en["sections"]]
    assert len(en["sections"][4]["bullets"]) == 3


def test_the_employment_contract_text() -> None:
    accepted = datetime(2026, 1, 31, 22, 30, tzinfo=UTC)  # 1 February 00:30 in Tallinn
    en = render_employment_contract("en", "Kati Karu", "48001010008", accepted)
    et = render_employment_contract("et", "Kati Karu", "48001010008", accepted)
    assert "Date: 1 February 2026" in en and "Kuupäev: 01.02.2026" in et
    assert en.endswith("Digital signature: Signed digitally 1 February 2026 00:30")
    assert "\n\n5. Payment terms\nThe remuneration is paid as follows:\n• the first payment" in en
    assert "Personal ID code: 48001010008" in en and "Isikukood: 48001010008" in et
    assert render_employment_contract("de", "A", "1", accepted) == render_employment_contract("et", "A", "1", accepted)
    assert CONTRACT_TITLES == {"et": "Tööleping", "en": "Employment contract"}


def test_expiry_dates_mean_the_end_of_the_day_in_tallinn() -> None:
    assert parse_expiry("2030-07-15") == datetime(2030, 7, 15, 20, 59, 59, tzinfo=UTC)  # summer time, UTC+3
    assert parse_expiry("2030-01-15") == datetime(2030, 1, 15, 21, 59, 59, tzinfo=UTC)
    assert parse_expiry("2030-01-15T10:00:00Z") == datetime(2030, 1, 15, 10, tzinfo=UTC)
    assert parse_expiry("2030-01-15T10:00:00") == datetime(2030, 1, 15, 8, tzinfo=UTC)


def test_an_unsigned_contract_past_its_expiry_reads_as_expired() -> None:
    now = datetime.now(UTC)
    contract = Contract(user_id=1, title="t", content="c", status="sent", expires_at=now - timedelta(seconds=1))
    assert effective_status(contract) == "expired"
    assert effective_status(Contract(user_id=1, title="t", content="c", status="signed", signed_at=now,
                                     expires_at=now - timedelta(days=1))) == "signed"
    assert effective_status(Contract(user_id=1, title="t", content="c", status="pending")) == "pending"


def test_the_pdf_embeds_a_unicode_font_and_the_signature() -> None:
    now = datetime.now(UTC)
    content = "Õie Šaržant allkirjastab.\n" * 5
    contract = Contract(id=3, user_id=1, title="Tööleping", content=content, status="signed", signed_at=now,
                        content_sha256=sha256_text(content), signature_data=png())
    audit = SignatureAudit(contract_id=3, signer_user_id=1, signed_at=now, method="drawn", ip_address="127.0.0.1",
                           user_agent="Mozilla/5.0 " + "x" * 400, content_sha256=sha256_text(content),
                           signature_sha256="0" * 64, signer_name="Õie Šaržant", signer_id_code="49403136526")
    pdf = render_pdf(contract, audit, compress=False)
    assert pdf.startswith(b"%PDF-") and b"/FontFile2" in pdf and b"/Subtype /Image" in pdf
    assert b"+DejaVuSansBook\n" in pdf and b"+DejaVuSansBold\n" in pdf  # test_pdf.py reads them back
    without_audit = render_pdf(contract.model_copy(update={"signature_data": None}), None)
    assert without_audit.startswith(b"%PDF-") and b"/Subtype /Image" not in without_audit


def test_each_signature_refusal_names_its_own_field_code() -> None:
    """Issue 12: under the signature the SPA shows the reason in the reader's language by its code."""
    for data_url, code in [("not a data url", "invalid_signature"), (png(ink=None), "signature_missing"),
                           (png(size=(2001, 20)), "signature_too_large")]:
        with pytest.raises(ApiError) as error:
            validate_signature(data_url)
        assert (error.value.code, error.value.field_codes) == ("invalid_signature", {"signatureData": code})


def test_the_spa_names_the_registration_contract_as_it_is_stored_in_each_language() -> None:
    """Issue 12: the SPA shows the registration contract's title in the reader's language by its kind; its
    texts are the titles it is stored under when signed in that language."""
    locales = Path(__file__).resolve().parents[3] / "web" / "public" / "locales"
    shown = {lang: json.loads((locales / lang / "contracts.json").read_text())["titles"]["employment"]
             for lang in ("et", "en")}
    assert shown == CONTRACT_TITLES
