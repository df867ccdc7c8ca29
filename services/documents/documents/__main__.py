"""documents's command line:

    python -m documents migrate                 (database migrations, then the S3 bucket if it is missing)
    python -m documents revision -m "..."
    python -m documents wait-for-migrations [--timeout SECONDS]
"""

import argparse
import sys
from pathlib import Path

from documents.config import get_settings
from documents.storage import Storage
from portal_common.migrations import add_migration_commands, run_migration_command

MIGRATIONS = Path(__file__).parent / "migrations"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m documents")
    add_migration_commands(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    settings = get_settings()
    status = run_migration_command(args, MIGRATIONS, settings.database_url)
    # The bucket is part of this service's storage schema, so it is made where the tables are.
    if args.command == "migrate" and Storage.from_settings(settings).ensure_bucket():
        print(f"created bucket {settings.s3_bucket}")
    return status or 0


if __name__ == "__main__":
    sys.exit(main())
