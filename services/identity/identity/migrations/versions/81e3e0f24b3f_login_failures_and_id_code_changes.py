"""login failures per username and client address; ID code change attempts

Revision ID: 81e3e0f24b3f
Revises: 0247eb44b4d6
Create Date: 2026-11-27 12:00:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '81e3e0f24b3f'
down_revision: str | None = '0247eb44b4d6'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('login_failures',
    sa.Column('username_key', sqlmodel.sql.sqltypes.AutoString(length=150), nullable=False),
    sa.Column('client_address', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('failures', sa.Integer(), nullable=False),
    sa.Column('blocked_until', sa.DateTime(timezone=True), nullable=True),
    sa.Column('last_failed_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('username_key', 'client_address')
    )
    op.create_index(op.f('ix_login_failures_last_failed_at'), 'login_failures', ['last_failed_at'], unique=False)
    op.create_table('id_code_changes',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('attempted_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index(op.f('ix_id_code_changes_user_id'), 'id_code_changes', ['user_id'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_id_code_changes_user_id'), table_name='id_code_changes')
    op.drop_table('id_code_changes')
    op.drop_index(op.f('ix_login_failures_last_failed_at'), table_name='login_failures')
    op.drop_table('login_failures')
