"""client announcements and the EU list's dates corrected

Issue 35, Handover gate: applications keeps a projection of the client cases from ``compliance.client.changed``;
every case made before that event existed is announced once through the outbox.

The EU high-risk third countries (Delegated Regulation (EU) 2016/1675 as amended): the first rows gave some
countries the wrong day they joined the list. Corrected from the dates in force of the amending acts, as HMRC's
Economic Crime Supervision Handbook ECSH64830 (Schedule 3ZA, "date added to EU list", correct as of 4 December 2024)
tabulates them, and the acts' own titles:
- Delegated Regulation (EU) 2020/855 (OJ L 195, 19.6.2020; applies from 1 October 2020) added Barbados, Jamaica
  and Panama: 2020-10-01 (the rows said 2022-03-13, 2021-10-01 and 2019-10-01).
- Delegated Regulation (EU) 2022/229 (in force 13 March 2022) added Burkina Faso, Haiti, Mali, the Philippines and
  Senegal: 2022-03-13 (the Philippines' row said 2021-10-01).
- Delegated Regulation (EU) 2023/410 (in force 16 March 2023) added the DR Congo, Gibraltar and the United Arab
  Emirates: 2023-03-16 (the rows said 2023-03-13).
- Delegated Regulation (EU) 2023/1219 (in force 18 October 2023) added Cameroon and Viet Nam: 2023-10-18.
- Afghanistan, Iran and the DPRK are on it since the first list (in force 23 September 2016).
The 2025 update (Delegated Regulation (EU) 2025/1184, in force 5 August 2025) stands as it was: the United Arab
Emirates, Barbados, Gibraltar, Jamaica, Panama, the Philippines, Senegal and Uganda left the list that day (their
rows end on 4 August 2025); Algeria, Angola, Côte d'Ivoire, Kenya, Laos, Lebanon, Monaco, Namibia, Nepal and
Venezuela joined it. Not verified here, so left as they were: the joining days of Mozambique, Myanmar, Nigeria,
South Africa, South Sudan, Syria, Tanzania, Trinidad and Tobago, Vanuatu and Yemen (2023-03-13 in the rows, a day
on which each was listed or before it) and of Uganda (2020-10-01).

Revision ID: e4b7c2a9f153
Revises: c35a1e0d2b71
Create Date: 2026-12-01 22:50:00.000000
"""
import json
import uuid
from collections.abc import Sequence
from datetime import UTC, date, datetime

import sqlalchemy as sa
from alembic import op


revision: str = 'e4b7c2a9f153'
down_revision: str | None = 'c35a1e0d2b71'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SUBJECT = "compliance.client.changed"
EU_LIST = 'EU high-risk third country'
# country: (the day the first rows said it joined, the day it did, the act that listed it)
CORRECTIONS = {
    'BB': ('2022-03-13', '2020-10-01', 'Delegated Regulation (EU) 2020/855'),
    'JM': ('2021-10-01', '2020-10-01', 'Delegated Regulation (EU) 2020/855'),
    'PA': ('2019-10-01', '2020-10-01', 'Delegated Regulation (EU) 2020/855'),
    'PH': ('2021-10-01', '2022-03-13', 'Delegated Regulation (EU) 2022/229'),
    'SN': ('2022-03-13', '2022-03-13', 'Delegated Regulation (EU) 2022/229'),
    'AE': ('2023-03-13', '2023-03-16', 'Delegated Regulation (EU) 2023/410'),
    'GI': ('2023-03-13', '2023-03-16', 'Delegated Regulation (EU) 2023/410'),
    'CD': ('2023-03-13', '2023-03-16', 'Delegated Regulation (EU) 2023/410'),
    'BF': ('2023-03-13', '2022-03-13', 'Delegated Regulation (EU) 2022/229'),
    'HT': ('2023-03-13', '2022-03-13', 'Delegated Regulation (EU) 2022/229'),
    'ML': ('2023-03-13', '2022-03-13', 'Delegated Regulation (EU) 2022/229'),
    'CM': ('2023-03-13', '2023-10-18', 'Delegated Regulation (EU) 2023/1219'),
    'VN': ('2023-03-13', '2023-10-18', 'Delegated Regulation (EU) 2023/1219'),
    'AF': ('2023-03-13', '2016-09-23', 'Delegated Regulation (EU) 2016/1675'),
    'IR': ('2023-03-13', '2016-09-23', 'Delegated Regulation (EU) 2016/1675'),
    'KP': ('2023-03-13', '2016-09-23', 'Delegated Regulation (EU) 2016/1675'),
}


def envelope(event_id: uuid.UUID, row: sa.Row, now: datetime) -> bytes:
    # Written out as version 1 of the event stands today, not through the event model, which may change later.
    payload = {"clientId": row.id, "name": row.name, "status": row.status,
               "reviewDue": row.review_due.isoformat() if row.review_due else None,
               "relationshipEndedOn": row.relationship_ended_on.isoformat() if row.relationship_ended_on else None}
    return json.dumps({"id": str(event_id), "type": SUBJECT, "version": 1, "occurredAt": now.isoformat(),
                       "payload": payload}).encode()


def upgrade() -> None:
    connection = op.get_bind()
    for country, (was, day, act) in CORRECTIONS.items():
        connection.execute(
            sa.text("update country_risk set effective_from = :day, source = :source where country = :country "
                    "and listing = :listing and effective_from = :was"),
            {"day": date.fromisoformat(day), "was": date.fromisoformat(was), "country": country, "listing": EU_LIST,
             "source": f"{act}; ECSH64830" if country not in ('BB', 'JM', 'PA', 'PH', 'SN', 'AE', 'GI')
             else f"listed by {act}, removed by Delegated Regulation (EU) 2025/1184"})
    now = datetime.now(UTC)
    rows = connection.execute(sa.text(
        "select id, name, status, review_due, relationship_ended_on from clients order by id"))
    for row in rows:
        event_id = uuid.uuid4()
        connection.execute(
            sa.text("insert into outbox (id, subject, body, created_at) values (:id, :subject, :body, :now)"),
            {"id": event_id, "subject": SUBJECT, "body": envelope(event_id, row, now), "now": now})


def downgrade() -> None:
    connection = op.get_bind()
    for country, (was, day, _act) in CORRECTIONS.items():
        connection.execute(
            sa.text("update country_risk set effective_from = :was where country = :country and listing = :listing "
                    "and effective_from = :day"),
            {"day": date.fromisoformat(day), "was": date.fromisoformat(was), "country": country, "listing": EU_LIST})
    # The announcements are facts already sent; there is nothing to take back.
