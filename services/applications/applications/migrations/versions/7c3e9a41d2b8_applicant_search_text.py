"""applicant search text

Revision ID: 7c3e9a41d2b8
Revises: 0ef1325255ad
Create Date: 2026-11-21 00:30:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '7c3e9a41d2b8'
down_revision: str | None = '0ef1325255ad'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEPARATOR = "\x1f"


def upgrade() -> None:
    op.add_column('applicants', sa.Column('search_text', sa.Text(), nullable=False, server_default=''))
    op.alter_column('applicants', 'search_text', server_default=None)
    # Case-folded by Python, like the service does (Postgres's ILIKE under the C locale leaves "Ü" alone).
    connection = op.get_bind()
    rows = connection.execute(sa.text("select user_id, full_name, email, id_code from applicants")).all()
    for user_id, *values in rows:
        text = SEPARATOR.join(v.casefold() for v in values if v)
        connection.execute(sa.text("update applicants set search_text = :text where user_id = :id"),
                           {"text": text, "id": user_id})


def downgrade() -> None:
    op.drop_column('applicants', 'search_text')
