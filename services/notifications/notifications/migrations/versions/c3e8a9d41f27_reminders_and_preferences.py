"""reminders and preferences: watched document requests, the daily reminder runs, e-mail preferences

Revision ID: c3e8a9d41f27
Revises: a1c4e7f2b901
Create Date: 2026-11-25 03:30:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = 'c3e8a9d41f27'
down_revision: str | None = 'a1c4e7f2b901'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('watched_requests',
    sa.Column('request_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('due_date', sa.Date(), nullable=True),
    sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('status_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('request_id')
    )
    op.create_index('ix_watched_requests_status_due_date', 'watched_requests', ['status', 'due_date'], unique=False)
    op.create_table('reminder_runs',
    sa.Column('day', sa.Date(), nullable=False),
    sa.Column('ran_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('day')
    )
    op.create_table('email_preferences',
    sa.Column('user_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('reminders', sa.Boolean(), nullable=False),
    sa.Column('status_updates', sa.Boolean(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('user_id')
    )


def downgrade() -> None:
    op.drop_table('email_preferences')
    op.drop_table('reminder_runs')
    op.drop_index('ix_watched_requests_status_due_date', table_name='watched_requests')
    op.drop_table('watched_requests')
