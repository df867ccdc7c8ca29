"""screening blocks: applicants with a confirmed sanctions hit (issue 35), whose application is not approved

Revision ID: a35e9b2c4d10
Revises: f3b8d1e6a9c4
Create Date: 2026-11-29 07:00:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'a35e9b2c4d10'
down_revision: str | None = 'f3b8d1e6a9c4'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('screening_blocks',
    sa.Column('user_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('hit_id', sa.Integer(), nullable=False),
    sa.Column('confirmed_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('user_id')
    )


def downgrade() -> None:
    op.drop_table('screening_blocks')
