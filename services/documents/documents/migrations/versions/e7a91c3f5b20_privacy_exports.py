"""privacy exports: a person's copy of their data and the other services' parts of it (issue 16)

Revision ID: e7a91c3f5b20
Revises: d4c1b7e9a2f6
Create Date: 2026-11-25 08:30:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = 'e7a91c3f5b20'
down_revision: str | None = 'd4c1b7e9a2f6'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'privacy_exports',
        sa.Column('id', sa.Uuid(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('requested_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('parts_complete_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('ready_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('expires_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('object_key', sa.String(length=100), nullable=True),
        sa.Column('size', sa.BigInteger(), nullable=True),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ux_privacy_exports_pending_user', 'privacy_exports', ['user_id'], unique=True,
                    postgresql_where=sa.text('ready_at IS NULL'))
    op.create_index('ix_privacy_exports_user_requested', 'privacy_exports', ['user_id', 'requested_at'])
    op.create_index(op.f('ix_privacy_exports_expires_at'), 'privacy_exports', ['expires_at'])
    op.create_table(
        'privacy_export_pieces',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('export_id', sa.Uuid(), nullable=False),
        sa.Column('service', sa.String(length=30), nullable=False),
        sa.Column('part_index', sa.Integer(), nullable=False),
        sa.Column('part_count', sa.Integer(), nullable=False),
        sa.Column('file_name', sa.String(length=100), nullable=False),
        sa.Column('content', sa.Text(), nullable=False),
        sa.Column('attachments', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column('received_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['export_id'], ['privacy_exports.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('export_id', 'service', 'part_index', name='uq_privacy_export_pieces_part'),
    )
    op.create_index(op.f('ix_privacy_export_pieces_export_id'), 'privacy_export_pieces', ['export_id'])


def downgrade() -> None:
    op.drop_index(op.f('ix_privacy_export_pieces_export_id'), table_name='privacy_export_pieces')
    op.drop_table('privacy_export_pieces')
    op.drop_index(op.f('ix_privacy_exports_expires_at'), table_name='privacy_exports')
    op.drop_index('ix_privacy_exports_user_requested', table_name='privacy_exports')
    op.drop_index('ux_privacy_exports_pending_user', table_name='privacy_exports')
    op.drop_table('privacy_exports')
