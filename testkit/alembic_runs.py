"""Alembic's commands from a test, and a fresh database to run them on. Each service's env.py runs its migrations
with asyncio.run, which refuses to start inside a running event loop, and a parallel worker's thread may hold one
after an async test (issue 32): the command runs in a thread of its own."""

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import psycopg
from alembic.config import Config
from psycopg import sql
from stack import Stack


def alembic(command: Callable[[Config, str], None], config: Config, revision: str) -> None:
    with ThreadPoolExecutor(1) as thread:
        thread.submit(command, config, revision).result()


def fresh_database(stack: Stack, name: str) -> str:
    """The URL of database ``name`` on the stack's Postgres, dropped and made again empty, for a migration test."""
    with psycopg.connect(stack.database_url("postgres"), autocommit=True) as admin:
        admin.execute(sql.SQL("drop database if exists {}").format(sql.Identifier(name)))
        admin.execute(sql.SQL("create database {}").format(sql.Identifier(name)))
    url: str = stack.database_url(name)
    return url
