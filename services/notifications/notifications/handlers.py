"""Consumers of the other services' events: identity's feed the recipients (names, addresses, languages,
admins); the rest each queue the e-mails they call for (issue 14, "What people receive").
portal_common.consumer runs each at most once per event id, and queueing is idempotent anyway."""

from datetime import timedelta

from sqlmodel.ext.asyncio.session import AsyncSession

from notifications import reminders, service
from notifications.config import get_settings
from notifications.models import KnownContract
from portal_common.clock import utcnow
from portal_common.events import (
    AdminSaved,
    ApplicationCreated,
    ApplicationStatusChanged,
    ContractCreated,
    ContractSigned,
    DocumentRequested,
    DocumentReviewed,
    DocumentUploaded,
    EventEnvelope,
    LanguageChanged,
    MessageReceived,
    ProfileUpdated,
    UserRegistered,
    read_payload,
)

EMPLOYMENT = "employment"
RESIGNATION = "resignation"  # a letter the board member makes themselves (issue 36): no "ready to sign" e-mail
# contracts.signed may be handled before contracts.created (two consumers): it waits this long for it.
CONTRACT_WAIT = timedelta(minutes=1)


async def on_user_registered(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, UserRegistered)
    await service.note_user(db, event.user_id, envelope.occurred_at,
                            {"username": event.username, "full_name": event.full_name, "email": event.email},
                            language=event.language)
    await service.queue(db, envelope, "welcome", [event.user_id], {})


async def on_profile_updated(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, ProfileUpdated)
    await service.note_user(db, event.user_id, envelope.occurred_at,
                            {"full_name": event.full_name, "email": event.email})


async def on_language_changed(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, LanguageChanged)
    await service.note_language(db, event.user_id, envelope.occurred_at, event.language)


async def on_admin_saved(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, AdminSaved)
    await service.note_user(db, event.user_id, envelope.occurred_at,
                            {"username": event.username, "full_name": event.full_name, "email": event.email,
                             "active": event.active},
                            language=event.language, is_admin=True)


async def on_document_requested(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, DocumentRequested)
    await reminders.watch_request(db, event.request_id, event.user_id, envelope.occurred_at, event.name,
                                  event.due_date)
    await service.queue(db, envelope, "document_requested", [event.user_id], {
        "name": event.name, "description": event.description,
        "due_date": event.due_date.isoformat() if event.due_date else None})


async def on_document_reviewed(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, DocumentReviewed)
    if event.request_id is not None:
        await reminders.note_request_status(db, event.request_id, event.user_id, envelope.occurred_at, event.status)
    template = "document_approved" if event.status == "approved" else "document_rejected"
    await service.queue(db, envelope, template, [event.user_id], {"name": event.name, "reason": event.reason})


async def on_document_uploaded(db: AsyncSession, envelope: EventEnvelope) -> None:
    """No e-mail: an upload for a request stops its reminders until a review rejects it."""
    event = read_payload(envelope, DocumentUploaded)
    if event.request_id is not None:
        await reminders.note_request_status(db, event.request_id, event.user_id, envelope.occurred_at,
                                            reminders.SUBMITTED)


async def on_contract_created(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, ContractCreated)
    db.add(KnownContract(contract_id=event.contract_id, user_id=event.user_id, kind=event.kind,
                         title=event.title[:300]))
    # The one signed at registration is not announced (the welcome e-mail links it); a later application's is.
    if event.kind == RESIGNATION:
        return
    if event.kind != EMPLOYMENT or event.awaiting_signature:
        await service.queue(db, envelope, "contract_ready", [event.user_id],
                            {"title": event.title, "contract_id": event.contract_id})


async def on_contract_signed(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, ContractSigned)
    contract = await db.get(KnownContract, event.contract_id)
    if contract is None and envelope.occurred_at > utcnow() - CONTRACT_WAIT:
        raise LookupError(f"contract {event.contract_id} is not known yet")  # redelivered in a moment
    if contract is not None and contract.kind == EMPLOYMENT:
        return
    if contract is not None and contract.kind == RESIGNATION:  # the admins are told at once (issue 36)
        await service.queue(db, envelope, "admin_resignation_signed", await service.admin_ids(db),
                            {"title": contract.title, "contract_id": event.contract_id, "applicant_id": event.user_id})
    await service.queue(db, envelope, "contract_signed", [event.user_id],
                        {"title": contract.title if contract else "", "contract_id": event.contract_id})


async def on_application_status_changed(db: AsyncSession, envelope: EventEnvelope) -> None:
    # The notes of a status change are the applicant's: they see them in their timeline (spec §2). The
    # application's internal admin notes never travel in an event.
    event = read_payload(envelope, ApplicationStatusChanged)
    await service.queue(db, envelope, "application_status", [event.user_id],
                        {"status": event.new_status, "notes": event.notes})


async def on_application_created(db: AsyncSession, envelope: EventEnvelope) -> None:
    if not get_settings().admin_new_application_emails:
        return
    event = read_payload(envelope, ApplicationCreated)
    await service.queue(db, envelope, "admin_new_application", await service.admin_ids(db),
                        {"application_id": event.application_id, "applicant_id": event.user_id})


async def on_message_received(db: AsyncSession, envelope: EventEnvelope) -> None:
    if not get_settings().admin_new_message_emails:
        return
    event = read_payload(envelope, MessageReceived)
    await service.queue(db, envelope, "admin_new_message", await service.admin_ids(db), {
        "message_id": event.message_id, "name": event.name, "email": event.email, "subject": event.subject})
