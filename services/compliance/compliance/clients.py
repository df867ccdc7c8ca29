"""Client cases (issue 35, Clients and their people): made and changed while draft, submitted for review, decided
by a compliance officer. Every change re-assesses the risk from the risk tables and is kept in the case's history."""

from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from fastapi import Response
from sqlalchemy import func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from compliance import risk, screening
from compliance.errors import ComplianceErrorCode
from compliance.models import LIST_SOURCES, Client, ClientEvent, ClientPerson, Hit
from compliance.schemas import (
    ClientIn,
    ClientOut,
    ClientStatus,
    ClientSummary,
    HistoryOut,
    HitOut,
    PersonIn,
    PersonOut,
    RiskFactorOut,
    RiskLevel,
)
from portal_common.errors import ApiError, ErrorCode
from portal_common.events import ClientCaseChanged
from portal_common.listing import PageParams, column, in_order, matches, page_of_ids, search_text
from portal_common.outbox import add_event

TALLINN = ZoneInfo("Europe/Tallinn")
# A beneficial owner holds at least this share, or controls the client otherwise (issue 35).
BENEFICIAL_OWNERSHIP = 25.0


def today() -> date:
    return datetime.now(TALLINN).date()


def is_expired(client: Client, day: date | None = None) -> bool:
    return client.status == "approved" and client.review_due is not None and client.review_due < (day or today())


def _history(db: AsyncSession, client: Client, action: str, actor_id: int | None, **details: Any) -> None:
    assert client.id is not None
    db.add(ClientEvent(client_id=client.id, action=action, actor_id=actor_id, details=details))
    announce(db, client)


def announce(db: AsyncSession, client: Client) -> None:
    """Tells applications the case's name, status and review date (its projection for the handover gate)."""
    assert client.id is not None
    add_event(db, ClientCaseChanged(client_id=client.id, name=client.name, status=client.status,
                                    review_due=client.review_due, relationship_ended_on=client.relationship_ended_on))


async def client_of(db: AsyncSession, client_id: int, lock: bool = False) -> Client:
    query = select(Client).where(column(Client.id) == client_id)
    client: Client | None = (await db.execute(query.with_for_update() if lock else query)).scalar_one_or_none()
    if client is None:
        raise ApiError(404, ErrorCode.NOT_FOUND, "There is no such client")
    return client


async def people_of(db: AsyncSession, client_id: int) -> list[ClientPerson]:
    return list((await db.execute(select(ClientPerson).where(column(ClientPerson.client_id) == client_id)
                                  .order_by(column(ClientPerson.id)))).scalars())


def _require_draft(client: Client) -> None:
    if client.status != "draft":
        raise ApiError(409, ComplianceErrorCode.CLIENT_NOT_DRAFT, "Only a draft client case can be changed")


def _apply(client: Client, body: ClientIn) -> None:
    client.kind = body.kind
    client.name = body.name
    client.registry_code = body.registry_code
    client.country = body.country
    client.address = body.address
    client.purpose = body.purpose
    client.source_of_funds = body.source_of_funds
    client.source_of_wealth = body.source_of_wealth
    client.date_of_birth = body.date_of_birth
    client.ownership_layers = body.ownership_layers
    client.search_text = search_text(body.name, body.registry_code, body.country)


async def reassess(db: AsyncSession, client: Client) -> risk.Assessment:
    assessment = await risk.assess(db, client, await people_of(db, client.id or 0), today())
    client.risk_score = assessment.score
    client.risk_level = assessment.level
    client.risk_factors = assessment.factors
    client.updated_at = datetime.now(TALLINN)
    return assessment


async def create(db: AsyncSession, body: ClientIn, admin_id: int) -> Client:
    client = Client(kind=body.kind, name=body.name, country=body.country, address=body.address,
                    purpose=body.purpose, source_of_funds=body.source_of_funds, created_by=admin_id)
    _apply(client, body)
    db.add(client)
    await db.flush()
    await reassess(db, client)
    _history(db, client, "created", admin_id)
    return client


async def update(db: AsyncSession, client_id: int, body: ClientIn, admin_id: int) -> Client:
    client = await client_of(db, client_id, lock=True)
    _require_draft(client)
    _apply(client, body)
    await reassess(db, client)
    _history(db, client, "updated", admin_id)
    return client


async def add_person(db: AsyncSession, client_id: int, body: PersonIn, admin_id: int) -> ClientPerson:
    client = await client_of(db, client_id, lock=True)
    _require_draft(client)
    person = ClientPerson(client_id=client_id, **body.model_dump())
    db.add(person)
    await db.flush()
    await reassess(db, client)
    _history(db, client, "person_added", admin_id, person=person.full_name, role=person.role)
    return person


async def remove_person(db: AsyncSession, client_id: int, person_id: int, admin_id: int) -> ClientPerson:
    client = await client_of(db, client_id, lock=True)
    _require_draft(client)
    person: ClientPerson | None = (await db.execute(select(ClientPerson).where(
        column(ClientPerson.id) == person_id, column(ClientPerson.client_id) == client_id))).scalar_one_or_none()
    if person is None:
        raise ApiError(404, ErrorCode.NOT_FOUND, "There is no such person in this case")
    await db.delete(person)
    await db.flush()
    await reassess(db, client)
    _history(db, client, "person_removed", admin_id, person=person.full_name, role=person.role)
    return person


def has_beneficial_owner(client: Client, people: list[ClientPerson]) -> bool:
    if client.kind == "person":
        return True  # a person is their own beneficial owner
    return any(p.role == "beneficial_owner" and ((p.ownership_percent or 0) >= BENEFICIAL_OWNERSHIP or p.control)
               for p in people)


def require_beneficial_owner(client: Client, people: list[ClientPerson]) -> None:
    if not has_beneficial_owner(client, people):
        raise ApiError(409, ComplianceErrorCode.BENEFICIAL_OWNER_MISSING,
                       "A company client needs a beneficial owner (25% or more, or control)")


async def submit(db: AsyncSession, client_id: int, admin_id: int) -> Client:
    client = await client_of(db, client_id, lock=True)
    _require_draft(client)
    require_beneficial_owner(client, await people_of(db, client_id))
    client.status = "in_review"
    await reassess(db, client)
    _history(db, client, "submitted", admin_id)
    return client


async def _require_fresh_lists(db: AsyncSession, max_age_days: int) -> None:
    """Each source's newest version must be published within the last ``max_age_days`` days (issue 35)."""
    newest = {version.source: version for version in await screening.newest_lists(db)}
    oldest_allowed = today() - timedelta(days=max_age_days)
    stale = [source for source in LIST_SOURCES
             if source not in newest or newest[source].publication_date < oldest_allowed]
    if stale:
        raise ApiError(409, ComplianceErrorCode.SANCTIONS_LIST_STALE,
                       f"Import a current sanctions list first ({', '.join(stale)}: none, or older than "
                       f"{max_age_days} days)")


async def approve(db: AsyncSession, client_id: int, officer_id: int, max_list_age_days: int) -> Client:
    """in_review → approved, with the periodic review date its risk level gives; refused (409) while a hit of
    the case is open, while a list is stale, or without a beneficial owner."""
    client = await client_of(db, client_id, lock=True)
    if client.status != "in_review":
        raise ApiError(409, ComplianceErrorCode.CLIENT_NOT_IN_REVIEW, "Only a case in review can be decided")
    people = await people_of(db, client_id)
    require_beneficial_owner(client, people)
    if any(hit.status == "open" for hit in await hits_of_case(db, client, people)):
        raise ApiError(409, ComplianceErrorCode.SCREENING_HIT_OPEN,
                       "A sanctions screening hit of this case is waiting for a decision")
    await _require_fresh_lists(db, max_list_age_days)
    assessment = await reassess(db, client)
    client.status = "approved"
    client.review_due = risk.months_later(today(), assessment.review_months)
    client.decided_by, client.decided_at, client.decision_reason = officer_id, datetime.now(TALLINN), None
    _history(db, client, "approved", officer_id, reviewDue=client.review_due.isoformat(), level=client.risk_level)
    return client


async def reject(db: AsyncSession, client_id: int, officer_id: int, reason: str) -> Client:
    client = await client_of(db, client_id, lock=True)
    if client.status != "in_review":
        raise ApiError(409, ComplianceErrorCode.CLIENT_NOT_IN_REVIEW, "Only a case in review can be decided")
    client.status = "rejected"
    client.decided_by, client.decided_at, client.decision_reason = officer_id, datetime.now(TALLINN), reason
    client.updated_at = datetime.now(TALLINN)
    # A refused relationship ends as it is refused: its records are kept five years from that day (issue 35).
    client.relationship_ended_on = today()
    _history(db, client, "rejected", officer_id, reason=reason)
    return client


async def close(db: AsyncSession, client_id: int, officer_id: int, ended_on: date | None) -> Client:
    """The business relationship ended (the client's company is no longer served, or the case is dropped before
    it began): the case is closed, no company is handed to it any more, and its records are kept five years from
    ``ended_on`` (default today), then the retention job erases them (compliance/retention.py)."""
    client = await client_of(db, client_id, lock=True)
    if client.status in ("closed", "rejected"):
        raise ApiError(409, ComplianceErrorCode.CLIENT_ALREADY_ENDED, "This client's relationship has already ended")
    day = ended_on or today()
    if day > today():
        raise ApiError.on_field(422, ErrorCode.VALIDATION_ERROR, "endedOn", "The date cannot be in the future",
                                ComplianceErrorCode.ENDED_IN_FUTURE)
    client.status = "closed"
    client.relationship_ended_on = day
    client.updated_at = datetime.now(TALLINN)
    _history(db, client, "closed", officer_id, endedOn=day.isoformat())
    return client


# Reading -------------------------------------------------------------------------------------------------------------

async def _open_hits(db: AsyncSession, clients: list[Client]) -> dict[int, int]:
    """Open hits on each client, on itself or on its people."""
    ids = [c.id for c in clients if c.id is not None]
    if not ids:
        return {}
    people = (await db.execute(select(column(ClientPerson.id), column(ClientPerson.client_id))
                               .where(column(ClientPerson.client_id).in_(ids)))).all()
    owner = {person_id: client_id for person_id, client_id in people}
    rows = (await db.execute(select(column(Hit.subject_type), column(Hit.subject_id), func.count()).where(
        column(Hit.status) == "open",
        ((column(Hit.subject_type) == "client") & column(Hit.subject_id).in_(ids))
        | ((column(Hit.subject_type) == "person") & column(Hit.subject_id).in_(list(owner) or [0])))
        .group_by(column(Hit.subject_type), column(Hit.subject_id)))).all()
    counts: dict[int, int] = dict.fromkeys(ids, 0)
    for subject_type, subject_id, count in rows:
        client_id = subject_id if subject_type == "client" else owner[subject_id]
        counts[client_id] += int(count)
    return counts


def _summary_fields(client: Client, open_hits: int) -> dict[str, Any]:
    assert client.id is not None
    return {"id": client.id, "kind": client.kind, "name": client.name, "country": client.country,
            "status": client.status, "risk_level": client.risk_level, "risk_score": client.risk_score,
            "review_due": client.review_due, "expired": is_expired(client), "open_hits": open_hits,
            "relationship_ended_on": client.relationship_ended_on, "created_at": client.created_at}


async def client_page(db: AsyncSession, page: PageParams, status: ClientStatus | None, level: RiskLevel | None,
                      response: Response) -> list[ClientSummary]:
    conditions = []
    if status is not None:
        conditions.append(column(Client.status) == status)
    if level is not None:
        conditions.append(column(Client.risk_level) == level)
    if page.term is not None:
        conditions.append(matches(column(Client.search_vector), page.term))
    ids = await page_of_ids(db, column(Client.id), column(Client.created_at), conditions, page,
                            page.descending(), response)
    rows = list((await db.execute(select(Client).where(column(Client.id).in_(ids or [0])))).scalars())
    clients = in_order(rows, ids, lambda c: c.id)
    counts = await _open_hits(db, clients)
    return [ClientSummary(**_summary_fields(c, counts.get(c.id or 0, 0))) for c in clients]


def hit_out(hit: Hit) -> HitOut:
    assert hit.id is not None
    return HitOut(id=hit.id, subject_type=hit.subject_type, subject_id=hit.subject_id,
                  subject_name=hit.subject_name, source=hit.source, list_reference=hit.list_reference,
                  list_names=hit.list_names, score=hit.score, explanation=hit.explanation,
                  status=hit.status, decision_reason=hit.decision_reason,
                  decided_at=hit.decided_at, created_at=hit.created_at)


def person_out(person: ClientPerson) -> PersonOut:
    assert person.id is not None
    return PersonOut(id=person.id, role=person.role, full_name=person.full_name,
                     date_of_birth=person.date_of_birth, nationality=person.nationality,
                     country_of_residence=person.country_of_residence, ownership_percent=person.ownership_percent,
                     control=person.control, pep=person.pep, pep_details=person.pep_details)


async def hits_of_case(db: AsyncSession, client: Client, people: list[ClientPerson]) -> list[Hit]:
    person_ids = [p.id for p in people if p.id is not None]
    return list((await db.execute(select(Hit).where(
        ((column(Hit.subject_type) == "client") & (column(Hit.subject_id) == client.id))
        | ((column(Hit.subject_type) == "person") & column(Hit.subject_id).in_(person_ids or [0])))
        .order_by(column(Hit.id)))).scalars())


async def client_out(db: AsyncSession, client: Client) -> ClientOut:
    assert client.id is not None
    people = await people_of(db, client.id)
    hits = await hits_of_case(db, client, people)
    history = (await db.execute(select(ClientEvent).where(column(ClientEvent.client_id) == client.id)
                                .order_by(column(ClientEvent.id)))).scalars().all()
    factors = [RiskFactorOut(factor=f["factor"], weight=f["weight"], rating=f["rating"],
                             details={k: v for k, v in f.items() if k not in ("factor", "weight", "rating")})
               for f in client.risk_factors]
    return ClientOut(
        **_summary_fields(client, sum(1 for h in hits if h.status == "open")),
        registry_code=client.registry_code, address=client.address, purpose=client.purpose,
        source_of_funds=client.source_of_funds, source_of_wealth=client.source_of_wealth,
        date_of_birth=client.date_of_birth, ownership_layers=client.ownership_layers, risk_factors=factors,
        decision_reason=client.decision_reason, decided_at=client.decided_at,
        people=[person_out(p) for p in people], hits=[hit_out(h) for h in hits],
        history=[HistoryOut(action=e.action, actor_id=e.actor_id, at=e.at, details=e.details) for e in history])
