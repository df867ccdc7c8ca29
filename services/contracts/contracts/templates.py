"""The employment contract accepted in the registration dialog, rendered to plain text (spec §2 Auth screen).

The text lives in templates/employment_contract.{et,en}.json: the one source for this service and the web
dialog. Rendering adds the company's details, the date and the signer's name and ID code.
"""

import json
from dataclasses import dataclass
from datetime import date, datetime, time
from functools import cache
from importlib import resources
from typing import Any
from zoneinfo import ZoneInfo

TALLINN = ZoneInfo("Europe/Tallinn")
LANGUAGES = ("et", "en")
DEFAULT_LANGUAGE = "et"
BULLET = "•"


class Company:
    name = "Shelf Board Services OÜ"
    registry_code = "16543210"
    address = "Narva mnt 5, 10117 Tallinn"


CONTRACT_TITLES = {"et": "Tööleping", "en": "Employment contract"}
EN_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
             "November", "December")


def language_or_default(language: str | None) -> str:
    return language if language in LANGUAGES else DEFAULT_LANGUAGE


@cache
def employment_template(language: str) -> dict[str, Any]:
    source = resources.files("contracts") / "templates" / f"employment_contract.{language_or_default(language)}.json"
    document: dict[str, Any] = json.loads(source.read_text(encoding="utf-8"))
    return document


def local_date(moment: datetime, language: str) -> str:
    day = moment.astimezone(TALLINN)
    if language == "en":
        return f"{day.day} {EN_MONTHS[day.month - 1]} {day.year}"
    return f"{day:%d.%m.%Y}"


def local_datetime(moment: datetime, language: str) -> str:
    return f"{local_date(moment, language)} {moment.astimezone(TALLINN):%H:%M}"


def render_employment_contract(language: str, full_name: str, id_code: str, accepted_at: datetime) -> str:
    """Numbered sections, one paragraph per line block, bullets as "• ..." lines; Unix line breaks."""
    language = language_or_default(language)
    doc = employment_template(language)
    sig = doc["signatures"]
    blocks = [
        doc["title"],
        "\n".join([
            f"{doc['dateLabel']}: {local_date(accepted_at, language)}",
            f"{doc['employerLabel']}: {Company.name}",
            f"{doc['registryCodeLabel']}: {Company.registry_code}",
            f"{doc['addressLabel']}: {Company.address}",
        ]),
        doc["intro"],
    ]
    for number, section in enumerate(doc["sections"], start=1):
        lines = [f"{number}. {section['title']}", *section["paragraphs"]]
        lines += [f"{BULLET} {bullet}" for bullet in section.get("bullets", [])]
        blocks.append("\n".join(lines))
    blocks.append("\n".join([
        sig["title"],
        f"{sig['employer']}: {Company.name}",
        f"{sig['authorizedSignatory']}: {sig['authorizedSignatoryName']}",
        "",
        f"{sig['employee']}",
        f"{sig['name']}: {full_name}",
        f"{sig['personalId']}: {id_code}",
        f"{sig['digitalSignature']}: {sig['signedDigitally']} {local_datetime(accepted_at, language)}",
    ]))
    return "\n\n".join(blocks)


# ---- documents signed with eID only (issues 33 and 36) -------------------------------------------------------
# Each is one document in both languages, Estonian first (the register's language), so the same signed container
# serves the Business Register and the company's shareholders whatever language the signer uses the portal in.

CONSENT_TITLE = "Juhatuse liikme nõusolek / Board member's consent"
RESIGNATION_TITLE = "Tagasiastumisavaldus / Resignation letter"
LANGUAGE_SEPARATOR = "— — —"
MAX_TITLE = 200


@cache
def document_template(name: str, language: str) -> dict[str, Any]:
    source = resources.files("contracts") / "templates" / f"{name}.{language_or_default(language)}.json"
    document: dict[str, Any] = json.loads(source.read_text(encoding="utf-8"))
    return document


def document_title(prefix: str, company: str, registry_code: str) -> str:
    """The title names the company and its registry code; a very long name is shortened to fit."""
    suffix = f" ({registry_code})" if registry_code else ""
    room = MAX_TITLE - len(prefix) - len(" — ") - len(suffix)
    name = company if len(company) <= room else company[:max(room - 1, 0)] + "…"
    return f"{prefix} — {name}{suffix}"


def day(value: date, language: str) -> str:
    return local_date(datetime.combine(value, time(12), TALLINN), language)


@dataclass(frozen=True)
class Party:
    """Who signs (the applicant as the portal knows them) and the company the document is about."""

    full_name: str
    id_code: str
    company: str
    registry_code: str


def render_board_consent(party: Party, registration_date: date | None, term_ends_on: date | None,
                         made_at: datetime) -> str:
    """The consent to be appointed a member of the management board (issue 33), in Estonian and English."""
    blocks: list[str] = []
    for language in LANGUAGES:
        doc = document_template("board_consent", language)
        fill = {"name": party.full_name, "idCode": party.id_code, "company": party.company,
                "registryCode": party.registry_code}
        term = doc["term"]
        if registration_date is not None and term_ends_on is not None:
            term += " (" + doc["termDates"].format(start=day(registration_date, language),
                                                   end=day(term_ends_on, language)) + ")"
        blocks += [
            doc["title"],
            "\n".join([
                f"{doc['dateLabel']}: {local_date(made_at, language)}",
                f"{doc['companyLabel']}: {party.company}",
                f"{doc['registryCodeLabel']}: {party.registry_code}",
                f"{doc['memberLabel']}: {party.full_name}",
                f"{doc['idCodeLabel']}: {party.id_code}",
                f"{doc['termLabel']}: {term}",
            ]),
            doc["consent"].format(**fill),
            *doc["paragraphs"],
            doc["signature"],
            LANGUAGE_SEPARATOR,
        ]
    return "\n\n".join(blocks[:-1])


def render_resignation(party: Party, term_ends_on: date | None, reason: str | None, made_at: datetime) -> str:
    """The resignation letter to the company's shareholders (issue 36), in Estonian and English: from the term's
    end, or before it for cause (``reason``)."""
    blocks: list[str] = []
    today = made_at.astimezone(TALLINN).date()
    for language in LANGUAGES:
        doc = document_template("resignation", language)
        fill = {"name": party.full_name, "idCode": party.id_code, "company": party.company,
                "registryCode": party.registry_code}
        blocks += [
            doc["title"],
            "\n".join([
                f"{doc['dateLabel']}: {local_date(made_at, language)}",
                f"{doc['addresseeLabel']}: {doc['addressee'].format(**fill)}",
                f"{doc['memberLabel']}: {party.full_name}",
                f"{doc['idCodeLabel']}: {party.id_code}",
            ]),
            doc["statement"].format(**fill),
        ]
        if term_ends_on is not None:
            ended = doc["termEnded"] if term_ends_on <= today else doc["termEndsOn"]
            blocks.append(ended.format(end=day(term_ends_on, language)))
        if reason:
            blocks.append(f"{doc['forCauseLabel']}\n{doc['reasonLabel']}: {reason}")
        blocks += [doc["request"], doc["signature"], LANGUAGE_SEPARATOR]
    return "\n\n".join(blocks[:-1])
