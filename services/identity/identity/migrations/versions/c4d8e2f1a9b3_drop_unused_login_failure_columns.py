"""drop users.failed_logins and users.login_blocked_until, unused since failures are counted per client address
(issue 37: expand then contract, deploy/README.md; the release that stopped reading them has shipped)

Revision ID: c4d8e2f1a9b3
Revises: b7e3d9f2c4a6
Create Date: 2026-11-29 03:15:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = 'c4d8e2f1a9b3'
down_revision: str | None = 'b7e3d9f2c4a6'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.drop_column('users', 'login_blocked_until')
    op.drop_column('users', 'failed_logins')


def downgrade() -> None:
    op.add_column('users', sa.Column('failed_logins', sa.Integer(), nullable=False, server_default='0'))
    op.add_column('users', sa.Column('login_blocked_until', sa.DateTime(timezone=True), nullable=True))
