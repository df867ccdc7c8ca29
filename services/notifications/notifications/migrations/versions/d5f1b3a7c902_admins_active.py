"""whether an admin is active, from identity.admin.saved (issue 37: a deactivated admin gets no admins' e-mails)

Revision ID: d5f1b3a7c902
Revises: c3e8a9d41f27
Create Date: 2026-11-29 03:30:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = 'd5f1b3a7c902'
down_revision: str | None = 'c3e8a9d41f27'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('recipients', sa.Column('active', sa.Boolean(), server_default='true', nullable=False))


def downgrade() -> None:
    op.drop_column('recipients', 'active')
