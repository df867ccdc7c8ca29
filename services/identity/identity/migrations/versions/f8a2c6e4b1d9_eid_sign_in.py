"""eID sign-in and registration (issue 34): eID sessions, Web eID nonces, and how an account's identity was verified

Revision ID: f8a2c6e4b1d9
Revises: f36a1b2c4d5e
Create Date: 2026-12-01 22:10:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'f8a2c6e4b1d9'
down_revision: str | None = 'f36a1b2c4d5e'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('users', sa.Column('eid_verified_method', sa.String(length=20), nullable=True))
    op.add_column('users', sa.Column('eid_verified_at', sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        'eid_sessions',
        sa.Column('id', sa.String(length=36), primary_key=True),
        sa.Column('purpose', sa.String(length=20), nullable=False),
        sa.Column('method', sa.String(length=20), nullable=False),
        sa.Column('state', sa.String(length=20), nullable=False),
        sa.Column('browser_hash', sa.String(length=64), nullable=False),
        sa.Column('provider_session', sa.String(), nullable=True),
        sa.Column('verification_code', sa.String(length=8), nullable=True),
        sa.Column('requested_id_code', sa.String(length=11), nullable=True),
        sa.Column('error_code', sa.String(length=40), nullable=True),
        sa.Column('id_code', sa.String(length=11), nullable=True),
        sa.Column('given_name', sa.String(length=100), nullable=True),
        sa.Column('surname', sa.String(length=100), nullable=True),
        sa.Column('user_id', sa.Integer(), sa.ForeignKey('users.id'), nullable=True),
        sa.Column('client_address', sa.String(length=64), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('expires_at', sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index('ix_eid_sessions_browser_hash', 'eid_sessions', ['browser_hash'])
    op.create_index('ix_eid_sessions_user_id', 'eid_sessions', ['user_id'])
    op.create_index('ix_eid_sessions_expires_at', 'eid_sessions', ['expires_at'])
    op.create_table(
        'eid_nonces',
        sa.Column('nonce', sa.String(length=64), primary_key=True),
        sa.Column('browser_hash', sa.String(length=64), nullable=False),
        sa.Column('expires_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('used_at', sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index('ix_eid_nonces_expires_at', 'eid_nonces', ['expires_at'])


def downgrade() -> None:
    op.drop_table('eid_nonces')
    op.drop_table('eid_sessions')
    op.drop_column('users', 'eid_verified_method')
    op.drop_column('users', 'eid_verified_at')
