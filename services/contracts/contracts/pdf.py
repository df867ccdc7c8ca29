"""A signed contract as a PDF: title, the full signed text, the signature, and a last page, the signing
certificate, with the audit details and the contract's events (issue 13). contracts.sealing seals it.

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

from contracts.models import Contract, SignatureAudit
from contracts.sealing import contract_keywords
from contracts.signatures import DATA_URL_PREFIX
from contracts.templates import TALLINN, Company

FONT = "DejaVuSans"
TEXT_SIZE = 10
SMALL_SIZE = 8
SIGNATURE_WIDTH_MM = 70
VERIFY_PATH = "/verify"
METHODS = {
    "drawn": "Joonistatud allkiri / Drawn signature",
    "typed": "Trükitud nimi käekirjas / Typed name in a handwriting font",
    "registration-dialog": "Registreerimisel kinnitatud nime ja isikukoodiga / Accepted at registration with "
                           "typed name and ID code",
}


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
    def __init__(self, verify_url: str) -> None:
        super().__init__(format="A4")
        self.verify_url = verify_url

    def lines(self, height: float, text: str, wrap: WrapMode = WrapMode.WORD) -> None:
        """Wrapped text over the full width, continuing at the left margin below it."""
        self.multi_cell(0, height, text, new_x=XPos.LMARGIN, new_y=YPos.NEXT, wrapmode=wrap)

    def rows(self, rows: list[tuple[str, str]]) -> None:
        for label, value in rows:
            self.set_font(FONT, "B", SMALL_SIZE)
            self.lines(4.5, label)
            self.set_font(FONT, "", SMALL_SIZE)
            self.lines(4.5, value, WrapMode.CHAR)
            self.ln(1)

    def footer(self) -> None:
        self.set_y(-14)
        self.set_font(FONT, "", SMALL_SIZE)
        self.set_text_color(110)
        self.cell(0, 4, f"{Company.name} · {Company.registry_code} · {self.page_no()}/{{nb}}", align="C",
                  new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.cell(0, 4, f"Kontrolli ehtsust / Verify this document: {self.verify_url}", align="C",
                  link=self.verify_url if self.verify_url.startswith("http") else "")


def verify_url(public_url: str) -> str:
    """The verification page, absolute when the portal's public address is configured."""
    return f"{public_url.rstrip('/')}{VERIFY_PATH}" if public_url else VERIFY_PATH


def _signer_rows(contract: Contract, audit: SignatureAudit | None) -> list[tuple[str, str]]:
    assert contract.signed_at is not None
    rows = [("Leping / Contract", f"{contract.id} · {contract.title}"),
            ("Teksti SHA-256 / Content SHA-256", (audit.content_sha256 if audit else contract.content_sha256) or "-")]
    if audit is not None:
        rows += [
            ("Allkirjastaja / Signer", audit.typed_name or audit.signer_name or "-"),
            ("Isikukood / ID code", audit.typed_id_code or audit.signer_id_code or "-"),
            ("Viis / Method", METHODS.get(audit.method, audit.method)),
        ]
    rows.append(("Allkirjastatud / Signed", tallinn_time(contract.signed_at)))
    if audit is not None:
        rows += [("IP-aadress / IP address", audit.ip_address or "-"),
                 ("Brauser / User agent", audit.user_agent or "-")]
        if audit.signature_sha256:
            rows.append(("Allkirja SHA-256 / Signature SHA-256", audit.signature_sha256))
    return rows


def _events(contract: Contract, audit: SignatureAudit | None) -> list[tuple[str, str]]:
    """The contract's recorded events, oldest first: created, sent by an admin, first viewed by the applicant,
    signed. A contract sent or viewed before those were recorded (or never sent) has no such row."""
    assert contract.signed_at is not None
    created = ("Koostatud administraatori poolt / Created by an admin" if contract.created_by is not None
               else "Koostatud registreerimisel / Created at registration")
    name = (audit.typed_name or audit.signer_name) if audit else None
    events = [(contract.created_at, created),
              (contract.sent_at, "Saadetud allkirjastamiseks / Sent for signing"),
              (contract.first_viewed_at, "Esimest korda avatud taotleja poolt / First viewed by the applicant"),
              (contract.signed_at, "Allkirjastatud / Signed" + (f": {name}" if name else ""))]
    return [(tallinn_time(moment), label) for moment, label in events if moment is not None]


def _signing_certificate(pdf: _ContractPdf, contract: Contract, audit: SignatureAudit | None) -> None:
    pdf.add_page()
    pdf.set_font(FONT, "B", 15)
    pdf.lines(8, "Allkirjastamise kinnitus / Signing certificate")
    pdf.ln(2)
    pdf.rows(_signer_rows(contract, audit))
    pdf.ln(2)
    pdf.set_font(FONT, "B", 12)
    pdf.lines(7, "Sündmused / Events")
    pdf.rows(_events(contract, audit))
    pdf.ln(2)
    pdf.set_font(FONT, "", SMALL_SIZE)
    pdf.lines(4.5, f"{Company.name} on selle dokumendi pitseerinud; iga muudatus murrab pitseri. Ehtsust saab "
                   f"kontrollida aadressil {pdf.verify_url}. / {Company.name} has sealed this document; any change "
                   f"breaks the seal. Anyone can check it at {pdf.verify_url}.")


def render_pdf(contract: Contract, audit: SignatureAudit | None, compress: bool = True,
               verify_link: str = VERIFY_PATH) -> bytes:
    assert contract.signed_at is not None and contract.id is not None
    pdf = _ContractPdf(verify_link)
    pdf.set_compression(compress)
    pdf.set_title(contract.title)
    pdf.set_author(Company.name)
    pdf.set_subject(f"Contract {contract.id}")
    if contract.content_sha256:
        pdf.set_keywords(contract_keywords(contract.id, contract.content_sha256))
    pdf.set_creation_date(contract.signed_at)
    for style, path in font_files().items():
        pdf.add_font(FONT, style, str(path))
    pdf.set_auto_page_break(auto=True, margin=20)
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
    name = (audit.typed_name or audit.signer_name) if audit else None
    pdf.rows([("Allkirjastatud / Signed", tallinn_time(contract.signed_at) + (f" · {name}" if name else ""))])

    _signing_certificate(pdf, contract, audit)
    return bytes(pdf.output())
