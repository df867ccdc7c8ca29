"""The migration behind issue 17's admin lists: applicants, applications and companies made before it are found
by the new search and sorted by name, and it goes back down cleanly."""

from pathlib import Path
from typing import Any

import psycopg
import pytest
from alembic import command

import applications
from portal_common.migrations import alembic_config
from testkit.alembic_runs import alembic, fresh_database

DATABASE = "admin_lists_migration_test"
MIGRATIONS = Path(applications.__file__).parent / "migrations"
BEFORE = "b5e2f1c9a7d3"
PREFIX_QUERY = "select {key} from {table} where search_vector @@ to_tsquery('simple', %s) order by {key}"


@pytest.fixture
def database_url(stack: Any) -> str:
    return fresh_database(stack, DATABASE)


def _found(connection: psycopg.Connection[Any], table: str, key: str, query: str) -> list[int]:
    return [row[0] for row in connection.execute(PREFIX_QUERY.format(key=key, table=table), (query,))]


def test_existing_rows_are_searchable_and_sorted_by_name(database_url: str) -> None:
    alembic(command.upgrade, alembic_config(MIGRATIONS, database_url), BEFORE)
    with psycopg.connect(database_url, autocommit=True) as connection:
        for user_id, name, email, id_code in ((701, "Ülle Õunapuu", "ulle@example.com", "49001010000"),
                                              (702, "Jaan Kask", "jaan@näide.ee", None)):
            connection.execute(
                "insert into applicants (user_id, full_name, email, id_code, updated_at, search_text) "
                "values (%s, %s, %s, %s, now(), 'old form')", (user_id, name, email, id_code))
        application_ids = [connection.execute(
            "insert into applications (user_id, status, created_at, updated_at) values (%s, 'pending', now(), now())"
            " returning id", (user_id,)).fetchone()[0] for user_id in (701, 702, 703)]  # type: ignore[index]
        connection.execute("insert into companies (name, registration_code, monthly_payment_cents, status, "
                           "created_at) values ('Põhja Riiul OÜ', '12345678', 50000, 'available', now())")

    alembic(command.upgrade, alembic_config(MIGRATIONS, database_url), "head")

    with psycopg.connect(database_url) as connection:
        assert _found(connection, "applicants", "user_id", "ülle:*") == [701]
        assert _found(connection, "applicants", "user_id", "example:*") == [701]
        assert _found(connection, "applicants", "user_id", "4900:*") == [701]
        assert _found(connection, "applicants", "user_id", "näide:*") == [702]
        assert _found(connection, "companies", "id", "põhja:*") == _found(connection, "companies", "id", "1234:*")
        assert len(_found(connection, "companies", "id", "riiul:*")) == 1
        names = connection.execute("select id, sort_name, assigned_admin_id from applications order by id").fetchall()
        assert names == [(application_ids[0], "ülle õunapuu", None), (application_ids[1], "jaan kask", None),
                         (application_ids[2], "", None)]  # 703's registration event has not arrived

    alembic(command.downgrade, alembic_config(MIGRATIONS, database_url), BEFORE)
    with psycopg.connect(database_url) as connection:
        columns = {row[0] for row in connection.execute(
            "select column_name from information_schema.columns where table_name = 'applications'")}
        assert not {"sort_name", "assigned_admin_id", "assigned_at"} & columns
