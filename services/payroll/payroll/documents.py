"""The files of a pay run and a payment (issue 23): the bank's SEPA credit transfer and the TSD annex 1 of an
approved run, and a paid payment's payslip. The bytes come from the pure modules sepa, tsd and payslip; this
module only gathers what they need from the tables."""

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from payroll.config import PayrollSettings
from payroll.errors import PayrollErrorCode
from payroll.models import Payment, PayRun, PayRunLine
from payroll.payslip import Language, Payslip, render
from payroll.runs import lines_of, run_of
from payroll.sepa import Payer, SepaLine, SepaRun, credit_transfer, sepa_file_name
from payroll.tsd import TsdRow, annex1_csv
from portal_common.errors import ApiError, ErrorCode

EXPORTED = ("ready", "paid")  # blocked and failed lines never reach the bank or the declaration


def end_to_end_id(line: PayRunLine) -> str:
    """The line's id for the bank: the same every time the file is made."""
    return f"PAYROLL-LINE-{line.id}"


def payer(settings: PayrollSettings) -> Payer:
    return Payer(name=settings.payer_name, iban=settings.payer_iban, bic=settings.payer_bic, town=settings.payer_town)


async def _approved_run(db: AsyncSession, run_id: int) -> tuple[PayRun, list[PayRunLine]]:
    run = await run_of(db, run_id)
    if run.status not in ("approved", "paid"):
        raise ApiError(409, PayrollErrorCode.PAY_RUN_NOT_APPROVED, "The pay run has not been approved yet")
    return run, [line for line in await lines_of(db, run_id) if line.status in EXPORTED]


async def sepa_file(db: AsyncSession, run_id: int, settings: PayrollSettings) -> tuple[str, bytes]:
    """(file name, pain.001.001.09 XML) of an approved run: one transfer of the net amount per exported line."""
    run, lines = await _approved_run(db, run_id)
    assert run.id is not None and run.approved_at is not None
    sepa_run = SepaRun(run_id=run.id, pay_date=run.pay_date, approved_at=run.approved_at, lines=[
        SepaLine(end_to_end_id=end_to_end_id(line), creditor_name=line.account_holder or line.full_name,
                 iban=line.iban or "", net_cents=line.net_cents, period_start=line.period_start,
                 period_end=line.period_end, company_name=line.company_name)
        for line in lines if line.net_cents > 0])
    return sepa_file_name(sepa_run), credit_transfer(sepa_run, payer(settings))


async def tsd_file(db: AsyncSession, run_id: int) -> tuple[str, str]:
    """(file name, CSV) of the run's rows of the monthly declaration's annex 1."""
    run, lines = await _approved_run(db, run_id)
    rows = [TsdRow(id_code=line.id_code, full_name=line.full_name, gross_cents=line.gross_cents,
                   social_tax_cents=line.social_tax_cents, pension_cents=line.pension_cents,
                   unemployment_insurance_cents=line.unemployment_insurance_cents,
                   income_tax_cents=line.income_tax_cents, basic_exemption_cents=line.basic_exemption_cents)
            for line in lines]
    return f"tsd-annex1-{run.pay_date.isoformat()}-{run.id}.csv", annex1_csv(rows)


async def payslip(db: AsyncSession, payment: Payment, language: Language,
                  settings: PayrollSettings) -> tuple[str, bytes]:
    """(file name, PDF) of a paid payment's payslip; 404 while it is not paid."""
    found = (await db.exec(select(PayRunLine, PayRun).join(PayRun, col(PayRun.id) == col(PayRunLine.run_id))
                           .where(col(PayRunLine.payment_id) == payment.id, col(PayRunLine.status) == "paid")
                           )).first()
    if payment.status != "paid" or found is None:
        raise ApiError(404, ErrorCode.NOT_FOUND, "There is no payslip until the payment is paid")
    line, run = found
    slip = Payslip(
        payer_name=settings.payer_name, company_name=line.company_name, full_name=line.full_name,
        period_start=line.period_start, period_end=line.period_end,
        payment_date=run.execution_date or run.pay_date, gross_cents=line.gross_cents,
        pension_cents=line.pension_cents, unemployment_insurance_cents=line.unemployment_insurance_cents,
        income_tax_cents=line.income_tax_cents, net_cents=line.net_cents, social_tax_cents=line.social_tax_cents,
        basic_exemption_cents=line.basic_exemption_cents, iban=line.iban or "")
    name = "palgaleht" if language == "et" else "payslip"
    return f"{name}-{line.period_start.isoformat()}.pdf", render(slip, language)
