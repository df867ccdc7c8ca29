"""Server-side sessions: a random 256-bit token in an HttpOnly cookie, only its hash in the database."""

import hashlib
import secrets
from datetime import timedelta
from functools import lru_cache

from fastapi import Request, Response
from sqlalchemy import ColumnElement
from sqlalchemy import select as sa_select
from sqlmodel import col, select, update
from sqlmodel.ext.asyncio.session import AsyncSession

from identity.config import IdentitySettings, get_settings
from identity.models import User, UserSession
from identity.session_cache import SessionCache, SessionHolder
from portal_common.clock import utcnow

COOKIE_NAME = "portal_session"


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


async def open_session(db: AsyncSession, user_id: int, ttl_hours: int, *, second_factor: bool = False) -> str:
    """A new session; ``second_factor``: its holder proved a second factor at sign-in (issue 15)."""
    token = secrets.token_urlsafe(32)
    db.add(UserSession(token_hash=hash_token(token), user_id=user_id, second_factor=second_factor,
                       expires_at=utcnow() + timedelta(hours=ttl_hours)))
    return token


@lru_cache
def session_cache() -> SessionCache:
    """This process's memory of sessions for ForwardAuth (session_cache.py)."""
    return SessionCache(get_settings().session_cache_seconds)


async def revoke_session(db: AsyncSession, token: str | None) -> None:
    if token:
        session_cache().revoke(hash_token(token))
        await db.execute(update(UserSession).where(col(UserSession.token_hash) == hash_token(token))
                         .values(revoked_at=utcnow()))


async def revoke_all_sessions(db: AsyncSession, user_id: int, keep_token: str | None = None) -> None:
    """Ends every session of the user, but the one of ``keep_token`` when given (a password changed in it)."""
    session_cache().user_changed(user_id)
    ending = update(UserSession).where(col(UserSession.user_id) == user_id, col(UserSession.revoked_at).is_(None))
    if keep_token:
        ending = ending.where(col(UserSession.token_hash) != hash_token(keep_token))
    await db.execute(ending.values(revoked_at=utcnow()))


def _live_session(token_hash: str) -> tuple[ColumnElement[bool], ...]:
    """A session not revoked, not expired, of an account not deactivated (issue 15: its sessions die at once)."""
    return (col(UserSession.token_hash) == token_hash, col(UserSession.revoked_at).is_(None),
            col(UserSession.expires_at) > utcnow(), col(User.deactivated_at).is_(None))


async def session_for_token(db: AsyncSession, token: str | None) -> tuple[User, UserSession] | None:
    if not token:
        return None
    row = (await db.exec(
        select(User, UserSession).join(UserSession, col(UserSession.user_id) == col(User.id))
        .where(*_live_session(hash_token(token)))
    )).first()
    return None if row is None else (row[0], row[1])


async def user_for_token(db: AsyncSession, token: str | None) -> User | None:
    found = await session_for_token(db, token)
    return None if found is None else found[0]


async def holder_for_token(db: AsyncSession, token: str | None) -> SessionHolder | None:
    """Who holds the session, as ForwardAuth needs it: from this process's cache when it knows the session,
    else from the database, remembered for a few seconds (session_cache.py bounds how stale it may be).
    An admin's session is never remembered: a deactivation or a second-factor reset counts at once on every
    replica (issue 15)."""
    if not token:
        return None
    token_hash, cache = hash_token(token), session_cache()
    known, holder = cache.get(token_hash)
    if known:
        return holder
    read_at = cache.now()
    # sqlalchemy's select: sqlmodel's takes at most four columns.
    row = (await db.execute(
        sa_select(col(User.id), col(User.role), col(User.language), col(User.compliance_officer), UserSession)
        .join(UserSession, col(UserSession.user_id) == col(User.id))
        .where(*_live_session(token_hash))
    )).first()
    if row is None or row[0] is None:  # unknown, expired or revoked: not remembered
        return None
    user_id, role, language, compliance_officer, session = row
    holder = SessionHolder(user_id, role, language, session.second_factor, role == "admin" and compliance_officer)
    if role != "admin":
        cache.put(token_hash, holder, read_at, (session.expires_at - utcnow()).total_seconds())
    return holder


def session_token(request: Request) -> str | None:
    return request.cookies.get(COOKIE_NAME)


def set_session_cookie(response: Response, request: Request, token: str, settings: IdentitySettings) -> None:
    secure = settings.cookie_secure or request.headers.get("x-forwarded-proto") == "https"
    response.set_cookie(COOKIE_NAME, token, max_age=settings.session_ttl_hours * 3600, path="/", httponly=True,
                        samesite="lax", secure=secure)


def clear_session_cookie(response: Response) -> None:
    response.delete_cookie(COOKIE_NAME, path="/", httponly=True, samesite="lax")
