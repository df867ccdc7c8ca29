"""Erasure and retention in applications (issue 16, Erasure (Art. 17) and retention).

On ``identity.privacy.erasure.approved`` the person's applicant projection, their applications and every status
update with its notes go, and so does the person in this service's outbox copies of its events. An application
a shelf company was assigned to stays (the company's history and the employment records of other services
point at it), with its notes emptied: what is left of it is ids, statuses and dates.

Retention: every APPLICATIONS_RETENTION_INTERVAL_SECONDS (and ``python -m applications retention``) finds the
people whose newest application was rejected more than APPLICATIONS_RETENTION_REJECTED_MONTHS months ago and
who never had a company (so no contract came of it), and publishes ``applications.privacy.retention.due`` for
each; identity turns that into an approved erasure with reason "retention", which comes back here as above.
"""

import calendar
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, exists, update
from sqlalchemy.orm import aliased
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from applications.config import get_settings
from applications.models import Applicant, Application, Company, StatusUpdate
from portal_common.app import PeriodicJob, Subscription
from portal_common.clock import utcnow
from portal_common.erasure import needles, scrub_outbox, scrub_outbox_fields
from portal_common.events import (
    ApplicationsErasureDone,
    ApplicationsRetentionDue,
    ErasureApproved,
    EventEnvelope,
    read_payload,
)
from portal_common.outbox import add_event
from portal_common.unit_of_work import UnitOfWork

SERVICE = "applications"
REJECTED = "rejected"
FREE_TEXT = ("notes",)  # what this service's events carry that a person typed about the applicant


async def on_erasure_approved(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, ErasureApproved)
    applicant = await db.get(Applicant, event.user_id)
    found = needles(event.email, event.id_code, *(
        (applicant.full_name, applicant.email, applicant.phone, applicant.id_code, applicant.username,
         applicant.address) if applicant else ()))
    await erase_applications(db, event.user_id)
    await db.execute(delete(Applicant).where(col(Applicant.user_id) == event.user_id))
    await scrub_outbox(db, found)
    await scrub_outbox_fields(db, event.user_id, FREE_TEXT)
    add_event(db, ApplicationsErasureDone(request_id=event.request_id, user_id=event.user_id, service=SERVICE))


async def erase_applications(db: AsyncSession, user_id: int) -> None:
    owned = select(Application.id).where(col(Application.user_id) == user_id)
    with_company = exists().where(col(Company.application_id) == col(Application.id))
    await db.execute(delete(StatusUpdate).where(col(StatusUpdate.application_id).in_(owned)))
    await db.execute(update(Application).where(col(Application.user_id) == user_id, with_company)
                     .values(notes=None, admin_notes=None, sort_name=""))
    # One statement: a chain of applications (each naming the one it follows) goes at once.
    await db.execute(delete(Application).where(col(Application.user_id) == user_id, ~with_company))


def months_before(moment: datetime, months: int) -> datetime:
    """The same day and time ``months`` calendar months earlier (the month's last day when it has no such day)."""
    month_index = moment.year * 12 + moment.month - 1 - months
    year, month = divmod(month_index, 12)
    day = min(moment.day, calendar.monthrange(year, month + 1)[1])
    return moment.replace(year=year, month=month + 1, day=day)


@dataclass(frozen=True)
class Expired:
    user_id: int
    application_id: int
    rejected_at: datetime


async def rejected_beyond_retention(db: AsyncSession, now: datetime, months: int) -> list[Expired]:
    """The people whose newest application was rejected before ``now`` less ``months`` and who never had a
    company."""
    follower = aliased(Application)
    mine = aliased(Application)
    newest = ~exists().where(col(follower.previous_application_id) == col(Application.id))
    had_company = exists().where(col(mine.user_id) == col(Application.user_id),
                                 col(Company.application_id) == col(mine.id))
    query = (select(Application.user_id, Application.id, Application.updated_at)
             .where(col(Application.status) == REJECTED, newest, ~had_company,
                    col(Application.updated_at) < months_before(now, months))
             .order_by(col(Application.user_id)))
    return [Expired(user_id, application_id, rejected_at)
            for user_id, application_id, rejected_at in (await db.exec(query)).all() if application_id is not None]


async def publish_retention(db: AsyncSession, now: datetime, months: int, dry_run: bool = False) -> list[Expired]:
    """What retention erases now: each person once, announced to identity unless ``dry_run``."""
    expired = await rejected_beyond_retention(db, now, months)
    if not dry_run:
        for found in expired:
            add_event(db, ApplicationsRetentionDue(user_id=found.user_id, why="rejected_application"))
    return expired


async def retention_round(unit_of_work: UnitOfWork) -> None:
    await publish_retention(unit_of_work.session, utcnow(), get_settings().retention_rejected_months)


SUBSCRIPTIONS = [Subscription(ErasureApproved.TYPE, on_erasure_approved)]


def jobs() -> list[PeriodicJob]:
    return [PeriodicJob("retention", get_settings().retention_interval_seconds, retention_round)]
