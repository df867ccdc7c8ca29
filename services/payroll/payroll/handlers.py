"""Consumers of the events payroll keeps: applications' company assigned and transferred make and end the
schedule, and a completed application reopened restores it; identity's feed the names and ID codes of the payslips
and the TSD annex. portal_common.consumer runs each at most once per event id; an older event never overwrites what
a newer one wrote."""

from typing import Any

from sqlmodel.ext.asyncio.session import AsyncSession

from payroll import service
from payroll.models import Employment, Person
from portal_common.events import (
    ApplicationReopened,
    CompanyAssigned,
    CompanyTransferred,
    EventEnvelope,
    ProfileUpdated,
    UserRegistered,
    read_payload,
)
from portal_common.projection import upsert_if_newer


async def on_company_assigned(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, CompanyAssigned)
    employment = await service.locked_employment(db, event.application_id, event.user_id, event.company_id)
    if service.is_older(employment, envelope.occurred_at):
        return
    service.assign(employment, event.company_id, event.company_name, event.registration_date, event.term_ends_on,
                   envelope.occurred_at)
    employment.user_id = event.user_id
    db.add(employment)
    payments = await service.reschedule(db, employment)
    service.announce_schedule(db, employment, payments, "assigned")


async def on_company_transferred(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, CompanyTransferred)
    employment = await service.locked_employment(db, event.application_id, event.user_id, event.company_id)
    if employment.company_id != event.company_id:
        return  # the application has another company by now
    employment.transferred_on = event.transferred_on
    db.add(employment)
    payments = await service.reschedule(db, employment)
    service.announce_schedule(db, employment, payments, "transferred")


async def on_application_reopened(db: AsyncSession, envelope: EventEnvelope) -> None:
    """The completed application is open again (issue 37, Applying again): its company is no longer handed over,
    so the payments its early end cancelled are due again (reschedule restores those not paid or in a run)."""
    event = read_payload(envelope, ApplicationReopened)
    if event.company_id is None or await db.get(Employment, event.application_id) is None:
        return  # no company, or payroll never scheduled one
    employment = await service.locked_employment(db, event.application_id, event.user_id, event.company_id)
    if employment.company_id != event.company_id or employment.transferred_on is None:
        return  # another company by now, or nothing was ended
    employment.transferred_on = None
    db.add(employment)
    payments = await service.reschedule(db, employment)
    service.announce_schedule(db, employment, payments, "assigned")


async def _note_person(db: AsyncSession, envelope: EventEnvelope, user_id: int, full_name: str,
                       id_code: str | None) -> None:
    names: dict[str, Any] = {"full_name": full_name}
    if id_code:
        names["id_code"] = id_code
    await upsert_if_newer(db, Person, {"user_id": user_id}, "profile_at", envelope.occurred_at, names)


async def on_user_registered(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, UserRegistered)
    await _note_person(db, envelope, event.user_id, event.full_name, event.id_code)


async def on_profile_updated(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, ProfileUpdated)
    await _note_person(db, envelope, event.user_id, event.full_name, event.id_code)
