"""policy versions and the consents given to them (issue 16 "Consent")

Revision ID: a16c0e5e7b01
Revises: 9d2f6a1c7e45
Create Date: 2026-11-25 08:10:00.000000
"""
from collections.abc import Sequence
from datetime import date

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = 'a16c0e5e7b01'
down_revision: str | None = '9d2f6a1c7e45'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The texts the portal shows today were last updated on this day (spec §2 Legal pages, §9).
TODAYS_TEXTS = date(2025, 5, 9)


def upgrade() -> None:
    op.create_table('policy_versions',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('document', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('version', sa.Date(), nullable=False),
    sa.Column('published_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('document', 'version', name='uq_policy_versions_document_version')
    )
    op.create_table('consents',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('document', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('version', sa.Date(), nullable=False),
    sa.Column('accepted_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('ip_address', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
    sa.Column('user_agent', sqlmodel.sql.sqltypes.AutoString(length=500), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index(op.f('ix_consents_user_id'), 'consents', ['user_id'], unique=False)
    # Accounts made before this have no consent on record, so they are asked once at their next sign-in.
    op.execute(sa.text(
        "insert into policy_versions (document, version, published_at) "
        "values ('terms', :version, now()), ('privacy', :version, now()), ('contract', :version, now())"
    ).bindparams(version=TODAYS_TEXTS))


def downgrade() -> None:
    op.drop_index(op.f('ix_consents_user_id'), table_name='consents')
    op.drop_table('consents')
    op.drop_table('policy_versions')
