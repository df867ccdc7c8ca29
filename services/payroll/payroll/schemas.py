"""payroll's request and response bodies (issue 23). Money is a decimal string with two decimals ("490.00")."""

from datetime import date, datetime
from typing import Literal

from pydantic import Field, StrictBool, StrictInt, field_validator

from payroll.errors import PayrollErrorCode
from payroll.iban import IbanRefused, valid_iban
from payroll.rates import PENSION_RATES
from portal_common.errors import ErrorCode
from portal_common.validation import CamelModel, at_least, at_most, invalid

ACCOUNT_HOLDER_MAX = 70  # a SEPA creditor name's length
REASON_MAX = 500
PaymentStatus = Literal["scheduled", "in_run", "paid", "failed", "cancelled"]
RunStatus = Literal["draft", "approved", "paid", "cancelled"]
LineStatus = Literal["ready", "blocked", "paid", "failed"]


class PayoutDetailsIn(CamelModel):
    iban: str = Field(max_length=64, description="any spacing and case; kept compact in capitals")
    account_holder: str = Field(max_length=200)
    # Strict: "yes" or "2" is a mistake of the caller's, not a choice to store (issue 37).
    basic_exemption: StrictBool
    pension_rate: StrictInt = Field(description="the funded pension (II pillar) rate in per cent: 0, 2, 4 or 6")

    @field_validator("iban")
    @classmethod
    def _iban(cls, value: str) -> str:
        try:
            return valid_iban(value)
        except IbanRefused as refused:
            raise invalid(refused.code, str(refused)) from None

    @field_validator("account_holder")
    @classmethod
    def _holder(cls, value: str) -> str:
        holder = at_least(value, 1, ErrorCode.REQUIRED, "The account holder's name is required")
        return at_most(holder, ACCOUNT_HOLDER_MAX, "The account holder's name")

    @field_validator("pension_rate")
    @classmethod
    def _pension_rate(cls, value: int) -> int:
        if value not in PENSION_RATES:
            raise invalid(PayrollErrorCode.INVALID_PENSION_RATE, "The pension rate must be 0, 2, 4 or 6 per cent")
        return value


class PayoutDetailsOut(CamelModel):
    iban: str = Field(description='grouped in fours: "EE38 2200 2210 2014 5685"')
    account_holder: str
    basic_exemption: bool
    pension_rate: int
    updated_at: datetime


class PeriodOut(CamelModel):
    start: date
    end: date


class CompanyRef(CamelModel):
    name: str


class PaymentOut(CamelModel):
    """One of a person's payments. The withholdings of a payment not yet in a run are what it would be at its
    due date with the person's current payout details (2 % pension and no exemption while they have none)."""

    id: int
    sequence: int
    application_id: int
    period: PeriodOut
    due_date: date
    gross: str
    pension: str
    unemployment_insurance: str
    income_tax: str
    net: str
    status: PaymentStatus
    paid_at: datetime | None
    failure_reason: str | None
    company: CompanyRef
    payslip_url: str | None = Field(description="the payslip PDF once the payment is paid")


class Totals(CamelModel):
    """The sums of the lines that are paid or to be paid (blocked and failed lines are left out)."""

    gross: str
    pension: str
    unemployment_insurance: str
    income_tax: str
    net: str
    social_tax: str
    line_count: int
    blocked_count: int


class PayRunLineOut(CamelModel):
    id: int
    payment_id: int
    user_id: int
    application_id: int
    full_name: str
    company: CompanyRef
    period: PeriodOut
    due_date: date
    gross: str
    pension: str
    unemployment_insurance: str
    income_tax: str
    net: str
    social_tax: str
    iban_masked: str | None
    status: LineStatus
    reason: str | None = Field(description='why it is not paid: "no_bank_account" when blocked, or the failure')


class PayRunSummary(CamelModel):
    id: int
    pay_date: date
    status: RunStatus
    created_at: datetime
    approved_at: datetime | None
    paid_at: datetime | None
    execution_date: date | None
    totals: Totals


class PayRunOut(PayRunSummary):
    lines: list[PayRunLineOut]


class PayRunCreate(CamelModel):
    pay_date: date = Field(description="a banking day, today or later (Europe/Tallinn)")


class PayRunPaid(CamelModel):
    execution_date: date = Field(description="the day the bank executed the transfers")


class LineFailed(CamelModel):
    reason: str = Field(max_length=REASON_MAX * 2)

    @field_validator("reason")
    @classmethod
    def _reason(cls, value: str) -> str:
        reason = at_least(value, 1, ErrorCode.REQUIRED, "A reason is required")
        return at_most(reason, REASON_MAX, "The reason")
