"""Alembic per service, driven from Python: ``python -m <service> migrate`` and ``... revision -m``."""

import argparse
import asyncio
from collections.abc import Callable
from pathlib import Path

from alembic import command, context
from alembic.config import Config
from sqlalchemy import MetaData, pool
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import async_engine_from_config

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


def _run(connection: Connection, metadata: MetaData) -> None:
    context.configure(connection=connection, target_metadata=metadata, compare_type=True)
    with context.begin_transaction():
        context.run_migrations()


async def _run_async(metadata: MetaData) -> None:
    engine = async_engine_from_config(context.config.get_section(context.config.config_ini_section, {}),
                                      prefix="sqlalchemy.", poolclass=pool.NullPool)
    async with engine.connect() as connection:
        await connection.run_sync(_run, metadata)
    await engine.dispose()


def run_env(metadata: MetaData) -> None:
    """The body of every service's migrations/env.py."""
    asyncio.run(_run_async(metadata))


def add_migration_commands(subcommands: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    subcommands.add_parser("migrate", help="apply every migration (alembic upgrade head)")
    revision = subcommands.add_parser("revision", help="autogenerate a migration from the models")
    revision.add_argument("-m", "--message", required=True)


def run_migration_command(args: argparse.Namespace, migrations_dir: Path, database_url: str) -> bool:
    """Runs migrate/revision if that is what was asked; returns whether it was."""
    if args.command == "migrate":
        upgrade(migrations_dir, database_url)
    elif args.command == "revision":
        new_revision(migrations_dir, database_url, args.message)
    else:
        return False
    return True


def migration_cli(prog: str, migrations_dir: Path, database_url: Callable[[], str],
                  argv: list[str] | None = None) -> int:
    """The whole command line of a service that has only migrations to run."""
    parser = argparse.ArgumentParser(prog=prog)
    add_migration_commands(parser.add_subparsers(dest="command", required=True))
    run_migration_command(parser.parse_args(argv), migrations_dir, database_url())
    return 0
