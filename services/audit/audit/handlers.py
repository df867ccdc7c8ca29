"""Consumers of the events audit keeps: ``audit.recorded`` appends a record to the chain; identity's feed the
names shown beside the ids. portal_common.consumer runs each at most once per event id, and appending is
idempotent on the event id anyway (a redelivery after its processed id was pruned adds nothing)."""

from sqlmodel.ext.asyncio.session import AsyncSession

from audit import chain
from audit.models import Person
from portal_common.events import AdminSaved, AuditRecorded, EventEnvelope, ProfileUpdated, UserRegistered, read_payload
from portal_common.projection import upsert_if_newer


async def on_audit_recorded(db: AsyncSession, envelope: EventEnvelope) -> None:
    await chain.append(db, envelope.id, envelope.occurred_at, read_payload(envelope, AuditRecorded))


async def _note_person(db: AsyncSession, envelope: EventEnvelope, user_id: int, full_name: str,
                       username: str | None = None) -> None:
    names = {"full_name": full_name} if username is None else {"full_name": full_name, "username": username}
    await upsert_if_newer(db, Person, {"user_id": user_id}, "profile_at", envelope.occurred_at, names)


async def on_user_registered(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, UserRegistered)
    await _note_person(db, envelope, event.user_id, event.full_name, event.username)


async def on_profile_updated(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, ProfileUpdated)
    await _note_person(db, envelope, event.user_id, event.full_name)


async def on_admin_saved(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, AdminSaved)
    await _note_person(db, envelope, event.user_id, event.full_name, event.username)
