"""audit's command line:
    python -m audit migrate | revision -m "..." | wait-for-migrations | prune-events
                                      (the commands every service has, portal_common/cli.py)
    python -m audit audit verify      (also: python -m audit verify)
                                      walks the hash chain in id order and recomputes every link: prints OK and
                                      the number of records, or names the first broken record and exits 1
"""

import argparse
import asyncio
import sys
from pathlib import Path

from audit.chain import verify
from audit.config import get_settings
from portal_common.cli import add_service_commands, run_service_command
from portal_common.db import Database

MIGRATIONS = Path(__file__).parent / "migrations"
BROKEN = 1
VERIFY_HELP = "check the hash chain of the audit records; exit status 1 names the first broken record"


async def _verify() -> int:
    database = Database(get_settings().database_url)
    try:
        async with database.session() as session:
            verdict = await verify(session)
    finally:
        await database.dispose()
    if verdict.intact:
        print(f"OK: {verdict.checked} audit record(s), the chain is intact")
        return 0
    print(f"BROKEN at audit record {verdict.broken_id} ({verdict.checked} record(s) before it are intact): "
          f"{verdict.problem}", file=sys.stderr)
    return BROKEN


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m audit")
    commands = parser.add_subparsers(dest="command", required=True)
    add_service_commands(commands)
    commands.add_parser("verify", help=VERIFY_HELP)
    audit_commands = commands.add_parser("audit", help="the audit log's own commands").add_subparsers(
        dest="audit_command", required=True)
    audit_commands.add_parser("verify", help=VERIFY_HELP)
    args = parser.parse_args(argv)
    if args.command in ("verify", "audit"):
        return asyncio.run(_verify())
    return run_service_command(args, MIGRATIONS, get_settings()) or 0


if __name__ == "__main__":
    sys.exit(main())
