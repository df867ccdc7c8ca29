"""contract events: when an admin sent the contract and when the applicant first opened it

The signing certificate page lists the contract's events (issue 13: created by an admin, sent, first viewed by the
applicant, signed); the last two were not recorded. Contracts sent or viewed before this revision show no such
event: their times are unknown and are not made up.

Revision ID: a7d3e5f1c2b9
Revises: 5b7e21c4d9a3
Create Date: 2026-11-24 23:10:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = 'a7d3e5f1c2b9'
down_revision: str | None = '5b7e21c4d9a3'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('contracts', sa.Column('sent_at', sa.DateTime(timezone=True), nullable=True))
    op.add_column('contracts', sa.Column('first_viewed_at', sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    op.drop_column('contracts', 'first_viewed_at')
    op.drop_column('contracts', 'sent_at')
