"""initial schema: the people and companies payroll knows from events, payout details, payments, pay runs and
their lines, and the event tables

Revision ID: b7e2d4f6a813
Revises:
Create Date: 2026-11-25 08:30:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = 'b7e2d4f6a813'
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _event_tables() -> None:
    op.create_table('outbox',
    sa.Column('id', sa.Uuid(), nullable=False),
    sa.Column('subject', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('body', sa.LargeBinary(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('published_at', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index(op.f('ix_outbox_created_at'), 'outbox', ['created_at'], unique=False)
    op.create_index(op.f('ix_outbox_published_at'), 'outbox', ['published_at'], unique=False)
    op.create_table('processed_events',
    sa.Column('event_id', sa.Uuid(), nullable=False),
    sa.Column('processed_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('event_id')
    )


def _projections() -> None:
    op.create_table('people',
    sa.Column('user_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('full_name', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=True),
    sa.Column('id_code', sqlmodel.sql.sqltypes.AutoString(length=11), nullable=True),
    sa.Column('profile_at', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('user_id')
    )
    op.create_table('employments',
    sa.Column('application_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('company_id', sa.Integer(), nullable=False),
    sa.Column('company_name', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('registration_date', sa.Date(), nullable=True),
    sa.Column('term_ends_on', sa.Date(), nullable=True),
    sa.Column('transferred_on', sa.Date(), nullable=True),
    sa.Column('assigned_at', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('application_id')
    )
    op.create_index(op.f('ix_employments_user_id'), 'employments', ['user_id'], unique=False)
    op.create_table('payout_details',
    sa.Column('user_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('iban', sqlmodel.sql.sqltypes.AutoString(length=34), nullable=False),
    sa.Column('account_holder', sqlmodel.sql.sqltypes.AutoString(length=70), nullable=False),
    sa.Column('basic_exemption', sa.Boolean(), nullable=False),
    sa.Column('pension_rate', sa.Integer(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.CheckConstraint('pension_rate in (0, 2, 4, 6)', name='ck_payout_details_pension_rate'),
    sa.PrimaryKeyConstraint('user_id')
    )


def _payments() -> None:
    op.create_table('payments',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('application_id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('sequence', sa.Integer(), nullable=False),
    sa.Column('period_start', sa.Date(), nullable=False),
    sa.Column('period_end', sa.Date(), nullable=False),
    sa.Column('due_date', sa.Date(), nullable=False),
    sa.Column('gross_cents', sa.Integer(), nullable=False),
    sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('failure_reason', sa.Text(), nullable=True),
    sa.Column('paid_at', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('application_id', 'sequence', name='uq_payments_application_id_sequence')
    )
    op.create_index('ix_payments_status_due_date', 'payments', ['status', 'due_date'], unique=False)
    op.create_index('ix_payments_user_id_due_date', 'payments', ['user_id', 'due_date'], unique=False)
    op.create_table('pay_runs',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('pay_date', sa.Date(), nullable=False),
    sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('created_by', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('approved_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('paid_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('execution_date', sa.Date(), nullable=True),
    sa.Column('cancelled_at', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_pay_runs_created_at_id', 'pay_runs', ['created_at', 'id'], unique=False)
    op.create_index('ix_pay_runs_pay_date_id', 'pay_runs', ['pay_date', 'id'], unique=False)
    op.create_table('pay_run_lines',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('run_id', sa.Integer(), nullable=False),
    sa.Column('payment_id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('application_id', sa.Integer(), nullable=False),
    sa.Column('full_name', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('id_code', sqlmodel.sql.sqltypes.AutoString(length=11), nullable=False),
    sa.Column('company_name', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('iban', sqlmodel.sql.sqltypes.AutoString(length=34), nullable=True),
    sa.Column('account_holder', sqlmodel.sql.sqltypes.AutoString(length=70), nullable=True),
    sa.Column('period_start', sa.Date(), nullable=False),
    sa.Column('period_end', sa.Date(), nullable=False),
    sa.Column('due_date', sa.Date(), nullable=False),
    sa.Column('gross_cents', sa.Integer(), nullable=False),
    sa.Column('pension_cents', sa.Integer(), nullable=False),
    sa.Column('unemployment_insurance_cents', sa.Integer(), nullable=False),
    sa.Column('income_tax_cents', sa.Integer(), nullable=False),
    sa.Column('net_cents', sa.Integer(), nullable=False),
    sa.Column('social_tax_cents', sa.Integer(), nullable=False),
    sa.Column('basic_exemption_cents', sa.Integer(), nullable=False),
    sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('reason', sa.Text(), nullable=True),
    sa.Column('holds_payment', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['payment_id'], ['payments.id'], ),
    sa.ForeignKeyConstraint(['run_id'], ['pay_runs.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_pay_run_lines_run_id_id', 'pay_run_lines', ['run_id', 'id'], unique=False)
    op.create_index(op.f('ix_pay_run_lines_payment_id'), 'pay_run_lines', ['payment_id'], unique=False)
    # Issue 23: no payment is ever paid by two runs, whatever two admins do at the same moment.
    op.create_index('uq_pay_run_lines_held_payment', 'pay_run_lines', ['payment_id'], unique=True,
                    postgresql_where=sa.text('holds_payment'))


def upgrade() -> None:
    _event_tables()
    _projections()
    _payments()


def downgrade() -> None:
    for table in ('pay_run_lines', 'pay_runs', 'payments', 'payout_details', 'employments', 'people',
                  'processed_events', 'outbox'):
        op.drop_table(table)
