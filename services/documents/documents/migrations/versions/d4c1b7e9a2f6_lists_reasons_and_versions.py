"""admin lists (search, sorts, filters), rejection reasons and document versions (issue 17)

Revision ID: d4c1b7e9a2f6
Revises: 89ecc3abd6b7
Create Date: 2026-11-24 23:30:00.000000
"""
import re
from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = 'd4c1b7e9a2f6'
down_revision: str | None = '89ecc3abd6b7'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# As portal_common.listing has them today; a migration keeps its own copy so it does the same when rerun later.
SEARCH_VECTOR_SQL = "to_tsvector('simple', search_text)"
WORD = re.compile(r"\w+")
BATCH = 5000
CURRENT_DOCUMENT_INDEXES = {"created": ("created_at", "id"), "status": ("status", "created_at", "id"),
                            "name": ("name", "id")}


def _search_text(*parts: str | None) -> str:
    text = " ".join(part for part in parts if part).casefold()
    return f"{text} {' '.join(WORD.findall(text))}".strip()


def _search_columns(table: str) -> None:
    op.add_column(table, sa.Column('search_text', sa.Text(), server_default='', nullable=False))
    op.add_column(table, sa.Column('search_vector', postgresql.TSVECTOR(),
                                   sa.Computed(SEARCH_VECTOR_SQL, persisted=True), nullable=True))


def _fill_search_text(table: str, key: str, columns: tuple[str, ...]) -> None:
    """Existing rows become findable: the same text the service writes for new ones, in batches."""
    connection = op.get_bind()
    last = None
    while True:
        after = "" if last is None else f"where {key} > :last"
        rows = connection.execute(sa.text(f"select {key}, {', '.join(columns)} from {table} {after} "
                                          f"order by {key} limit {BATCH}"),
                                  {} if last is None else {"last": last}).all()
        if not rows:
            return
        connection.execute(sa.text(f"update {table} set search_text = :text where {key} = :key"),
                           [{"key": row[0], "text": _search_text(*row[1:])} for row in rows])
        last = rows[-1][0]


def upgrade() -> None:
    _search_columns('applicants')
    op.add_column('applicants', sa.Column('id_code', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=True))
    _fill_search_text('applicants', 'user_id', ('full_name', 'email'))
    op.create_index('ix_applicants_search_vector', 'applicants', ['search_vector'], unique=False,
                    postgresql_using='gin')

    _search_columns('document_requests')
    _fill_search_text('document_requests', 'id', ('name',))
    op.create_index('ix_document_requests_search_vector', 'document_requests', ['search_vector'], unique=False,
                    postgresql_using='gin')
    op.create_index('ix_document_requests_status_created', 'document_requests', ['status', 'created_at', 'id'],
                    unique=False)
    op.create_index('ix_document_requests_due_date', 'document_requests', ['due_date', 'id'], unique=False)
    op.create_index('ix_document_requests_name', 'document_requests', ['name', 'id'], unique=False)

    _search_columns('documents')
    op.add_column('documents', sa.Column('rejection_reason', sa.Text(), nullable=True))
    op.add_column('documents', sa.Column('replaces_id', sa.Integer(), nullable=True))
    op.add_column('documents', sa.Column('replaced_by_id', sa.Integer(), nullable=True))
    op.add_column('documents', sa.Column('first_version_id', sa.Integer(), nullable=True))
    op.create_foreign_key(None, 'documents', 'documents', ['replaces_id'], ['id'])
    op.create_foreign_key(None, 'documents', 'documents', ['replaced_by_id'], ['id'])
    op.create_unique_constraint(None, 'documents', ['replaces_id'])
    op.create_index(op.f('ix_documents_replaced_by_id'), 'documents', ['replaced_by_id'], unique=False)
    op.create_index(op.f('ix_documents_first_version_id'), 'documents', ['first_version_id'], unique=False)
    _fill_search_text('documents', 'id', ('name', 'file_name'))
    op.create_index('ix_documents_search_vector', 'documents', ['search_vector'], unique=False,
                    postgresql_using='gin')
    for name, columns in CURRENT_DOCUMENT_INDEXES.items():  # what the admin list reads: current versions
        op.create_index(f'ix_documents_current_{name}', 'documents', list(columns), unique=False,
                        postgresql_where=sa.text('replaced_by_id IS NULL'))


def downgrade() -> None:
    for name in CURRENT_DOCUMENT_INDEXES:
        op.drop_index(f'ix_documents_current_{name}', table_name='documents')
    op.drop_index('ix_documents_search_vector', table_name='documents', postgresql_using='gin')
    op.drop_index(op.f('ix_documents_first_version_id'), table_name='documents')
    op.drop_index(op.f('ix_documents_replaced_by_id'), table_name='documents')
    op.drop_constraint('documents_replaces_id_key', 'documents', type_='unique')
    op.drop_constraint('documents_replaced_by_id_fkey', 'documents', type_='foreignkey')
    op.drop_constraint('documents_replaces_id_fkey', 'documents', type_='foreignkey')
    for column in ('first_version_id', 'replaced_by_id', 'replaces_id', 'rejection_reason', 'search_vector',
                   'search_text'):
        op.drop_column('documents', column)
    for index in ('ix_document_requests_name', 'ix_document_requests_due_date', 'ix_document_requests_status_created',
                  'ix_document_requests_search_vector'):
        op.drop_index(index, table_name='document_requests')
    op.drop_column('document_requests', 'search_vector')
    op.drop_column('document_requests', 'search_text')
    op.drop_index('ix_applicants_search_vector', table_name='applicants', postgresql_using='gin')
    for column in ('search_vector', 'search_text', 'id_code'):
        op.drop_column('applicants', column)
