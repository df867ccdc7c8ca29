"""documents's command line:

    python -m documents migrate                 (database migrations, then the S3 bucket if it is missing)
    python -m documents revision -m "..."
    python -m documents wait-for-migrations [--timeout SECONDS]
    python -m documents prune-events [--older-than-days DAYS]
                                                (published outbox events and processed ids past the retention)
    python -m documents sweep-orphans [--older-than-hours 24] [--dry-run]
                                                (removes S3 objects no document refers to)
"""

import argparse
import asyncio
import sys
from datetime import timedelta
from pathlib import Path

from documents.config import DocumentsSettings, get_settings
from documents.maintenance import sweep_orphans
from documents.storage import Storage
from portal_common.cli import add_service_commands, run_service_command
from portal_common.db import Database

MIGRATIONS = Path(__file__).parent / "migrations"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m documents")
    commands = parser.add_subparsers(dest="command", required=True)
    add_service_commands(commands)
    sweep = commands.add_parser("sweep-orphans", help="remove S3 objects that no document refers to")
    sweep.add_argument("--older-than-hours", type=float, default=24.0,
                       help="only objects written at least this long ago (default 24)")
    sweep.add_argument("--dry-run", action="store_true", help="list them, remove nothing")
    args = parser.parse_args(argv)
    settings = get_settings()
    if args.command == "sweep-orphans":
        return asyncio.run(_sweep(settings, timedelta(hours=args.older_than_hours), args.dry_run))
    status = run_service_command(args, MIGRATIONS, settings)
    # The bucket is part of this service's storage schema, so it is made where the tables are.
    if args.command == "migrate" and Storage.from_settings(settings).ensure_bucket():
        print(f"created bucket {settings.s3_bucket}")
    return status or 0


async def _sweep(settings: DocumentsSettings, older_than: timedelta, dry_run: bool) -> int:
    database = Database(settings.database_url)
    try:
        orphans = await sweep_orphans(database, Storage.from_settings(settings), older_than, dry_run)
    finally:
        await database.dispose()
    for key in orphans:
        print(f"{'would remove' if dry_run else 'removed'} {key}")
    print(f"{len(orphans)} orphaned object(s) {'found' if dry_run else 'removed'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
