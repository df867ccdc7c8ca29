"""Admin management (issue 15, "Admin management"): the admin list, invitations by e-mail (a link good once,
for IDENTITY_ADMIN_INVITATION_HOURS; only the token's SHA-256 is kept), deactivation and a second-factor reset.
Both of the last end every session of the admin at once; the command line still makes the first admin."""

from datetime import datetime, timedelta

from sqlalchemy import delete, exists, func, update
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from identity.admin_schemas import AdminInvitationRequest, AdminOut, InvitationAccept
from identity.errors import IdentityErrorCode
from identity.models import AdminInvitation, Passkey, RecoveryCode, User, WebAuthnChallenge
from identity.passwords import hash_password
from identity.self_service import new_token
from identity.service import EMAIL_TAKEN, USERNAME_TAKEN, admin_saved
from identity.sessions import hash_token, revoke_all_sessions
from portal_common.clock import utcnow
from portal_common.errors import ApiError, ErrorCode, FieldError
from portal_common.events import AdminInvited
from portal_common.outbox import add_event

ADMIN = "admin"


def _taken(field: str, error: FieldError) -> ApiError:
    return ApiError(409, error.code, error.message, {field: error})


def _not_found() -> ApiError:
    return ApiError(404, ErrorCode.NOT_FOUND, "Admin not found")


# ---- the list -------------------------------------------------------------------------------------------

def _admin_out(user: User, has_passkey: bool) -> AdminOut:
    assert user.id is not None
    return AdminOut(id=user.id, username=user.username, full_name=user.full_name, email=user.email,
                    last_login_at=user.last_login_at,
                    second_factor=(user.totp_secret is not None and user.totp_confirmed_at is not None) or has_passkey,
                    active=user.deactivated_at is None, deactivated_at=user.deactivated_at,
                    compliance_officer=user.compliance_officer)


async def list_admins(db: AsyncSession) -> list[AdminOut]:
    """Every admin, active ones first, then by name; whether each has a second factor (TOTP or a passkey)."""
    has_passkey = exists().where(col(Passkey.user_id) == col(User.id)).label("has_passkey")
    query = (select(User, has_passkey).where(col(User.role) == ADMIN)
             .order_by(col(User.deactivated_at).is_not(None), func.lower(User.full_name), col(User.id)))
    return [_admin_out(user, passkey) for user, passkey in (await db.exec(query)).all()]


async def admin_out(db: AsyncSession, user: User) -> AdminOut:
    has_passkey = (await db.exec(select(Passkey.id).where(col(Passkey.user_id) == user.id))).first() is not None
    return _admin_out(user, has_passkey)


async def _admin(db: AsyncSession, admin_id: int, lock: bool = False) -> User:
    query = select(User).where(col(User.id) == admin_id, col(User.role) == ADMIN)
    user = (await db.exec(query.with_for_update() if lock else query)).first()
    if user is None:
        raise _not_found()
    return user


# ---- invitations ----------------------------------------------------------------------------------------

async def pending_invitations(db: AsyncSession) -> list[AdminInvitation]:
    """Invitations not yet accepted nor expired, newest first."""
    query = (select(AdminInvitation)
             .where(col(AdminInvitation.accepted_at).is_(None), col(AdminInvitation.expires_at) > utcnow())
             .order_by(col(AdminInvitation.created_at).desc(), col(AdminInvitation.id).desc()))
    return list((await db.exec(query)).all())


async def _email_taken(db: AsyncSession, email: str) -> bool:
    return (await db.exec(select(User.id).where(col(User.email) == email))).first() is not None


async def invite(db: AsyncSession, inviter_id: int, body: AdminInvitationRequest, valid_for: timedelta
                 ) -> AdminInvitation:
    """A new invitation (its link is e-mailed by notifications, from the event); an earlier pending one to
    the same address stops working, so only the newest link counts."""
    if await _email_taken(db, body.email):
        raise _taken("email", EMAIL_TAKEN)
    now = utcnow()
    await db.execute(update(AdminInvitation)
                     .where(col(AdminInvitation.email) == body.email, col(AdminInvitation.accepted_at).is_(None),
                            col(AdminInvitation.expires_at) > now)
                     .values(expires_at=now))
    token, token_hash = new_token()
    invitation = AdminInvitation(token_hash=token_hash, email=body.email, full_name=body.full_name,
                                 language=body.language, invited_by=inviter_id, created_at=now,
                                 expires_at=now + valid_for)
    db.add(invitation)
    await db.flush()
    assert invitation.id is not None
    add_event(db, AdminInvited(invitation_id=invitation.id, email=invitation.email, full_name=invitation.full_name,
                               language=invitation.language, token=token, expires_at=invitation.expires_at))
    return invitation


def _usable(invitation: AdminInvitation | None, now: datetime) -> AdminInvitation:
    if invitation is None:
        raise ApiError(404, IdentityErrorCode.ADMIN_INVITATION_NOT_FOUND, "This invitation link is not valid")
    if invitation.accepted_at is not None:
        raise ApiError(410, IdentityErrorCode.ADMIN_INVITATION_USED, "This invitation has already been used")
    if invitation.expires_at <= now:
        raise ApiError(410, IdentityErrorCode.ADMIN_INVITATION_EXPIRED,
                       "This invitation has expired. Ask an admin for a new one.")
    return invitation


async def invitation_for_token(db: AsyncSession, token: str, lock: bool = False) -> AdminInvitation:
    """The invitation of ``token`` if it can still be accepted; else 404 (unknown) or 410 (used, expired)."""
    query = select(AdminInvitation).where(col(AdminInvitation.token_hash) == hash_token(token[:200]))
    return _usable((await db.exec(query.with_for_update() if lock else query)).first(), utcnow())


async def accept(db: AsyncSession, body: InvitationAccept) -> User:
    """The invited admin's account; the invitation is used up (locked meanwhile: a second use waits, then
    finds it used). They still have to enrol a second factor before the admin routes let them in."""
    invitation = await invitation_for_token(db, body.token, lock=True)
    if (await db.exec(select(User.id).where(func.lower(User.username) == body.username.lower()))).first():
        raise _taken("username", USERNAME_TAKEN)
    if await _email_taken(db, invitation.email):
        raise _taken("email", EMAIL_TAKEN)
    now = utcnow()
    user = User(username=body.username, password_hash=hash_password(body.password), role=ADMIN,
                language=invitation.language, full_name=invitation.full_name, email=invitation.email,
                last_login_at=now)
    db.add(user)
    await db.flush()
    assert user.id is not None
    invitation.accepted_at, invitation.user_id = now, user.id
    db.add(invitation)
    add_event(db, admin_saved(user))
    return user


# ---- deactivation and second-factor reset ---------------------------------------------------------------

async def deactivate(db: AsyncSession, admin_id: int, actor_id: int) -> User:
    """Ends every session of the admin at once; refuses the acting admin and the last active one (409). The
    active admins' rows are locked first, so two admins deactivating each other cannot leave none."""
    if admin_id == actor_id:
        raise ApiError(409, IdentityErrorCode.CANNOT_DEACTIVATE_SELF, "You cannot deactivate yourself")
    active = list((await db.exec(select(User.id).where(col(User.role) == ADMIN, col(User.deactivated_at).is_(None))
                                 .order_by(col(User.id)).with_for_update())).all())
    user = await _admin(db, admin_id, lock=True)
    if user.deactivated_at is not None:
        return user
    if len(active) <= 1:
        raise ApiError(409, IdentityErrorCode.LAST_ACTIVE_ADMIN, "The last active admin cannot be deactivated")
    user.deactivated_at = utcnow()
    db.add(user)
    await revoke_all_sessions(db, admin_id)  # also tells this replica's session cache
    add_event(db, admin_saved(user))
    return user


async def reset_second_factor(db: AsyncSession, admin_id: int, actor_id: int) -> User:
    """Removes the authenticator app, the passkeys and the recovery codes, and ends every session: the admin
    enrols again at their next sign-in. Not the acting admin's own (409): that is for another admin to do, after
    checking who asks, or the admin's session alone would be enough to swap their second factor."""
    if admin_id == actor_id:
        raise ApiError(409, IdentityErrorCode.CANNOT_RESET_OWN_SECOND_FACTOR,
                       "You cannot reset your own second factor; ask another admin")
    user = await _admin(db, admin_id, lock=True)
    user.totp_secret, user.totp_confirmed_at = None, None
    db.add(user)
    for table in (Passkey, RecoveryCode, WebAuthnChallenge):
        await db.execute(delete(table).where(col(table.user_id) == admin_id))
    await revoke_all_sessions(db, admin_id)
    return user


# ---- the compliance officer attribute (issue 35) -------------------------------------------------------------

async def set_compliance_officer(db: AsyncSession, admin_id: int, officer: bool, actor_is_officer: bool) -> User:
    """Only a compliance officer names or removes one; the last active one stays (409). The officers' rows are
    locked first, so two officers removing each other cannot leave none."""
    if not actor_is_officer:
        raise ApiError(403, IdentityErrorCode.NOT_COMPLIANCE_OFFICER, "Only a compliance officer can do this")
    officers = list((await db.exec(select(User.id).where(
        col(User.role) == ADMIN, col(User.compliance_officer), col(User.deactivated_at).is_(None))
        .order_by(col(User.id)).with_for_update())).all())
    user = await _admin(db, admin_id, lock=True)
    if not officer and officers == [admin_id]:
        raise ApiError(409, IdentityErrorCode.LAST_COMPLIANCE_OFFICER,
                       "The last compliance officer cannot be removed; name another first")
    user.compliance_officer = officer
    db.add(user)
    return user
