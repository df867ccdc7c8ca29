"""contracts's command line:
    python -m contracts migrate | revision -m "..." | wait-for-migrations | prune-events
                                                (the commands every service has, portal_common/cli.py)
    python -m contracts retention [--dry-run] [--now 2030-01-01T09:00+02:00]
                                                (issue 16: erases the held contracts whose 7 years have ended and
                                                 asks identity to erase the people whose employment records all
                                                 ended 7 years ago, as the service's daily job does; --dry-run
                                                 lists them and changes nothing)
"""

import argparse
import asyncio
import sys
from datetime import datetime
from pathlib import Path

from contracts.config import get_settings
from contracts.erasure import run_retention
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
    database = Database(get_settings().database_url)
    try:
        async with UnitOfWork(database) as unit_of_work:
            findings = await run_retention(unit_of_work.session, now, dry_run=dry_run)
    finally:
        await database.dispose()
    for contract, user, held_until in findings.held_ended:
        print(f"contract {contract}\tuser {user}\theld until {held_until.isoformat()}")
    for user in findings.people_due:
        print(f"user {user}\tevery employment record ended more than 7 years ago")
    verb = "would erase" if dry_run else "erased"
    ask = "would ask" if dry_run else "asked"
    print(f"{verb} {len(findings.held_ended)} held contract(s); {ask} identity to erase "
          f"{len(findings.people_due)} person(s)")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m contracts")
    commands = parser.add_subparsers(dest="command", required=True)
    add_service_commands(commands)
    retention = commands.add_parser("retention", help="erase the employment records past their 7 years")
    retention.add_argument("--dry-run", action="store_true", help="list what would be erased; change nothing")
    retention.add_argument("--now", type=_moment, default=None, metavar="ISO-TIME",
                           help="the clock to run it at; default the real time")
    args = parser.parse_args(argv)
    if args.command == "retention":
        return asyncio.run(_retention(args.now or utcnow(), args.dry_run))
    return run_service_command(args, MIGRATIONS, get_settings()) or 0


if __name__ == "__main__":
    sys.exit(main())
