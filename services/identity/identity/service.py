"""identity's business rules: registration, sign-in with per-account slow-down, profile, admins."""

from datetime import date, timedelta

from sqlalchemy import ColumnElement, func
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from identity.models import ContractAcceptance, User
from identity.passwords import hash_password, needs_rehash, verify_password
from identity.schemas import ProfileUpdate, RegisterRequest
from portal_common.errors import ApiError
from portal_common.events import ContractAcceptance as AcceptanceEvent
from portal_common.events import ProfileUpdated, UserRegistered
from portal_common.outbox import add_event, utcnow

MAX_LOGIN_DELAY_SECONDS = 900
ID_CODE_TAKEN = "An account with this ID code already exists"

def invalid_credentials() -> ApiError:
    return ApiError(401, "invalid_credentials", "Invalid username or password")


async def _find_by_username(db: AsyncSession, username: str) -> User | None:
    return (await db.exec(select(User).where(func.lower(User.username) == username.strip().lower()))).first()


async def _taken(db: AsyncSession, condition: ColumnElement[bool], except_user: int | None = None) -> bool:
    query = select(User.id).where(condition)
    if except_user is not None:
        query = query.where(col(User.id) != except_user)
    return (await db.exec(query)).first() is not None


async def _registration_conflicts(db: AsyncSession, body: RegisterRequest) -> dict[str, str]:
    checks = [
        ("username", func.lower(User.username) == body.username.lower(), "This username is already taken"),
        ("email", col(User.email) == body.email, "An account with this email address already exists"),
        ("idCode", col(User.id_code) == body.id_code, ID_CODE_TAKEN),
    ]
    return {field: message for field, condition, message in checks if await _taken(db, condition)}


def _conflict_error(fields: dict[str, str]) -> ApiError:
    code = {"username": "username_taken", "email": "email_taken", "idCode": "id_code_taken"}[next(iter(fields))]
    return ApiError(409, code, next(iter(fields.values())), fields)


async def register(db: AsyncSession, body: RegisterRequest, ip: str | None, user_agent: str | None) -> User:
    conflicts = await _registration_conflicts(db, body)
    if conflicts:
        raise _conflict_error(conflicts)
    user = User(username=body.username, password_hash=hash_password(body.password), full_name=body.full_name,
                email=body.email, phone=body.phone, date_of_birth=date.fromisoformat(body.date_of_birth),
                id_code=body.id_code, city=body.city, language=body.language)
    db.add(user)
    try:
        await db.flush()
    except IntegrityError:
        await db.rollback()
        raise ApiError(409, "conflict", "An account with these details already exists") from None
    assert user.id is not None
    acceptance = ContractAcceptance(
        user_id=user.id, full_name=body.contract_signed_name or body.full_name,
        id_code=body.contract_signed_id_code or body.id_code, language=body.language,
        ip_address=ip, user_agent=(user_agent or "")[:500] or None)
    db.add(acceptance)
    add_event(db, UserRegistered(
        user_id=user.id, username=user.username, full_name=user.full_name, email=user.email, phone=user.phone,
        date_of_birth=user.date_of_birth, id_code=body.id_code, city=body.city, address=None, language=user.language,
        contract=AcceptanceEvent(full_name=acceptance.full_name, id_code=acceptance.id_code,
                                 accepted_at=acceptance.accepted_at, language=acceptance.language,
                                 ip_address=acceptance.ip_address, user_agent=acceptance.user_agent)))
    return user


def login_delay_seconds(failures: int, free_failures: int) -> int:
    """Each failure past the free ones doubles the wait, up to 15 minutes (design.md: login slows down)."""
    if failures < free_failures:
        return 0
    return int(min(2 ** (failures - free_failures + 1), MAX_LOGIN_DELAY_SECONDS))


async def authenticate(db: AsyncSession, username: str, password: str, free_failures: int) -> User:
    user = await _find_by_username(db, username)
    now = utcnow()
    if user is not None and user.login_blocked_until is not None and user.login_blocked_until > now:
        wait = int((user.login_blocked_until - now).total_seconds()) + 1
        raise ApiError(429, "too_many_attempts", f"Too many failed attempts. Try again in {wait} seconds.",
                       headers={"Retry-After": str(wait)})
    if user is None or not verify_password(user.password_hash, password):
        if user is not None:
            user.failed_logins += 1
            delay = login_delay_seconds(user.failed_logins, free_failures)
            user.login_blocked_until = now + timedelta(seconds=delay) if delay else None
            db.add(user)
            await db.commit()
        raise invalid_credentials()
    user.failed_logins = 0
    user.login_blocked_until = None
    if needs_rehash(user.password_hash):
        user.password_hash = hash_password(password)
    db.add(user)
    return user


async def update_profile(db: AsyncSession, user: User, changes: ProfileUpdate) -> User:
    sent = changes.model_fields_set
    if "id_code" in sent and changes.id_code and changes.id_code != user.id_code:
        if await _taken(db, col(User.id_code) == changes.id_code, except_user=user.id):
            raise ApiError(409, "id_code_taken", ID_CODE_TAKEN, {"idCode": ID_CODE_TAKEN})
        user.id_code = changes.id_code
    if "city" in sent and changes.city is not None:
        user.city = changes.city
    if "address" in sent:
        user.address = changes.address
    db.add(user)
    assert user.id is not None
    add_event(db, ProfileUpdated(user_id=user.id, full_name=user.full_name, email=user.email, phone=user.phone,
                                 date_of_birth=user.date_of_birth, id_code=user.id_code, city=user.city,
                                 address=user.address))
    return user


async def ensure_admin(db: AsyncSession, username: str, password: str, email: str | None = None) -> User:
    """Creates the admin, or makes an existing account with that name an admin with this password."""
    user = await _find_by_username(db, username)
    if user is None:
        user = User(username=username, password_hash=hash_password(password), role="admin", full_name=username,
                    email=(email or f"{username.lower()}@admin.invalid"))
    else:
        user.role = "admin"
        if not verify_password(user.password_hash, password):
            user.password_hash = hash_password(password)
    db.add(user)
    await db.commit()
    await db.refresh(user)
    return user
