"""Seeds the admin lists' tables straight into each service's database (issue 17's benchmark): per applicant,
every service's projection row, one application, 3 documents, 1 document request and 1 contract; a contact
message per 2 applicants and a shelf company per 10. Rows go in through the services' own table definitions and
search texts (portal_common.listing.search_text, combined as each service combines them), so the lists meet what
production would. Deterministic: applicant n is always the same person.

``seed(stack, n)`` tops the databases up to n seeded applicants. Seeded user ids start at SEEDED_USER_BASE, far
above real accounts."""

import uuid
from collections.abc import Callable, Iterable, Iterator
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Table, create_engine, insert, text
from stack import Stack

from portal_common.listing import search_text

SEEDED_USER_BASE = 50_000_000
CHUNK = 5_000
FIRST_NAMES = ["Mari", "Jaan", "Ülle", "Tõnu", "Kadri", "Mart", "Liis", "Andres", "Õie", "Peeter", "Kristi",
               "Rein", "Anu", "Toomas", "Helena", "Urmas", "Merike", "Priit", "Sirje", "Märt"]
_BASES = ["Tamm", "Saar", "Sepp", "Mägi", "Kask", "Kukk", "Rebane", "Ilves", "Pärn", "Koppel", "Lepik", "Kuusk",
          "Karu", "Lill", "Mets", "Raud", "Oja", "Vaher", "Põder"]
# 100 surnames, one of them Kivistik: the text search the benchmark times finds 1% of the applicants.
LAST_NAMES = [f"{base}{suffix}" for base in _BASES for suffix in ("", "mäe", "salu", "vere", "küla")]
LAST_NAMES += ["Kivistik", "Allik", "Kaasik", "Laur", "Ots"]
SEARCH_TERM = "kivistik"
APPLICATION_STATUSES = ["pending", "pending", "in_review", "approved", "active", "rejected", "completed"]
DOCUMENT_STATUSES = ["pending", "approved", "approved", "rejected"]
DOCUMENT_NAMES = ["Passi koopia", "Elukoha tõend", "Pangakonto väljavõte", "CV", "Karistusregistri väljavõte"]
CONTRACT_STATUSES = ["pending", "sent", "signed", "signed", "expired", "cancelled"]
EPOCH = datetime(2025, 1, 1, tzinfo=UTC)
NOW = datetime.now(UTC)  # unsigned contracts expire after it: the expiry job leaves them alone while timed


def person(n: int) -> dict[str, Any]:
    first, last = FIRST_NAMES[n % len(FIRST_NAMES)], LAST_NAMES[(n // len(FIRST_NAMES)) % len(LAST_NAMES)]
    ascii_name = f"{first}.{last}".lower().translate(str.maketrans("õäöüš", "oaous"))
    return {"user_id": SEEDED_USER_BASE + n, "username": f"seed{n}", "full_name": f"{first} {last}",
            "email": f"{ascii_name}{n}@example.ee", "id_code": f"{3 + n % 2}{n % 100:02d}0101{n % 10_000:04d}",
            "at": EPOCH + timedelta(minutes=n)}


def due(n: int) -> date:
    """Due dates spread over a year around today, so some requests are overdue."""
    return date.today() + timedelta(days=n % 365 - 180)


def _insert(db: Connection, table: Table, rows: Iterable[dict[str, Any]]) -> None:
    batch: list[dict[str, Any]] = []
    for row in rows:
        batch.append(row)
        if len(batch) == CHUNK:
            db.execute(insert(table), batch)
            batch = []
    if batch:
        db.execute(insert(table), batch)


def _applications(db: Connection, numbers: range) -> None:
    from applications.models import Applicant, Application, Company
    from applications.service import sort_name

    people = [person(n) for n in numbers]
    _insert(db, Applicant.__table__, ({  # type: ignore[arg-type]
        "user_id": p["user_id"], "username": p["username"], "full_name": p["full_name"], "email": p["email"],
        "phone": "+372 5555 0000", "id_code": p["id_code"], "language": "et", "updated_at": p["at"],
        "search_text": search_text(p["full_name"], p["email"], p["id_code"])} for p in people))
    _insert(db, Application.__table__, ({  # type: ignore[arg-type]
        "user_id": p["user_id"], "status": APPLICATION_STATUSES[n % len(APPLICATION_STATUSES)],
        "created_at": p["at"], "updated_at": p["at"], "sort_name": sort_name(p["full_name"])}
        for n, p in zip(numbers, people, strict=True)))
    _insert(db, Company.__table__, ({  # type: ignore[arg-type]
        "name": f"Riiul {n // 10} OÜ", "registration_code": f"{90_000_000 + n // 10}",
        "registration_date": None, "monthly_payment_cents": 50_000, "status": "available", "created_at": EPOCH,
        "search_text": search_text(f"Riiul {n // 10} OÜ", f"{90_000_000 + n // 10}")}
        for n in numbers if n % 10 == 0))


def _documents(db: Connection, numbers: range) -> None:
    from documents.models import Applicant, Document, DocumentRequest

    people = [person(n) for n in numbers]
    _insert(db, Applicant.__table__, ({  # type: ignore[arg-type]
        "user_id": p["user_id"], "username": p["username"], "full_name": p["full_name"], "email": p["email"],
        "id_code": p["id_code"], "profile_at": p["at"],
        "search_text": search_text(p["full_name"], p["email"], p["id_code"])} for p in people))
    _insert(db, DocumentRequest.__table__, ({  # type: ignore[arg-type]
        "user_id": p["user_id"], "name": DOCUMENT_NAMES[n % 5], "description": None, "due_date": due(n),
        "created_by": 1,
        "status": ("requested", "submitted", "approved", "rejected")[n % 4], "created_at": p["at"],
        "updated_at": p["at"], "search_text": search_text(DOCUMENT_NAMES[n % 5])}
        for n, p in zip(numbers, people, strict=True)))

    def documents() -> Iterator[dict[str, Any]]:
        for n, p in zip(numbers, people, strict=True):
            for k in range(3):
                name, file_name = DOCUMENT_NAMES[(n + k) % 5], f"scan-{n}-{k}.pdf"
                yield {"user_id": p["user_id"], "name": name, "file_name": file_name,
                       "file_type": "application/pdf", "size": 100_000, "object_key": uuid.uuid4().hex,
                       "status": DOCUMENT_STATUSES[(n + k) % 4], "created_at": p["at"] + timedelta(seconds=k),
                       "search_text": search_text(name, file_name)}
    _insert(db, Document.__table__, documents())  # type: ignore[arg-type]


def _contracts(db: Connection, numbers: range) -> None:
    from contracts.models import Applicant, Contract

    people = [person(n) for n in numbers]
    _insert(db, Applicant.__table__, ({  # type: ignore[arg-type]
        "user_id": p["user_id"], "username": p["username"], "full_name": p["full_name"], "email": p["email"],
        "id_code": p["id_code"], "language": "et", "updated_at": p["at"]} for p in people))

    def contracts() -> Iterator[dict[str, Any]]:
        for n, p in zip(numbers, people, strict=True):
            status, title = CONTRACT_STATUSES[n % len(CONTRACT_STATUSES)], f"Juhatuse liikme leping {n}"
            signed = status in ("signed", "expired")
            yield {"user_id": p["user_id"], "kind": "admin", "title": title, "content": "Leping.",
                   "status": status, "created_at": p["at"], "signed_at": p["at"] if signed else None,
                   "content_sha256": "0" * 64 if signed else None,
                   "expires_at": NOW + timedelta(days=30 + n % 200) if not signed else None,
                   "search_text": search_text(title, p["full_name"], p["email"], p["id_code"])}
    _insert(db, Contract.__table__, contracts())  # type: ignore[arg-type]


def _messages(db: Connection, numbers: range) -> None:
    from messages.models import Message

    def messages() -> Iterator[dict[str, Any]]:
        for n in numbers:
            if n % 2 == 0:
                p = person(n)
                yield {"name": p["full_name"], "email": p["email"], "subject": f"Küsimus {n}",
                       "message": "Tere! Millal leping saabub?", "is_read": n % 4 == 0, "created_at": p["at"]}
    _insert(db, Message.__table__, messages())  # type: ignore[arg-type]


SEEDED_APPLICANTS = "select count(*) from applicants where user_id >= 50000000"
assert SEEDED_APPLICANTS.endswith(str(SEEDED_USER_BASE))
# service -> (how many seeded applicants it holds, the seeder of more)
SEEDERS: dict[str, tuple[str, Callable[[Connection, range], None]]] = {
    "applications": (SEEDED_APPLICANTS, _applications),
    "documents": (SEEDED_APPLICANTS, _documents),
    "contracts": (SEEDED_APPLICANTS, _contracts),
    "messages": ("select coalesce(max(cast(substring(subject from 9) as int)) + 1, 0) from messages "
                 "where subject like 'Küsimus %'", _messages),
}


def seed(stack: Stack, size: int) -> None:
    """Tops every service's tables up to ``size`` seeded applicants, then refreshes the planner's statistics."""
    for service, (count_sql, seeder) in SEEDERS.items():
        url = stack.database_url(service).replace("postgresql://", "postgresql+psycopg://", 1)
        engine = create_engine(url)
        try:
            with engine.begin() as db:
                done = int(db.execute(text(count_sql)).scalar_one())
                if done < size:
                    seeder(db, range(done, size))
            with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as db:
                db.execute(text("vacuum analyze"))
        finally:
            engine.dispose()

