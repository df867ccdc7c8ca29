"""mandate register dates

Issue 36, The mandate, tracked: the Business Register's appointment and removal entry dates of the board member's
mandate, one row per application (the company it was recorded for beside it).

Revision ID: a7d3c5e9b1f2
Revises: a35e9b2c4d10 (re-chained on merge after compliance's screening blocks)
Create Date: 2026-11-29 07:00:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = 'a7d3c5e9b1f2'
down_revision: str | None = 'a35e9b2c4d10'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'mandates',
        sa.Column('application_id', sa.Integer(), nullable=False),
        sa.Column('company_id', sa.Integer(), nullable=False),
        sa.Column('appointed_on', sa.Date(), nullable=True),
        sa.Column('removed_on', sa.Date(), nullable=True),
        sa.Column('updated_by', sa.Integer(), nullable=False),
        sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['application_id'], ['applications.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['company_id'], ['companies.id']),
        sa.PrimaryKeyConstraint('application_id'),
    )


def downgrade() -> None:
    op.drop_table('mandates')
