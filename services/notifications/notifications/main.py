"""The notifications service's ASGI app: ``uvicorn notifications.main:app``."""

from notifications import erasure, handlers, routes
from notifications.config import get_settings
from notifications.errors import ERROR_CODES
from notifications.mail import Mailer
from notifications.mandate_emails import MANDATE_SUBSCRIPTIONS, mandate_round
from notifications.models import SEND_CHANNEL
from notifications.payment_paid_emails import PAYMENT_SUBSCRIPTIONS
from notifications.payroll_schedule_emails import SCHEDULE_SUBSCRIPTIONS
from notifications.privacy_export import PRIVACY_EXPORT_SUBSCRIPTIONS
from notifications.reminders import remind
from notifications.security_emails import SECURITY_SUBSCRIPTIONS
from notifications.service import send_due
from portal_common.app import NextRound, PeriodicJob, Subscription, create_service_app
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
    LanguageChanged,
    MessageReceived,
    ProfileUpdated,
    UserRegistered,
)
from portal_common.unit_of_work import UnitOfWork

settings = get_settings()
mailer = Mailer(settings)


async def send_emails(unit_of_work: UnitOfWork) -> NextRound | None:
    return await send_due(unit_of_work, mailer, settings)


async def send_reminders(unit_of_work: UnitOfWork) -> int | None:
    return await remind(unit_of_work.session, utcnow())


async def send_mandate_emails(unit_of_work: UnitOfWork) -> int | None:
    return await mandate_round(unit_of_work.session, utcnow())


app = create_service_app("notifications", settings, [routes.router], error_codes=ERROR_CODES, subscriptions=[
    Subscription(UserRegistered.TYPE, handlers.on_user_registered),
    Subscription(ProfileUpdated.TYPE, handlers.on_profile_updated),
    Subscription(LanguageChanged.TYPE, handlers.on_language_changed),
    Subscription(AdminSaved.TYPE, handlers.on_admin_saved),
    Subscription(DocumentRequested.TYPE, handlers.on_document_requested),
    Subscription(DocumentReviewed.TYPE, handlers.on_document_reviewed),
    Subscription(DocumentUploaded.TYPE, handlers.on_document_uploaded),
    Subscription(ContractCreated.TYPE, handlers.on_contract_created),
    Subscription(ContractSigned.TYPE, handlers.on_contract_signed),
    Subscription(ApplicationStatusChanged.TYPE, handlers.on_application_status_changed),
    Subscription(ApplicationCreated.TYPE, handlers.on_application_created),
    Subscription(MessageReceived.TYPE, handlers.on_message_received),
    *SECURITY_SUBSCRIPTIONS,
    *PAYMENT_SUBSCRIPTIONS,
    *SCHEDULE_SUBSCRIPTIONS,
    *PRIVACY_EXPORT_SUBSCRIPTIONS,
    *MANDATE_SUBSCRIPTIONS,
    *erasure.SUBSCRIPTIONS,
], jobs=[PeriodicJob("send e-mails", settings.send_interval_seconds, send_emails, wake_channel=SEND_CHANNEL),
         PeriodicJob("document reminders", settings.reminder_check_seconds, send_reminders),
         PeriodicJob("mandate e-mails", settings.reminder_check_seconds, send_mandate_emails)])
