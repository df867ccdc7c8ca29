"""the board members' mandates watched for their e-mails, and the daily round's runs (issue 36)

Revision ID: e7a2c4f6b813
Revises: d5f1b3a7c902
Create Date: 2026-12-01 22:40:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = 'e7a2c4f6b813'
down_revision: str | None = 'd5f1b3a7c902'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('watched_mandates',
    sa.Column('application_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('company_id', sa.Integer(), nullable=False),
    sa.Column('company_name', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('appointed_on', sa.Date(), nullable=True),
    sa.Column('removed_on', sa.Date(), nullable=True),
    sa.Column('planned_end', sa.Date(), nullable=True),
    sa.Column('removal_deadline', sa.Date(), nullable=True),
    sa.Column('recorded_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('application_id')
    )
    op.create_table('mandate_runs',
    sa.Column('day', sa.Date(), nullable=False),
    sa.Column('ran_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('day')
    )


def downgrade() -> None:
    op.drop_table('mandate_runs')
    op.drop_table('watched_mandates')
