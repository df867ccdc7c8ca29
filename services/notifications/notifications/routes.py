"""notifications' API: the admin list of e-mails and sending one again, and a user's e-mail preferences
(issue 14)."""

from typing import Annotated

from fastapi import APIRouter, Query, Response

from notifications import service
from notifications.preferences import preferences_of, save_preferences
from notifications.schemas import EmailOut, EmailPreferencesBody, EmailStatus
from portal_common.auth import AdminIdentity, CurrentIdentity
from portal_common.listing import TOTAL_RESPONSES, PageDep
from portal_common.unit_of_work import SessionDep
from portal_common.validation import ResourceId

router = APIRouter(prefix="/api", tags=["notifications"])


@router.get("/admin/emails", response_model=list[EmailOut], responses=TOTAL_RESPONSES)
async def list_emails(_: AdminIdentity, db: SessionDep, page: PageDep, response: Response,
                      status: Annotated[EmailStatus | None, Query()] = None) -> list[EmailOut]:
    """The latest e-mails first, paged (issue 17's parameters); ``status`` keeps queued, sent or failed ones."""
    return [EmailOut.model_validate(email, from_attributes=True)
            for email in await service.admin_page(db, page, response, status)]


@router.post("/admin/emails/{email_id}/resend", response_model=EmailOut)
async def resend_email(email_id: ResourceId, _: AdminIdentity, db: SessionDep) -> EmailOut:
    """A sent or failed e-mail is queued again from its first attempt; 409 email_already_queued if it waits."""
    return EmailOut.model_validate(await service.resend(db, email_id), from_attributes=True)


@router.get("/email-preferences", response_model=EmailPreferencesBody)
async def get_email_preferences(identity: CurrentIdentity, db: SessionDep) -> EmailPreferencesBody:
    """The signed-in user's choices; both on until they change them."""
    return EmailPreferencesBody.model_validate(await preferences_of(db, identity.user_id), from_attributes=True)


@router.put("/email-preferences", response_model=EmailPreferencesBody)
async def put_email_preferences(body: EmailPreferencesBody, identity: CurrentIdentity,
                                db: SessionDep) -> EmailPreferencesBody:
    saved = await save_preferences(db, identity.user_id, body.reminders, body.status_updates)
    return EmailPreferencesBody.model_validate(saved, from_attributes=True)
