"""identity's command line: migrations and admins.

    python -m identity migrate
    python -m identity wait-for-migrations [--timeout SECONDS]
    python -m identity create-admin USERNAME            (password from PORTAL_ADMIN_PASSWORD or a prompt)
    python -m identity ensure-admin                      (from PORTAL_ADMIN_USERNAME / PORTAL_ADMIN_PASSWORD)
"""

import argparse
import asyncio
import getpass
import os
import sys
from pathlib import Path

from identity.config import get_settings
from identity.service import ensure_admin
from portal_common.db import Database
from portal_common.migrations import add_migration_commands, run_migration_command

MIGRATIONS = Path(__file__).parent / "migrations"


async def _ensure_admin(username: str, password: str, email: str | None) -> None:
    database = Database(get_settings().database_url)
    try:
        async with database.session() as session:
            user = await ensure_admin(session, username, password, email)
            print(f"admin '{user.username}' is ready (id {user.id})")
    finally:
        await database.dispose()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m identity")
    commands = parser.add_subparsers(dest="command", required=True)
    add_migration_commands(commands)
    create = commands.add_parser("create-admin", help="create an admin, or make an existing user one")
    create.add_argument("username")
    create.add_argument("--email")
    commands.add_parser("ensure-admin", help="the admin named by PORTAL_ADMIN_USERNAME/PASSWORD, if both are set")
    args = parser.parse_args(argv)

    status = run_migration_command(args, MIGRATIONS, get_settings().database_url)
    if status is not None:
        return status
    if args.command == "create-admin":
        password = os.environ.get("PORTAL_ADMIN_PASSWORD") or getpass.getpass("Password: ")
        if len(password) < 8:
            print("Password must be at least 8 characters", file=sys.stderr)
            return 2
        asyncio.run(_ensure_admin(args.username, password, args.email))
    elif args.command == "ensure-admin":
        username = os.environ.get("PORTAL_ADMIN_USERNAME", "")
        password = os.environ.get("PORTAL_ADMIN_PASSWORD", "")
        if not (username and password):
            print("PORTAL_ADMIN_USERNAME and PORTAL_ADMIN_PASSWORD are not both set; no admin created")
            return 0
        asyncio.run(_ensure_admin(username, password, None))
    return 0


if __name__ == "__main__":
    sys.exit(main())
