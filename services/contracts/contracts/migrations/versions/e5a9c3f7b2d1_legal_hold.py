"""legal hold of an erased person's contracts, and erasure of the others (issue 16, Erasure and retention)

A signed contract and the signature audit trail stay undeletable, except in a transaction that has said it is
erasing a person (``set local contracts.erasure = 'on'``, which only contracts/erasure.py does): the right to
erasure reaches a contract that never took effect, and a held one once its retention has ended.

Revision ID: e5a9c3f7b2d1
Revises: c4e8a2f6b1d3
Create Date: 2026-11-25 08:50:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = 'e5a9c3f7b2d1'
down_revision: str | None = 'c4e8a2f6b1d3'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

ERASING = "current_setting('contracts.erasure', true) = 'on'"
GUARD = """
create or replace function contracts_guard_signed() returns trigger language plpgsql as $$
begin
    if tg_op = 'DELETE' then
        if {erasing} then
            return old;
        end if;
        raise exception 'signed contract % cannot be deleted', old.id using errcode = 'integrity_constraint_violation';
    end if;
    if new.content is distinct from old.content or new.title is distinct from old.title
       or new.user_id is distinct from old.user_id or new.signed_at is distinct from old.signed_at
       or new.signature_data is distinct from old.signature_data
       or new.content_sha256 is distinct from old.content_sha256
       or (new.status is distinct from old.status and not (old.status = 'signed' and new.status = 'expired')) then
        raise exception 'signed contract % cannot be changed', old.id using errcode = 'integrity_constraint_violation';
    end if;
    return new;
end
$$;
"""
AUDIT_GUARD = """
create or replace function signature_audit_append_only() returns trigger language plpgsql as $$
begin
    if tg_op = 'DELETE' and {erasing} then
        return old;
    end if;
    raise exception 'the signature audit trail is append-only' using errcode = 'integrity_constraint_violation';
end
$$;
"""


def upgrade() -> None:
    op.add_column('contracts', sa.Column('legal_hold_until', sa.DateTime(timezone=True), nullable=True))
    op.create_index(op.f('ix_contracts_legal_hold_until'), 'contracts', ['legal_hold_until'], unique=False)
    op.execute(GUARD.format(erasing=ERASING))
    op.execute(AUDIT_GUARD.format(erasing=ERASING))


def downgrade() -> None:
    op.execute(GUARD.format(erasing="false"))
    op.execute(AUDIT_GUARD.format(erasing="false"))
    op.drop_index(op.f('ix_contracts_legal_hold_until'), table_name='contracts')
    op.drop_column('contracts', 'legal_hold_until')
