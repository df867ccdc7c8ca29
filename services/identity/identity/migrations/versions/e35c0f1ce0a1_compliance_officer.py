"""the compliance officer attribute of admins (issue 35); the first admin made is one

Revision ID: e35c0f1ce0a1
Revises: c4d8e2f1a9b3
Create Date: 2026-11-29 06:50:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'e35c0f1ce0a1'
down_revision: str | None = 'c4d8e2f1a9b3'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('users', sa.Column('compliance_officer', sa.Boolean(), nullable=False,
                                     server_default=sa.false()))
    op.alter_column('users', 'compliance_officer', server_default=None)
    # Somebody must be able to name the others: the oldest active admin is the first officer.
    op.execute("UPDATE users SET compliance_officer = true WHERE id = (SELECT min(id) FROM users "
               "WHERE role = 'admin' AND deactivated_at IS NULL)")


def downgrade() -> None:
    op.drop_column('users', 'compliance_officer')
