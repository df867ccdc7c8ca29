"""the admin inbox list (issue 17)

The inbox is paged, sorted and searched on the server: messages get ``search_text`` (name, e-mail, subject and
text) with a generated full-text column and a GIN index (portal_common.listing), an index on the lower-cased
e-mail for one sender's messages, and btree indexes for the unread filter and the sorts, each ending in the id
tiebreak. Existing rows are filled in here.

Revision ID: d9b3f7a1c5e2
Revises: f0f6de25676d
Create Date: 2026-11-24 23:40:00.000000
"""
import re
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = 'd9b3f7a1c5e2'
down_revision: str | None = 'f0f6de25676d'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# portal_common.listing as of this revision, copied so that a later change there cannot change this migration.
SEARCH_VECTOR_SQL = "to_tsvector('simple', search_text)"
WORD = re.compile(r"\w+")
BATCH = 1000
INDEXES = {
    'ix_messages_created_at_id': ['created_at', 'id'],
    'ix_messages_email_lower': ['lower(email)'],
    'ix_messages_is_read_created_at_id': ['is_read', 'created_at', 'id'],
    'ix_messages_name_lower_id': ['lower(name)', 'id'],
    'ix_messages_subject_lower_id': ['lower(subject)', 'id'],
}


def search_text(*parts: str | None) -> str:
    text = " ".join(part for part in parts if part).casefold()
    return f"{text} {' '.join(WORD.findall(text))}".strip()


def _fill() -> None:
    connection = op.get_bind()
    rows = connection.execute(sa.text("select id, name, email, subject, message from messages")).all()
    for start in range(0, len(rows), BATCH):
        values = [{"id": row[0], "text": search_text(*row[1:])} for row in rows[start:start + BATCH]]
        connection.execute(sa.text("update messages set search_text = :text where id = :id"), values)


def upgrade() -> None:
    op.add_column('messages', sa.Column('search_text', sa.Text(), nullable=False, server_default=''))
    op.alter_column('messages', 'search_text', server_default=None)
    _fill()
    op.add_column('messages', sa.Column('search_vector', postgresql.TSVECTOR(),
                                        sa.Computed(SEARCH_VECTOR_SQL, persisted=True), nullable=True))
    op.create_index('ix_messages_search_vector', 'messages', ['search_vector'], postgresql_using='gin')
    op.drop_index('ix_messages_is_read', table_name='messages')
    op.drop_index('ix_messages_created_at', table_name='messages')
    for name, columns in INDEXES.items():
        op.create_index(name, 'messages', [sa.literal_column(column) for column in columns])


def downgrade() -> None:
    for name in INDEXES:
        op.drop_index(name, table_name='messages')
    op.create_index('ix_messages_is_read', 'messages', ['is_read'])
    op.create_index('ix_messages_created_at', 'messages', ['created_at'])
    op.drop_index('ix_messages_search_vector', table_name='messages')
    op.drop_column('messages', 'search_vector')
    op.drop_column('messages', 'search_text')
