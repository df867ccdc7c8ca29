"""client cases and the company's client

Issue 35, Handover gate: compliance's client cases as its ``compliance.client.changed`` events tell them (name,
status, periodic review date), and the client each company was handed over to.

Revision ID: c7e2a9d4b813
Revises: a7d3c5e9b1f2
Create Date: 2026-12-01 22:40:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = 'c7e2a9d4b813'
down_revision: str | None = 'a7d3c5e9b1f2'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'client_cases',
        sa.Column('client_id', sa.Integer(), autoincrement=False, nullable=False),
        sa.Column('name', sa.String(length=200), nullable=False),
        sa.Column('status', sa.String(length=20), nullable=False),
        sa.Column('review_due', sa.Date(), nullable=True),
        sa.Column('relationship_ended_on', sa.Date(), nullable=True),
        sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('client_id'),
    )
    op.add_column('companies', sa.Column('client_id', sa.Integer(), nullable=True))


def downgrade() -> None:
    op.drop_column('companies', 'client_id')
    op.drop_table('client_cases')
