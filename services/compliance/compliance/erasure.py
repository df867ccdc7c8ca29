"""Erasure in compliance (issue 16, on ``identity.privacy.erasure.approved``; issue 35, records).

Anti-money-laundering records are kept five years after the relationship ends, out of reach of erasure (the Money
Laundering and Terrorist Financing Prevention Act), as signed employment records are: an applicant who was ever a
screening hit or the subject of a suspicion report stays as they are. Anyone else is only a name screened once:
that name and date of birth go. Clients and their people are not applicants: erasure never reaches them."""

from sqlalchemy import or_, select
from sqlmodel.ext.asyncio.session import AsyncSession

from compliance.models import Applicant, Hit, SuspicionReport
from portal_common.app import Subscription
from portal_common.erasure import needles, scrub_outbox
from portal_common.events import ComplianceErasureDone, ErasureApproved, EventEnvelope, read_payload
from portal_common.listing import column
from portal_common.outbox import add_event

SERVICE = "compliance"


async def held(db: AsyncSession, user_id: int) -> bool:
    """Whether the applicant has an AML record: a hit (of any status) or a suspicion report about them."""
    hit = (await db.execute(select(column(Hit.id)).where(
        column(Hit.subject_type) == "applicant", column(Hit.subject_id) == user_id).limit(1))).first()
    report = (await db.execute(select(column(SuspicionReport.id)).where(or_(
        (column(SuspicionReport.subject_type) == "applicant") & (column(SuspicionReport.subject_id) == user_id),
        (column(SuspicionReport.raised_by_role) == "applicant") & (column(SuspicionReport.raised_by) == user_id),
    )).limit(1))).first()
    return hit is not None or report is not None


async def on_erasure_approved(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, ErasureApproved)
    applicant = await db.get(Applicant, event.user_id)
    if applicant is not None and not await held(db, event.user_id):
        names = [applicant.full_name] if applicant.full_name else []
        await db.delete(applicant)
        await scrub_outbox(db, needles(event.email, event.id_code, *names))
    add_event(db, ComplianceErasureDone(request_id=event.request_id, user_id=event.user_id, service=SERVICE))


SUBSCRIPTIONS = [Subscription(ErasureApproved.TYPE, on_erasure_approved)]
