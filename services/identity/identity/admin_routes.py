"""Admin management's API (issue 15, "Admin management"): the admins' list, invitations, deactivation and the
second-factor reset for admins (behind the gateway's admin ForwardAuth), and the invitation link's two public
calls. Each admin action is audited in the same transaction (portal_common.audit)."""

from datetime import timedelta
from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response

from identity import admins
from identity.admin_schemas import (
    AdminInvitationOut,
    AdminInvitationRequest,
    AdminOut,
    ComplianceOfficerIn,
    InvitationAccept,
    InvitationPreview,
)
from identity.config import IdentitySettings, get_settings
from identity.mappers import user_out
from identity.models import AdminInvitation
from identity.schemas import UserOut
from identity.sessions import open_session, revoke_session, session_token, set_session_cookie
from portal_common.audit import record_admin_action
from portal_common.auth import AdminIdentity
from portal_common.unit_of_work import SessionDep
from portal_common.validation import ResourceId

router = APIRouter(prefix="/api", tags=["identity"])
Settings = Annotated[IdentitySettings, Depends(get_settings)]
TARGET = "admin"


def invitation_out(invitation: AdminInvitation) -> AdminInvitationOut:
    return AdminInvitationOut.model_validate(invitation, from_attributes=True)


@router.get("/admin/admins", response_model=list[AdminOut])
async def list_admins(_: AdminIdentity, db: SessionDep) -> list[AdminOut]:
    return await admins.list_admins(db)


@router.post("/admin/admins/{admin_id}/deactivate", response_model=AdminOut)
async def deactivate_admin(admin_id: ResourceId, identity: AdminIdentity, request: Request, db: SessionDep) -> AdminOut:
    user = await admins.deactivate(db, admin_id, identity.user_id)
    record_admin_action(db, request, identity, "admin.deactivated", TARGET, admin_id, None)
    return await admins.admin_out(db, user)


@router.put("/admin/admins/{admin_id}/compliance-officer", response_model=AdminOut)
async def set_compliance_officer(admin_id: ResourceId, body: ComplianceOfficerIn, identity: AdminIdentity,
                                 request: Request, db: SessionDep) -> AdminOut:
    """Names or removes a compliance officer (issue 35); a compliance officer's call only (403
    not_compliance_officer), and the last one stays (409 last_compliance_officer)."""
    user = await admins.set_compliance_officer(db, admin_id, body.compliance_officer,
                                               identity.is_compliance_officer)
    record_admin_action(db, request, identity, "admin.compliance_officer_set", TARGET, admin_id, None,
                        complianceOfficer=str(body.compliance_officer).lower())
    return await admins.admin_out(db, user)


@router.post("/admin/admins/{admin_id}/reset-second-factor", response_model=AdminOut)
async def reset_second_factor(admin_id: ResourceId, identity: AdminIdentity, request: Request,
                              db: SessionDep) -> AdminOut:
    user = await admins.reset_second_factor(db, admin_id, identity.user_id)
    record_admin_action(db, request, identity, "admin.second_factor_reset", TARGET, admin_id, None)
    return await admins.admin_out(db, user)


@router.get("/admin/admin-invitations", response_model=list[AdminInvitationOut])
async def pending_invitations(_: AdminIdentity, db: SessionDep) -> list[AdminInvitationOut]:
    return [invitation_out(invitation) for invitation in await admins.pending_invitations(db)]


@router.post("/admin/admin-invitations", status_code=201, response_model=AdminInvitationOut)
async def invite_admin(body: AdminInvitationRequest, identity: AdminIdentity, request: Request, db: SessionDep,
                       settings: Settings) -> AdminInvitationOut:
    invitation = await admins.invite(db, identity.user_id, body, timedelta(hours=settings.admin_invitation_hours))
    assert invitation.id is not None
    record_admin_action(db, request, identity, "admin.invited", TARGET, invitation.id, None, email=invitation.email)
    return invitation_out(invitation)


@router.get("/admin-invitations/{token}", response_model=InvitationPreview)
async def preview_invitation(token: str, db: SessionDep) -> InvitationPreview:
    return InvitationPreview.model_validate(await admins.invitation_for_token(db, token), from_attributes=True)


@router.post("/admin-invitations/accept", status_code=201, response_model=UserOut)
async def accept_invitation(body: InvitationAccept, request: Request, response: Response, db: SessionDep,
                            settings: Settings) -> UserOut:
    """The new admin is signed in, without a second factor yet: the SPA takes them to its enrolment."""
    user = await admins.accept(db, body)
    assert user.id is not None
    await revoke_session(db, session_token(request))
    token = await open_session(db, user.id, settings.session_ttl_hours)
    set_session_cookie(response, request, token, settings)
    return user_out(user)
