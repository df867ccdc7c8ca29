"""The hash chain that makes the log tamper-evident (issue 15, Audit log).

Every record carries ``hash`` = SHA-256 of the previous record's hash followed by the canonical JSON of its own
content (``content``: sorted keys, no spaces, ASCII, times in UTC as ``YYYY-MM-DDTHH:MM:SS.ffffffZ``); the first
record's previous hash is 64 zeros. Changing, removing or reordering a record breaks the link at that record,
which ``verify`` names. Records are appended one at a time under a transaction-scoped advisory lock, so any
number of replicas make one chain, in id order.
"""

import hashlib
import json
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, text
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from audit.models import AuditRecord
from portal_common.clock import utcnow
from portal_common.events import AuditRecorded

GENESIS_HASH = "0" * 64
# pg_advisory_xact_lock's key for "appending to audit_records" (any constant the database uses for nothing else).
CHAIN_LOCK_KEY = 0x4155_4449_5443_4831  # "AUDITCH1"
VERIFY_BATCH = 1000


def timestamp(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def content(record: AuditRecord) -> dict[str, Any]:
    """Everything a record says, as the hash covers it: all its columns but the two hashes."""
    return {
        "id": record.id, "eventId": str(record.event_id), "occurredAt": timestamp(record.occurred_at),
        "recordedAt": timestamp(record.recorded_at), "actorId": record.actor_id, "actorRole": record.actor_role,
        "action": record.action, "targetType": record.target_type, "targetId": record.target_id,
        "applicantId": record.applicant_id, "ipAddress": record.ip_address, "userAgent": record.user_agent,
        "requestId": record.request_id, "details": record.details,
    }


def record_hash(prev_hash: str, record: AuditRecord) -> str:
    canonical = json.dumps(content(record), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256((prev_hash + canonical).encode()).hexdigest()


async def append(db: AsyncSession, event_id: uuid.UUID, occurred_at: datetime, event: AuditRecorded) -> bool:
    """Adds the record of this event at the end of the chain, in ``db``'s transaction; False if the event is
    already recorded. The lock is held until that transaction ends, so the next append sees this one."""
    await db.execute(text("select pg_advisory_xact_lock(:key)"), {"key": CHAIN_LOCK_KEY})
    if (await db.execute(select(AuditRecord.id).where(col(AuditRecord.event_id) == event_id))).first():
        return False
    last = (await db.execute(select(AuditRecord.hash).order_by(col(AuditRecord.id).desc()).limit(1))).scalar()
    next_id = (await db.execute(select(func.nextval("audit_records_id_seq")))).scalar_one()
    record = AuditRecord(
        id=next_id, event_id=event_id, occurred_at=occurred_at, recorded_at=utcnow(), actor_id=event.actor_id,
        actor_role=event.actor_role, action=event.action, target_type=event.target_type, target_id=event.target_id,
        applicant_id=event.applicant_id, ip_address=event.ip_address, user_agent=event.user_agent,
        request_id=event.request_id, details=dict(event.details), prev_hash=last or GENESIS_HASH, hash="")
    # Stored times have microseconds at most, as Python's do: the hash of what is read back is the same.
    record.hash = record_hash(record.prev_hash, record)
    db.add(record)
    await db.flush()
    return True


@dataclass(frozen=True)
class Verdict:
    checked: int
    broken_id: int | None = None
    problem: str | None = None

    @property
    def intact(self) -> bool:
        return self.broken_id is None


async def _in_id_order(db: AsyncSession) -> AsyncIterator[AuditRecord]:
    after = 0
    while True:
        batch = (await db.exec(select(AuditRecord).where(col(AuditRecord.id) > after)
                               .order_by(col(AuditRecord.id)).limit(VERIFY_BATCH))).all()
        for record in batch:
            yield record
        if len(batch) < VERIFY_BATCH:
            return
        after = batch[-1].id or after
        db.expunge_all()  # a long chain is read in batches, not held


async def verify(db: AsyncSession) -> Verdict:
    """Walks the chain in id order and recomputes every link; the first record that does not fit is named."""
    previous = GENESIS_HASH
    checked = 0
    async for record in _in_id_order(db):
        if record.prev_hash != previous:
            return Verdict(checked, record.id, f"its previous hash {record.prev_hash} is not the hash of the record "
                                               f"before it ({previous}): a record was removed, added or reordered")
        computed = record_hash(previous, record)
        if record.hash != computed:
            return Verdict(checked, record.id, f"its content does not match its hash: stored {record.hash}, "
                                               f"computed {computed} (it was changed after it was written)")
        previous = record.hash
        checked += 1
    return Verdict(checked)
