"""Server-side sessions: a random 256-bit token in an HttpOnly cookie, only its hash in the database."""

import hashlib
import secrets
from datetime import timedelta

from fastapi import Request, Response
from sqlmodel import col, select, update
from sqlmodel.ext.asyncio.session import AsyncSession

from identity.config import IdentitySettings
from identity.models import User, UserSession
from portal_common.clock import utcnow

COOKIE_NAME = "portal_session"


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


async def open_session(db: AsyncSession, user_id: int, ttl_hours: int) -> str:
    token = secrets.token_urlsafe(32)
    db.add(UserSession(token_hash=hash_token(token), user_id=user_id, expires_at=utcnow() + timedelta(hours=ttl_hours)))
    return token


async def revoke_session(db: AsyncSession, token: str | None) -> None:
    if token:
        await db.execute(update(UserSession).where(col(UserSession.token_hash) == hash_token(token))
                         .values(revoked_at=utcnow()))


async def revoke_all_sessions(db: AsyncSession, user_id: int) -> None:
    await db.execute(update(UserSession)
                     .where(col(UserSession.user_id) == user_id, col(UserSession.revoked_at).is_(None))
                     .values(revoked_at=utcnow()))


async def user_for_token(db: AsyncSession, token: str | None) -> User | None:
    if not token:
        return None
    row = (await db.exec(
        select(User).join(UserSession, col(UserSession.user_id) == col(User.id))
        .where(col(UserSession.token_hash) == hash_token(token), col(UserSession.revoked_at).is_(None),
               col(UserSession.expires_at) > utcnow())
    )).first()
    return row


def session_token(request: Request) -> str | None:
    return request.cookies.get(COOKIE_NAME)


def set_session_cookie(response: Response, request: Request, token: str, settings: IdentitySettings) -> None:
    secure = settings.cookie_secure or request.headers.get("x-forwarded-proto") == "https"
    response.set_cookie(COOKIE_NAME, token, max_age=settings.session_ttl_hours * 3600, path="/", httponly=True,
                        samesite="lax", secure=secure)


def clear_session_cookie(response: Response) -> None:
    response.delete_cookie(COOKIE_NAME, path="/", httponly=True, samesite="lax")
