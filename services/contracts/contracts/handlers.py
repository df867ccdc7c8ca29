"""Consumers of identity's events (the applicant projection: names for the admin tables, and the employment
contract accepted at registration) and of applications' events (whose application is whose, and a completed
application, whose company has been handed over, ends the employment contract; a company's assignment sets
the end of the term, when the contract ends at the latest). Each application has its own employment contract:
the one accepted at registration is the first application's, a later one's is made when it is created
(issue 37, Applying again), and a completed application moved back to an open status brings its contract back.
portal_common.consumer runs each at most once per event id, and the unique index on (user_id, application)
for employment contracts and the application id's primary key make a second run a no-op anyway."""

from sqlmodel.ext.asyncio.session import AsyncSession

from contracts import eid_documents
from contracts.expiry import bring_back_employment_contract, end_employment_contract, set_employment_term
from contracts.models import Applicant
from contracts.service import (
    create_eid_employment_contract,
    create_employment_contract,
    create_next_employment_contract,
    note_application,
    upsert_applicant,
)
from portal_common.events import (
    ApplicationCreated,
    ApplicationReopened,
    ApplicationStatusChanged,
    CompanyAssigned,
    EventEnvelope,
    ProfileUpdated,
    UserRegistered,
    read_payload,
)

APPLICATION_COMPLETED = "completed"


async def on_user_registered(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, UserRegistered)
    profile = {"full_name": event.full_name, "email": event.email, "id_code": event.id_code}
    account = {"username": event.username, "language": event.language if event.language in ("et", "en") else None,
               "eid_method": event.eid_method}
    await upsert_applicant(db, event.user_id, envelope.occurred_at, profile, account)
    if event.eid_method is not None:  # issue 34: signed afterwards with the same eID, not the typed name
        await create_eid_employment_contract(db, event.user_id)
        return
    signer = await db.get(Applicant, event.user_id, populate_existing=True)
    await create_employment_contract(db, event.user_id, event.contract, event.language, signer)


async def on_profile_updated(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, ProfileUpdated)
    profile = {"full_name": event.full_name, "email": event.email, "id_code": event.id_code}
    await upsert_applicant(db, event.user_id, envelope.occurred_at, profile)


async def on_application_created(db: AsyncSession, envelope: EventEnvelope) -> None:
    """A later application (the person applied again, spec §1) gets an employment contract of its own."""
    event = read_payload(envelope, ApplicationCreated)
    await note_application(db, event.user_id, event.application_id)
    if event.previous_application_id is not None:
        await create_next_employment_contract(db, event.user_id, event.application_id)


async def on_application_status_changed(db: AsyncSession, envelope: EventEnvelope) -> None:
    # Also names applications made before applications.created existed (the stream replays to a new consumer).
    event = read_payload(envelope, ApplicationStatusChanged)
    await note_application(db, event.user_id, event.application_id)
    if event.new_status == APPLICATION_COMPLETED:  # applications has handed the company over
        await end_employment_contract(db, event.application_id, envelope.occurred_at)
        await eid_documents.withdraw_consents(db, event.application_id)


async def on_company_assigned(db: AsyncSession, envelope: EventEnvelope) -> None:
    """The term's end (spec §1: 6 months from the company's registration) becomes the employment contract's; the
    applicant gets the board member's consent for the company to sign with eID (issue 33), once per company."""
    event = read_payload(envelope, CompanyAssigned)
    await note_application(db, event.user_id, event.application_id)
    await set_employment_term(db, event.application_id, event.term_ends_on)
    assignment = await eid_documents.note_company(db, event, envelope.occurred_at)
    # Events from before the consent existed carry no registry code: a replay of them makes no consents.
    if assignment is not None and event.registry_code:
        await eid_documents.issue_board_consent(db, assignment)


async def on_application_reopened(db: AsyncSession, envelope: EventEnvelope) -> None:
    """A completed application back to an open status: its employment contract comes back (issue 37)."""
    event = read_payload(envelope, ApplicationReopened)
    await note_application(db, event.user_id, event.application_id)
    await bring_back_employment_contract(db, event.application_id, event.term_ends_on)
