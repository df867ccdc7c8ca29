"""admin lists and assignment (issue 17)

Every admin list is paged, sorted and searched on the server: applicants and companies get a full-text
search column over ``search_text`` (portal_common.listing) with a GIN index, applications a copy of the
applicant's name to sort by, and each sort and filter a btree index ending in the id tiebreak. An
application can be assigned to an admin.

Revision ID: e8a4c6d2f1b7
Revises: b5e2f1c9a7d3
Create Date: 2026-11-24 23:30:00.000000
"""
import re
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = 'e8a4c6d2f1b7'
down_revision: str | None = 'b5e2f1c9a7d3'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# portal_common.listing as of this revision, copied so that a later change there cannot change this migration.
SEARCH_VECTOR_SQL = "to_tsvector('simple', search_text)"
WORD = re.compile(r"\w+")
BATCH = 1000
APPLICATION_INDEXES = {
    'ix_applications_created_at_id': ['created_at', 'id'],
    'ix_applications_updated_at_id': ['updated_at', 'id'],
    'ix_applications_sort_name_id': ['sort_name', 'id'],
    'ix_applications_status_id': ['status', 'id'],
    'ix_applications_status_created_at_id': ['status', 'created_at', 'id'],
    'ix_applications_assigned_admin_created_at_id': ['assigned_admin_id', 'created_at', 'id'],
}
COMPANY_INDEXES = {
    'ix_companies_created_at_id': ['created_at', 'id'],
    'ix_companies_name_id': ['name', 'id'],
    'ix_companies_registration_date_id': ['registration_date', 'id'],
    'ix_companies_status_id': ['status', 'id'],
}


def search_text(*parts: str | None) -> str:
    text = " ".join(part for part in parts if part).casefold()
    return f"{text} {' '.join(WORD.findall(text))}".strip()


def _refill(table: str, key: str, columns: str) -> None:
    connection = op.get_bind()
    rows = connection.execute(sa.text(f"select {key}, {columns} from {table}")).all()
    for start in range(0, len(rows), BATCH):
        values = [{"key": row[0], "text": search_text(*row[1:])} for row in rows[start:start + BATCH]]
        connection.execute(sa.text(f"update {table} set search_text = :text where {key} = :key"), values)


def _searchable(table: str) -> None:
    op.add_column(table, sa.Column('search_vector', postgresql.TSVECTOR(),
                                   sa.Computed(SEARCH_VECTOR_SQL, persisted=True), nullable=True))
    op.create_index(f'ix_{table}_search_vector', table, ['search_vector'], postgresql_using='gin')


def upgrade() -> None:
    _refill('applicants', 'user_id', 'full_name, email, id_code')
    _searchable('applicants')

    op.add_column('companies', sa.Column('search_text', sa.Text(), nullable=False, server_default=''))
    op.alter_column('companies', 'search_text', server_default=None)
    _refill('companies', 'id', 'name, registration_code')
    _searchable('companies')
    for name, columns in COMPANY_INDEXES.items():
        op.create_index(name, 'companies', columns)

    op.add_column('applications', sa.Column('assigned_admin_id', sa.Integer(), nullable=True))
    op.add_column('applications', sa.Column('assigned_at', sa.DateTime(timezone=True), nullable=True))
    op.add_column('applications', sa.Column('sort_name', sa.Text(), nullable=False, server_default=''))
    op.alter_column('applications', 'sort_name', server_default=None)
    _fill_sort_names()
    op.drop_index('ix_applications_created_at', table_name='applications')
    op.drop_index('ix_applications_status', table_name='applications')
    for name, columns in APPLICATION_INDEXES.items():
        op.create_index(name, 'applications', columns)


def _fill_sort_names() -> None:
    """Case-folded by Python: Postgres's lower() leaves letters such as "Ü" alone under the C locale."""
    connection = op.get_bind()
    rows = connection.execute(sa.text(
        "select applications.id, applicants.full_name from applications join applicants using (user_id) "
        "where applicants.full_name is not null")).all()
    for start in range(0, len(rows), BATCH):
        values = [{"id": id_, "name": name.casefold()} for id_, name in rows[start:start + BATCH]]
        connection.execute(sa.text("update applications set sort_name = :name where id = :id"), values)


def downgrade() -> None:
    for name in APPLICATION_INDEXES:
        op.drop_index(name, table_name='applications')
    op.create_index('ix_applications_status', 'applications', ['status'])
    op.create_index('ix_applications_created_at', 'applications', ['created_at'])
    op.drop_column('applications', 'sort_name')
    op.drop_column('applications', 'assigned_at')
    op.drop_column('applications', 'assigned_admin_id')
    for name in COMPANY_INDEXES:
        op.drop_index(name, table_name='companies')
    for table in ('companies', 'applicants'):
        op.drop_index(f'ix_{table}_search_vector', table_name=table)
        op.drop_column(table, 'search_vector')
    op.drop_column('companies', 'search_text')
    # applicants.search_text keeps the new form: a search over it still finds what the old one found.
