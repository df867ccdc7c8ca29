"""Pay runs (issue 23, The pay run): a draft takes every payment due by its pay date that no other run holds,
one line each, with the withholding at that date; approving fixes it for the bank file; paying it pays its lines.

No payment is ever paid by two runs: a line that pays a payment ``holds`` it, and a partial unique index lets one
line hold a payment (models.PayRunLine). Two drafts made at the same moment both read the pool, and the second
to insert its lines waits for the first and is refused (409), whatever the two admins do."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from fastapi import Response
from sqlalchemy import case, func, insert, update
from sqlalchemy import select as sa_select
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from payroll import iban
from payroll.errors import PayrollErrorCode
from payroll.models import POOL_STATUSES, Employment, Payment, PayoutDetails, PayRun, PayRunLine, Person
from payroll.money import euros
from payroll.schemas import CompanyRef, PayRunLineOut, PayRunOut, PayRunSummary, PeriodOut, Totals
from payroll.withholding import withhold
from portal_common.banking_days import is_banking_day
from portal_common.clock import utcnow
from portal_common.errors import ApiError, ErrorCode
from portal_common.events import PaymentPaid
from portal_common.listing import PageParams, column, in_order, page_of_ids
from portal_common.outbox import add_event

LOCAL_TIME = ZoneInfo("Europe/Tallinn")
NO_BANK_ACCOUNT = "no_bank_account"
# Lines whose money moves (or moved): the totals are theirs.
PAYING = ("ready", "paid")
RACE_LOST = "Another pay run took some of these payments at the same moment. Please try again."


def today() -> date:
    return datetime.now(LOCAL_TIME).date()


def check_pay_date(pay_date: date) -> None:
    if pay_date < today():
        raise ApiError.on_field(422, ErrorCode.VALIDATION_ERROR, "payDate", "The pay date cannot be in the past",
                                PayrollErrorCode.PAY_DATE_IN_PAST)
    if not is_banking_day(pay_date):
        raise ApiError.on_field(422, ErrorCode.VALIDATION_ERROR, "payDate", "The pay date must be a banking day",
                                PayrollErrorCode.NOT_A_BANKING_DAY)


# Making a draft ------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Pool:
    payments: Sequence[Payment]
    people: dict[int, Person]
    details: dict[int, PayoutDetails]
    companies: dict[int, str]


async def _pool(db: AsyncSession, pay_date: date) -> Pool:
    payments = (await db.exec(select(Payment).where(col(Payment.status).in_(POOL_STATUSES),
                                                    col(Payment.due_date) <= pay_date)
                              .order_by(col(Payment.due_date), col(Payment.id)))).all()
    user_ids = {payment.user_id for payment in payments}
    people = {row.user_id: row for row in (await db.exec(
        select(Person).where(col(Person.user_id).in_(user_ids)))).all()}
    details = {row.user_id: row for row in (await db.exec(
        select(PayoutDetails).where(col(PayoutDetails.user_id).in_(user_ids)))).all()}
    companies = {application_id: name for application_id, name in (await db.execute(
        select(col(Employment.application_id), col(Employment.company_name)).where(
            col(Employment.application_id).in_({payment.application_id for payment in payments})))).all()}
    return Pool(payments, people, details, companies)


def _line(run: PayRun, payment: Payment, pool: Pool) -> dict[str, Any]:
    details = pool.details.get(payment.user_id)
    person = pool.people.get(payment.user_id)
    amounts = withhold(payment.gross_cents, details.pension_rate if details else 0,
                       details.basic_exemption if details else False, run.pay_date)
    return {
        "run_id": run.id, "payment_id": payment.id, "user_id": payment.user_id,
        "application_id": payment.application_id,
        "full_name": (person.full_name if person else None) or "",
        "id_code": (person.id_code if person else None) or "",
        "company_name": pool.companies.get(payment.application_id, ""),
        "iban": details.iban if details else None, "account_holder": details.account_holder if details else None,
        "period_start": payment.period_start, "period_end": payment.period_end, "due_date": payment.due_date,
        "gross_cents": amounts.gross, "pension_cents": amounts.pension,
        "unemployment_insurance_cents": amounts.unemployment_insurance, "income_tax_cents": amounts.income_tax,
        "net_cents": amounts.net, "social_tax_cents": amounts.social_tax,
        "basic_exemption_cents": amounts.basic_exemption_used,
        "status": "ready" if details else "blocked", "reason": None if details else NO_BANK_ACCOUNT,
        "holds_payment": details is not None,
    }


async def create_run(db: AsyncSession, pay_date: date, admin_id: int) -> PayRun:
    """A draft paying every payment due by ``pay_date`` that no other run holds; a person without bank details
    is a blocked line, never dropped and never exported."""
    check_pay_date(pay_date)
    run = PayRun(pay_date=pay_date, created_by=admin_id)
    db.add(run)
    await db.flush()
    pool = await _pool(db, pay_date)
    lines = [_line(run, payment, pool) for payment in pool.payments]
    held = [line["payment_id"] for line in lines if line["holds_payment"]]
    try:
        if lines:
            await db.execute(insert(PayRunLine), lines)
        if held:
            await db.execute(update(Payment).where(col(Payment.id).in_(held)).values(status="in_run"))
    except IntegrityError as lost:
        raise ApiError(409, ErrorCode.CONFLICT, RACE_LOST) from lost
    return run


# Reading -------------------------------------------------------------------------------------------------------

async def run_of(db: AsyncSession, run_id: int, lock: bool = False) -> PayRun:
    query = select(PayRun).where(col(PayRun.id) == run_id)
    run = (await db.exec(query.with_for_update() if lock else query)).first()
    if run is None or run.status == "cancelled":
        raise ApiError(404, ErrorCode.NOT_FOUND, "Pay run not found")
    return run


async def lines_of(db: AsyncSession, run_id: int) -> list[PayRunLine]:
    return list((await db.exec(select(PayRunLine).where(col(PayRunLine.run_id) == run_id)
                               .order_by(col(PayRunLine.id)))).all())


def _totals(lines: Sequence[PayRunLine]) -> Totals:
    paying = [line for line in lines if line.status in PAYING]
    def total(cents: Callable[[PayRunLine], int]) -> str:
        return euros(sum(cents(line) for line in paying))

    return Totals(
        gross=total(lambda line: line.gross_cents), pension=total(lambda line: line.pension_cents),
        unemployment_insurance=total(lambda line: line.unemployment_insurance_cents),
        income_tax=total(lambda line: line.income_tax_cents), net=total(lambda line: line.net_cents),
        social_tax=total(lambda line: line.social_tax_cents),
        line_count=len(lines), blocked_count=sum(1 for line in lines if line.status == "blocked"))


def line_out(line: PayRunLine) -> PayRunLineOut:
    assert line.id is not None
    return PayRunLineOut(
        id=line.id, payment_id=line.payment_id, user_id=line.user_id, application_id=line.application_id,
        full_name=line.full_name, company=CompanyRef(name=line.company_name),
        period=PeriodOut(start=line.period_start, end=line.period_end), due_date=line.due_date,
        gross=euros(line.gross_cents), pension=euros(line.pension_cents),
        unemployment_insurance=euros(line.unemployment_insurance_cents), income_tax=euros(line.income_tax_cents),
        net=euros(line.net_cents), social_tax=euros(line.social_tax_cents),
        iban_masked=iban.masked(line.iban) if line.iban else None,
        status=line.status, reason=line.reason)


def _summary_fields(run: PayRun) -> dict[str, Any]:
    return {"id": run.id, "pay_date": run.pay_date, "status": run.status, "created_at": run.created_at,
            "approved_at": run.approved_at, "paid_at": run.paid_at, "execution_date": run.execution_date}


async def run_out(db: AsyncSession, run: PayRun) -> PayRunOut:
    assert run.id is not None
    lines = await lines_of(db, run.id)
    return PayRunOut.model_validate({**_summary_fields(run), "totals": _totals(lines),
                                     "lines": [line_out(line) for line in lines]})


def _sum(column_: Any) -> Any:
    return func.coalesce(func.sum(case((col(PayRunLine.status).in_(PAYING), column_), else_=0)), 0)


async def _page_totals(db: AsyncSession, run_ids: Sequence[int]) -> dict[int, Totals]:
    rows = (await db.execute(sa_select(
        col(PayRunLine.run_id), _sum(col(PayRunLine.gross_cents)), _sum(col(PayRunLine.pension_cents)),
        _sum(col(PayRunLine.unemployment_insurance_cents)), _sum(col(PayRunLine.income_tax_cents)),
        _sum(col(PayRunLine.net_cents)), _sum(col(PayRunLine.social_tax_cents)), func.count(),
        func.count().filter(col(PayRunLine.status) == "blocked"),
    ).where(col(PayRunLine.run_id).in_(run_ids)).group_by(col(PayRunLine.run_id)))).all()
    return {row[0]: Totals(gross=euros(row[1]), pension=euros(row[2]), unemployment_insurance=euros(row[3]),
                           income_tax=euros(row[4]), net=euros(row[5]), social_tax=euros(row[6]),
                           line_count=row[7], blocked_count=row[8]) for row in rows}


EMPTY_TOTALS = Totals(gross="0.00", pension="0.00", unemployment_insurance="0.00", income_tax="0.00", net="0.00",
                      social_tax="0.00", line_count=0, blocked_count=0)


async def run_page(db: AsyncSession, page: PageParams, status: str | None, response: Response) -> list[PayRunSummary]:
    """The runs, newest first (cancelled ones left out unless asked for), with X-Total-Count."""
    conditions = [col(PayRun.status) == status] if status else [col(PayRun.status) != "cancelled"]
    ids = await page_of_ids(db, column(PayRun.id), column(PayRun.created_at), conditions, page,
                            page.descending("desc"), response)
    runs = in_order((await db.exec(select(PayRun).where(col(PayRun.id).in_(ids)))).all(), ids, lambda run: run.id)
    totals = await _page_totals(db, ids)
    return [PayRunSummary.model_validate({**_summary_fields(run), "totals": totals.get(run.id or 0, EMPTY_TOTALS)})
            for run in runs]


# Changing ------------------------------------------------------------------------------------------------------

def _require(run: PayRun, status: str, code: PayrollErrorCode, message: str) -> None:
    if run.status != status:
        raise ApiError(409, code, message)


async def _release(db: AsyncSession, payment_ids: Sequence[int]) -> None:
    """The payments back in the pool: failed again if they had failed before, scheduled otherwise."""
    if payment_ids:
        await db.execute(update(Payment).where(col(Payment.id).in_(payment_ids)).values(
            status=case((col(Payment.failure_reason).is_(None), "scheduled"), else_="failed")))


async def cancel_draft(db: AsyncSession, run_id: int) -> PayRun:
    run = await run_of(db, run_id, lock=True)
    _require(run, "draft", PayrollErrorCode.PAY_RUN_NOT_DRAFT, "Only a draft pay run can be deleted")
    held = list((await db.exec(select(PayRunLine.payment_id).where(
        col(PayRunLine.run_id) == run_id, col(PayRunLine.holds_payment)))).all())
    await db.execute(update(PayRunLine).where(col(PayRunLine.run_id) == run_id).values(holds_payment=False))
    await _release(db, held)
    run.status, run.cancelled_at = "cancelled", utcnow()
    db.add(run)
    return run


async def approve(db: AsyncSession, run_id: int) -> PayRun:
    run = await run_of(db, run_id, lock=True)
    _require(run, "draft", PayrollErrorCode.PAY_RUN_NOT_DRAFT, "Only a draft pay run can be approved")
    run.status, run.approved_at = "approved", utcnow()
    db.add(run)
    return run


async def mark_paid(db: AsyncSession, run_id: int, execution_date: date) -> PayRun:
    """The run paid on ``execution_date``: its ready lines and their payments paid, each announced."""
    run = await run_of(db, run_id, lock=True)
    _require(run, "approved", PayrollErrorCode.PAY_RUN_NOT_APPROVED, "Only an approved pay run can be marked paid")
    now = utcnow()
    run.status, run.paid_at, run.execution_date = "paid", now, execution_date
    db.add(run)
    lines = [line for line in await lines_of(db, run_id) if line.status == "ready"]
    paid_ids = [line.payment_id for line in lines]
    await db.execute(update(PayRunLine).where(col(PayRunLine.run_id) == run_id, col(PayRunLine.status) == "ready")
                     .values(status="paid"))
    if paid_ids:
        await db.execute(update(Payment).where(col(Payment.id).in_(paid_ids))
                         .values(status="paid", paid_at=now, failure_reason=None))
    for line in lines:
        add_event(db, PaymentPaid(
            payment_id=line.payment_id, user_id=line.user_id, application_id=line.application_id,
            pay_date=execution_date, net=euros(line.net_cents), gross=euros(line.gross_cents),
            period=f"{line.period_start.isoformat()} – {line.period_end.isoformat()}"))
    return run


async def fail_line(db: AsyncSession, run_id: int, line_id: int, reason: str) -> tuple[PayRun, PayRunLine]:
    """The bank did not pay this line: its payment goes back to the pool with the reason (issue 23)."""
    run = await run_of(db, run_id, lock=True)
    line = (await db.exec(select(PayRunLine).where(col(PayRunLine.id) == line_id, col(PayRunLine.run_id) == run_id)
                          .with_for_update())).first()
    if line is None:
        raise ApiError(404, ErrorCode.NOT_FOUND, "Pay run line not found")
    if run.status not in ("approved", "paid") or line.status not in PAYING:
        raise ApiError(409, PayrollErrorCode.PAY_RUN_LINE_NOT_PAYABLE,
                       "Only a line of an approved or paid run that was to be paid can fail")
    line.status, line.reason, line.holds_payment = "failed", reason, False
    db.add(line)
    await db.flush()
    await db.execute(update(Payment).where(col(Payment.id) == line.payment_id)
                     .values(status="failed", failure_reason=reason, paid_at=None))
    return run, line
