"""Issue 23, "The pay run (admin)": annex 1 of the monthly declaration (TSD) as CSV, with the ID code, name,
payment type 21, gross, social tax, pension, unemployment insurance, income tax and basic exemption used, one row
per person and the totals last."""

import csv
import io

from payroll.tsd import TsdRow, annex1_csv

EXEMPTION_2_PERCENT = TsdRow(id_code="49403136526", full_name="Õie Šaržant", gross_cents=50000,
                             social_tax_cents=16500, pension_cents=1000, unemployment_insurance_cents=0,
                             income_tax_cents=0, basic_exemption_cents=49000)
NO_EXEMPTION_NO_PENSION = TsdRow(id_code="39001010008", full_name="Öövel, Ärni", gross_cents=50000,
                                 social_tax_cents=16500, pension_cents=0, unemployment_insurance_cents=0,
                                 income_tax_cents=11000, basic_exemption_cents=0)


def table(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_header_rows_and_totals() -> None:
    rows = table(annex1_csv([EXEMPTION_2_PERCENT, NO_EXEMPTION_NO_PENSION]))
    assert rows[0] == ["Isikukood / ID code", "Nimi / Name", "Väljamakse liik / Payment type",
                       "Väljamakse summa / Gross", "Sotsiaalmaks / Social tax", "Kogumispension / Funded pension",
                       "Töötuskindlustusmakse / Unemployment insurance", "Tulumaks / Income tax",
                       "Kasutatud maksuvaba tulu / Basic exemption used"]
    assert rows[1] == ["49403136526", "Õie Šaržant", "21", "500.00", "165.00", "10.00", "0.00", "0.00", "490.00"]
    assert rows[2] == ["39001010008", "Öövel, Ärni", "21", "500.00", "165.00", "0.00", "0.00", "110.00", "0.00"]
    assert rows[3] == ["", "Kokku / Total", "", "1000.00", "330.00", "10.00", "0.00", "110.00", "490.00"]
    assert len(rows) == 4


def test_two_payments_to_one_person_are_one_row() -> None:
    """A run may hold two of a person's payments (both due by its pay date): one declaration row per person."""
    rows = table(annex1_csv([EXEMPTION_2_PERCENT, NO_EXEMPTION_NO_PENSION, EXEMPTION_2_PERCENT]))
    assert [row[0] for row in rows[1:]] == ["49403136526", "39001010008", ""]
    assert rows[1][3:] == ["1000.00", "330.00", "20.00", "0.00", "0.00", "980.00"]
    assert rows[-1][3:] == ["1500.00", "495.00", "20.00", "0.00", "110.00", "980.00"]


def test_an_empty_run_has_only_the_header_and_zero_totals() -> None:
    assert table(annex1_csv([]))[1:] == [["", "Kokku / Total", "", "0.00", "0.00", "0.00", "0.00", "0.00", "0.00"]]


def test_csv_lines_end_in_crlf_and_names_cannot_become_formulas() -> None:
    formula = TsdRow(id_code="38001010009", full_name="=HYPERLINK(\"http://x\")", gross_cents=1,
                     social_tax_cents=0, pension_cents=0, unemployment_insurance_cents=0, income_tax_cents=0,
                     basic_exemption_cents=0)
    text = annex1_csv([formula])
    assert text.count("\r\n") == 3 and text.endswith("\r\n")
    assert table(text)[1][:4] == ["38001010009", "'=HYPERLINK(\"http://x\")", "21", "0.01"]
