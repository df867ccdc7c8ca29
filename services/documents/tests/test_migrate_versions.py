"""Issue 17's migration on a database that already holds documents, requests and applicants: the new columns
arrive empty or filled in, and the rows made before it are found by the admins' search like new ones."""

import uuid
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from alembic import command

from documents.__main__ import MIGRATIONS
from portal_common.migrations import alembic_config
from testkit.alembic_runs import alembic

BEFORE_ISSUE_17 = "89ecc3abd6b7"
SEARCHES = {table: f"select {key} from {table} where search_vector @@ to_tsquery('simple', %s)"  # noqa: S608
            for table, key in (("applicants", "user_id"), ("document_requests", "id"), ("documents", "id"))}


@pytest.fixture
def old_database(stack: Any) -> Iterator[str]:
    name = f"documents_upgrade_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(stack.database_url("postgres"), autocommit=True) as admin:
        admin.execute(f"create database {name}")
    try:
        yield str(stack.database_url(name))
    finally:
        with psycopg.connect(stack.database_url("postgres"), autocommit=True) as admin:
            admin.execute(f"drop database if exists {name} with (force)")


def test_existing_rows_are_searchable_after_the_upgrade(old_database: str) -> None:
    config = alembic_config(MIGRATIONS, old_database)
    alembic(command.upgrade, config, BEFORE_ISSUE_17)
    with psycopg.connect(old_database, autocommit=True) as db:
        db.execute("insert into applicants (user_id, full_name, email) values (1, 'Ülle Õunapuu', 'ylle@näide.ee')")
        db.execute("insert into document_requests (id, user_id, name, status, created_by, created_at, updated_at) "
                   "values (5, 1, 'Passi koopia', 'requested', 9, now(), now())")
        db.execute("insert into documents (id, user_id, request_id, name, file_name, file_type, size, object_key, "
                   "status, created_at) values (7, 1, 5, 'Pass', 'scan-2024.pdf', 'application/pdf', 10, 'k', "
                   "'rejected', now())")

        alembic(command.upgrade, config, "head")

        def found(table: str, words: str) -> list[Any]:
            query = SEARCHES[table]
            return [row[0] for row in db.execute(query, (words,))]

        assert found("applicants", "ülle:* & õunapuu:*") == [1]
        assert found("applicants", "näide:*") == [1]  # a word of the e-mail
        assert found("document_requests", "passi:* & koopia:*") == [5]
        assert found("documents", "scan:* & 2024:*") == [7]
        row = db.execute("select rejection_reason, replaces_id, replaced_by_id, first_version_id "
                         "from documents").fetchone()
        assert row == (None, None, None, None)

        alembic(command.downgrade, config, BEFORE_ISSUE_17)  # and back, for an upgrade that has to be undone
        columns = {r[0] for r in db.execute("select column_name from information_schema.columns "
                                            "where table_name = 'documents'")}
        assert "search_text" not in columns and "rejection_reason" not in columns
