"""A person's payout details and payments (issue 23, Bank details and tax choices; the Payments tab), and the
schedule payroll keeps from applications' and identity's events (issue 23, The schedule)."""

from collections.abc import Sequence
from datetime import date, datetime
from typing import Any

from sqlalchemy.dialects.postgresql import insert
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from payroll import iban
from payroll.errors import PayrollErrorCode
from payroll.models import POOL_STATUSES, Employment, Payment, PayoutDetails, PayRunLine
from payroll.money import euros
from payroll.rates import RATES
from payroll.schedule import ScheduledPayment, payment_schedule
from payroll.schemas import CompanyRef, PaymentOut, PayoutDetailsIn, PayoutDetailsOut, PeriodOut
from payroll.withholding import Withholding, withhold
from portal_common.clock import utcnow
from portal_common.errors import ApiError, ErrorCode
from portal_common.events import PayrollScheduleChanged, ScheduledPaymentInfo
from portal_common.outbox import add_event

# Until a person gives their details, the preview of their withholdings assumes the usual funded pension rate.
DEFAULT_PENSION_RATE = 2
# Lines whose amounts are the payment's: the ones paying it (ready or paid).
PAYING_LINE_STATUSES = ("ready", "paid")


# Payout details ------------------------------------------------------------------------------------------------

def details_out(details: PayoutDetails) -> PayoutDetailsOut:
    return PayoutDetailsOut(iban=iban.formatted(details.iban), account_holder=details.account_holder,
                            basic_exemption=details.basic_exemption, pension_rate=details.pension_rate,
                            updated_at=details.updated_at)


async def own_details(db: AsyncSession, user_id: int) -> PayoutDetailsOut:
    details = await db.get(PayoutDetails, user_id)
    if details is None:
        raise ApiError(404, PayrollErrorCode.PAYOUT_DETAILS_MISSING, "No payout details yet")
    return details_out(details)


async def save_details(db: AsyncSession, user_id: int, body: PayoutDetailsIn) -> PayoutDetailsOut:
    values: dict[str, Any] = {"iban": body.iban, "account_holder": body.account_holder,
                              "basic_exemption": body.basic_exemption, "pension_rate": body.pension_rate,
                              "updated_at": utcnow()}
    statement = insert(PayoutDetails).values(user_id=user_id, **values)
    await db.execute(statement.on_conflict_do_update(index_elements=["user_id"], set_=values))
    return details_out(PayoutDetails(user_id=user_id, **values))


# Payments ------------------------------------------------------------------------------------------------------

def _preview(payment: Payment, details: PayoutDetails | None) -> Withholding:
    """What the payment would be at its due date with these details. Dates before the rate table (a company
    registered before 2025) are previewed with its first row; no run can pay on them."""
    pay_date = max(payment.due_date, RATES[0].valid_from)
    if details is None:
        return withhold(payment.gross_cents, DEFAULT_PENSION_RATE, False, pay_date)
    return withhold(payment.gross_cents, details.pension_rate, details.basic_exemption, pay_date)


def _from_line(line: PayRunLine) -> Withholding:
    return Withholding(gross=line.gross_cents, pension=line.pension_cents,
                       unemployment_insurance=line.unemployment_insurance_cents, income_tax=line.income_tax_cents,
                       net=line.net_cents, social_tax=line.social_tax_cents,
                       basic_exemption_used=line.basic_exemption_cents)


def payment_out(payment: Payment, amounts: Withholding, company_name: str) -> PaymentOut:
    assert payment.id is not None
    return PaymentOut(
        id=payment.id, sequence=payment.sequence, application_id=payment.application_id,
        period=PeriodOut(start=payment.period_start, end=payment.period_end), due_date=payment.due_date,
        gross=euros(amounts.gross), pension=euros(amounts.pension),
        unemployment_insurance=euros(amounts.unemployment_insurance), income_tax=euros(amounts.income_tax),
        net=euros(amounts.net), status=payment.status,
        paid_at=payment.paid_at, failure_reason=payment.failure_reason, company=CompanyRef(name=company_name),
        payslip_url=f"/api/payments/{payment.id}/payslip" if payment.status == "paid" else None)


async def _paying_lines(db: AsyncSession, payment_ids: Sequence[int]) -> dict[int, PayRunLine]:
    lines = (await db.exec(select(PayRunLine).where(col(PayRunLine.payment_id).in_(payment_ids),
                                                    col(PayRunLine.holds_payment)))).all()
    return {line.payment_id: line for line in lines}


async def payments_out(db: AsyncSession, payments: Sequence[Payment]) -> list[PaymentOut]:
    """The payments with their amounts: a paying line's when one holds it, a preview otherwise."""
    user_ids = {payment.user_id for payment in payments}
    details = {row.user_id: row for row in (await db.exec(
        select(PayoutDetails).where(col(PayoutDetails.user_id).in_(user_ids)))).all()}
    employments = {row.application_id: row for row in (await db.exec(select(Employment).where(
        col(Employment.application_id).in_({payment.application_id for payment in payments})))).all()}
    lines = await _paying_lines(db, [payment.id for payment in payments if payment.id is not None])
    shown = []
    for payment in payments:
        assert payment.id is not None
        line = lines.get(payment.id)
        amounts = _from_line(line) if line else _preview(payment, details.get(payment.user_id))
        employment = employments.get(payment.application_id)
        shown.append(payment_out(payment, amounts, employment.company_name if employment else ""))
    return shown


async def own_payments(db: AsyncSession, user_id: int) -> list[PaymentOut]:
    payments = (await db.exec(select(Payment).where(col(Payment.user_id) == user_id)
                              .order_by(col(Payment.due_date), col(Payment.id)))).all()
    return await payments_out(db, payments)


async def application_payments(db: AsyncSession, application_id: int) -> list[PaymentOut]:
    payments = (await db.exec(select(Payment).where(col(Payment.application_id) == application_id)
                              .order_by(col(Payment.sequence)))).all()
    return await payments_out(db, payments)


async def payment_of(db: AsyncSession, payment_id: int, user_id: int | None) -> Payment:
    """The payment, if ``user_id`` (None: an admin) may see it; 404 alike for a missing one and another's."""
    payment = await db.get(Payment, payment_id)
    if payment is None or (user_id is not None and payment.user_id != user_id):
        raise ApiError(404, ErrorCode.NOT_FOUND, "Payment not found")
    return payment


# The schedule from applications' events ------------------------------------------------------------------------

async def locked_employment(db: AsyncSession, application_id: int, user_id: int, company_id: int) -> Employment:
    """The application's row, made if new, locked until the transaction ends (the company's events are handled
    by two consumers, which may run at once)."""
    await db.execute(insert(Employment).values(application_id=application_id, user_id=user_id, company_id=company_id)
                     .on_conflict_do_nothing(index_elements=["application_id"]))
    employment = (await db.exec(select(Employment).where(col(Employment.application_id) == application_id)
                                .with_for_update())).one()
    return employment


def _set_schedule_of(payment: Payment, planned: ScheduledPayment) -> None:
    payment.period_start, payment.period_end = planned.period_start, planned.period_end
    payment.due_date, payment.gross_cents = planned.due_date, planned.gross_cents


async def reschedule(db: AsyncSession, employment: Employment) -> list[Payment]:
    """Brings the application's payments in line with its term: payments not yet in a run follow the schedule,
    those due after an early end are cancelled, and those in a run or paid are left as they are. Returns the
    payments not cancelled, by sequence."""
    existing = {payment.sequence: payment for payment in (await db.exec(
        select(Payment).where(col(Payment.application_id) == employment.application_id).with_for_update())).all()}
    start = employment.registration_date
    planned = {payment.sequence: payment for payment in (payment_schedule(start) if start else [])}
    for sequence in existing.keys() | planned.keys():
        payment, plan = existing.get(sequence), planned.get(sequence)
        if payment is not None and payment.status not in (*POOL_STATUSES, "cancelled"):
            continue  # in a run or paid: it is what it is
        if plan is None:
            assert payment is not None
            payment.status = "cancelled"
        else:
            if payment is None:
                payment = Payment(application_id=employment.application_id, user_id=employment.user_id,
                                  sequence=sequence, period_start=plan.period_start, period_end=plan.period_end,
                                  due_date=plan.due_date, gross_cents=plan.gross_cents)
            _set_schedule_of(payment, plan)
            payment.user_id = employment.user_id
            ended = employment.transferred_on is not None and plan.due_date > employment.transferred_on
            if ended:
                payment.status = "cancelled"
            elif payment.status == "cancelled":
                payment.status = "failed" if payment.failure_reason else "scheduled"
        db.add(payment)
    await db.flush()
    kept = (await db.exec(select(Payment).where(col(Payment.application_id) == employment.application_id,
                                                col(Payment.status) != "cancelled")
                          .order_by(col(Payment.sequence)))).all()
    return list(kept)


def announce_schedule(db: AsyncSession, employment: Employment, payments: Sequence[Payment], cause: str) -> None:
    add_event(db, PayrollScheduleChanged(
        application_id=employment.application_id, user_id=employment.user_id, company_name=employment.company_name,
        payments=[ScheduledPaymentInfo(payment_id=payment.id, due_date=payment.due_date,
                                       gross=euros(payment.gross_cents))
                  for payment in payments if payment.id is not None],
        cause="transferred" if cause == "transferred" else "assigned",
        registration_date=employment.registration_date, term_ends_on=employment.term_ends_on))


def is_older(employment: Employment, occurred_at: datetime) -> bool:
    return employment.assigned_at is not None and employment.assigned_at > occurred_at


def assign(employment: Employment, company_id: int, company_name: str, registration_date: date | None,
           term_ends_on: date | None, occurred_at: datetime) -> None:
    if employment.company_id != company_id:
        employment.transferred_on = None  # another company: a new term
    employment.company_id, employment.company_name = company_id, company_name
    employment.registration_date, employment.term_ends_on = registration_date, term_ends_on
    employment.assigned_at = occurred_at
