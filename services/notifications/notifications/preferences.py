"""E-mail preferences (issue 14, "E-mail preferences"): reminders and status e-mails can be turned off; welcome,
admin and security e-mails cannot. A turned-off e-mail is never queued: it leaves no row."""

from collections.abc import Sequence

from sqlalchemy.dialects.postgresql import insert
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from notifications.models import EmailPreference
from portal_common.clock import utcnow

# Every non-security e-mail to an applicant about their application (the contract's "statusUpdates").
STATUS_UPDATE_TEMPLATES = frozenset({
    "document_requested", "document_approved", "document_rejected", "contract_ready", "contract_signed",
    "application_status", "company_assigned",
    # Issue 36: the board member's mandate at the Business Register.
    "mandate_appointed", "mandate_term_ended", "mandate_removed"})
REMINDER_TEMPLATES = frozenset({"document_due_soon", "document_overdue", "mandate_removal_overdue"})


async def preferences_of(db: AsyncSession, user_id: int) -> EmailPreference:
    """The user's choices; everything on while they chose nothing."""
    return await db.get(EmailPreference, user_id) or EmailPreference(user_id=user_id)


async def save_preferences(db: AsyncSession, user_id: int, reminders: bool, status_updates: bool) -> EmailPreference:
    saved = EmailPreference(user_id=user_id, reminders=reminders, status_updates=status_updates, updated_at=utcnow())
    values = {"reminders": saved.reminders, "status_updates": saved.status_updates, "updated_at": saved.updated_at}
    await db.execute(insert(EmailPreference).values(user_id=user_id, **values)
                     .on_conflict_do_update(index_elements=["user_id"], set_=values))
    return saved


async def opted_out(db: AsyncSession, template: str, user_ids: Sequence[int]) -> set[int]:
    """Those of ``user_ids`` who turned off the kind of e-mail ``template`` is; none for one they cannot."""
    if template in STATUS_UPDATE_TEMPLATES:
        choice = col(EmailPreference.status_updates)
    elif template in REMINDER_TEMPLATES:
        choice = col(EmailPreference.reminders)
    else:
        return set()
    query = select(EmailPreference.user_id).where(col(EmailPreference.user_id).in_(user_ids), choice.is_(False))
    return set((await db.exec(query)).all())
