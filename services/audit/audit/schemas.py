"""Bodies of the audit log (issue 15, Audit log) and of an applicant's view of it (issue 16, Access transparency)."""

from datetime import datetime

from portal_common.validation import CamelModel


class AuditRecordOut(CamelModel):
    """One record. The names are the ones identity last announced for those users (null when it never did);
    ``occurredAt`` is when the acting service recorded it."""

    id: int
    occurred_at: datetime
    actor_id: int | None
    actor_name: str | None
    actor_role: str
    action: str
    target_type: str
    target_id: str
    applicant_id: int | None
    applicant_name: str | None
    ip_address: str | None
    user_agent: str | None
    request_id: str | None
    details: dict[str, str]


class AccessLogEntryOut(CamelModel):
    """One admin view or download of the caller's data (issue 16, Access transparency). Deliberately nothing
    about the admin: no id, name, IP address or user agent; the SPA shows them as "Administrator"."""

    occurred_at: datetime
    action: str
    target_type: str
