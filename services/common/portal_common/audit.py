"""Recording admin actions and admin views of personal data for the audit log (issue 15).

A record is an ``audit.recorded`` event staged in the acting service's outbox, in the same transaction as the
action (or, for a view, with nothing else): it reaches the audit store whenever that store is up, so an outage
there loses nothing and blocks no one. Who, from where and under which request id come from the request.
"""

from fastapi import Request
from sqlmodel.ext.asyncio.session import AsyncSession

from portal_common.auth import Identity
from portal_common.events import AuditRecorded
from portal_common.observability import request_id_var
from portal_common.outbox import add_event

USER_AGENT_MAX_LENGTH = 500


def client_address(request: Request) -> str | None:
    """The browser's address: the gateway puts it first in X-Forwarded-For (it does not trust one sent in)."""
    forwarded = request.headers.get("x-forwarded-for")
    return forwarded.split(",")[0].strip() if forwarded else (request.client.host if request.client else None)


def record_admin_action(session: AsyncSession, request: Request, actor: Identity, action: str, target_type: str,
                        target_id: int | str, applicant_id: int | None, **details: str) -> None:
    """Stages the audit record of ``action`` by ``actor`` in ``session``'s transaction; it is kept only if that
    transaction commits. ``action`` reads "<target type>.<verb>", e.g. "application.viewed"."""
    request_id = request_id_var.get()
    add_event(session, AuditRecorded(
        actor_id=actor.user_id, actor_role=actor.role, action=action, target_type=target_type,
        target_id=str(target_id), applicant_id=applicant_id, ip_address=client_address(request),
        user_agent=(request.headers.get("user-agent") or "")[:USER_AGENT_MAX_LENGTH] or None,
        request_id=None if request_id == "-" else request_id, details=details))


# Every record a list view makes is one: the whole page (target id "*"), with the ids it showed.
EVERY_ROW = "*"


def record_list_view(session: AsyncSession, request: Request, actor: Identity, target_type: str,
                     shown: list[int | None], applicant_id: int | None, **details: str) -> None:
    """Records an admin's view of a page of a list that shows personal data (issue 37: names, e-mail addresses,
    masked ID codes) as "<target type>.listed": its filters in ``details`` (never the search text, which may be a
    name or an ID code) and the ids of the rows it showed (at most a page: portal_common.listing.MAX_LIMIT)."""
    record_admin_action(session, request, actor, f"{target_type}.listed", target_type, EVERY_ROW, applicant_id,
                        **details, shown=",".join(str(row_id) for row_id in shown if row_id is not None))
