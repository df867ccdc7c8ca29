"""users.totp_last_step: the last TOTP time step a code was accepted for, so that no code is accepted twice
(issue 37, RFC 6238 §5.2)

Revision ID: d5e1f3a7b9c2
Revises: e35c0f1ce0a1 (re-chained on merge after compliance's officer column)
Create Date: 2026-11-29 06:20:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = 'd5e1f3a7b9c2'
down_revision: str | None = 'e35c0f1ce0a1'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('users', sa.Column('totp_last_step', sa.BigInteger(), nullable=True))


def downgrade() -> None:
    op.drop_column('users', 'totp_last_step')
