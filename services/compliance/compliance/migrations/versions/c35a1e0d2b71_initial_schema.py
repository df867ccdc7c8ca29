"""initial schema: the risk tables with their first rows, clients and their people, sanctions list versions and
entries, applicants, screening hits, suspicion reports, and the event tables

Revision ID: c35a1e0d2b71
Revises:
Create Date: 2026-11-29 06:30:00.000000
"""
from collections.abc import Sequence
from datetime import date

import sqlalchemy as sa
import sqlmodel
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = 'c35a1e0d2b71'
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _event_tables() -> None:
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


def _ts(name: str, nullable: bool = False) -> sa.Column:  # type: ignore[type-arg]
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def _json(name: str) -> sa.Column:  # type: ignore[type-arg]
    return sa.Column(name, postgresql.JSONB(astext_type=sa.Text()), nullable=False)


def _risk_tables() -> None:
    country = op.create_table('country_risk',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('country', sa.String(length=2), nullable=False),
    sa.Column('weight', sa.Integer(), nullable=False),
    sa.Column('listing', sa.String(length=60), nullable=False),
    sa.Column('effective_from', sa.Date(), nullable=False),
    sa.Column('effective_to', sa.Date(), nullable=True),
    sa.Column('source', sa.Text(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_country_risk_country_from', 'country_risk', ['country', 'effective_from'])
    factors = op.create_table('risk_factor_weights',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('factor', sa.String(length=40), nullable=False),
    sa.Column('weight', sa.Integer(), nullable=False),
    sa.Column('rating', sa.String(length=10), nullable=False),
    sa.Column('effective_from', sa.Date(), nullable=False),
    sa.Column('effective_to', sa.Date(), nullable=True),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('factor', 'effective_from', name='uq_risk_factor_weights_factor_from')
    )
    levels = op.create_table('risk_levels',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('level', sa.String(length=10), nullable=False),
    sa.Column('min_score', sa.Integer(), nullable=False),
    sa.Column('review_months', sa.Integer(), nullable=False),
    sa.Column('effective_from', sa.Date(), nullable=False),
    sa.Column('effective_to', sa.Date(), nullable=True),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('level', 'effective_from', name='uq_risk_levels_level_from')
    )
    op.bulk_insert(country, COUNTRY_ROWS)
    op.bulk_insert(factors, FACTOR_ROWS)
    op.bulk_insert(levels, LEVEL_ROWS)


def _clients() -> None:
    op.create_table('clients',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=10), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('registry_code', sa.String(length=40), nullable=True),
    sa.Column('country', sa.String(length=2), nullable=False),
    sa.Column('address', sa.String(length=300), nullable=False),
    sa.Column('purpose', sa.Text(), nullable=False),
    sa.Column('source_of_funds', sa.Text(), nullable=False),
    sa.Column('source_of_wealth', sa.Text(), nullable=True),
    sa.Column('date_of_birth', sa.Date(), nullable=True),
    sa.Column('ownership_layers', sa.Integer(), nullable=False),
    sa.Column('status', sa.String(length=20), nullable=False),
    sa.Column('risk_level', sa.String(length=10), nullable=False),
    sa.Column('risk_score', sa.Integer(), nullable=False),
    _json('risk_factors'),
    sa.Column('review_due', sa.Date(), nullable=True),
    sa.Column('decided_by', sa.Integer(), nullable=True),
    _ts('decided_at', nullable=True),
    sa.Column('decision_reason', sa.Text(), nullable=True),
    sa.Column('relationship_ended_on', sa.Date(), nullable=True),
    sa.Column('created_by', sa.Integer(), nullable=False),
    _ts('created_at'),
    _ts('updated_at'),
    sa.Column('search_text', sa.Text(), nullable=False),
    sa.Column('search_vector', postgresql.TSVECTOR(),
              sa.Computed("to_tsvector('simple', search_text)", persisted=True), nullable=True),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_clients_search_vector', 'clients', ['search_vector'], postgresql_using='gin')
    op.create_index('ix_clients_created_at_id', 'clients', ['created_at', 'id'])
    op.create_index('ix_clients_status', 'clients', ['status'])
    op.create_table('client_people',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('client_id', sa.Integer(), nullable=False),
    sa.Column('role', sa.String(length=20), nullable=False),
    sa.Column('full_name', sa.String(length=200), nullable=False),
    sa.Column('date_of_birth', sa.Date(), nullable=False),
    sa.Column('nationality', sa.String(length=2), nullable=False),
    sa.Column('country_of_residence', sa.String(length=2), nullable=False),
    sa.Column('ownership_percent', sa.Float(), nullable=True),
    sa.Column('control', sa.Boolean(), nullable=False),
    sa.Column('pep', sa.Boolean(), nullable=False),
    sa.Column('pep_details', sa.Text(), nullable=True),
    _ts('created_at'),
    sa.ForeignKeyConstraint(['client_id'], ['clients.id']),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_client_people_client_id', 'client_people', ['client_id'])
    op.create_table('client_events',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('client_id', sa.Integer(), nullable=False),
    sa.Column('action', sa.String(length=40), nullable=False),
    sa.Column('actor_id', sa.Integer(), nullable=True),
    _json('details'),
    _ts('at'),
    sa.ForeignKeyConstraint(['client_id'], ['clients.id']),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_client_events_client_id_id', 'client_events', ['client_id', 'id'])


def _screening() -> None:
    op.create_table('sanctions_lists',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('source', sa.String(length=5), nullable=False),
    sa.Column('publication_date', sa.Date(), nullable=False),
    sa.Column('entries', sa.Integer(), nullable=False),
    sa.Column('sha256', sa.String(length=64), nullable=False),
    sa.Column('imported_by', sa.Integer(), nullable=True),
    _ts('imported_at'),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_sanctions_lists_source_imported_at', 'sanctions_lists', ['source', 'imported_at'])
    op.create_table('sanctions_entries',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('list_id', sa.Integer(), nullable=False),
    sa.Column('reference', sa.String(length=100), nullable=False),
    sa.Column('kind', sa.String(length=10), nullable=False),
    _json('names'),
    _json('dates_of_birth'),
    sa.Column('content_hash', sa.String(length=64), nullable=False),
    sa.ForeignKeyConstraint(['list_id'], ['sanctions_lists.id']),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_sanctions_entries_list_id', 'sanctions_entries', ['list_id'])
    op.create_table('applicants',
    sa.Column('user_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('full_name', sa.String(length=200), nullable=False),
    sa.Column('date_of_birth', sa.Date(), nullable=True),
    _ts('registered_at'),
    sa.PrimaryKeyConstraint('user_id')
    )
    op.create_table('screening_hits',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('subject_type', sa.String(length=10), nullable=False),
    sa.Column('subject_id', sa.Integer(), nullable=False),
    sa.Column('subject_name', sa.String(length=200), nullable=False),
    sa.Column('subject_hash', sa.String(length=64), nullable=False),
    sa.Column('source', sa.String(length=5), nullable=False),
    sa.Column('list_id', sa.Integer(), nullable=False),
    sa.Column('list_reference', sa.String(length=100), nullable=False),
    _json('list_names'),
    sa.Column('entry_hash', sa.String(length=64), nullable=False),
    sa.Column('score', sa.Float(), nullable=False),
    _json('explanation'),
    sa.Column('status', sa.String(length=10), nullable=False),
    sa.Column('decided_by', sa.Integer(), nullable=True),
    _ts('decided_at', nullable=True),
    sa.Column('decision_reason', sa.Text(), nullable=True),
    _ts('created_at'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('subject_type', 'subject_id', 'source', 'list_reference', 'entry_hash', 'subject_hash',
                        name='uq_screening_hits_subject_entry')
    )
    op.create_index('ix_screening_hits_status_id', 'screening_hits', ['status', 'id'])
    op.create_index('ix_screening_hits_subject', 'screening_hits', ['subject_type', 'subject_id'])


def _reports() -> None:
    op.create_table('suspicion_reports',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('subject_type', sa.String(length=10), nullable=False),
    sa.Column('subject_id', sa.Integer(), nullable=False),
    sa.Column('subject_name', sa.String(length=200), nullable=False),
    sa.Column('description', sa.Text(), nullable=False),
    sa.Column('raised_by', sa.Integer(), nullable=False),
    sa.Column('raised_by_role', sa.String(length=10), nullable=False),
    sa.Column('status', sa.String(length=12), nullable=False),
    sa.Column('due_date', sa.Date(), nullable=False),
    sa.Column('officer_notes', sa.Text(), nullable=True),
    sa.Column('fiu_reference', sa.String(length=100), nullable=True),
    _ts('created_at'),
    _ts('updated_at'),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_suspicion_reports_status_id', 'suspicion_reports', ['status', 'id'])


# The risk tables' first rows. The EU's high-risk third countries (Delegated Regulation (EU) 2016/1675 and its
# amendments): the list in force since 5 August 2025 (Delegated Regulation (EU) 2025/1184), and the countries that
# left it then, each until 4 August 2025, the United Arab Emirates among them (listed since 13 March 2023).
EU_LIST = 'EU high-risk third country'
EU_2025 = 'Delegated Regulation (EU) 2025/1184'
HIGH_RISK_WEIGHT = 40
_LISTED_BEFORE = ('AF', 'BF', 'CD', 'HT', 'KP', 'IR', 'MZ', 'MM', 'NG', 'SS', 'SY', 'TZ', 'TT', 'VU', 'VN', 'YE',
                  'ZA', 'CM', 'ML')
_ADDED_2025 = ('DZ', 'AO', 'CI', 'KE', 'LA', 'LB', 'MC', 'NA', 'NP', 'VE')
_REMOVED_2025 = {'AE': '2023-03-13', 'BB': '2022-03-13', 'GI': '2023-03-13', 'JM': '2021-10-01',
                 'PA': '2019-10-01', 'PH': '2021-10-01', 'SN': '2022-03-13', 'UG': '2020-10-01'}


def _day(text: str) -> date:
    return date.fromisoformat(text)


COUNTRY_ROWS = [
    *({'country': c, 'weight': HIGH_RISK_WEIGHT, 'listing': EU_LIST, 'effective_from': _day('2023-03-13'),
       'effective_to': None, 'source': 'Delegated Regulation (EU) 2016/1675 as amended'} for c in _LISTED_BEFORE),
    *({'country': c, 'weight': HIGH_RISK_WEIGHT, 'listing': EU_LIST, 'effective_from': _day('2025-08-05'),
       'effective_to': None, 'source': EU_2025} for c in _ADDED_2025),
    *({'country': c, 'weight': HIGH_RISK_WEIGHT, 'listing': EU_LIST, 'effective_from': _day(since),
       'effective_to': _day('2025-08-04'), 'source': f'removed by {EU_2025}'} for c, since in _REMOVED_2025.items()),
]
FACTOR_ROWS = [
    # The board-member service itself: a company handed to someone the operator does not run (issue 35).
    {'factor': 'board_member_service', 'weight': 40, 'rating': 'high', 'effective_from': _day('2025-01-01')},
    {'factor': 'pep', 'weight': 40, 'rating': 'high', 'effective_from': _day('2025-01-01')},
    {'factor': 'ownership_layers', 'weight': 30, 'rating': 'high', 'effective_from': _day('2025-01-01')},
    {'factor': 'company_client', 'weight': 10, 'rating': 'medium', 'effective_from': _day('2025-01-01')},
]
LEVEL_ROWS = [
    {'level': 'low', 'min_score': 0, 'review_months': 36, 'effective_from': _day('2025-01-01')},
    {'level': 'medium', 'min_score': 30, 'review_months': 24, 'effective_from': _day('2025-01-01')},
    {'level': 'high', 'min_score': 60, 'review_months': 12, 'effective_from': _day('2025-01-01')},
]


def upgrade() -> None:
    _event_tables()
    _risk_tables()
    _clients()
    _screening()
    _reports()


def downgrade() -> None:
    for table in ('suspicion_reports', 'screening_hits', 'applicants', 'sanctions_entries', 'sanctions_lists', 'client_events',
                  'client_people', 'clients', 'risk_levels', 'risk_factor_weights', 'country_risk',
                  'processed_events', 'outbox'):
        op.drop_table(table)
