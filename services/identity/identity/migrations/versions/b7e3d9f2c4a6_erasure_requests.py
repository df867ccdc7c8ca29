"""erasure requests and the services' answers to them (issue 16, Erasure and retention)

Revision ID: b7e3d9f2c4a6
Revises: a16c0e5e7b01
Create Date: 2026-11-25 08:40:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = 'b7e3d9f2c4a6'
down_revision: str | None = 'a16c0e5e7b01'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('erasure_requests',
    sa.Column('id', sa.Uuid(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('origin', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('reason', sqlmodel.sql.sqltypes.AutoString(length=1000), nullable=False),
    sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('requested_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('due_date', sa.Date(), nullable=False),
    sa.Column('decided_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('decided_by', sa.Integer(), nullable=True),
    sa.Column('decision_reason', sqlmodel.sql.sqltypes.AutoString(length=1000), nullable=True),
    sa.Column('completed_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index(op.f('ix_erasure_requests_user_id'), 'erasure_requests', ['user_id'], unique=False)
    op.create_index('ux_erasure_requests_pending_user', 'erasure_requests', ['user_id'], unique=True,
                    postgresql_where=sa.text("status = 'pending'"))
    op.create_index('ix_erasure_requests_requested_at_id', 'erasure_requests', ['requested_at', 'id'], unique=False)
    op.create_table('erasure_answers',
    sa.Column('request_id', sa.Uuid(), nullable=False),
    sa.Column('service', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('answered_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['request_id'], ['erasure_requests.id'], ),
    sa.PrimaryKeyConstraint('request_id', 'service')
    )


def downgrade() -> None:
    op.drop_table('erasure_answers')
    op.drop_index('ix_erasure_requests_requested_at_id', table_name='erasure_requests')
    op.drop_index('ux_erasure_requests_pending_user', table_name='erasure_requests')
    op.drop_index(op.f('ix_erasure_requests_user_id'), table_name='erasure_requests')
    op.drop_table('erasure_requests')
