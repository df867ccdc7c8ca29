"""Bodies of the admin e-mail list (issue 14, "Admins see the latest e-mails with their status")."""

from datetime import datetime
from typing import Literal

from portal_common.validation import CamelModel

EmailStatus = Literal["queued", "sent", "failed"]


class EmailOut(CamelModel):
    id: int
    user_id: int
    template: str
    address: str | None
    language: str | None
    subject: str | None
    status: EmailStatus
    attempts: int
    last_error: str | None
    next_attempt_at: datetime
    sent_at: datetime | None
    created_at: datetime


class EmailPreferencesBody(CamelModel):
    """Issue 14, "E-mail preferences": reminders = document due/overdue reminders; statusUpdates = every other
    applicant e-mail but the welcome and security ones (those always go)."""

    reminders: bool
    status_updates: bool
