"""Issue 17, "Lists": GET /api/admin/messages is paged, sorted, filtered and searched on the server (the shared
list contract, portal_common.listing), through the gateway against the real stack. The database is shared with
every other test, so each test narrows the inbox to its own messages by a word only they carry. Most messages are
stored through the service's own model (the contact form is rate limited at the gateway), which fills their
search text exactly as the form's path does."""

import random
import string
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from alembic import command
from sqlalchemy import create_engine
from sqlmodel import Session

import messages
from conftest import admin_login_body, browser_client, eventually
from messages.models import Message
from portal_common.migrations import alembic_config

TOTAL = "X-Total-Count"
MIGRATIONS = Path(messages.__file__).parent / "migrations"
BEFORE_LISTS = "f0f6de25676d"


def word(length: int = 10) -> str:
    """A made-up word no other test's rows contain."""
    return "".join(random.choices(string.ascii_lowercase, k=length))


def listed(admin: httpx.Client, **params: Any) -> tuple[list[dict[str, Any]], int]:
    response = admin.get("/api/admin/messages", params=params)
    assert response.status_code == 200, response.text
    return response.json(), int(response.headers[TOTAL])


def ids(admin: httpx.Client, **params: Any) -> list[int]:
    return [message["id"] for message in listed(admin, limit=200, **params)[0]]


def store(stack: Any, *rows: dict[str, Any]) -> list[int]:
    """Stores messages through the service's model, as its contact form does."""
    engine = create_engine(stack.database_url("messages").replace("postgresql://", "postgresql+psycopg://"))
    try:
        with Session(engine) as session:
            stored = [Message(**row) for row in rows]
            session.add_all(stored)
            session.commit()
            return [message.id for message in stored if message.id is not None]
    finally:
        engine.dispose()


def count_all(stack: Any) -> int:
    with psycopg.connect(stack.database_url("messages")) as connection:
        row = connection.execute("select count(*) from messages").fetchone()
    assert row is not None
    return int(row[0])


@pytest.fixture(scope="module")
def admin(gateway: str) -> Iterator[httpx.Client]:
    with browser_client(gateway) as client:
        response = client.post("/api/login", json=admin_login_body())
        assert response.status_code == 200, response.text
        yield client


@dataclass
class Inbox:
    """Five messages carrying ``tag`` in their subjects, by key: two from one address in different cases."""

    tag: str
    by_key: dict[str, int]


@pytest.fixture(scope="module")
def inbox(stack: Any) -> Inbox:
    tag = word()
    start = datetime.now(UTC) - timedelta(days=3)
    rows = {
        "aino": {"name": "Aino Tamm", "email": f"Aino.{tag}@Example.com", "subject": f"Arve {tag}",
                 "message": "Tere, kus on minu arve?", "is_read": False},
        "bruno": {"name": "bruno Kask", "email": f"aino.{tag}@example.com", "subject": f"dokumendid {tag}",
                  "message": "Saatsin dokumendid eile.", "is_read": True},
        "carl": {"name": "Carl Lepp", "email": f"carl.{tag}@example.org", "subject": f"Küsimus {tag}",
                 "message": "Millal leping saabub? Ülevaade palun.", "is_read": False},
        "dora": {"name": "Dora Mets", "email": f"dora.{tag}@example.org", "subject": f"Zebra {tag}",
                 "message": "Triibuline küsimus lepingu kohta.", "is_read": True},
        "eero": {"name": "Aino Tamm", "email": f"eero.{tag}@example.org", "subject": f"arve {tag}",
                 "message": "Teine sama nimega saatja.", "is_read": False},
    }
    stored = store(stack, *({**row, "created_at": start + timedelta(minutes=i)} for i, row in enumerate(rows.values())))
    return Inbox(tag, dict(zip(rows, stored, strict=True)))


def test_without_parameters_the_inbox_is_the_newest_50_and_the_total(stack: Any, admin: httpx.Client,
                                                                       inbox: Inbox) -> None:
    """Spec §7 still holds (a JSON array of messages, newest first), now 50 at a time with the number of all."""
    missing = 51 - count_all(stack)
    if missing > 0:
        store(stack, *({"name": "Filler", "email": "filler@example.com", "subject": f"Filler {inbox.tag}",
                        "message": "Just filling the inbox."} for _ in range(missing)))
    newest, total = listed(admin)
    assert total == count_all(stack) > 50 and len(newest) == 50
    created = [datetime.fromisoformat(message["createdAt"]) for message in newest]
    assert created == sorted(created, reverse=True)
    assert set(newest[0]) == {"id", "subject", "name", "email", "message", "isRead", "createdAt"}


def test_pages_follow_each_other_without_overlap(admin: httpx.Client, inbox: Inbox) -> None:
    every, total = listed(admin, q=inbox.tag, sort="subject", limit=200)
    assert total == len(every) >= 5
    walked: list[int] = []
    for offset in range(0, total, 2):
        page, page_total = listed(admin, q=inbox.tag, sort="subject", limit=2, offset=offset)
        assert page_total == total and len(page) <= 2
        walked += [message["id"] for message in page]
    assert walked == [message["id"] for message in every]
    assert listed(admin, q=inbox.tag, offset=total) == ([], total)


@pytest.mark.parametrize(("sort", "default", "reverse"), [
    ("createdAt", ["eero", "dora", "carl", "bruno", "aino"], ["aino", "bruno", "carl", "dora", "eero"]),
    # Case-insensitive, equal values by id in the sort's direction.
    ("name", ["aino", "eero", "bruno", "carl", "dora"], ["dora", "carl", "bruno", "eero", "aino"]),
    ("subject", ["aino", "eero", "bruno", "carl", "dora"], ["dora", "carl", "bruno", "eero", "aino"]),
])
def test_each_sort_runs_both_ways(admin: httpx.Client, inbox: Inbox, sort: str, default: list[str],
                                  reverse: list[str]) -> None:
    by_id = {message_id: key for key, message_id in inbox.by_key.items()}

    def keys(**params: Any) -> list[str]:
        return [by_id[i] for i in ids(admin, q=inbox.tag, sort=sort, **params) if i in by_id]

    default_order = "desc" if sort == "createdAt" else "asc"
    assert keys() == default == keys(order=default_order)
    assert keys(order="asc" if default_order == "desc" else "desc") == reverse


@pytest.mark.parametrize(("status", "keys"), [("unread", {"aino", "carl", "eero"}), ("read", {"bruno", "dora"})])
def test_the_status_filter(admin: httpx.Client, inbox: Inbox, status: str, keys: set[str]) -> None:
    found, total = listed(admin, q=f"{inbox.tag}", status=status, limit=200)
    assert {m["id"] for m in found} - _fillers(found, inbox) == {inbox.by_key[key] for key in keys}
    assert total == len(found) and all(m["isRead"] is (status == "read") for m in found)


def _fillers(found: list[dict[str, Any]], inbox: Inbox) -> set[int]:
    return {m["id"] for m in found if m["subject"] == f"Filler {inbox.tag}"}


def test_the_email_filter_is_one_exact_address_in_any_case(admin: httpx.Client, inbox: Inbox) -> None:
    """The applicant's whole file lists the messages sent from their address."""
    aino = {inbox.by_key["aino"], inbox.by_key["bruno"]}
    assert set(ids(admin, email=f"AINO.{inbox.tag}@EXAMPLE.COM")) == aino
    assert set(ids(admin, email=f" aino.{inbox.tag}@example.com ")) == aino
    assert ids(admin, email=f"aino.{inbox.tag}@example.co") == []
    assert ids(admin, email=f"aino.{inbox.tag}@example.com", status="read") == [inbox.by_key["bruno"]]
    # A NUL, which Postgres text cannot hold, is taken out as from any body (it was a 500, found by fuzzing).
    assert set(ids(admin, email=f"aino.{inbox.tag}\x00@example.com")) == aino


def test_search_finds_name_e_mail_subject_and_text_by_word_beginnings(admin: httpx.Client, inbox: Inbox) -> None:
    def keys(q: str) -> set[str]:
        by_id = {message_id: key for key, message_id in inbox.by_key.items()}
        return {by_id[i] for i in ids(admin, q=q) if i in by_id}

    assert keys(f"aino tamm {inbox.tag}") == {"aino", "eero"}
    assert keys(f"carl.{inbox.tag}@example.org") == {"carl"}
    assert keys(f"aino.{inbox.tag}@example.com") == {"aino", "bruno"}  # "Aino Tamm" wrote from .org
    assert keys(f"{inbox.tag} KÜSIM") == {"carl", "dora"}  # the subject, and the text of another
    assert keys(f"ÜLEVAADE {inbox.tag[:5]}") == {"carl"}  # "Ü" folds as Python folds it
    assert keys(f"{inbox.tag} zebra triibuline") == {"dora"}
    assert listed(admin, q=f"{inbox.tag} nothinglikeit") == ([], 0)


def test_a_message_from_the_contact_form_is_found_by_its_words(client: httpx.Client, admin: httpx.Client) -> None:
    tag = word()
    response = client.post("/api/contact", json={"name": "Jaan Tamm", "email": f"jaan.{tag}@example.com",
                                                 "subject": "Question", "message": f"Where is my {tag} contract?"})
    assert response.status_code == 201, response.text
    message_id = response.json()["id"]
    assert ids(admin, q=tag) == [message_id]
    assert ids(admin, q=f"jaan.{tag}", status="unread") == [message_id]
    assert admin.put(f"/api/admin/messages/{message_id}/read").status_code == 200
    assert ids(admin, q=tag, status="unread") == []
    eventually(lambda: ids(admin, q=tag, status="read") == [message_id], what="read")


@pytest.mark.parametrize(("params", "field"), [
    ({"status": "new"}, "status"), ({"sort": "email"}, "sort"), ({"order": "newest"}, "order"),
    ({"limit": 0}, "limit"), ({"limit": 201}, "limit"), ({"offset": -5}, "offset"), ({"email": ""}, "email"),
    ({"email": "a" * 321}, "email"), ({"q": "x" * 201}, "q")])
def test_bad_parameters_are_422_naming_the_parameter(admin: httpx.Client, params: dict[str, Any],
                                                     field: str) -> None:
    response = admin.get("/api/admin/messages", params=params)
    assert response.status_code == 422
    body = response.json()
    assert body["code"] == "validation_error" and set(body["fields"]) == {field} and body["message"]


@pytest.fixture
def migration_database(stack: Any) -> str:
    name = "messages_list_migration_test"
    with psycopg.connect(stack.database_url("postgres"), autocommit=True) as connection:
        connection.execute(f"drop database if exists {name}")
        connection.execute(f"create database {name}")
    url: str = stack.database_url(name)
    return url


def test_the_migration_makes_existing_messages_searchable(migration_database: str) -> None:
    command.upgrade(alembic_config(MIGRATIONS, migration_database), BEFORE_LISTS)
    with psycopg.connect(migration_database, autocommit=True) as connection:
        connection.execute("insert into messages (name, email, subject, message, is_read, created_at) "
                           "values ('Ülle Õun', 'Ulle@Example.com', 'Arve', 'Kus on ARVE?', false, now())")
    command.upgrade(alembic_config(MIGRATIONS, migration_database), "head")
    with psycopg.connect(migration_database) as connection:
        row = connection.execute("select count(*) from messages where search_vector @@ "
                                 "to_tsquery('simple', 'ülle:* & õun:* & example:* & arve:*')").fetchone()
    assert row == (1,)
