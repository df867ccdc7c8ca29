"""The contract PDF read back: its text comes out as written, Estonian letters included, and the fonts
embedded in it are DejaVu Sans, shipped with the contracts package (issue 12: `reportlab` was there only to
lend a font file).

Without a PDF library in the tests this reads fpdf2's uncompressed output itself: the page content shows
two-byte glyph codes (Identity-H), which each font's ToUnicode table maps back to characters, as a viewer
does when text is copied out of the document."""

import io
import re
import zlib
from datetime import UTC, datetime

from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont

from contracts.models import Contract, SignatureAudit
from contracts.pdf import font_files, render_pdf

ESTONIAN_LETTERS = "õäöüšžÕÄÖÜŠŽ"
TITLE = "Juhatuse liikme tööleping"
CONTENT = f"Õie Šaržant, Ülle Žukova ja Ärni Öövel allkirjastavad: {ESTONIAN_LETTERS}."


def pdf_object(pdf: bytes, number: int) -> bytes:
    start = pdf.index(b"\n%d 0 obj\n" % number)
    return pdf[start:pdf.index(b"\nendobj", start)]


def reference(pdf_dict: bytes, key: str) -> int:
    match = re.search(rb"/%s (\d+) 0 R" % key.encode(), pdf_dict)
    assert match, f"no /{key} in {pdf_dict[:200]!r}"
    return int(match[1])


def stream(pdf: bytes, number: int) -> bytes:
    body = pdf_object(pdf, number)
    start = body.index(b"stream\n") + len(b"stream\n")
    length = re.search(rb"/Length (\d+)", body)
    assert length, f"object {number} has no /Length"
    data = body[start:start + int(length[1])]
    return zlib.decompress(data) if b"/FlateDecode" in body[:start] else data


def to_unicode(pdf: bytes, font: int) -> dict[bytes, str]:
    cmap = stream(pdf, reference(pdf_object(pdf, font), "ToUnicode"))
    entries = b"".join(re.findall(rb"beginbfchar(.*?)endbfchar", cmap, re.S))
    return {bytes.fromhex(code.decode()): chr(int(char, 16))
            for code, char in re.findall(rb"<([0-9A-F]{4})> <([0-9A-F]{4})>", entries)}


def shown_text(pdf: bytes) -> list[str]:
    """Every string the pages show, decoded with the font selected (Tf) when it is shown."""
    fonts = {name.decode(): to_unicode(pdf, int(number))
             for name, number in re.findall(rb"/(F\d+) (\d+) 0 R", pdf)}
    shown = []
    for page in re.findall(rb"/Contents (\d+) 0 R", pdf):
        font: dict[bytes, str] = {}
        content = stream(pdf, int(page))
        for selected, string in re.findall(rb"/(F\d+) [\d.]+ Tf|\(((?:\\.|[^\\)])*)\) Tj", content, re.S):
            if selected:
                font = fonts[selected.decode()]
                continue
            codes = re.sub(rb"\\(.)", lambda m: b"\r" if m[1] == b"r" else m[1], string, flags=re.S)
            shown.append("".join(font[codes[i:i + 2]] for i in range(0, len(codes), 2)))
    return shown


def embedded_fonts(pdf: bytes) -> list[TTFont]:
    return [TTFont(io.BytesIO(stream(pdf, int(number)))) for number in re.findall(rb"/FontFile2 (\d+) 0 R", pdf)]


def signed_contract_pdf() -> bytes:
    now = datetime.now(UTC)
    contract = Contract(id=7, user_id=1, title=TITLE, content=CONTENT, status="signed", signed_at=now,
                        content_sha256="0" * 64)
    audit = SignatureAudit(contract_id=7, signer_user_id=1, signed_at=now, method="drawn", ip_address="127.0.0.1",
                           user_agent="Mozilla/5.0", content_sha256="0" * 64, signer_name="Õie Šaržant",
                           signer_id_code="49403136526")
    return render_pdf(contract, audit, compress=False)


def test_the_pdf_text_reads_back_with_every_estonian_letter() -> None:
    shown = shown_text(signed_contract_pdf())
    assert TITLE in shown
    assert CONTENT in shown
    assert "Õie Šaržant" in shown  # the signer, in the audit details
    assert "Allkiri / Signature" in shown  # bold


def test_the_pdf_embeds_dejavu_sans_with_a_glyph_for_every_estonian_letter() -> None:
    pdf = signed_contract_pdf()
    fonts = embedded_fonts(pdf)
    assert sorted(font["name"].getDebugName(4) for font in fonts) == ["DejaVu Sans", "DejaVu Sans Bold"]
    regular = next(font for font in fonts if font["name"].getDebugName(2) == "Book")
    glyphs, outlines = regular.getBestCmap(), regular.getGlyphSet()
    for letter in ESTONIAN_LETTERS:
        assert ord(letter) in glyphs, f"{letter} is not in the embedded font"
        # Drawn through its components (õ is o and a tilde), which the subset must carry too.
        pen = BoundsPen(outlines)
        outlines[glyphs[ord(letter)]].draw(pen)
        assert pen.bounds is not None, f"{letter} draws nothing"


def test_the_fonts_ship_with_the_contracts_package() -> None:
    files = font_files()
    assert {style: path.name for style, path in files.items()} == {"": "DejaVuSans.ttf", "B": "DejaVuSans-Bold.ttf"}
    for path in files.values():
        assert path.parent.parent.name == "contracts" and (path.parent / "LICENSE").is_file()
        font = TTFont(path)
        assert font["name"].getDebugName(1) == "DejaVu Sans"
        assert all(ord(letter) in font.getBestCmap() for letter in ESTONIAN_LETTERS)


def test_the_pdf_ends_with_a_signing_certificate_page() -> None:
    """Issue 13: the last page names the contract, the text's hash, the signer, the method, the time in
    Tallinn, the IP address, the browser and the contract's events, and links to the verification page."""
    now = datetime(2026, 1, 15, 10, 30, tzinfo=UTC)
    contract = Contract(id=7, user_id=1, title=TITLE, content=CONTENT, status="signed", signed_at=now,
                        created_at=datetime(2026, 1, 14, 9, 0, tzinfo=UTC), created_by=1, content_sha256="ab" * 32)
    audit = SignatureAudit(contract_id=7, signer_user_id=1, signed_at=now, method="typed", ip_address="198.51.100.7",
                           user_agent="Mozilla/5.0 (X11)", content_sha256="ab" * 32, typed_name="Õie Šaržant",
                           signer_name="Õie Šaržant", signer_id_code="49403136526")
    pdf = render_pdf(contract, audit, compress=False, verify_link="https://portal.example.ee/verify")
    shown = shown_text(pdf)
    certificate = shown[shown.index("Allkirjastamise kinnitus / Signing certificate"):]
    assert shown.index(CONTENT) < shown.index("Allkirjastamise kinnitus / Signing certificate")
    for expected in (f"7 · {TITLE}", "ab" * 32, "Õie Šaržant", "49403136526",
                     "Trükitud nimi käekirjas / Typed name in a handwriting font", "15.01.2026 12:30 (Europe/Tallinn)",
                     "198.51.100.7", "Mozilla/5.0 (X11)", "Sündmused / Events", "14.01.2026 11:00 (Europe/Tallinn)",
                     "Koostatud administraatori poolt / Created by an admin", "Allkirjastatud / Signed: Õie Šaržant"):
        assert expected in certificate, expected
    assert "Kontrolli ehtsust / Verify this document: https://portal.example.ee/verify" in shown
    assert b"/URI (https://portal.example.ee/verify)" in pdf
    assert b"portal-contract:7 content-sha256:" + b"ab" * 32 in pdf  # the keywords the seal check reads
