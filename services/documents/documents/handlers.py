"""Consumers of identity's and applications' events, feeding the applicant projection (names for the admin
table; the user's application, for uploads made outside a request and to check an admin's applicationId).
portal_common.consumer runs each at most once per event id, and the upserts are idempotent anyway."""

from sqlmodel.ext.asyncio.session import AsyncSession

from documents.service import note_application, upsert_applicant
from portal_common.events import (
    ApplicationCreated,
    ApplicationStatusChanged,
    EventEnvelope,
    ProfileUpdated,
    UserRegistered,
    read_payload,
)


async def on_user_registered(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, UserRegistered)
    await upsert_applicant(db, event.user_id, envelope.occurred_at,
                           {"full_name": event.full_name, "email": event.email, "id_code": event.id_code},
                           {"username": event.username})


async def on_profile_updated(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, ProfileUpdated)
    await upsert_applicant(db, event.user_id, envelope.occurred_at,
                           {"full_name": event.full_name, "email": event.email, "id_code": event.id_code})


async def on_application_status_changed(db: AsyncSession, envelope: EventEnvelope) -> None:
    # Also names applications made before applications.created was announced.
    event = read_payload(envelope, ApplicationStatusChanged)
    await note_application(db, event.user_id, event.application_id)


async def on_application_created(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, ApplicationCreated)
    await note_application(db, event.user_id, event.application_id)
