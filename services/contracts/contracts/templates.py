"""The employment contract accepted in the registration dialog, rendered to plain text (spec §2 Auth screen).

The text lives in templates/employment_contract.{et,en}.json: the one source for this service and the web
dialog. Rendering adds the company's details, the date and the signer's name and ID code.
"""

import json
from datetime import datetime
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
