"""A paid payment's payslip as a PDF in Estonian or English (issue 23, "Payslips"): the payer, the company, the
period, the payment date, the gross fee, each withholding, the net amount, the employer's social tax and the bank
account, masked.

Laid out with fpdf2 in DejaVu Sans 2.37 (regular and bold, package data in `fonts/`, licence in `fonts/LICENSE`),
as contracts.pdf does: it has every Estonian letter and fpdf2 embeds the glyphs used, so nothing depends on the
machine's fonts. The creation date is the payment date, so the same payslip gives the same bytes. Pure.
"""

from dataclasses import dataclass
from datetime import UTC, date, datetime
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Literal

from fpdf import FPDF
from fpdf.enums import XPos, YPos

from payroll.iban import masked

Language = Literal["et", "en"]
PAYSLIP_MEDIA_TYPE = "application/pdf"
FONT = "DejaVuSans"
LABEL_WIDTH_MM = 110  # amounts: the label, then the amount right-aligned
FACT_LABEL_WIDTH_MM = 45  # facts: the label, then the value wrapped over the rest of the line
ROW_HEIGHT_MM = 7
EN_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
             "November", "December")
TEXTS: dict[str, tuple[str, str]] = {
    "title": ("Palgaleht", "Payslip"),
    "payer": ("Maksja", "Payer"),
    "recipient": ("Saaja", "Recipient"),
    "company": ("Ettevõte", "Company"),
    "period": ("Periood", "Period"),
    "payment_date": ("Maksepäev", "Payment date"),
    "payment_type": ("Väljamakse liik", "Payment type"),
    "board_fee": ("21 – juhatuse liikme tasu", "21 – board member's fee"),
    "account": ("Pangakonto", "Bank account"),
    "gross": ("Brutotasu", "Gross fee"),
    "pension": ("Kogumispension (II sammas)", "Funded pension (II pillar)"),
    "unemployment_insurance": ("Töötuskindlustusmakse", "Unemployment insurance"),
    "income_tax": ("Tulumaks", "Income tax"),
    "net": ("Netosumma", "Net amount"),
    "basic_exemption": ("Arvestatud maksuvaba tulu", "Basic exemption applied"),
    "social_tax": ("Tööandja makstud sotsiaalmaks", "Social tax paid by the employer"),
    "social_tax_note": ("Sotsiaalmaksu maksab tööandja lisaks brutotasule; seda teie tasust kinni ei peeta.",
                        "The employer pays social tax on top of the gross fee; it is not withheld from your fee."),
}


@dataclass(frozen=True)
class Payslip:
    payer_name: str
    company_name: str
    full_name: str
    period_start: date
    period_end: date
    payment_date: date
    gross_cents: int
    pension_cents: int
    unemployment_insurance_cents: int
    income_tax_cents: int
    net_cents: int
    social_tax_cents: int
    basic_exemption_cents: int
    iban: str


def text(key: str, language: Language) -> str:
    estonian, english = TEXTS[key]
    return english if language == "en" else estonian


def money(cents: int, language: Language) -> str:
    """Amounts as the SPA shows them (web/src/lib/money.ts): "490,00 €" in Estonian, "€490.00" in English."""
    sign = "-" if cents < 0 else ""
    whole, rest = divmod(abs(cents), 100)
    if language == "en":
        return f"{sign}€{whole:,}.{rest:02d}"
    return f"{sign}{whole:,}".replace(",", " ") + f",{rest:02d} €"


def day(value: date, language: Language) -> str:
    return f"{value.day} {EN_MONTHS[value.month - 1]} {value.year}" if language == "en" else f"{value:%d.%m.%Y}"


def compact(iban: str) -> str:
    return "".join(iban.split()).upper()


@cache
def font_files() -> dict[str, Path]:
    folder = resources.files("payroll") / "fonts"
    files = {"": Path(str(folder / "DejaVuSans.ttf")), "B": Path(str(folder / "DejaVuSans-Bold.ttf"))}
    missing = [str(path) for path in files.values() if not path.is_file()]
    if missing:
        raise RuntimeError(f"PDF fonts not found: {missing}")
    return files


def _facts(slip: Payslip, language: Language) -> list[tuple[str, str]]:
    return [
        (text("payer", language), slip.payer_name),
        (text("recipient", language), slip.full_name),
        (text("company", language), slip.company_name),
        (text("period", language), f"{day(slip.period_start, language)} – {day(slip.period_end, language)}"),
        (text("payment_date", language), day(slip.payment_date, language)),
        (text("payment_type", language), text("board_fee", language)),
        (text("account", language), masked(compact(slip.iban))),
    ]


def _amounts(slip: Payslip, language: Language) -> list[tuple[str, int, bool]]:
    """(label, cents, bold): the gross, what is withheld from it, and what reaches the account."""
    return [
        (text("gross", language), slip.gross_cents, True),
        (f"− {text('pension', language)}", slip.pension_cents, False),
        (f"− {text('unemployment_insurance', language)}", slip.unemployment_insurance_cents, False),
        (f"− {text('income_tax', language)}", slip.income_tax_cents, False),
        (text("net", language), slip.net_cents, True),
    ]


def _new_document(slip: Payslip, language: Language) -> FPDF:
    pdf = FPDF(format="A4")
    pdf.set_title(f"{text('title', language)} {day(slip.payment_date, language)}")
    pdf.set_author(slip.payer_name)
    pdf.set_lang(language)
    pdf.set_creation_date(datetime.combine(slip.payment_date, datetime.min.time(), UTC))
    for style, path in font_files().items():
        pdf.add_font(FONT, style, str(path))
    pdf.set_margins(20, 18, 20)
    pdf.add_page()
    return pdf


def _row(pdf: FPDF, label: str, value: str, bold: bool = False) -> None:
    pdf.set_font(FONT, "B" if bold else "", 10)
    pdf.cell(LABEL_WIDTH_MM, ROW_HEIGHT_MM, label)
    pdf.cell(0, ROW_HEIGHT_MM, value, align="R", new_x=XPos.LMARGIN, new_y=YPos.NEXT)


def _fact(pdf: FPDF, label: str, value: str) -> None:
    """Names can be long: the value wraps instead of running off the page."""
    pdf.set_font(FONT, "", 10)
    pdf.cell(FACT_LABEL_WIDTH_MM, ROW_HEIGHT_MM, label)
    pdf.multi_cell(0, ROW_HEIGHT_MM, value, align="L", new_x=XPos.LMARGIN, new_y=YPos.NEXT)


def render(slip: Payslip, language: Language) -> bytes:
    pdf = _new_document(slip, language)
    pdf.set_font(FONT, "B", 16)
    pdf.multi_cell(0, 9, f"{text('title', language)} · {slip.company_name}", align="L", new_x=XPos.LMARGIN,
                   new_y=YPos.NEXT)
    pdf.ln(3)
    for label, value in _facts(slip, language):
        _fact(pdf, label, value)
    pdf.ln(4)
    for label, cents, bold in _amounts(slip, language):
        _row(pdf, label, money(cents, language), bold)
    pdf.ln(4)
    _row(pdf, text("basic_exemption", language), money(slip.basic_exemption_cents, language))
    _row(pdf, text("social_tax", language), money(slip.social_tax_cents, language))
    pdf.set_font(FONT, "", 8)
    pdf.multi_cell(0, 4.5, text("social_tax_note", language), align="L", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    return bytes(pdf.output())
