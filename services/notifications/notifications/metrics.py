"""The notifications service's own Prometheus series (issue 21, Metrics): e-mails sent, failed attempts, and
how many wait in the queue (read after every sending round, which runs every few seconds)."""

from prometheus_client import Counter, Gauge
from sqlalchemy import func
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from notifications.models import QUEUED, Email

EMAILS_SENT = Counter("portal_emails_sent", "E-mails handed to the SMTP server, by template.", ["template"])
EMAIL_ATTEMPTS_FAILED = Counter("portal_emails_failed", "Sending attempts that failed, by template and whether "
                                "the e-mail was given up on (final) or will be tried again.", ["template", "final"])
EMAILS_QUEUED = Gauge("portal_emails_queued", "E-mails waiting to be sent (new or to be tried again).")


async def count_queue(db: AsyncSession) -> None:
    queued = (await db.exec(select(func.count()).select_from(Email).where(col(Email.status) == QUEUED))).one()
    EMAILS_QUEUED.set(int(queued))
