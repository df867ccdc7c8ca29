"""Consumers of identity's events: every applicant is screened at registration, and again when their name or date
of birth changes (issue 35). portal_common.consumer runs each at most once per event id."""

from sqlalchemy import select
from sqlmodel.ext.asyncio.session import AsyncSession

from compliance import screening
from compliance.config import get_settings
from compliance.matching import Subject
from compliance.models import Applicant
from portal_common.events import EventEnvelope, ProfileUpdated, UserRegistered, read_payload
from portal_common.listing import column


async def _screen(db: AsyncSession, applicant: Applicant) -> None:
    subject = Subject("applicant", applicant.user_id, applicant.full_name, applicant.date_of_birth)
    await screening.screen(db, [subject], get_settings().match_threshold)


async def on_user_registered(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, UserRegistered)
    applicant = await db.get(Applicant, event.user_id) or Applicant(user_id=event.user_id, full_name=event.full_name)
    applicant.full_name = event.full_name[:200]
    applicant.date_of_birth = event.date_of_birth
    applicant.registered_at = envelope.occurred_at
    db.add(applicant)
    await db.flush()
    await _screen(db, applicant)


async def on_profile_updated(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, ProfileUpdated)
    applicant: Applicant | None = (await db.execute(select(Applicant).where(
        column(Applicant.user_id) == event.user_id).with_for_update())).scalar_one_or_none()
    if applicant is None:
        return  # an admin's profile, or an applicant registered before this service: their registration screens them
    if (applicant.full_name, applicant.date_of_birth) == (event.full_name[:200], event.date_of_birth):
        return
    applicant.full_name = event.full_name[:200]
    applicant.date_of_birth = event.date_of_birth
    db.add(applicant)
    await db.flush()
    await _screen(db, applicant)
