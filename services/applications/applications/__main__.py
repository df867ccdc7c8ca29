"""applications's command line:
    python -m applications migrate | revision -m "..." | wait-for-migrations | prune-events
                                                (the commands every service has, portal_common/cli.py)
    python -m applications retention [--dry-run] [--now 2030-01-01T09:00+02:00]
                                                (issue 16: lists the people whose rejected application is past
                                                 APPLICATIONS_RETENTION_REJECTED_MONTHS and, unless --dry-run, asks
                                                 identity to erase them, as the service's daily job does)
"""

import argparse
import asyncio
import sys
from datetime import datetime
from pathlib import Path

from applications.config import get_settings
from applications.erasure import publish_retention
from portal_common.cli import add_service_commands, run_service_command
from portal_common.clock import utcnow
from portal_common.db import Database
from portal_common.unit_of_work import UnitOfWork

MIGRATIONS = Path(__file__).parent / "migrations"


def _moment(text: str) -> datetime:
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        raise argparse.ArgumentTypeError("give the time with its offset, e.g. 2030-01-01T09:00+02:00")
    return moment


async def _retention(now: datetime, dry_run: bool) -> int:
    settings = get_settings()
    database = Database(settings.database_url)
    try:
        async with UnitOfWork(database) as unit_of_work:
            expired = await publish_retention(unit_of_work.session, now, settings.retention_rejected_months,
                                              dry_run=dry_run)
            if dry_run:
                await unit_of_work.session.rollback()
    finally:
        await database.dispose()
    for found in expired:
        print(f"user {found.user_id}\tapplication {found.application_id}\trejected {found.rejected_at.isoformat()}")
    verb = "would erase" if dry_run else "asked identity to erase"
    print(f"{verb} {len(expired)} person(s) whose application was rejected more than "
          f"{settings.retention_rejected_months} month(s) ago")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m applications")
    commands = parser.add_subparsers(dest="command", required=True)
    add_service_commands(commands)
    retention = commands.add_parser("retention", help="erase the rejected applications past their retention")
    retention.add_argument("--dry-run", action="store_true", help="list what would be erased; change nothing")
    retention.add_argument("--now", type=_moment, default=None, metavar="ISO-TIME",
                           help="the clock to run it at; default the real time")
    args = parser.parse_args(argv)
    if args.command == "retention":
        return asyncio.run(_retention(args.now or utcnow(), args.dry_run))
    return run_service_command(args, MIGRATIONS, get_settings()) or 0


if __name__ == "__main__":
    sys.exit(main())
