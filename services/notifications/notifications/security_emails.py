"""The security e-mails identity's events call for (issue 14): a password reset link, the confirmation of a new
address and a notice to the old one, a password-changed notice, a notice that someone tried to register with the
account's details (issue 37). Always sent: preferences cannot stop them.

The link's token travels in identity's event and stays in the e-mail's row (its context) so that a retry, or an
admin's resend, sends the same link. A trade-off: the stream is internal (each service its own NATS user) and
notifications' database is its own; identity keeps only the token's hash, and a token is good once, for 1 hour
(reset) or 24 hours (e-mail change). An admin invitation (issue 15) works alike: its link is good once, for
48 hours by default, and goes to an address with no account behind it yet."""

from sqlmodel.ext.asyncio.session import AsyncSession

from notifications import service
from notifications.mail import GUEST
from notifications.models import Recipient
from portal_common.app import Subscription
from portal_common.events import (
    AdminInvited,
    EmailChangeRequested,
    EventEnvelope,
    PasswordChanged,
    PasswordResetRequested,
    RegistrationAttempted,
    read_payload,
)


async def on_password_reset_requested(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, PasswordResetRequested)
    await service.queue(db, envelope, "password_reset", [event.user_id], {"token": event.token})


async def on_email_change_requested(db: AsyncSession, envelope: EventEnvelope) -> None:
    """The confirmation goes to the new address; the notice to the address the account has now, remembered
    here, as the change may apply (and the projection follow it) before the notice is sent."""
    event = read_payload(envelope, EmailChangeRequested)
    await service.queue(db, envelope, "email_change_confirm", [event.user_id], {
        "token": event.token, "new_email": event.new_email, service.ADDRESS_OVERRIDE: event.new_email})
    current = await db.get(Recipient, event.user_id)
    old_address = {service.ADDRESS_OVERRIDE: current.email} if current is not None and current.email else {}
    await service.queue(db, envelope, "email_change_notice", [event.user_id],
                        {"new_email": event.new_email, **old_address})


async def on_password_changed(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, PasswordChanged)
    await service.queue(db, envelope, "password_changed", [event.user_id], {"via": event.via})


async def on_registration_attempted(db: AsyncSession, envelope: EventEnvelope) -> None:
    """Issue 37: someone was refused a registration with this account's e-mail address or ID code."""
    event = read_payload(envelope, RegistrationAttempted)
    await service.queue(db, envelope, "registration_attempt", [event.user_id], {})


async def on_admin_invited(db: AsyncSession, envelope: EventEnvelope) -> None:
    """The invitee has no account yet: the e-mail goes to the invitation's address, in its language."""
    event = read_payload(envelope, AdminInvited)
    guest = {"full_name": event.full_name, "email": event.email, "language": event.language}
    await service.queue(db, envelope, "admin_invitation", [service.NO_ACCOUNT], {
        "token": event.token, "expires_at": event.expires_at.isoformat(), GUEST: guest})


SECURITY_SUBSCRIPTIONS = [
    Subscription(PasswordResetRequested.TYPE, on_password_reset_requested),
    Subscription(EmailChangeRequested.TYPE, on_email_change_requested),
    Subscription(PasswordChanged.TYPE, on_password_changed),
    Subscription(AdminInvited.TYPE, on_admin_invited),
    Subscription(RegistrationAttempted.TYPE, on_registration_attempted),
]
