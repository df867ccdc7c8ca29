"""qualified eID signatures (issue 33): the signing method on each contract, eID signing sessions, and the signed
ASiC-E container, stored once and never changed (deleted only by erasure, like the contract it belongs to)

Revision ID: f3b8d2a6c4e1
Revises: e5a9c3f7b2d1
Create Date: 2026-11-29 06:45:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = 'f3b8d2a6c4e1'
down_revision: str | None = 'e5a9c3f7b2d1'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

METHOD = 'ck_signature_audit_method'
CONTRACT_METHOD = 'ck_contracts_signature_method'
ERASING = "current_setting('contracts.erasure', true) = 'on'"
CONTAINER_GUARD = f"""
create or replace function signed_containers_append_only() returns trigger language plpgsql as $$
begin
    if tg_op = 'DELETE' and {ERASING} then
        return old;
    end if;
    raise exception 'a signed container is stored once and never changed' using errcode = 'integrity_constraint_violation';
end
$$;
"""


def upgrade() -> None:
    op.drop_constraint(METHOD, 'signature_audit', type_='check')
    op.create_check_constraint(METHOD, 'signature_audit', "method in ('drawn', 'typed', 'registration-dialog', "
                               "'smart_id', 'mobile_id', 'id_card')")
    op.add_column('contracts', sa.Column('signature_method', sa.String(length=20), nullable=True))
    op.create_check_constraint(CONTRACT_METHOD, 'contracts', "signature_method is null or signature_method in "
                               "('drawn', 'typed', 'smart_id', 'mobile_id', 'id_card')")
    # The contracts signed so far say how: the method of their (only) signature; the registration's acceptance
    # is none of the methods a signer chooses, so it stays null. The guard trigger leaves this column alone.
    op.execute("update contracts c set signature_method = a.method from signature_audit a "
               "where a.contract_id = c.id and a.method in ('drawn', 'typed')")

    op.create_table(
        'esign_sessions',
        sa.Column('id', sa.String(length=36), primary_key=True),
        sa.Column('contract_id', sa.Integer(), sa.ForeignKey('contracts.id', ondelete='CASCADE'), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('method', sa.String(length=20), nullable=False),
        sa.Column('state', sa.String(length=20), nullable=False),
        sa.Column('error_code', sa.String(length=40), nullable=True),
        sa.Column('provider_session_id', sa.String(length=100), nullable=True),
        sa.Column('verification_code', sa.String(length=10), nullable=True),
        sa.Column('prepared', postgresql.JSONB(), nullable=True),
        sa.Column('data_file', sa.LargeBinary(), nullable=True),
        sa.Column('signer_id_code', sa.String(length=20), nullable=True),
        sa.Column('signer_name', sa.String(length=200), nullable=True),
        sa.Column('ip_address', sa.String(length=64), nullable=True),
        sa.Column('user_agent', sa.String(length=500), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("method in ('smart_id', 'mobile_id', 'id_card')", name='ck_esign_sessions_method'),
        sa.CheckConstraint("state in ('running', 'awaiting_signature', 'signed', 'failed')",
                           name='ck_esign_sessions_state'),
    )
    op.create_index('ix_esign_sessions_contract_id', 'esign_sessions', ['contract_id'])

    op.create_table(
        'signed_containers',
        sa.Column('contract_id', sa.Integer(), sa.ForeignKey('contracts.id', ondelete='CASCADE'), primary_key=True),
        sa.Column('method', sa.String(length=20), nullable=False),
        sa.Column('content', sa.LargeBinary(), nullable=False),
        sa.Column('sha256', sa.String(length=64), nullable=False),
        sa.Column('data_file_name', sa.String(length=200), nullable=False),
        sa.Column('data_file_sha256', sa.String(length=64), nullable=False),
        sa.Column('signer_id_code', sa.String(length=20), nullable=False),
        sa.Column('signer_name', sa.String(length=200), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index('ix_signed_containers_data_file_sha256', 'signed_containers', ['data_file_sha256'])
    op.execute(CONTAINER_GUARD)
    op.execute("create trigger signed_containers_append_only before update or delete on signed_containers "
               "for each row execute function signed_containers_append_only()")


def downgrade() -> None:
    op.execute("drop trigger signed_containers_append_only on signed_containers")
    op.execute("drop function signed_containers_append_only()")
    op.drop_table('signed_containers')
    op.drop_table('esign_sessions')
    op.drop_constraint(CONTRACT_METHOD, 'contracts', type_='check')
    op.drop_column('contracts', 'signature_method')
    op.drop_constraint(METHOD, 'signature_audit', type_='check')
    op.create_check_constraint(METHOD, 'signature_audit', "method in ('drawn', 'typed', 'registration-dialog')")
