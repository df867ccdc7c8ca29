"""The command line every service has: its migrations (migrations.py) and pruning its event tables
(retention.py). A service with commands of its own adds them beside these.

    python -m <service> migrate | revision -m "..." | wait-for-migrations [--timeout SECONDS]
    python -m <service> prune-events [--older-than-days DAYS]
"""

import argparse
import asyncio
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

from portal_common.db import Database
from portal_common.migrations import add_migration_commands, run_migration_command
from portal_common.retention import prune_events
from portal_common.settings import ServiceSettings


def _days(text: str) -> int:
    days = int(text)
    if days < 1:
        raise argparse.ArgumentTypeError("at least 1 day")
    return days


def add_service_commands(subcommands: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    add_migration_commands(subcommands)
    prune = subcommands.add_parser(
        "prune-events", help="delete published outbox events and processed event ids older than the retention")
    prune.add_argument("--older-than-days", type=_days, default=None, metavar="DAYS",
                       help="default PORTAL_EVENT_RETENTION_DAYS (14)")


def run_service_command(args: argparse.Namespace, migrations_dir: Path, settings: ServiceSettings) -> int | None:
    """Runs one of the commands above if that is what was asked and answers its exit status; None if it was
    another command."""
    if args.command == "prune-events":
        return asyncio.run(_prune(settings.database_url, args.older_than_days or settings.event_retention_days))
    return run_migration_command(args, migrations_dir, settings.database_url)


async def _prune(database_url: str, days: int) -> int:
    database = Database(database_url)
    try:
        pruned = await prune_events(database, timedelta(days=days))
    finally:
        await database.dispose()
    print(f"pruned {pruned.published} published outbox event(s) and {pruned.processed} processed event id(s) "
          f"older than {days} day(s)")
    return 0


def service_cli(prog: str, migrations_dir: Path, settings: Callable[[], ServiceSettings],
                argv: list[str] | None = None) -> int:
    """The whole command line of a service that has no commands of its own."""
    parser = argparse.ArgumentParser(prog=prog)
    add_service_commands(parser.add_subparsers(dest="command", required=True))
    return run_service_command(parser.parse_args(argv), migrations_dir, settings()) or 0
