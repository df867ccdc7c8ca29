"""the board member's liability notice (issue 36): its first published version and the acknowledgements

Revision ID: f36a1b2c4d5e
Revises: d5e1f3a7b9c2
Create Date: 2026-12-01 22:20:00.000000
"""
from collections.abc import Sequence
from datetime import date

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = 'f36a1b2c4d5e'
down_revision: str | None = 'd5e1f3a7b9c2'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

FIRST_VERSION = date(2026, 12, 1)  # identity/liability_notice.py's first text


def upgrade() -> None:
    op.create_table('liability_acknowledgements',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('version', sa.Date(), nullable=False),
    sa.Column('acknowledged_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('ip_address', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
    sa.Column('user_agent', sqlmodel.sql.sqltypes.AutoString(length=500), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('user_id', 'version', name='uq_liability_acknowledgements_user_version')
    )
    op.create_index(op.f('ix_liability_acknowledgements_user_id'), 'liability_acknowledgements', ['user_id'],
                    unique=False)
    op.execute(sa.text(
        "insert into policy_versions (document, version, published_at) values ('liability', :version, now()) "
        "on conflict do nothing").bindparams(version=FIRST_VERSION))


def downgrade() -> None:
    op.drop_index(op.f('ix_liability_acknowledgements_user_id'), table_name='liability_acknowledgements')
    op.drop_table('liability_acknowledgements')
    op.execute("delete from policy_versions where document = 'liability'")
