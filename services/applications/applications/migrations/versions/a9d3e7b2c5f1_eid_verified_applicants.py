"""Applicants verified by eID at registration (issue 34): the method and when, projected from identity's
registration event, and an index for the list's eID filter

Revision ID: a9d3e7b2c5f1
Revises: c7e2a9d4b813
Create Date: 2026-12-02 01:45:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'a9d3e7b2c5f1'
down_revision: str | None = 'c7e2a9d4b813'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('applicants', sa.Column('eid_method', sa.String(length=20), nullable=True))
    op.add_column('applicants', sa.Column('eid_verified_at', sa.DateTime(timezone=True), nullable=True))
    op.create_index('ix_applicants_eid_verified', 'applicants', ['user_id'],
                    postgresql_where=sa.text('eid_method IS NOT NULL'))


def downgrade() -> None:
    op.drop_index('ix_applicants_eid_verified', table_name='applicants')
    op.drop_column('applicants', 'eid_verified_at')
    op.drop_column('applicants', 'eid_method')
