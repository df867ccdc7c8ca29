"""A signed contract as a PDF: title, the full signed text, the drawn signature and the audit details.

The font is DejaVu Sans 2.37 (regular and bold, from Debian's fonts-dejavu-core; `fonts/LICENSE` is its
licence), shipped as package data: it has every Estonian letter (õ ä ö ü š ž) and fpdf2 embeds the glyphs
the document uses, so nothing depends on the fonts of the machine. fpdf2 lays the document out.
"""

import base64
import io
from datetime import datetime
from functools import cache
from importlib import resources
from pathlib import Path

from fpdf import FPDF
from fpdf.enums import WrapMode, XPos, YPos

from contracts.models import METHOD_REGISTRATION, Contract, SignatureAudit
from contracts.signatures import DATA_URL_PREFIX
from contracts.templates import TALLINN, Company

FONT = "DejaVuSans"
TEXT_SIZE = 10
SMALL_SIZE = 8
SIGNATURE_WIDTH_MM = 70


@cache
def font_files() -> dict[str, Path]:
    folder = resources.files("contracts") / "fonts"
    files = {"": Path(str(folder / "DejaVuSans.ttf")), "B": Path(str(folder / "DejaVuSans-Bold.ttf"))}
    missing = [str(path) for path in files.values() if not path.is_file()]
    if missing:
        raise RuntimeError(f"PDF fonts not found: {missing}")
    return files


def tallinn_time(moment: datetime) -> str:
    return f"{moment.astimezone(TALLINN):%d.%m.%Y %H:%M} (Europe/Tallinn)"


class _ContractPdf(FPDF):
    def lines(self, height: float, text: str, wrap: WrapMode = WrapMode.WORD) -> None:
        """Wrapped text over the full width, continuing at the left margin below it."""
        self.multi_cell(0, height, text, new_x=XPos.LMARGIN, new_y=YPos.NEXT, wrapmode=wrap)

    def footer(self) -> None:
        self.set_y(-12)
        self.set_font(FONT, "", SMALL_SIZE)
        self.set_text_color(110)
        self.cell(0, 5, f"{Company.name} · {Company.registry_code} · {self.page_no()}/{{nb}}", align="C")


def render_pdf(contract: Contract, audit: SignatureAudit | None, compress: bool = True) -> bytes:
    assert contract.signed_at is not None and contract.id is not None
    pdf = _ContractPdf(format="A4")
    pdf.set_compression(compress)
    pdf.set_title(contract.title)
    pdf.set_author(Company.name)
    pdf.set_subject(f"Contract {contract.id}")
    pdf.set_creation_date(contract.signed_at)
    for style, path in font_files().items():
        pdf.add_font(FONT, style, str(path))
    pdf.set_auto_page_break(auto=True, margin=18)
    pdf.set_margins(20, 18, 20)
    pdf.alias_nb_pages()
    pdf.add_page()

    pdf.set_font(FONT, "B", 15)
    pdf.lines(8, contract.title)
    pdf.set_font(FONT, "", SMALL_SIZE)
    pdf.set_text_color(90)
    pdf.lines(4.5, f"{Company.name}, {Company.address} · Lepingu nr / Contract no. {contract.id}")
    pdf.set_text_color(0)
    pdf.ln(4)

    pdf.set_font(FONT, "", TEXT_SIZE)
    pdf.lines(5, contract.content)
    pdf.ln(6)

    pdf.set_font(FONT, "B", 12)
    pdf.lines(7, "Allkiri / Signature")
    if contract.signature_data and contract.signature_data.startswith(DATA_URL_PREFIX):
        png = base64.b64decode(contract.signature_data[len(DATA_URL_PREFIX):])
        if pdf.will_page_break(SIGNATURE_WIDTH_MM * 0.4 + 4):
            pdf.add_page()
        pdf.image(io.BytesIO(png), w=SIGNATURE_WIDTH_MM)
        pdf.ln(2)

    rows = [("Allkirjastatud / Signed", tallinn_time(contract.signed_at))]
    if audit is not None:
        name = audit.typed_name or audit.signer_name
        id_code = audit.typed_id_code or audit.signer_id_code
        method = ("Registreerimisel kinnitatud nime ja isikukoodiga / Accepted at registration with typed name "
                  "and ID code") if audit.method == METHOD_REGISTRATION else "Joonistatud allkiri / Drawn signature"
        rows += [
            ("Allkirjastaja / Signer", name or "-"),
            ("Isikukood / ID code", id_code or "-"),
            ("Viis / Method", method),
            ("IP-aadress / IP address", audit.ip_address or "-"),
            ("Brauser / User agent", audit.user_agent or "-"),
            ("Teksti SHA-256 / Content SHA-256", audit.content_sha256),
        ]
        if audit.signature_sha256:
            rows.append(("Allkirja SHA-256 / Signature SHA-256", audit.signature_sha256))
    elif contract.content_sha256:
        rows.append(("Teksti SHA-256 / Content SHA-256", contract.content_sha256))
    for label, value in rows:
        pdf.set_font(FONT, "B", SMALL_SIZE)
        pdf.lines(4.5, label)
        pdf.set_font(FONT, "", SMALL_SIZE)
        pdf.lines(4.5, value, WrapMode.CHAR)
        pdf.ln(1)
    return bytes(pdf.output())
