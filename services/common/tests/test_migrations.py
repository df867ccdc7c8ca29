"""`python -m <service> wait-for-migrations`, which a Kubernetes pod runs before its service starts while
the release's migration Job works (deploy/k8s): it waits for the Job, not for ever, and not for an older
schema. Shown with the messages service on a database of its own."""

import subprocess
import sys
import time
from typing import Any

import psycopg
import pytest

DATABASE = "wait_for_migrations_test"


@pytest.fixture
def env(stack: Any) -> dict[str, str]:
    with psycopg.connect(stack.database_url("postgres"), autocommit=True) as admin:
        admin.execute(f"drop database if exists {DATABASE}")
        admin.execute(f"create database {DATABASE}")
    return {**stack.env, "MESSAGES_DATABASE_URL": stack.database_url(DATABASE)}


def _messages(*args: str) -> list[str]:
    return [sys.executable, "-m", "messages", *args]


def test_an_unmigrated_database_times_out(env: dict[str, str]) -> None:
    started = time.monotonic()
    result = subprocess.run(_messages("wait-for-migrations", "--timeout", "3"), env=env, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 1
    assert "not migrated within 3s" in result.stderr
    assert 3 <= time.monotonic() - started < 30


def test_waiting_ends_when_the_migrations_have_run(env: dict[str, str]) -> None:
    waiting = subprocess.Popen(_messages("wait-for-migrations", "--timeout", "60"), env=env,
                               stdout=subprocess.PIPE, text=True)
    time.sleep(3)
    assert waiting.poll() is None  # still waiting: nothing has migrated yet
    subprocess.run(_messages("migrate"), env=env, check=True, capture_output=True, timeout=120)
    output, _ = waiting.communicate(timeout=30)
    assert waiting.returncode == 0 and "the database is migrated" in output


def test_a_schema_migrated_by_a_newer_release_counts_as_migrated(env: dict[str, str]) -> None:
    subprocess.run(_messages("migrate"), env=env, check=True, capture_output=True, timeout=120)
    with psycopg.connect(env["MESSAGES_DATABASE_URL"], autocommit=True) as connection:
        connection.execute("update alembic_version set version_num = 'f00dfeed1234'")  # unknown to this code
    result = subprocess.run(_messages("wait-for-migrations", "--timeout", "5"), env=env, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0
