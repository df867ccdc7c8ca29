"""Staging audit records the way the services do (an ``audit.recorded`` event in a service's outbox, which its
relay publishes) and reading what the audit service made of them."""

import subprocess
import uuid
from datetime import datetime
from typing import Any

import psycopg
from stack import BIN, ROOT

from conftest import eventually
from portal_common.clock import utcnow
from portal_common.events import AuditRecorded, EventEnvelope
from portal_common.outbox import OUTBOX_CHANNEL

SERVICE = "audit"
# Any service may record admin actions (nats-users.conf lets every one publish audit.recorded); these tests stage
# them in messages' outbox, as portal_common.audit.record_admin_action would there.
SENDER = "messages"


def audit_event(actor_id: int | None, action: str, applicant_id: int | None, target_id: str = "1",
                **details: str) -> AuditRecorded:
    target_type = action.split(".", 1)[0]
    return AuditRecorded(actor_id=actor_id, actor_role="admin", action=action, target_type=target_type,
                         target_id=target_id, applicant_id=applicant_id, ip_address="198.51.100.7",
                         user_agent="pytest", request_id=uuid.uuid4().hex, details=details)


def envelope(event: AuditRecorded, occurred_at: datetime | None = None) -> EventEnvelope:
    wrapped = EventEnvelope.wrap(event)
    if occurred_at is not None:
        wrapped.occurred_at = occurred_at
    return wrapped


def stage(stack: Any, *envelopes: EventEnvelope, sender: str = SENDER) -> list[EventEnvelope]:
    """The envelopes added to ``sender``'s outbox in one transaction, as portal_common.outbox.add_event does;
    its relay publishes them with their ids as Nats-Msg-Id."""
    with psycopg.connect(stack.database_url(sender)) as db:
        for staged in envelopes:
            db.execute("insert into outbox (id, subject, body, created_at) values (%s, %s, %s, %s)",
                       (staged.id, staged.type, staged.to_bytes(), utcnow()))
        # and wakes the relay on commit, as add_event's session does (portal_common.wakeups, issue 37)
        db.execute("select pg_notify(%s, '')", (OUTBOX_CHANNEL,))
    return list(envelopes)


def rows(stack: Any, query: str, *params: Any) -> list[tuple[Any, ...]]:
    with psycopg.connect(stack.database_url(SERVICE)) as db:
        return [tuple(row) for row in db.execute(query, params).fetchall()]


def recorded(stack: Any, *envelopes: EventEnvelope, timeout: float = 60) -> list[tuple[Any, ...]]:
    """(id, event_id) of the records of these events once every one is in the log."""
    ids = [staged.id for staged in envelopes]
    found: list[tuple[Any, ...]] = eventually(
        lambda: (found := rows(stack, "select id, event_id from audit_records where event_id = any(%s) order by id",
                               ids)) and len(found) == len(ids) and found,
        timeout=timeout, what=f"{len(ids)} audit record(s) in the log")
    return found


def run_verify(stack: Any, *command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / "python"), "-m", SERVICE, *command], env=stack.env, cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)
