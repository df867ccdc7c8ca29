"""compliance's command line: the commands every service has (portal_common/cli.py) and

    python -m compliance import-list --source eu|un|uk --file PATH   # or --url URL (production: the official file)

which imports a sanctions list as a new version and screens everyone against the newest lists. A file that cannot
be read changes nothing: the command says why and exits 1. And

    python -m compliance retention [--dry-run] [--now 2031-01-01T09:00+02:00]

which erases the client cases whose relationship ended more than COMPLIANCE_RETENTION_YEARS ago, as the service's
daily job does (compliance/retention.py); --dry-run lists them and changes nothing."""

import argparse
import asyncio
import io
import sys
from datetime import datetime
from pathlib import Path

import httpx

from compliance import retention, screening
from compliance.clients import today
from compliance.config import ComplianceSettings, get_settings
from compliance.lists import SOURCES, ListRefused, parse
from portal_common.cli import add_service_commands, run_service_command
from portal_common.db import Database
from portal_common.unit_of_work import UnitOfWork

DOWNLOAD_TIMEOUT_SECONDS = 120.0


def _read(args: argparse.Namespace, settings: ComplianceSettings) -> bytes:
    if args.file is not None:
        return Path(args.file).read_bytes()
    url = args.url or {"eu": settings.eu_list_url, "un": settings.un_list_url, "uk": settings.uk_list_url}[args.source]
    if not url:
        raise ListRefused(f"no --file or --url, and COMPLIANCE_{args.source.upper()}_LIST_URL is not set")
    response = httpx.get(url, timeout=DOWNLOAD_TIMEOUT_SECONDS, follow_redirects=True)
    response.raise_for_status()
    if len(response.content) > settings.max_list_bytes:
        raise ListRefused(f"the file is larger than COMPLIANCE_MAX_LIST_BYTES ({settings.max_list_bytes})")
    return response.content


async def _import(source: str, content: bytes, settings: ComplianceSettings) -> str:
    parsed = parse(source, io.BytesIO(content))
    database = Database(settings.database_url)
    try:
        async with UnitOfWork(database) as unit_of_work:
            version, run = await screening.import_list(unit_of_work.session, parsed, content, None,
                                                       settings.match_threshold)
    finally:
        await database.dispose()
    return (f"imported the {source} list of {version.publication_date.isoformat()} as version {version.id}: "
            f"{version.entries} entries; screened {run.subjects} subjects in {run.seconds:.1f} s, "
            f"{run.new_hits} new hit(s)")


def _moment(text: str) -> datetime:
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        raise argparse.ArgumentTypeError("give the time with its offset, e.g. 2031-01-01T09:00+02:00")
    return moment


async def _retention(now: datetime | None, dry_run: bool, settings: ComplianceSettings) -> int:
    day = retention.tallinn_day(now) if now is not None else today()
    database = Database(settings.database_url)
    try:
        async with UnitOfWork(database) as unit_of_work:
            erased = await retention.run(unit_of_work.session, day, settings.retention_years, dry_run=dry_run)
            if dry_run:
                await unit_of_work.session.rollback()
    finally:
        await database.dispose()
    for case in erased:
        print(f"client {case.client_id}\tended {case.ended_on.isoformat()}")
    verb = "would erase" if dry_run else "erased"
    print(f"{verb} {len(erased)} client case(s) whose relationship ended more than {settings.retention_years} "
          f"years before {day.isoformat()}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m compliance", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    add_service_commands(commands)
    importing = commands.add_parser("import-list", help="import a sanctions list and screen everyone against it")
    importing.add_argument("--source", choices=SOURCES, required=True)
    where = importing.add_mutually_exclusive_group()
    where.add_argument("--file", help="the list file, in its source's official format")
    where.add_argument("--url", help="fetch it from here (default: COMPLIANCE_<SOURCE>_LIST_URL)")
    keeping = commands.add_parser("retention", help="erase the client cases past their five years")
    keeping.add_argument("--dry-run", action="store_true", help="list what would be erased; change nothing")
    keeping.add_argument("--now", type=_moment, default=None, metavar="ISO-TIME",
                         help="the clock to run it at; default the real time")
    args = parser.parse_args(argv)
    settings = get_settings()
    if args.command == "retention":
        return asyncio.run(_retention(args.now, args.dry_run, settings))
    if args.command != "import-list":
        return run_service_command(args, Path(__file__).parent / "migrations", settings) or 0
    try:
        print(asyncio.run(_import(args.source, _read(args, settings), settings)))
    except (ListRefused, OSError, httpx.HTTPError) as refused:
        print(f"nothing was imported: {refused}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
