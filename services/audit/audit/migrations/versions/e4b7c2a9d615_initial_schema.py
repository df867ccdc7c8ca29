"""initial schema: the append-only, hash-chained audit records, the names of the people in them, and the event
tables

Revision ID: e4b7c2a9d615
Revises:
Create Date: 2026-11-25 05:20:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = 'e4b7c2a9d615'
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# As contracts' signature audit trail (issue 15: "a database trigger refuses UPDATE and DELETE on the table, as
# the signature audit does"); TRUNCATE, which row triggers do not see, is refused too. Only the table's owner can
# disable a trigger, and `python -m audit audit verify` finds what is changed while one is off.
APPEND_ONLY = """
create function audit_records_append_only() returns trigger language plpgsql as $$
begin
    raise exception 'the audit log is append-only' using errcode = 'integrity_constraint_violation';
end
$$;
create trigger audit_records_append_only before update or delete on audit_records
    for each row execute function audit_records_append_only();
create trigger audit_records_no_truncate before truncate on audit_records
    for each statement execute function audit_records_append_only();
"""


def upgrade() -> None:
    op.create_table('outbox',
    sa.Column('id', sa.Uuid(), nullable=False),
    sa.Column('subject', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('body', sa.LargeBinary(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('published_at', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index(op.f('ix_outbox_created_at'), 'outbox', ['created_at'], unique=False)
    op.create_index(op.f('ix_outbox_published_at'), 'outbox', ['published_at'], unique=False)
    op.create_table('processed_events',
    sa.Column('event_id', sa.Uuid(), nullable=False),
    sa.Column('processed_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('event_id')
    )
    op.create_table('audit_records',
    sa.Column('id', sa.BigInteger(), autoincrement=True, nullable=False),
    sa.Column('event_id', sa.Uuid(), nullable=False),
    sa.Column('occurred_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('recorded_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('actor_id', sa.Integer(), nullable=True),
    sa.Column('actor_role', sa.Text(), nullable=False),
    sa.Column('action', sa.Text(), nullable=False),
    sa.Column('target_type', sa.Text(), nullable=False),
    sa.Column('target_id', sa.Text(), nullable=False),
    sa.Column('applicant_id', sa.Integer(), nullable=True),
    sa.Column('ip_address', sa.Text(), nullable=True),
    sa.Column('user_agent', sa.Text(), nullable=True),
    sa.Column('request_id', sa.Text(), nullable=True),
    sa.Column('details', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('prev_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('event_id', name='uq_audit_records_event_id')
    )
    op.create_index('ix_audit_records_occurred_at_id', 'audit_records', ['occurred_at', 'id'], unique=False)
    op.create_index('ix_audit_records_actor_id_occurred_at_id', 'audit_records', ['actor_id', 'occurred_at', 'id'],
                    unique=False)
    op.create_index('ix_audit_records_applicant_id_occurred_at_id', 'audit_records',
                    ['applicant_id', 'occurred_at', 'id'], unique=False)
    op.create_index('ix_audit_records_action_occurred_at_id', 'audit_records', ['action', 'occurred_at', 'id'],
                    unique=False)
    op.execute(APPEND_ONLY)
    op.create_table('people',
    sa.Column('user_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('username', sqlmodel.sql.sqltypes.AutoString(length=150), nullable=True),
    sa.Column('full_name', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=True),
    sa.Column('profile_at', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('user_id')
    )


def downgrade() -> None:
    # Takes the log with it: only for a database that is being thrown away.
    op.drop_table('people')
    op.execute("drop trigger audit_records_no_truncate on audit_records")
    op.execute("drop trigger audit_records_append_only on audit_records")
    op.execute("drop function audit_records_append_only()")
    op.drop_index('ix_audit_records_action_occurred_at_id', table_name='audit_records')
    op.drop_index('ix_audit_records_applicant_id_occurred_at_id', table_name='audit_records')
    op.drop_index('ix_audit_records_actor_id_occurred_at_id', table_name='audit_records')
    op.drop_index('ix_audit_records_occurred_at_id', table_name='audit_records')
    op.drop_table('audit_records')
    op.drop_table('processed_events')
    op.drop_index(op.f('ix_outbox_published_at'), table_name='outbox')
    op.drop_index(op.f('ix_outbox_created_at'), table_name='outbox')
    op.drop_table('outbox')
