"""payroll's tables (issue 23): projections of the people and their companies from identity's and applications'
events, the payout details people give, the six payments of each term, and the pay runs that pay them."""

from datetime import date, datetime

from sqlalchemy import CheckConstraint, DateTime, Index, Text, UniqueConstraint, text
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

from portal_common.clock import utcnow

PAYMENT_STATUSES = ("scheduled", "in_run", "paid", "failed", "cancelled")
# A payment the next run may take: never paid, or paid back by the bank.
POOL_STATUSES = ("scheduled", "failed")
RUN_STATUSES = ("draft", "approved", "paid", "cancelled")
# ready: exported to the bank; blocked: no bank details, never exported; paid; failed: returned to the pool.
LINE_STATUSES = ("ready", "blocked", "paid", "failed")


class ServiceTable(SQLModel, registry=registry()):
    """Base of payroll's own tables: a registry and metadata of its own, so every service's models load in one
    process (one test run). The event tables every service shares stay on SQLModel's default metadata."""


class Person(ServiceTable, table=True):
    """A user as identity last announced them: the name and ID code of the payslip and the TSD annex."""

    __tablename__ = "people"

    user_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    full_name: str | None = Field(default=None, max_length=200)
    id_code: str | None = Field(default=None, max_length=11)
    profile_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))


class Employment(ServiceTable, table=True):
    """An application's company as applications last announced it: the term the payments pay for."""

    __tablename__ = "employments"

    application_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    user_id: int = Field(index=True)
    company_id: int
    company_name: str = Field(default="", max_length=200)
    registration_date: date | None = None
    term_ends_on: date | None = None
    transferred_on: date | None = None
    assigned_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))


class PayoutDetails(ServiceTable, table=True):
    """Where a person is paid and how they asked to be taxed (issue 23, Bank details and tax choices). The IBAN
    is kept compact, in capitals."""

    __tablename__ = "payout_details"
    __table_args__ = (CheckConstraint("pension_rate in (0, 2, 4, 6)", name="ck_payout_details_pension_rate"),)

    user_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    iban: str = Field(max_length=34)
    account_holder: str = Field(max_length=70)
    basic_exemption: bool = False
    pension_rate: int = 2
    updated_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))


class Payment(ServiceTable, table=True):
    """One month of a board member's term, paid once (issue 23, The schedule). Money is in cents."""

    __tablename__ = "payments"
    __table_args__ = (
        UniqueConstraint("application_id", "sequence", name="uq_payments_application_id_sequence"),
        Index("ix_payments_status_due_date", "status", "due_date"),
        Index("ix_payments_user_id_due_date", "user_id", "due_date"),
    )

    id: int | None = Field(default=None, primary_key=True)
    application_id: int
    user_id: int
    sequence: int
    period_start: date
    period_end: date
    due_date: date
    gross_cents: int
    status: str = Field(default="scheduled", max_length=20)
    failure_reason: str | None = Field(default=None, sa_type=Text)
    paid_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))


class PayRun(ServiceTable, table=True):
    """The payments an admin pays on one day (issue 23, The pay run)."""

    __tablename__ = "pay_runs"
    __table_args__ = (Index("ix_pay_runs_created_at_id", "created_at", "id"),
                      Index("ix_pay_runs_pay_date_id", "pay_date", "id"))

    id: int | None = Field(default=None, primary_key=True)
    pay_date: date
    status: str = Field(default="draft", max_length=20)
    created_by: int
    created_at: datetime = Field(default_factory=utcnow, sa_type=DateTime(timezone=True))
    approved_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    paid_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))
    execution_date: date | None = None
    cancelled_at: datetime | None = Field(default=None, sa_type=DateTime(timezone=True))


class PayRunLine(ServiceTable, table=True):
    """One payment in a run, with what it was computed to at the run's pay date and whom it goes to.

    ``holds_payment`` is true while this line is the one paying its payment (ready or paid, in a run not
    cancelled); the partial unique index lets only one line in the database hold a payment, so two runs made at
    the same moment can never both pay it (issue 23: "a database constraint"). A blocked line holds nothing: the
    payment stays in the pool for the next run."""

    __tablename__ = "pay_run_lines"
    __table_args__ = (
        Index("uq_pay_run_lines_held_payment", "payment_id", unique=True, postgresql_where=text("holds_payment")),
        Index("ix_pay_run_lines_run_id_id", "run_id", "id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    run_id: int = Field(foreign_key="pay_runs.id")
    payment_id: int = Field(foreign_key="payments.id", index=True)
    user_id: int
    application_id: int
    full_name: str = Field(default="", max_length=200)
    id_code: str = Field(default="", max_length=11)
    company_name: str = Field(default="", max_length=200)
    iban: str | None = Field(default=None, max_length=34)
    account_holder: str | None = Field(default=None, max_length=70)
    period_start: date
    period_end: date
    due_date: date
    gross_cents: int
    pension_cents: int
    unemployment_insurance_cents: int
    income_tax_cents: int
    net_cents: int
    social_tax_cents: int
    basic_exemption_cents: int
    status: str = Field(default="ready", max_length=20)
    reason: str | None = Field(default=None, sa_type=Text)
    holds_payment: bool = True
