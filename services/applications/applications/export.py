"""The admin's applications list as CSV (issue 17, Work sharing): UTF-8 with a byte order mark, so that
spreadsheet programs keep Estonian letters, times in Tallinn's, headers and statuses in the admin's language.

A cell that a spreadsheet would read as a formula (starting with = + - @, a tab or a carriage return) gets a
leading apostrophe (OWASP, CSV injection): names and e-mails are typed by applicants.

ID codes are masked as in the list (issue 16, What each role sees): a file leaves the portal and is kept."""

import csv
import io
from collections.abc import AsyncIterator, Iterable
from datetime import datetime
from zoneinfo import ZoneInfo

from applications.service import ApplicationRow
from portal_common.privacy import mask_id_code

TALLINN = ZoneInfo("Europe/Tallinn")
BYTE_ORDER_MARK = "\ufeff"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
LINES_PER_CHUNK = 500
HEADERS = {
    "et": ("ID", "Täisnimi", "E-post", "Isikukood", "Telefon", "Olek", "Esitatud", "Muudetud", "Vastutaja"),
    "en": ("ID", "Full name", "E-mail", "ID code", "Phone", "Status", "Created", "Updated", "Assignee"),
}
STATUS_NAMES = {
    "et": {"pending": "Ootab ülevaatust", "in_review": "Ülevaatamisel", "approved": "Kinnitatud",
           "rejected": "Tagasi lükatud", "active": "Aktiivne", "completed": "Lõpetatud"},
    "en": {"pending": "Pending Review", "in_review": "In Review", "approved": "Approved", "rejected": "Rejected",
           "active": "Active", "completed": "Completed"},
}


def filename(now: datetime) -> str:
    return f"applications-{now.astimezone(TALLINN):%Y-%m-%d}.csv"


def safe_cell(value: str | None) -> str:
    text = value or ""
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def local_time(moment: datetime) -> str:
    return f"{moment.astimezone(TALLINN):%Y-%m-%d %H:%M}"


def _line(cells: Iterable[str]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer).writerow(cells)
    return buffer.getvalue()


def _cells(row: ApplicationRow, language: str) -> list[str]:
    application, applicant = row.application, row.applicant
    # Empty until identity's registration event has brought the applicant here.
    contact = ((applicant.full_name, applicant.email, mask_id_code(applicant.id_code), applicant.phone)
               if applicant else ())
    return [
        str(application.id),
        *(safe_cell(value) for value in contact or (None,) * 4),
        STATUS_NAMES[language].get(application.status, application.status),
        local_time(application.created_at), local_time(application.updated_at),
        safe_cell(row.assignee.name if row.assignee else None),
    ]


async def csv_chunks(rows: AsyncIterator[ApplicationRow], language: str) -> AsyncIterator[bytes]:
    """The header line, then the rows some hundreds at a time."""
    language = language if language in HEADERS else "et"
    yield (BYTE_ORDER_MARK + _line(HEADERS[language])).encode()
    lines: list[str] = []
    async for row in rows:
        lines.append(_line(_cells(row, language)))
        if len(lines) == LINES_PER_CHUNK:
            yield "".join(lines).encode()
            lines.clear()
    if lines:
        yield "".join(lines).encode()
