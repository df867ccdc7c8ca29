"""applying again: more than one application per user

"The person may apply again" (spec §1, issue 13): a user's applications form a chain, each later one naming
the one it follows. user_id stops being unique; one first application per user and at most one follower
per application keep two concurrent applications (or a registration event racing the first GET) from
making two.

Revision ID: b5e2f1c9a7d3
Revises: d41c7a0b9e25
Create Date: 2026-11-24 21:30:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = 'b5e2f1c9a7d3'
down_revision: str | None = 'd41c7a0b9e25'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('applications', sa.Column('previous_application_id', sa.Integer(), nullable=True))
    op.create_foreign_key('applications_previous_application_id_fkey', 'applications', 'applications',
                          ['previous_application_id'], ['id'])
    op.create_unique_constraint('applications_previous_application_id_key', 'applications',
                                ['previous_application_id'])
    # Every existing application is its user's first, so the partial index holds them all before the
    # unique constraint it replaces goes.
    op.create_index('uq_applications_first_per_user', 'applications', ['user_id'], unique=True,
                    postgresql_where=sa.text('previous_application_id IS NULL'))
    op.drop_constraint('applications_user_id_key', 'applications', type_='unique')
    op.create_index(op.f('ix_applications_user_id'), 'applications', ['user_id'], unique=False)


def downgrade() -> None:
    # Only possible while every user has one application, as before.
    op.drop_index(op.f('ix_applications_user_id'), table_name='applications')
    op.create_unique_constraint('applications_user_id_key', 'applications', ['user_id'])
    op.drop_index('uq_applications_first_per_user', table_name='applications')
    op.drop_constraint('applications_previous_application_id_key', 'applications', type_='unique')
    op.drop_constraint('applications_previous_application_id_fkey', 'applications', type_='foreignkey')
    op.drop_column('applications', 'previous_application_id')
