"""identity's command line: migrations, pruning the event tables, admins.

    python -m identity migrate
    python -m identity wait-for-migrations [--timeout SECONDS]
    python -m identity prune-events [--older-than-days DAYS]
    python -m identity create-admin USERNAME [--promote] [--compliance-officer]
        (password from PORTAL_ADMIN_PASSWORD or a prompt; the first admin is always a compliance officer)
    python -m identity ensure-admin                      (from PORTAL_ADMIN_USERNAME / PORTAL_ADMIN_PASSWORD)
Both enrol the admin's second factor with PORTAL_ADMIN_TOTP_SECRET (base32) when it is set; otherwise the
admin sets up an authenticator app at the first sign-in.
    python -m identity list-birth-date-mismatches        (accounts whose date of birth and ID code disagree)
    python -m identity publish-policy --document terms|privacy|contract --version YYYY-MM-DD
        (a new version of a text: applicants accept it at their next visit, issue 16)

Neither makes an existing applicant an admin unless `create-admin --promote` says so; that also ends every
session of the account.
"""

import argparse
import asyncio
import getpass
import os
import sys
from pathlib import Path

from identity.birth_date_audit import birth_date_mismatches
from identity.config import get_settings
from identity.consent_cli import add_publish_policy_command, publish_policy
from identity.service import AdminRefused, ensure_admin
from portal_common.cli import add_service_commands, run_service_command
from portal_common.db import Database
from portal_common.unit_of_work import UnitOfWork

MIGRATIONS = Path(__file__).parent / "migrations"


async def _ensure_admin(username: str, password: str, email: str | None, promote: bool,
                        compliance_officer: bool = False) -> int:
    database = Database(get_settings().database_url)
    totp_secret = os.environ.get("PORTAL_ADMIN_TOTP_SECRET") or None
    try:
        async with UnitOfWork(database) as unit_of_work:
            user = await ensure_admin(unit_of_work.session, username, password, email, promote=promote,
                                      totp_secret=totp_secret, compliance_officer=compliance_officer)
        print(f"admin '{user.username}' is ready (id {user.id})")
        return 0
    except AdminRefused as refused:
        print(refused, file=sys.stderr)
        return 1
    finally:
        await database.dispose()


async def _list_birth_date_mismatches() -> int:
    """Prints one tab-separated line per account, then a count; changes nothing (issue 13)."""
    database = Database(get_settings().database_url)
    found = 0
    try:
        async with database.session() as session:
            async for mismatch in birth_date_mismatches(session):
                if found == 0:
                    print("user id\tusername\tID code\tdate of birth\tdate in ID code")
                found += 1
                code_date = mismatch.id_code_date.isoformat() if mismatch.id_code_date else "invalid code"
                print(f"{mismatch.user_id}\t{mismatch.username}\t{mismatch.id_code}\t"
                      f"{mismatch.date_of_birth.isoformat()}\t{code_date}")
    finally:
        await database.dispose()
    print(f"{found} account(s) whose date of birth and ID code disagree")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m identity")
    commands = parser.add_subparsers(dest="command", required=True)
    add_service_commands(commands)
    create = commands.add_parser("create-admin", help="create an admin, or set an existing admin's password")
    create.add_argument("username")
    create.add_argument("--email")
    create.add_argument("--promote", action="store_true",
                        help="make an existing non-admin account an admin and end all its sessions")
    create.add_argument("--compliance-officer", action="store_true",
                        help="make the admin a compliance officer (issue 35; the first admin always is one)")
    commands.add_parser("ensure-admin", help="the admin named by PORTAL_ADMIN_USERNAME/PASSWORD, if both are set")
    commands.add_parser("list-birth-date-mismatches",
                        help="list the accounts whose stored date of birth and ID code disagree; changes nothing")
    add_publish_policy_command(commands)
    args = parser.parse_args(argv)

    status = run_service_command(args, MIGRATIONS, get_settings())
    if status is not None:
        return status
    if args.command == "publish-policy":
        return asyncio.run(publish_policy(args.document, args.version))
    if args.command == "list-birth-date-mismatches":
        return asyncio.run(_list_birth_date_mismatches())
    if args.command == "create-admin":
        password = os.environ.get("PORTAL_ADMIN_PASSWORD") or getpass.getpass("Password: ")
        return asyncio.run(_ensure_admin(args.username, password, args.email, args.promote,
                                         args.compliance_officer))
    username = os.environ.get("PORTAL_ADMIN_USERNAME", "")
    password = os.environ.get("PORTAL_ADMIN_PASSWORD", "")
    if not (username and password):
        print("PORTAL_ADMIN_USERNAME and PORTAL_ADMIN_PASSWORD are not both set; no admin created")
        return 0
    return asyncio.run(_ensure_admin(username, password, None, promote=False))


if __name__ == "__main__":
    sys.exit(main())
