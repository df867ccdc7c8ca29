"""every application of a user

A document request may name any of the applicant's applications, not only the newest (issue 37, Applying again):
documents keeps each application applications announced, with its user. Filled here from what documents already
knows (each user's current application, and the applications its requests and documents name); later ones come
with applications' events.

Revision ID: a3d5f7b9c2e4
Revises: e7a91c3f5b20
Create Date: 2026-11-29 06:55:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'a3d5f7b9c2e4'
down_revision: str | None = 'e7a91c3f5b20'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'applications',
        sa.Column('application_id', sa.Integer(), autoincrement=False, nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint('application_id'),
    )
    op.create_index(op.f('ix_applications_user_id'), 'applications', ['user_id'], unique=False)
    op.execute("""
        insert into applications (application_id, user_id)
        select application_id, user_id from applicants where application_id is not null
        union select application_id, user_id from document_requests where application_id is not null
        union select application_id, user_id from documents where application_id is not null
        on conflict do nothing
    """)


def downgrade() -> None:
    op.drop_index(op.f('ix_applications_user_id'), table_name='applications')
    op.drop_table('applications')
