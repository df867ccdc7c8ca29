"""Issue 37: users.failed_logins and users.login_blocked_until, unused since sign-in failures are counted per client
address, are dropped by a migration of their own (expand, then contract), which goes back down cleanly."""

from pathlib import Path
from typing import Any

import psycopg
import pytest
from alembic import command

import identity
from portal_common.migrations import alembic_config
from testkit.alembic_runs import alembic, fresh_database

DATABASE = "identity_unused_columns_test"
MIGRATIONS = Path(identity.__file__).parent / "migrations"
BEFORE = "b7e3d9f2c4a6"
DROPPED = {"failed_logins", "login_blocked_until"}


@pytest.fixture
def database_url(stack: Any) -> str:
    return fresh_database(stack, DATABASE)


def _user_columns(database_url: str) -> set[str]:
    with psycopg.connect(database_url) as connection:
        rows = connection.execute("select column_name from information_schema.columns where table_name = 'users'")
        return {row[0] for row in rows}


def test_the_columns_go_and_come_back_with_a_downgrade(database_url: str) -> None:
    config = alembic_config(MIGRATIONS, database_url)
    alembic(command.upgrade, config, BEFORE)
    with psycopg.connect(database_url, autocommit=True) as connection:
        connection.execute("insert into users (username, password_hash, role, language, full_name, email, phone, "
                           "created_at, failed_logins) values ('kept', 'x', 'applicant', 'et', 'Kept Person', "
                           "'kept@example.com', '', now(), 3)")
    assert DROPPED <= _user_columns(database_url)

    alembic(command.upgrade, config, "head")
    assert not DROPPED & _user_columns(database_url)
    with psycopg.connect(database_url) as connection:
        assert connection.execute("select username from users").fetchall() == [("kept",)]

    alembic(command.downgrade, config, BEFORE)
    assert DROPPED <= _user_columns(database_url)
    with psycopg.connect(database_url) as connection:
        assert connection.execute("select failed_logins, login_blocked_until from users").fetchall() == [(0, None)]
