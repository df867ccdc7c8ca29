"""notifications's command line:
    python -m notifications migrate | revision -m "..." | wait-for-migrations | prune-events
                                                (the commands every service has, portal_common/cli.py)
    python -m notifications remind [--now 2030-01-01T09:00+02:00]
                                                (one reminder round, as the service's daily job runs it, as of
                                                 now or of the time given; the running service sends them)
    python -m notifications mandate-round [--now 2030-01-01T09:00+02:00]
                                                (one round of the board members' mandate e-mails, issue 36)
"""

import argparse
import asyncio
import sys
from datetime import datetime
from pathlib import Path

from notifications.config import get_settings
from notifications.mandate_emails import mandate_round
from notifications.reminders import remind
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


async def run_round(database_url: str, now: datetime, mandates: bool = False) -> str:
    """One reminder round, or one round of the mandate e-mails, as of ``now``; what the command line prints. The
    tests run it in their own process (issue 32: a command line per round cost 2 s of imports)."""
    database = Database(database_url)
    try:
        async with UnitOfWork(database) as unit_of_work:
            queued = await (mandate_round if mandates else remind)(unit_of_work.session, now)
    finally:
        await database.dispose()
    return ("no round: before 09:00 in Tallinn, or that day's round already ran" if queued is None
            else f"queued {queued} {'e-mail' if mandates else 'reminder'}(s)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m notifications")
    commands = parser.add_subparsers(dest="command", required=True)
    add_service_commands(commands)
    reminder = commands.add_parser("remind", help="run one reminder round (once a day from 09:00 Europe/Tallinn)")
    reminder.add_argument("--now", type=_moment, default=None, metavar="ISO-TIME",
                          help="the clock to run it at (tests, catching up by hand); default the real time")
    mandates = commands.add_parser("mandate-round",
                                   help="run one round of the mandate e-mails (once a day from 09:00 Europe/Tallinn)")
    mandates.add_argument("--now", type=_moment, default=None, metavar="ISO-TIME",
                          help="the clock to run it at (tests, catching up by hand); default the real time")
    args = parser.parse_args(argv)
    if args.command in ("remind", "mandate-round"):
        print(asyncio.run(run_round(get_settings().database_url, args.now or utcnow(),
                                    mandates=args.command == "mandate-round")))
        return 0
    return run_service_command(args, MIGRATIONS, get_settings()) or 0


if __name__ == "__main__":
    sys.exit(main())
