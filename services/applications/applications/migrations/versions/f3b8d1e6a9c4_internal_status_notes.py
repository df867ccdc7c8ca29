"""internal status notes

Issue 16, What each role sees: a status update carries a note to the applicant (the existing ``notes``, which
applicants have always seen, so old rows stay as they are) and an internal one for admins only.

Revision ID: f3b8d1e6a9c4
Revises: e8a4c6d2f1b7
Create Date: 2026-11-25 06:30:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = 'f3b8d1e6a9c4'
down_revision: str | None = 'e8a4c6d2f1b7'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('status_updates', sa.Column('internal_note', sa.Text(), nullable=True))


def downgrade() -> None:
    op.drop_column('status_updates', 'internal_note')
