"""The e-mail saying a person's copy of their data is ready (issue 16, Download my data), from documents' event;
its text is privacy_export_texts.py. Always sent: it answers the person's own request."""

from zoneinfo import ZoneInfo

from sqlmodel.ext.asyncio.session import AsyncSession

from notifications import service
from portal_common.app import Subscription
from portal_common.events import EventEnvelope, PrivacyExportReady, read_payload

TALLINN = ZoneInfo("Europe/Tallinn")


async def on_privacy_export_ready(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, PrivacyExportReady)
    await service.queue(db, envelope, "privacy_export_ready", [event.user_id], {
        "export_id": str(event.export_id), "expires_on": event.expires_at.astimezone(TALLINN).date().isoformat()})


PRIVACY_EXPORT_SUBSCRIPTIONS = [Subscription(PrivacyExportReady.TYPE, on_privacy_export_ready)]
