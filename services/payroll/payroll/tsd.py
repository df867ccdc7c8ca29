"""The rows of annex 1 of the monthly tax declaration (TSD, due on the 10th of the following month) as CSV
(issue 23): one row per person with payment type 21 (a board member's fee), the amounts in euros with two
decimals, and the totals last. Several payments to one person in a run are declared as one row. A name that a
spreadsheet would read as a formula gets a leading apostrophe (OWASP CSV injection), as in the applications
export. Pure.
"""

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields

from payroll.money import euros

TSD_MEDIA_TYPE = "text/csv; charset=utf-8"
BOARD_MEMBER_FEE = "21"
HEADER = (
    "Isikukood / ID code",
    "Nimi / Name",
    "Väljamakse liik / Payment type",
    "Väljamakse summa / Gross",
    "Sotsiaalmaks / Social tax",
    "Kogumispension / Funded pension",
    "Töötuskindlustusmakse / Unemployment insurance",
    "Tulumaks / Income tax",
    "Kasutatud maksuvaba tulu / Basic exemption used",
)
TOTAL_LABEL = "Kokku / Total"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


@dataclass(frozen=True)
class TsdRow:
    id_code: str
    full_name: str
    gross_cents: int
    social_tax_cents: int
    pension_cents: int
    unemployment_insurance_cents: int
    income_tax_cents: int
    basic_exemption_cents: int


AMOUNT_FIELDS = tuple(field.name for field in fields(TsdRow) if field.name.endswith("_cents"))


def safe_cell(text: str) -> str:
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def _amounts(row: TsdRow) -> list[int]:
    return [getattr(row, name) for name in AMOUNT_FIELDS]


def per_person(rows: Iterable[TsdRow]) -> list[tuple[str, str, list[int]]]:
    """(ID code, name, amounts) once per ID code, in the order people first appear, the amounts summed."""
    merged: dict[str, tuple[str, str, list[int]]] = {}
    for row in rows:
        if row.id_code in merged:
            summed = merged[row.id_code][2]
            summed[:] = [total + amount for total, amount in zip(summed, _amounts(row), strict=True)]
        else:
            merged[row.id_code] = (row.id_code, row.full_name, _amounts(row))
    return list(merged.values())


def annex1_csv(rows: Sequence[TsdRow]) -> str:
    people = per_person(rows)
    totals = [sum(amounts[column] for _, _, amounts in people) for column in range(len(AMOUNT_FIELDS))]
    output = io.StringIO()
    writer = csv.writer(output, lineterminator="\r\n")
    writer.writerow(HEADER)
    writer.writerows([safe_cell(id_code), safe_cell(name), BOARD_MEMBER_FEE, *map(euros, amounts)]
                     for id_code, name, amounts in people)
    writer.writerow(["", TOTAL_LABEL, "", *map(euros, totals)])
    return output.getvalue()
