"""Erasure, legal hold and retention in contracts (issue 16, Erasure (Art. 17) and retention).

An employment record is a signed contract that took effect: one an admin made and the person signed, or the
employment contract accepted at registration once its term was set (a registered company was assigned; until
then the registration's acceptance is only a promise). The law keeps such records 7 years after the contract
ends (spec §1), so when their person is erased they are held until ``legal_hold_until`` (the contract's end, or
the erasure for one still running without an end, plus 7 years): out of every list, search and lookup, readable
only from the admins' legal-hold view, signature audit included. Everything else of the person goes: their
other contracts with their signature audit, the applicant and application projections, and the person in this
service's outbox copies of its events.

Retention: every CONTRACTS_RETENTION_INTERVAL_SECONDS (and ``python -m contracts retention``) the held contracts
whose hold has ended are erased, and people not erased whose every employment record ended more than 7 years
ago are announced (``contracts.privacy.retention.due``) so identity erases them with reason "retention".
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import ColumnElement, and_, delete, func, or_, text, update
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from contracts.config import get_settings
from contracts.models import (
    KIND_ADMIN,
    KIND_EMPLOYMENT,
    Applicant,
    CompanyAssignment,
    Contract,
    KnownApplication,
    SignatureAudit,
)
from portal_common.app import PeriodicJob, Subscription
from portal_common.clock import utcnow
from portal_common.erasure import needles, scrub_outbox
from portal_common.events import (
    ContractsErasureDone,
    ContractsRetentionDue,
    ErasureApproved,
    EventEnvelope,
    read_payload,
)
from portal_common.outbox import add_event
from portal_common.unit_of_work import UnitOfWork

SERVICE = "contracts"
RETENTION_YEARS = 7


def years_after(moment: datetime, years: int) -> datetime:
    try:
        return moment.replace(year=moment.year + years)
    except ValueError:  # 29 February
        return moment.replace(year=moment.year + years, day=28)


def years_before(moment: datetime, years: int) -> datetime:
    return years_after(moment, -years)


def took_effect() -> ColumnElement[bool]:
    """An employment record (see the module's docstring)."""
    return and_(col(Contract.signed_at).is_not(None),
                or_(col(Contract.kind) == KIND_ADMIN,
                    and_(col(Contract.kind) == KIND_EMPLOYMENT, col(Contract.expires_at).is_not(None))))


def hold_until(contract: Contract, now: datetime) -> datetime:
    return years_after(contract.expires_at or now, RETENTION_YEARS)


async def allow_erasure(db: AsyncSession) -> None:
    """Lets this transaction delete signed contracts and their audit (the migration "legal hold" says why)."""
    await db.execute(text("set local contracts.erasure = 'on'"))


async def on_erasure_approved(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, ErasureApproved)
    applicant = await db.get(Applicant, event.user_id)
    found = needles(event.email, event.id_code, *(
        (applicant.full_name, applicant.email, applicant.id_code, applicant.username) if applicant else ()))
    now = utcnow()
    records = (await db.exec(select(Contract).where(col(Contract.user_id) == event.user_id, took_effect()))).all()
    kept = [c for c in records if event.reason != "retention" or hold_until(c, now) > now]
    for contract in kept:
        if contract.legal_hold_until is None:
            await db.execute(update(Contract).where(col(Contract.id) == contract.id)
                             .values(legal_hold_until=hold_until(contract, now), search_text=""))
    await erase_contracts(db, event.user_id, keep=[c.id for c in kept if c.id is not None])
    await db.execute(delete(Applicant).where(col(Applicant.user_id) == event.user_id))
    await db.execute(delete(KnownApplication).where(col(KnownApplication.user_id) == event.user_id))
    await db.execute(delete(CompanyAssignment).where(col(CompanyAssignment.user_id) == event.user_id))
    await scrub_outbox(db, found)
    add_event(db, ContractsErasureDone(request_id=event.request_id, user_id=event.user_id, service=SERVICE))


async def erase_contracts(db: AsyncSession, user_id: int, keep: Sequence[int] = ()) -> list[int]:
    """Deletes the person's contracts but ``keep``, with their signature audit; answers the ids deleted."""
    await allow_erasure(db)
    going = select(Contract.id).where(col(Contract.user_id) == user_id, col(Contract.id).not_in(keep))
    await db.execute(delete(SignatureAudit).where(col(SignatureAudit.contract_id).in_(going)))
    deleted = await db.execute(delete(Contract).where(col(Contract.user_id) == user_id, col(Contract.id).not_in(keep))
                               .returning(col(Contract.id)))
    return list(deleted.scalars())


@dataclass(frozen=True)
class RetentionFindings:
    held_ended: list[tuple[int, int, datetime]]  # (contract, user, held until)
    people_due: list[int]  # users whose every employment record ended 7 years ago, not erased yet


async def find_retention(db: AsyncSession, now: datetime) -> RetentionFindings:
    held = (await db.exec(select(Contract.id, Contract.user_id, Contract.legal_hold_until)
                          .where(col(Contract.legal_hold_until) <= now)
                          .order_by(col(Contract.legal_hold_until)))).all()
    ended_before = years_before(now, RETENTION_YEARS)
    people = (await db.exec(
        select(Contract.user_id).where(took_effect()).group_by(col(Contract.user_id))
        .having(func.bool_and(and_(col(Contract.expires_at).is_not(None), col(Contract.expires_at) <= ended_before,
                                   col(Contract.legal_hold_until).is_(None))))
        .order_by(col(Contract.user_id)))).all()
    return RetentionFindings([(c, u, h) for c, u, h in held if c is not None and h is not None], list(people))


async def run_retention(db: AsyncSession, now: datetime, dry_run: bool = False) -> RetentionFindings:
    findings = await find_retention(db, now)
    if dry_run:
        return findings
    if findings.held_ended:
        await allow_erasure(db)
        ended = [contract for contract, _, _ in findings.held_ended]
        await db.execute(delete(SignatureAudit).where(col(SignatureAudit.contract_id).in_(ended)))
        await db.execute(delete(Contract).where(col(Contract.id).in_(ended)))
    for user_id in findings.people_due:
        add_event(db, ContractsRetentionDue(user_id=user_id, why="legal_hold_ended"))
    return findings


async def retention_round(unit_of_work: UnitOfWork) -> None:
    await run_retention(unit_of_work.session, utcnow())


SUBSCRIPTIONS = [Subscription(ErasureApproved.TYPE, on_erasure_approved)]


def jobs() -> list[PeriodicJob]:
    return [PeriodicJob("retention", get_settings().retention_interval_seconds, retention_round)]
