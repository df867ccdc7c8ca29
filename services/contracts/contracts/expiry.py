"""Contracts end (issue 13, Contract lifecycle): those whose expiry has passed are stored as expired, not only
shown so, and the employment contract ends when its company is handed over or when the board member's 6-month
term ends, whichever is first (spec §1). The term's end is the signed employment contract's expiry, set from
applications.company.assigned.

Every replica of the service runs ``expire_due_contracts`` every CONTRACTS_EXPIRY_INTERVAL_SECONDS. It is one
conditional UPDATE ... RETURNING: when two replicas run it at once, the second waits for the rows the first has
locked, sees them expired and skips them, so each contract expires once and one `contracts.expired` event is
staged for it, in the transaction that expires it. Signing and the admin's status changes write an expiry down the
same way when they meet one first.
"""

from collections.abc import Sequence
from datetime import date, datetime, time, timedelta

from sqlalchemy import Row, text, update
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from contracts.models import ENDS_AT_EXPIRY, KIND_EMPLOYMENT, SIGNABLE_STATUSES, Contract
from contracts.templates import TALLINN
from portal_common.clock import utcnow
from portal_common.events import ContractExpired
from portal_common.outbox import add_event
from portal_common.unit_of_work import UnitOfWork


def ends_at_expiry(contract: Contract) -> bool:
    return contract.status in SIGNABLE_STATUSES or (contract.kind == KIND_EMPLOYMENT and contract.status == "signed")


async def expire_due(db: AsyncSession, now: datetime | None = None, contract_id: int | None = None) -> list[int]:
    """Marks every contract whose expiry is past (or only ``contract_id``) expired: unsigned ones, and the signed
    employment contract whose term has ended. Stages an event for each and answers their ids."""
    query = (update(Contract)
             .where(text(f"({ENDS_AT_EXPIRY})"), col(Contract.expires_at) <= (now or utcnow()))
             .values(status="expired")
             .returning(col(Contract.id), col(Contract.user_id), col(Contract.application_id),
                        col(Contract.expires_at)))
    if contract_id is not None:
        query = query.where(col(Contract.id) == contract_id)
    return _announce(db, (await db.execute(query)).all())


def _announce(db: AsyncSession, ended: Sequence[Row[tuple[int, int, int | None, datetime]]]) -> list[int]:
    """Stages contracts.expired for each contract that has just ended, in the transaction that ended it."""
    for row in ended:
        add_event(db, ContractExpired(contract_id=row.id, user_id=row.user_id, application_id=row.application_id,
                                      expires_at=row.expires_at))
    return [row.id for row in ended]


async def end_employment_contract(db: AsyncSession, application_id: int, ended_at: datetime) -> list[int]:
    """"The contract ends automatically on company transfer" (spec §1): applications hands the company over when
    it completes the application (applications.status.changed to completed), so that application's employment
    contract is expired then, with ``ended_at`` as its expiry: a signed one keeping its signature, an unsigned one
    no longer signable. Once: an ended contract is no longer `signed` or signable."""
    query = (update(Contract)
             .where(col(Contract.application_id) == application_id, col(Contract.kind) == KIND_EMPLOYMENT,
                    col(Contract.status).in_((*SIGNABLE_STATUSES, "signed")))
             .values(status="expired", expires_at=ended_at)
             .returning(col(Contract.id), col(Contract.user_id), col(Contract.application_id),
                        col(Contract.expires_at)))
    return _announce(db, (await db.execute(query)).all())


async def bring_back_employment_contract(db: AsyncSession, application_id: int, term_ends_on: date | None) -> None:
    """The completed application was moved back to an open status (applications.reopened, issue 37): the employment
    contract its completion ended comes back as it was, signed (or, never signed, signable again), expiring at the
    end of the term. applications allows the move only while the term runs, so no contract ended by its term comes
    back with it."""
    contract = (await db.exec(select(Contract).where(col(Contract.application_id) == application_id,
                                                     col(Contract.kind) == KIND_EMPLOYMENT,
                                                     col(Contract.status) == "expired")
                              .with_for_update())).first()
    if contract is None:
        return
    contract.status = "signed" if contract.signed_at is not None else "pending"
    contract.expires_at = end_of_term(term_ends_on)
    db.add(contract)


def end_of_term(term_ends_on: date | None) -> datetime | None:
    """The term runs to the end of its last day in Estonia: midnight Europe/Tallinn after ``term_ends_on``."""
    if term_ends_on is None:
        return None
    return datetime.combine(term_ends_on + timedelta(days=1), time(), TALLINN)


async def set_employment_term(db: AsyncSession, application_id: int, term_ends_on: date | None) -> None:
    """The application's employment contract expires when the term ends (none while the company is not
    registered): a signed one ends then, an unsigned one can no longer be signed after it. A contract that has
    already ended stays as it is; the next round of the job ends one whose term is past."""
    await db.execute(update(Contract)
                     .where(col(Contract.application_id) == application_id, col(Contract.kind) == KIND_EMPLOYMENT,
                            col(Contract.status).in_((*SIGNABLE_STATUSES, "signed")))
                     .values(expires_at=end_of_term(term_ends_on)))


async def expire_due_contracts(unit_of_work: UnitOfWork) -> None:
    """The scheduled job (portal_common.app.PeriodicJob): one round, committed by the caller's unit of work."""
    await expire_due(unit_of_work.session)
