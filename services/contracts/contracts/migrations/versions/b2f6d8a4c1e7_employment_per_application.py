"""an employment contract per application

"The person may apply again" (spec §1; issue 37, Applying again): each application has its own employment contract.
The one accepted at registration belongs to the person's first application (filled in here from the applications
this service knows, and by contracts.service.note_application from then on); a later application gets its own, to
be signed from the dashboard. An ended employment contract may come back (expired → signed) when its completed
application is moved back to an open status; nothing else about a signed contract may change, as before.

Revision ID: b2f6d8a4c1e7
Revises: e5a9c3f7b2d1
Create Date: 2026-11-29 06:40:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'b2f6d8a4c1e7'
down_revision: str | None = 'e5a9c3f7b2d1'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The guard as e5a9c3f7b2d1 wrote it, with what may change a signed contract's status as {allowed}.
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
       or (new.status is distinct from old.status and not {allowed}) then
        raise exception 'signed contract % cannot be changed', old.id using errcode = 'integrity_constraint_violation';
    end if;
    return new;
end
$$;
"""
ENDS = "(old.status = 'signed' and new.status = 'expired')"
COMES_BACK = "(old.kind = 'employment' and old.status = 'expired' and new.status = 'signed')"


def _guard(allowed: str) -> str:
    return GUARD.format(erasing=ERASING, allowed=allowed)


def upgrade() -> None:
    op.execute("""
        update contracts c set application_id = first.application_id
        from (select user_id, min(application_id) as application_id from applications group by user_id) first
        where c.kind = 'employment' and c.application_id is null and c.user_id = first.user_id
    """)
    op.drop_index('ux_contracts_employment_user', table_name='contracts')
    op.create_index('ux_contracts_employment_application', 'contracts',
                    ['user_id', sa.text('coalesce(application_id, 0)')], unique=True,
                    postgresql_where=sa.text("kind = 'employment'"))
    op.execute(_guard(f"({ENDS} or {COMES_BACK})"))


def downgrade() -> None:
    # Fails while a person has more than one employment contract: records are never deleted to fit.
    op.execute(_guard(ENDS))
    op.drop_index('ux_contracts_employment_application', table_name='contracts')
    op.create_index('ux_contracts_employment_user', 'contracts', ['user_id'], unique=True,
                    postgresql_where=sa.text("kind = 'employment'"))
