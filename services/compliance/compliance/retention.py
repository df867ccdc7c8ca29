"""The five-year retention of client cases (issue 35, Suspicion reports and records: "AML records are kept five years
after the relationship ends"; the Money Laundering and Terrorist Financing Prevention Act, § 47).

When a relationship ends (models.Client.relationship_ended_on):
- a rejected case: the day it was rejected (the relationship was refused; what was gathered is kept five years);
- any other case: the day a compliance officer closes it (POST /api/admin/clients/{id}/close, with the day the
  client's last company stopped being served, default today). An approved case is never ended by the clock alone:
  a company handed to the client keeps the relationship going until the officer says it ended.

Every COMPLIANCE_RETENTION_INTERVAL_SECONDS (and ``python -m compliance retention [--dry-run] [--now ...]``) the
cases whose relationship ended more than COMPLIANCE_RETENTION_YEARS (5) years ago are erased: the case, its people,
its history, the screening hits on it and its people, and the suspicion reports about them; their names go from this
service's outbox too. A case with a suspicion report still open or in progress is held until the report is done.
applications hears ``compliance.client.changed`` with status "erased" (its projection keeps the id only), and the
audit log gets "client.erased" (no names). Several replicas may run it at once: each case is locked with SKIP
LOCKED, so one replica erases it and the others pass it by.
"""

from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import ColumnElement, delete, exists, or_, select
from sqlmodel.ext.asyncio.session import AsyncSession

from compliance.clients import TALLINN, today
from compliance.config import get_settings
from compliance.models import Client, ClientEvent, ClientPerson, Hit, SuspicionReport
from portal_common.app import PeriodicJob
from portal_common.erasure import needles, scrub_outbox
from portal_common.events import AuditRecorded, ClientCaseChanged
from portal_common.listing import column
from portal_common.outbox import add_event
from portal_common.unit_of_work import UnitOfWork

OPEN_REPORTS = ("open", "in_progress")


def years_before(day: date, years: int) -> date:
    """The same day ``years`` years earlier (28 February for a 29 February in a year without one)."""
    try:
        return day.replace(year=day.year - years)
    except ValueError:
        return day.replace(year=day.year - years, day=28)


@dataclass(frozen=True)
class Erased:
    client_id: int
    ended_on: date


def _reports_about(client_id: int, person_ids: list[int]) -> ColumnElement[bool]:
    return or_((column(SuspicionReport.subject_type) == "client") & (column(SuspicionReport.subject_id) == client_id),
               (column(SuspicionReport.subject_type) == "person")
               & column(SuspicionReport.subject_id).in_(person_ids or [0]))


async def due(db: AsyncSession, today: date, years: int) -> list[Client]:
    """The cases past their retention on ``today``, locked for this transaction; those another replica holds, or
    with a suspicion report still being worked, are left."""
    people = select(column(ClientPerson.id)).where(column(ClientPerson.client_id) == column(Client.id))
    open_report = exists().where(column(SuspicionReport.status).in_(OPEN_REPORTS), or_(
        (column(SuspicionReport.subject_type) == "client") & (column(SuspicionReport.subject_id) == column(Client.id)),
        (column(SuspicionReport.subject_type) == "person") & column(SuspicionReport.subject_id).in_(people)))
    query = (select(Client).where(column(Client.relationship_ended_on) < years_before(today, years), ~open_report)
             .order_by(column(Client.id)).with_for_update(skip_locked=True))
    return list((await db.execute(query)).scalars())


async def erase(db: AsyncSession, client: Client) -> Erased:
    assert client.id is not None and client.relationship_ended_on is not None
    people = list((await db.execute(select(ClientPerson).where(column(ClientPerson.client_id) == client.id)))
                  .scalars())
    person_ids = [p.id for p in people if p.id is not None]
    await db.execute(delete(Hit).where(or_(
        (column(Hit.subject_type) == "client") & (column(Hit.subject_id) == client.id),
        (column(Hit.subject_type) == "person") & column(Hit.subject_id).in_(person_ids or [0]))))
    await db.execute(delete(SuspicionReport).where(_reports_about(client.id, person_ids)))
    await db.execute(delete(ClientEvent).where(column(ClientEvent.client_id) == client.id))
    await db.execute(delete(ClientPerson).where(column(ClientPerson.client_id) == client.id))
    found = needles(client.name, client.registry_code, client.address, *(p.full_name for p in people))
    erased = Erased(client.id, client.relationship_ended_on)
    await db.delete(client)
    await db.flush()
    await scrub_outbox(db, found)
    add_event(db, ClientCaseChanged(client_id=erased.client_id, name="", status="erased",
                                    relationship_ended_on=erased.ended_on))
    add_event(db, AuditRecorded(actor_id=None, actor_role="system", action="client.erased", target_type="client",
                                target_id=str(erased.client_id), applicant_id=None,
                                details={"reason": "aml_retention", "relationshipEndedOn": erased.ended_on.isoformat(),
                                         "people": str(len(people))}))
    return erased


async def run(db: AsyncSession, today: date, years: int, dry_run: bool = False) -> list[Erased]:
    """Erases (unless ``dry_run``) what is past retention on ``today``; answers what it erased or would."""
    cases = await due(db, today, years)
    if dry_run:
        return [Erased(c.id or 0, c.relationship_ended_on or today) for c in cases]
    return [await erase(db, client) for client in cases]


def tallinn_day(moment: datetime) -> date:
    return moment.astimezone(TALLINN).date()


async def retention_round(unit_of_work: UnitOfWork) -> None:
    await run(unit_of_work.session, today(), get_settings().retention_years)


def jobs() -> list[PeriodicJob]:
    return [PeriodicJob("aml-retention", get_settings().retention_interval_seconds, retention_round)]
