"""Applicants who registered with an eID (issue 34): the method, projected from identity's registration event; their
employment contract is signed with an eID, never drawn or typed

Revision ID: b4f8e2c6a1d7
Revises: d7c2e9a4b6f8
Create Date: 2026-12-02 01:50:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'b4f8e2c6a1d7'
down_revision: str | None = 'd7c2e9a4b6f8'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('applicants', sa.Column('eid_method', sa.String(length=20), nullable=True))


def downgrade() -> None:
    op.drop_column('applicants', 'eid_method')
