"""documents signed with eID only (issues 33 and 36): the board member's consent for the Business Register and
the resignation letter, each naming its company; one consent per application and company that is not withdrawn,
one open resignation letter per person; and the company assigned to each application (applications' events)

Revision ID: d7c2e9a4b6f8
Revises: f3b8d2a6c4e1
Create Date: 2026-12-01 22:30:00.000000
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'd7c2e9a4b6f8'
down_revision: str | None = 'f3b8d2a6c4e1'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

KIND = 'ck_contracts_kind'


def upgrade() -> None:
    op.drop_constraint(KIND, 'contracts', type_='check')
    op.create_check_constraint(KIND, 'contracts',
                               "kind in ('employment', 'admin', 'board_consent', 'resignation')")
    op.add_column('contracts', sa.Column('company_id', sa.Integer(), nullable=True))
    op.create_index('ux_contracts_board_consent', 'contracts', ['application_id', 'company_id'], unique=True,
                    postgresql_where=sa.text("kind = 'board_consent' and status <> 'cancelled'"))
    op.create_index('ux_contracts_open_resignation', 'contracts', ['user_id'], unique=True,
                    postgresql_where=sa.text("kind = 'resignation' and status in ('pending', 'sent')"))
    op.create_table(
        'company_assignments',
        sa.Column('application_id', sa.Integer(), autoincrement=False, primary_key=True),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('company_id', sa.Integer(), nullable=False),
        sa.Column('company_name', sa.String(length=200), nullable=False),
        sa.Column('registry_code', sa.String(length=20), nullable=False),
        sa.Column('registration_date', sa.Date(), nullable=True),
        sa.Column('term_ends_on', sa.Date(), nullable=True),
        sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index('ix_company_assignments_user_id', 'company_assignments', ['user_id'])


def downgrade() -> None:
    op.drop_index('ix_company_assignments_user_id', table_name='company_assignments')
    op.drop_table('company_assignments')
    op.drop_index('ux_contracts_open_resignation', table_name='contracts')
    op.drop_index('ux_contracts_board_consent', table_name='contracts')
    op.drop_column('contracts', 'company_id')
    op.execute("set local contracts.erasure = 'on'")
    op.execute("delete from contracts where kind in ('board_consent', 'resignation')")
    op.drop_constraint(KIND, 'contracts', type_='check')
    op.create_check_constraint(KIND, 'contracts', "kind in ('employment', 'admin')")
