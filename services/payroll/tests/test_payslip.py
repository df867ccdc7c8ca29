"""Issue 23, "Payslips": a PDF in Estonian or English with the company, period, payment date, gross, each
withholding, net, the employer's social tax and the masked IBAN; the Estonian letters come out as written (the
fonts are DejaVu Sans, shipped with the payroll package as with contracts)."""

import io
from dataclasses import replace
from datetime import date

from pypdf import PdfReader

from payroll.payslip import Payslip, render

SLIP = Payslip(payer_name="Noorte Ettevõtlus OÜ", company_name="Päikese Ökopood OÜ", full_name="Õie Šaržant",
               period_start=date(2026, 10, 1), period_end=date(2026, 10, 31), payment_date=date(2026, 11, 30),
               gross_cents=50000, pension_cents=1000, unemployment_insurance_cents=0, income_tax_cents=0,
               net_cents=49000, social_tax_cents=16500, basic_exemption_cents=49000,
               iban="EE38 2200 2210 2014 5685")


def page_text(pdf: bytes) -> str:
    reader = PdfReader(io.BytesIO(pdf))
    return "\n".join(page.extract_text() for page in reader.pages)


def test_estonian_payslip() -> None:
    text = page_text(render(SLIP, "et"))
    for expected in ("Palgaleht", "Maksja Noorte Ettevõtlus OÜ", "Saaja Õie Šaržant", "Ettevõte Päikese Ökopood OÜ",
                     "Periood 01.10.2026 – 31.10.2026", "Maksepäev 30.11.2026",
                     "Väljamakse liik 21 – juhatuse liikme tasu", "Pangakonto EE38 **** **** **** 5685",
                     "Brutotasu 500,00 €", "Kogumispension (II sammas) 10,00 €", "Töötuskindlustusmakse 0,00 €",
                     "Tulumaks 0,00 €", "Netosumma 490,00 €", "Arvestatud maksuvaba tulu 490,00 €",
                     "Tööandja makstud sotsiaalmaks 165,00 €"):
        assert expected in text, expected
    assert "2200 2210 2014" not in text


def test_english_payslip() -> None:
    slip = replace(SLIP, income_tax_cents=10780, net_cents=38220, basic_exemption_cents=0)
    text = page_text(render(slip, "en"))
    for expected in ("Payslip", "Payer Noorte Ettevõtlus OÜ", "Recipient Õie Šaržant", "Company Päikese Ökopood OÜ",
                     "Period 1 October 2026 – 31 October 2026", "Payment date 30 November 2026",
                     "Payment type 21 – board member's fee", "Bank account EE38 **** **** **** 5685",
                     "Gross fee €500.00", "Funded pension (II pillar) €10.00", "Unemployment insurance €0.00",
                     "Income tax €107.80", "Net amount €382.20", "Basic exemption applied €0.00",
                     "Social tax paid by the employer €165.00"):
        assert expected in text, expected
    assert "Palgaleht" not in text


def test_a_long_company_name_wraps_on_the_one_page() -> None:
    long_name = "Väga pika nimega äriühing " * 6
    reader = PdfReader(io.BytesIO(render(replace(SLIP, company_name=long_name.strip()), "et")))
    assert len(reader.pages) == 1
    words = reader.pages[0].extract_text().split()
    assert words.count("äriühing") == 12  # in the title and beside "Ettevõte", every word kept
    assert "Netosumma" in words


def test_fonts_are_embedded_dejavu_sans() -> None:
    reader = PdfReader(io.BytesIO(render(SLIP, "et")))
    fonts = reader.pages[0]["/Resources"]["/Font"]
    names = {str(fonts[key].get_object()["/BaseFont"]) for key in fonts}
    assert names and all("DejaVuSans" in name for name in names), names
    descendants = [fonts[key].get_object()["/DescendantFonts"][0].get_object() for key in fonts]
    assert all("/FontFile2" in font["/FontDescriptor"] for font in descendants)


def test_the_same_payslip_gives_the_same_bytes() -> None:
    assert render(SLIP, "en") == render(SLIP, "en")
    assert render(SLIP, "et") != render(SLIP, "en")
