"""typed signatures, and the employment contract ends

A signature may also be the profile's name rendered in a handwriting font (method `typed`, issue 13: the keyboard's
way to sign); the audit trail's method check allows it. And the signed employment contract ends when its company is
handed over (spec §1): a signed contract may become `expired`, keeping its signature and signing time, and nothing
else about a signed contract may change, as before.

Revision ID: 5b7e21c4d9a3
Revises: 3c1d52e8a9f4
Create Date: 2026-11-24 21:20:00.000000
"""
from collections.abc import Sequence

from alembic import op


revision: str = '5b7e21c4d9a3'
down_revision: str | None = '3c1d52e8a9f4'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

METHOD = 'ck_signature_audit_method'
SIGNED_AT = 'ck_contracts_signed_at'

GUARD = """
create or replace function contracts_guard_signed() returns trigger language plpgsql as $$
begin
    if tg_op = 'DELETE' then
        raise exception 'signed contract % cannot be deleted', old.id using errcode = 'integrity_constraint_violation';
    end if;
    if new.content is distinct from old.content or new.title is distinct from old.title
       or new.user_id is distinct from old.user_id or new.signed_at is distinct from old.signed_at
       or new.signature_data is distinct from old.signature_data
       or new.content_sha256 is distinct from old.content_sha256
       or (new.status is distinct from old.status and not {ending}) then
        raise exception 'signed contract % cannot be changed', old.id using errcode = 'integrity_constraint_violation';
    end if;
    return new;
end
$$;
"""
ENDS = "(old.status = 'signed' and new.status = 'expired')"
NEVER = "false"


def upgrade() -> None:
    op.drop_constraint(METHOD, 'signature_audit', type_='check')
    op.create_check_constraint(METHOD, 'signature_audit', "method in ('drawn', 'typed', 'registration-dialog')")
    op.drop_constraint(SIGNED_AT, 'contracts', type_='check')
    op.create_check_constraint(SIGNED_AT, 'contracts',
                               "status = 'expired' or (status = 'signed') = (signed_at is not null)")
    op.execute(GUARD.format(ending=ENDS))


def downgrade() -> None:
    # Fails while typed signatures or ended signed contracts exist: records are never rewritten to fit.
    op.execute(GUARD.format(ending=NEVER))
    op.drop_constraint(SIGNED_AT, 'contracts', type_='check')
    op.create_check_constraint(SIGNED_AT, 'contracts', "(status = 'signed') = (signed_at is not null)")
    op.drop_constraint(METHOD, 'signature_audit', type_='check')
    op.create_check_constraint(METHOD, 'signature_audit', "method in ('drawn', 'registration-dialog')")
