"""Consumers of identity's events. portal_common.consumer runs each at most once per event id; they are
also safe to run after GET /api/application already made the application (get-or-create)."""

from sqlalchemy.dialects.postgresql import insert
from sqlmodel.ext.asyncio.session import AsyncSession

from applications.models import ClientCase, ScreeningBlock
from applications.service import ensure_application, upsert_applicant
from portal_common.events import (
    ClientCaseChanged,
    EventEnvelope,
    ProfileUpdated,
    ScreeningHitDecided,
    UserRegistered,
    read_payload,
)
from portal_common.projection import upsert_if_newer


async def on_user_registered(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, UserRegistered)
    profile = event.model_dump(include={"full_name", "email", "phone", "date_of_birth", "id_code", "city",
                                        "address"})
    account = {"username": event.username, "language": event.language, "eid_method": event.eid_method,
               "eid_verified_at": event.eid_verified_at}
    # The application first: a GET /api/application racing this event may be making it without the name, and
    # ensure_application waits for that; the projection's update then copies the name onto it (sort_name).
    await ensure_application(db, event.user_id)
    await upsert_applicant(db, event.user_id, envelope.occurred_at, profile, account)


async def on_profile_updated(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, ProfileUpdated)
    # Only the projection: staff update profiles too, and they are not applicants.
    await upsert_applicant(db, event.user_id, envelope.occurred_at, event.model_dump(exclude={"user_id"}))


async def on_screening_decided(db: AsyncSession, envelope: EventEnvelope) -> None:
    """Issue 35: a confirmed hit on an applicant blocks their application's approval (409 screening_hit)."""
    event = read_payload(envelope, ScreeningHitDecided)
    if event.subject_type != "applicant" or event.decision != "confirmed":
        return
    await db.execute(insert(ScreeningBlock).values(user_id=event.subject_id, hit_id=event.hit_id,
                                                   confirmed_at=envelope.occurred_at)
                     .on_conflict_do_nothing(index_elements=["user_id"]))


async def on_client_changed(db: AsyncSession, envelope: EventEnvelope) -> None:
    """Issue 35, Handover gate: the projection of compliance's client cases (name, status, review date); an older
    event arriving late changes nothing."""
    event = read_payload(envelope, ClientCaseChanged)
    await upsert_if_newer(db, ClientCase, {"client_id": event.client_id}, "updated_at", envelope.occurred_at,
                          {"name": event.name, "status": event.status, "review_due": event.review_due,
                           "relationship_ended_on": event.relationship_ended_on})
