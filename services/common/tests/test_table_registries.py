"""Each service keeps its tables on its own SQLModel registry (issue 12, one test stack): all five services'
models load in one process although three of them have an `applicants` table, and each service's migrations
build exactly the tables its models declare, its own and the shared event tables, nothing of another's."""

import importlib
import subprocess
import sys
import warnings
from typing import Any

import psycopg
import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import MetaData, create_engine
from sqlmodel import SQLModel

import portal_common.migrations  # noqa: F401  (declares the shared event tables, as every migration env does)

SERVICES = ("identity", "applications", "documents", "contracts", "messages", "notifications", "audit")
EVENT_TABLES = {"outbox", "processed_events"}


def _own_metadata(service: str) -> MetaData:
    metadata: MetaData = importlib.import_module(f"{service}.models").ServiceTable.metadata
    return metadata


def test_every_service_has_its_own_metadata_in_one_process() -> None:
    metadatas = [_own_metadata(service) for service in SERVICES]
    assert len({id(metadata) for metadata in metadatas}) == len(SERVICES)
    applicants = [metadata.tables["applicants"] for metadata in metadatas if "applicants" in metadata.tables]
    assert len(applicants) == 3  # applications, documents and contracts each keep their own
    assert {column.name for column in applicants[0].columns} != {column.name for column in applicants[1].columns}
    assert set(SQLModel.metadata.tables) == EVENT_TABLES  # nothing of any one service on the shared metadata
    for metadata in metadatas:
        assert not EVENT_TABLES & set(metadata.tables)


@pytest.fixture
def fresh_database(stack: Any, request: pytest.FixtureRequest) -> str:
    name = f"registry_{request.node.callspec.params['service']}"
    with psycopg.connect(stack.database_url("postgres"), autocommit=True) as admin:
        admin.execute(f"drop database if exists {name}")
        admin.execute(f"create database {name}")
    url: str = stack.database_url(name)
    return url


@pytest.mark.parametrize("service", SERVICES)
def test_migrations_build_exactly_the_tables_the_models_declare(service: str, fresh_database: str,
                                                                 stack: Any) -> None:
    env = {**stack.env, f"{service.upper()}_DATABASE_URL": fresh_database}
    subprocess.run([sys.executable, "-m", service, "migrate"], env=env, check=True, capture_output=True, timeout=120)
    engine = create_engine(fresh_database.replace("postgresql://", "postgresql+psycopg://"))
    try:
        with engine.connect() as connection, warnings.catch_warnings():
            warnings.simplefilter("ignore")  # alembic skips expression indexes with a warning
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            differences = compare_metadata(context, [_own_metadata(service), SQLModel.metadata])
    finally:
        engine.dispose()
    assert differences == []
