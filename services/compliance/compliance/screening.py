"""Sanctions screening (issue 35): a list file imported as a version, and every subject (applicants, clients and
their people) screened against the newest version of each source, when it is made or changed and again after each
import. A hit is stored once per subject and entry as they were (models.Hit), so a cleared hit does not come back
unless the entry or the person changes."""

import hashlib
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlmodel.ext.asyncio.session import AsyncSession

from compliance.lists import ParsedList
from compliance.matching import Entry, ListIndex, Subject, content_hash
from compliance.models import Applicant, Client, ClientPerson, Hit, SanctionsEntry, SanctionsList
from portal_common.listing import column

INSERT_CHUNK = 1000
# The index of the newest versions, kept per process: rebuilt when a newer version is imported (by any replica).
_cached: tuple[tuple[int, ...], ListIndex] | None = None


@dataclass(frozen=True)
class ScreeningRun:
    subjects: int
    new_hits: int
    seconds: float


async def newest_lists(db: AsyncSession) -> list[SanctionsList]:
    query = (select(SanctionsList).distinct(column(SanctionsList.source))
             .order_by(column(SanctionsList.source), column(SanctionsList.imported_at).desc(),
                       column(SanctionsList.id).desc()))
    return list((await db.execute(query)).scalars())


async def list_index(db: AsyncSession) -> ListIndex:
    global _cached
    lists = await newest_lists(db)
    key = tuple(sorted(v.id for v in lists if v.id is not None))
    if _cached is not None and _cached[0] == key:
        return _cached[1]
    source = {v.id: v.source for v in lists}
    rows = (await db.execute(select(SanctionsEntry).where(column(SanctionsEntry.list_id).in_(key or (0,))))).scalars()
    index = ListIndex(Entry(source[r.list_id], r.list_id, r.reference, r.kind, r.names, r.dates_of_birth,
                            r.content_hash) for r in rows)
    _cached = (key, index)
    return index


async def everyone(db: AsyncSession) -> list[Subject]:
    applicants = (await db.execute(select(Applicant))).scalars()
    clients = (await db.execute(select(Client))).scalars()
    people = (await db.execute(select(ClientPerson))).scalars()
    return [*(Subject("applicant", a.user_id, a.full_name, a.date_of_birth) for a in applicants),
            *(Subject("client", c.id or 0, c.name, c.date_of_birth) for c in clients),
            *(Subject("person", p.id or 0, p.full_name, p.date_of_birth) for p in people)]


async def screen(db: AsyncSession, subjects: Sequence[Subject], threshold: float) -> ScreeningRun:
    started = time.perf_counter()
    index = await list_index(db)
    rows: list[dict[str, Any]] = []
    for subject in subjects:
        for match in index.screen(subject, threshold):
            entry = match.entry
            rows.append({"subject_type": subject.subject_type, "subject_id": subject.subject_id,
                         "subject_name": subject.name[:200], "subject_hash": subject.hash, "source": entry.source,
                         "list_id": entry.list_id, "list_reference": entry.reference[:100],
                         "list_names": entry.names, "entry_hash": entry.content_hash, "score": match.score,
                         "explanation": match.explanation, "status": "open"})
    new_hits = 0
    for start in range(0, len(rows), INSERT_CHUNK):
        statement = (pg_insert(Hit).values(rows[start:start + INSERT_CHUNK])
                     .on_conflict_do_nothing(constraint="uq_screening_hits_subject_entry").returning(column(Hit.id)))
        new_hits += len((await db.execute(statement)).all())
    return ScreeningRun(len(subjects), new_hits, time.perf_counter() - started)


async def import_list(db: AsyncSession, parsed: ParsedList, content: bytes, admin_id: int | None,
                      threshold: float) -> tuple[SanctionsList, ScreeningRun]:
    """Stores the list as a new version of its source, then screens everyone against the newest versions."""
    version = SanctionsList(source=parsed.source, publication_date=parsed.publication_date,
                            entries=len(parsed.entries), sha256=hashlib.sha256(content).hexdigest(),
                            imported_by=admin_id)
    db.add(version)
    await db.flush()
    rows = [{"list_id": version.id, "reference": e.reference[:100], "kind": e.kind, "names": e.names,
             "dates_of_birth": e.dates_of_birth,
             "content_hash": content_hash(e.kind, sorted(e.names), sorted(e.dates_of_birth))}
            for e in parsed.entries]
    for start in range(0, len(rows), INSERT_CHUNK * 5):
        await db.execute(insert(SanctionsEntry), rows[start:start + INSERT_CHUNK * 5])
    run = await screen(db, await everyone(db), threshold)
    return version, run
