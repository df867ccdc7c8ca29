"""Reading the official sanctions lists (issue 35) from their own files: the EU consolidated financial sanctions
list (the XML export of the Financial Sanctions Files, namespace http://eu.europa.ec/fpi/fsd/export), the UN
Security Council consolidated list (XML, CONSOLIDATED_LIST) and the UK's consolidated list (OFSI's CSV, 2022
format). A file that cannot be read whole is refused with the reason (ListRefused): an import is all or nothing.

The XML is read as a stream (defusedxml's iterparse, each entry freed once read), so a list of tens of thousands
of entries does not sit in memory as a tree."""

import csv
import io
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime
from typing import IO, Any
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import iterparse

EU_NAMESPACE = "{http://eu.europa.ec/fpi/fsd/export}"
SOURCES = ("eu", "un", "uk")


class ListRefused(Exception):
    """The file is not a readable list of its source; the message says why."""


class ListEmpty(ListRefused):
    """The file is a list of its source, without a single entry: importing it would clear the list."""


@dataclass(frozen=True)
class ParsedEntry:
    reference: str
    kind: str  # person | entity
    names: list[str]
    dates_of_birth: list[str]  # ISO dates, or a year alone


@dataclass(frozen=True)
class ParsedList:
    source: str
    publication_date: date
    entries: list[ParsedEntry]


def _day(text: str | None, what: str) -> date:
    value = (text or "").strip()
    for parse in (lambda v: datetime.fromisoformat(v.replace("Z", "+00:00")).date(), date.fromisoformat,
                  lambda v: datetime.strptime(v, "%d/%m/%Y").date()):
        try:
            return parse(value)
        except ValueError:
            continue
    raise ListRefused(f"{what} is not a date: {value!r}")


def _unique(values: list[str]) -> list[str]:
    seen: dict[str, None] = {}
    for value in values:
        cleaned = " ".join(value.split())
        if cleaned and cleaned.casefold() not in {s.casefold() for s in seen}:
            seen[cleaned] = None
    return list(seen)


def _events(stream: IO[bytes]) -> Iterator[tuple[str, Element]]:
    try:
        yield from iterparse(stream, events=("start", "end"), forbid_dtd=True)
    except ParseError as error:
        raise ListRefused(f"the file is not well-formed XML ({error})") from None
    except DefusedXmlException as error:
        raise ListRefused(f"the file uses XML features a list does not need ({type(error).__name__})") from None


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def parse_eu(stream: IO[bytes]) -> ParsedList:
    published: date | None = None
    entries: list[ParsedEntry] = []
    for event, element in _events(stream):
        if event == "start" and published is None:
            if element.tag != f"{EU_NAMESPACE}export":
                raise ListRefused(f"not the EU's consolidated list export: the root is <{_local(element.tag)}>")
            published = _day(element.get("generationDate"), "the export's generationDate")
        elif event == "end" and element.tag == f"{EU_NAMESPACE}sanctionEntity":
            reference = element.get("euReferenceNumber") or element.get("logicalId") or ""
            subject = element.find(f"{EU_NAMESPACE}subjectType")
            kind = "person" if subject is not None and subject.get("code") == "person" else "entity"
            names = _unique([alias.get("wholeName") or " ".join(filter(None, (
                alias.get("firstName"), alias.get("middleName"), alias.get("lastName"))))
                for alias in element.iter(f"{EU_NAMESPACE}nameAlias")])
            born = [b.get("birthdate") or b.get("year") or "" for b in element.iter(f"{EU_NAMESPACE}birthdate")]
            _check(reference, names, len(entries))
            entries.append(ParsedEntry(reference, kind, names, _unique(born)))
            element.clear()
    if published is None:
        raise ListRefused("the file is empty")
    return ParsedList("eu", published, entries)


def _text(element: Element, tag: str) -> str:
    found = element.find(tag)
    return (found.text or "").strip() if found is not None else ""


def parse_un(stream: IO[bytes]) -> ParsedList:
    published: date | None = None
    entries: list[ParsedEntry] = []
    for event, element in _events(stream):
        if event == "start" and published is None:
            if element.tag != "CONSOLIDATED_LIST":
                raise ListRefused(f"not the UN Security Council consolidated list: the root is <{element.tag}>")
            published = _day(element.get("dateGenerated"), "the list's dateGenerated")
        elif event == "end" and element.tag in ("INDIVIDUAL", "ENTITY"):
            person = element.tag == "INDIVIDUAL"
            whole = " ".join(filter(None, (_text(element, t) for t in (
                "FIRST_NAME", "SECOND_NAME", "THIRD_NAME", "FOURTH_NAME"))))
            aliases = [_text(alias, "ALIAS_NAME") for alias in element.iter(
                "INDIVIDUAL_ALIAS" if person else "ENTITY_ALIAS")]
            names = _unique([whole, _text(element, "NAME_ORIGINAL_SCRIPT"), *aliases])
            born = [_text(b, "DATE") or _text(b, "YEAR") for b in element.iter("INDIVIDUAL_DATE_OF_BIRTH")]
            reference = _text(element, "REFERENCE_NUMBER") or _text(element, "DATAID")
            _check(reference, names, len(entries))
            entries.append(ParsedEntry(reference, "person" if person else "entity", names, _unique(born)))
            element.clear()
    if published is None:
        raise ListRefused("the file is empty")
    return ParsedList("un", published, entries)


UK_NAME_COLUMNS = ("Name 1", "Name 2", "Name 3", "Name 4", "Name 5", "Name 6")
UK_REQUIRED = {*UK_NAME_COLUMNS, "DOB", "Group Type", "Group ID"}


def _uk_date_of_birth(text: str) -> str:
    """OFSI writes dd/mm/yyyy with 00 for what is not known (00/00/1964)."""
    parts = text.strip().split("/")
    if len(parts) != 3 or not parts[2].isdigit() or len(parts[2]) != 4:
        return ""
    day, month, year = parts
    if day.isdigit() and month.isdigit() and int(day) and int(month):
        try:
            return date(int(year), int(month), int(day)).isoformat()
        except ValueError:
            return year
    return year


def parse_uk(stream: IO[bytes]) -> ParsedList:
    raw = stream.read()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("cp1252", errors="replace")
    rows = csv.reader(io.StringIO(text))
    first = next(rows, None)
    if not first or first[0].strip() != "Last Updated" or len(first) < 2:
        raise ListRefused("not the UK consolidated list CSV: its first line is not 'Last Updated,<date>'")
    published = _day(first[1], "the list's Last Updated")
    header = [h.strip() for h in next(rows, [])]
    missing = UK_REQUIRED - set(header)
    if missing:
        raise ListRefused(f"not the UK consolidated list CSV: no column {', '.join(sorted(missing))}")
    column = {name: header.index(name) for name in header}
    groups: dict[str, dict[str, Any]] = {}
    for number, row in enumerate(rows, start=3):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) < len(header):
            raise ListRefused(f"line {number} has {len(row)} fields, the header {len(header)}")
        group = row[column["Group ID"]].strip()
        if not group:
            raise ListRefused(f"line {number} has no Group ID")
        # Name 6 is the surname (or an entity's whole name); Name 1 to 5 come before it.
        name = " ".join(filter(None, (row[column[c]].strip() for c in UK_NAME_COLUMNS)))
        entry = groups.setdefault(group, {"kind": row[column["Group Type"]].strip().lower(), "names": [], "dob": []})
        entry["names"].append(name)
        entry["dob"].append(_uk_date_of_birth(row[column["DOB"]]))
    entries: list[ParsedEntry] = []
    for group, entry in groups.items():
        names = _unique(entry["names"])
        _check(group, names, len(entries))
        entries.append(ParsedEntry(group, "person" if entry["kind"] == "individual" else "entity", names,
                                   _unique(entry["dob"])))
    return ParsedList("uk", published, entries)


def _check(reference: str, names: list[str], index: int) -> None:
    if not reference:
        raise ListRefused(f"entry {index + 1} has no reference")
    if not names:
        raise ListRefused(f"entry {reference} has no name")


PARSERS = {"eu": parse_eu, "un": parse_un, "uk": parse_uk}


def parse(source: str, stream: IO[bytes]) -> ParsedList:
    parsed = PARSERS[source](stream)
    if not parsed.entries:
        raise ListEmpty("the file has no entries")
    return parsed
