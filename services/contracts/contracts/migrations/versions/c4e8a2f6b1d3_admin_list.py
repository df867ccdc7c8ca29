"""the admin list (issue 17)

The admin's contract list is paged, sorted and searched on the server: contracts get ``search_text`` (the title
and the applicant's name, e-mail and ID code, so that one index answers) with a generated full-text column and a
GIN index (portal_common.listing), and every sort and filter a btree index ending in the id tiebreak (the dates,
which may be missing, one for each direction, as both put the missing ones last). Existing rows are filled in
here.

Revision ID: c4e8a2f6b1d3
Revises: a7d3e5f1c2b9
Create Date: 2026-11-24 23:30:00.000000
"""
import re
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = 'c4e8a2f6b1d3'
down_revision: str | None = 'a7d3e5f1c2b9'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# portal_common.listing as of this revision, copied so that a later change there cannot change this migration.
SEARCH_VECTOR_SQL = "to_tsvector('simple', search_text)"
WORD = re.compile(r"\w+")
BATCH = 1000
CONTRACT_INDEXES = {
    'ix_contracts_created_at_id': ['created_at', 'id'],
    'ix_contracts_status_id': ['status', 'id'],
    'ix_contracts_status_kind_expires_at': ['status', 'kind', 'expires_at'],
    'ix_contracts_title_id': ['title', 'id'],
    'ix_contracts_expires_at_id': ['expires_at', 'id'],
    'ix_contracts_signed_at_id': ['signed_at', 'id'],
    'ix_contracts_expires_at_desc_id': ['expires_at DESC NULLS LAST', 'id DESC'],
    'ix_contracts_signed_at_desc_id': ['signed_at DESC NULLS LAST', 'id DESC'],
}


def search_text(*parts: str | None) -> str:
    text = " ".join(part for part in parts if part).casefold()
    return f"{text} {' '.join(WORD.findall(text))}".strip()


def _fill() -> None:
    connection = op.get_bind()
    rows = connection.execute(sa.text(
        "select contracts.id, contracts.title, applicants.full_name, applicants.email, applicants.id_code "
        "from contracts left join applicants using (user_id)")).all()
    for start in range(0, len(rows), BATCH):
        values = [{"id": row[0], "text": search_text(*row[1:])} for row in rows[start:start + BATCH]]
        connection.execute(sa.text("update contracts set search_text = :text where id = :id"), values)


def upgrade() -> None:
    op.add_column('contracts', sa.Column('search_text', sa.Text(), nullable=False, server_default=''))
    op.alter_column('contracts', 'search_text', server_default=None)
    _fill()
    op.add_column('contracts', sa.Column('search_vector', postgresql.TSVECTOR(),
                                         sa.Computed(SEARCH_VECTOR_SQL, persisted=True), nullable=True))
    op.create_index('ix_contracts_search_vector', 'contracts', ['search_vector'], postgresql_using='gin')
    for name, columns in CONTRACT_INDEXES.items():
        op.create_index(name, 'contracts', [sa.literal_column(column) for column in columns])
    op.drop_index('ix_contracts_created_at', table_name='contracts')


def downgrade() -> None:
    op.create_index('ix_contracts_created_at', 'contracts', ['created_at'])
    for name in CONTRACT_INDEXES:
        op.drop_index(name, table_name='contracts')
    op.drop_index('ix_contracts_search_vector', table_name='contracts')
    op.drop_column('contracts', 'search_vector')
    op.drop_column('contracts', 'search_text')
