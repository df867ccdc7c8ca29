"""`python -m identity publish-policy --document terms --version 2026-12-01` (issue 16 "Consent"): publishes a new
version of a text; every applicant is asked to accept it before going on. `--document liability` publishes a new
version of the board member's liability notice (issue 36), which every board member is asked to acknowledge."""

import argparse
import sys
from datetime import date

from identity import consents
from identity.config import get_settings
from identity.consent_schemas import PUBLISHED_DOCUMENTS, PublishedDocument
from portal_common.db import Database
from portal_common.unit_of_work import UnitOfWork


def _version(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError("a date, YYYY-MM-DD") from None


def add_publish_policy_command(subcommands: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    publish = subcommands.add_parser(
        "publish-policy", help="publish a new version of the terms, the privacy policy, the contract text or the board "
             "member's liability notice")
    publish.add_argument("--document", required=True, choices=PUBLISHED_DOCUMENTS)
    publish.add_argument("--version", required=True, type=_version, metavar="YYYY-MM-DD",
                         help="the date of the new text; later than the current version")


async def publish_policy(document: PublishedDocument, version: date) -> int:
    database = Database(get_settings().database_url)
    try:
        async with UnitOfWork(database) as unit_of_work:
            await consents.publish(unit_of_work.session, document, version)
        print(f"published {document} version {version.isoformat()}")
        return 0
    except consents.PublishRefused as refused:
        print(refused, file=sys.stderr)
        return 1
    finally:
        await database.dispose()
