"""Alembic per service, driven from Python: ``python -m <service> migrate``, ``... revision -m`` and
``... wait-for-migrations`` (what a new pod runs before it starts, while the migration Job works); cli.py puts
them on every service's command line."""

import argparse
import asyncio
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import psycopg
from alembic import command, context
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import MetaData, pool
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import async_engine_from_config
from sqlmodel import SQLModel

import portal_common.consumer  # declares processed_events on SQLModel.metadata
import portal_common.outbox  # noqa: F401  (declares outbox on SQLModel.metadata)
from portal_common.db import async_url


def alembic_config(migrations_dir: Path, database_url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(migrations_dir))
    config.set_main_option("sqlalchemy.url", async_url(database_url).replace("%", "%%"))
    return config


def upgrade(migrations_dir: Path, database_url: str) -> None:
    command.upgrade(alembic_config(migrations_dir, database_url), "head")


def new_revision(migrations_dir: Path, database_url: str, message: str) -> None:
    command.revision(alembic_config(migrations_dir, database_url), message=message, autogenerate=True)


def _run(connection: Connection, metadata: Sequence[MetaData]) -> None:
    context.configure(connection=connection, target_metadata=metadata, compare_type=True)
    with context.begin_transaction():
        context.run_migrations()


async def _run_async(metadata: Sequence[MetaData]) -> None:
    engine = async_engine_from_config(context.config.get_section(context.config.config_ini_section, {}),
                                      prefix="sqlalchemy.", poolclass=pool.NullPool)
    async with engine.connect() as connection:
        await connection.run_sync(_run, metadata)
    await engine.dispose()


def run_env(service_metadata: MetaData) -> None:
    """The body of every service's migrations/env.py: the service's own tables and the event tables (outbox,
    processed_events) every service has, which live on SQLModel's default metadata."""
    asyncio.run(_run_async([service_metadata, SQLModel.metadata]))


def applied_revisions(database_url: str) -> set[str]:
    """The revisions the database says it is at; none before the first migration."""
    try:
        with psycopg.connect(database_url.replace("postgresql+psycopg://", "postgresql://"),
                             connect_timeout=5) as connection:
            return {row[0] for row in connection.execute("select version_num from alembic_version")}
    except psycopg.errors.UndefinedTable:
        return set()


def wait_until_migrated(migrations_dir: Path, database_url: str, timeout: float, interval: float = 2.0) -> bool:
    """Until the database is at this code's head, or past it: a revision this code does not know was made by
    a newer release, whose migrations (expand, then contract a release later) leave this one working."""
    script = ScriptDirectory.from_config(alembic_config(migrations_dir, database_url))
    heads = set(script.get_heads())
    known = {revision.revision for revision in script.walk_revisions()}
    deadline = time.monotonic() + timeout
    while True:
        try:
            applied = applied_revisions(database_url)
            if heads <= applied or applied - known:
                return True
        except psycopg.OperationalError as exc:  # the database is not up yet: keep waiting
            print(f"database not reachable yet: {exc}".strip(), file=sys.stderr)
        if time.monotonic() >= deadline:
            return False
        time.sleep(interval)


def add_migration_commands(subcommands: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    subcommands.add_parser("migrate", help="apply every migration (alembic upgrade head)")
    revision = subcommands.add_parser("revision", help="autogenerate a migration from the models")
    revision.add_argument("-m", "--message", required=True)
    wait = subcommands.add_parser("wait-for-migrations",
                                  help="wait until the database is migrated to this code's head (exit 1 on timeout)")
    wait.add_argument("--timeout", type=float, default=600.0, help="seconds (default 600)")


def run_migration_command(args: argparse.Namespace, migrations_dir: Path, database_url: str) -> int | None:
    """Runs migrate/revision/wait-for-migrations if that is what was asked and answers its exit status;
    None if it was another command."""
    if args.command == "migrate":
        upgrade(migrations_dir, database_url)
    elif args.command == "revision":
        new_revision(migrations_dir, database_url, args.message)
    elif args.command == "wait-for-migrations":
        if not wait_until_migrated(migrations_dir, database_url, args.timeout):
            print(f"the database was not migrated within {args.timeout:.0f}s", file=sys.stderr)
            return 1
        print("the database is migrated")
    else:
        return None
    return 0
