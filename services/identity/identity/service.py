"""identity's business rules: registration, sign-in with a slow-down per username and client address,
profile, admins."""

import secrets
from datetime import date, datetime, timedelta
from typing import NoReturn

from sqlalchemy import ColumnElement, case, delete, func, or_, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from identity import second_factor
from identity.eid_schemas import Method as EidMethod
from identity.errors import IdentityErrorCode
from identity.estonian_id import birth_date_in
from identity.models import ContractAcceptance, IdCodeChange, LoginFailure, User
from identity.passwords import hash_password, needs_rehash, verify_password
from identity.schemas import ProfileUpdate, RegisterRequest
from identity.sessions import revoke_all_sessions
from portal_common.clock import utcnow
from portal_common.errors import ApiError, ErrorCode, FieldError
from portal_common.events import AdminSaved, LanguageChanged, ProfileUpdated, RegistrationAttempted, UserRegistered
from portal_common.events import ContractAcceptance as AcceptanceEvent
from portal_common.outbox import add_event
from portal_common.unit_of_work import UnitOfWork

MAX_LOGIN_DELAY_SECONDS = 900
# A username's failures from one address are forgotten after a day without one, so the table stays small.
LOGIN_FAILURE_MEMORY = timedelta(hours=24)
UNKNOWN_ADDRESS = "unknown"
ID_CODE_CHANGE_WINDOW = timedelta(hours=1)
ADMIN_PASSWORD_MIN_LENGTH = 12
# Names that would pass for the portal's own staff: registration refuses them, the command line may use them.
RESERVED_USERNAMES = frozenset({
    "admin", "administrator", "root", "support", "system", "security",
    "superuser", "sysadmin", "webmaster", "postmaster", "hostmaster", "moderator", "helpdesk",
})
USERNAME_TAKEN = FieldError(IdentityErrorCode.USERNAME_TAKEN, "This username is already taken")
EMAIL_TAKEN = FieldError(IdentityErrorCode.EMAIL_TAKEN, "An account with this email address already exists")
ID_CODE_TAKEN = FieldError(IdentityErrorCode.ID_CODE_TAKEN, "An account with this ID code already exists")
# Refused registrations from one address are counted in login_failures under this key, beside sign-ins: a sign-in's
# key is a stripped username, never this, so the two never mix.
REGISTRATION_FAILURE_KEY = " registration"
ID_CODE_BIRTH_DATE_CHANGED = FieldError(IdentityErrorCode.ID_CODE_BIRTH_DATE_CHANGED,
                                        "The ID code must carry your date of birth")


class AdminRefused(Exception):
    """The command line will not make this admin; the message says why and what to do."""


def invalid_credentials() -> ApiError:
    return ApiError(401, IdentityErrorCode.INVALID_CREDENTIALS, "Invalid username or password")


def too_many_attempts(wait_seconds: int) -> ApiError:
    message = f"Too many attempts. Try again in {wait_seconds} seconds."
    return ApiError(429, IdentityErrorCode.TOO_MANY_ATTEMPTS, message, headers={"Retry-After": str(wait_seconds)})


def seconds_until(moment: datetime, now: datetime) -> int:
    return int((moment - now).total_seconds()) + 1


async def _find_by_username(db: AsyncSession, username: str) -> User | None:
    return (await db.exec(select(User).where(func.lower(User.username) == username.strip().lower()))).first()


async def _taken(db: AsyncSession, condition: ColumnElement[bool], except_user: int | None = None) -> bool:
    query = select(User.id).where(condition)
    if except_user is not None:
        query = query.where(col(User.id) != except_user)
    return (await db.exec(query)).first() is not None


def account_exists() -> ApiError:
    return ApiError(409, IdentityErrorCode.ACCOUNT_EXISTS,
                    "An account with these details may already exist. Sign in or reset your password.")


async def _owners_of_details(db: AsyncSession, body: RegisterRequest) -> list[int]:
    """The accounts that already have this e-mail address or ID code."""
    query = select(User.id).where(or_(col(User.email) == body.email, col(User.id_code) == body.id_code))
    return sorted(user_id for user_id in (await db.exec(query)).all() if user_id is not None)


async def _username_taken(db: AsyncSession, body: RegisterRequest) -> bool:
    return body.username.lower() in RESERVED_USERNAMES or await _taken(
        db, func.lower(User.username) == body.username.lower())


async def register(unit_of_work: UnitOfWork, body: RegisterRequest, ip: str | None, user_agent: str | None,
                   free_refusals: int, eid_method: EidMethod | None = None) -> User:
    """A new applicant (spec §4). A taken e-mail address or ID code is refused as ``account_exists``, which names
    neither (issue 37: else the form would tell anyone whose ID code has an account); the owner is e-mailed, and
    such refusals from one address slow its registrations down. A taken username is still named. ``eid_method``:
    the identity came from that eID's certificate (issue 34), which the account and its event both say."""
    db, (_, address), now = unit_of_work.session, _failure_key("", ip), utcnow()
    blocked = await db.get(LoginFailure, (REGISTRATION_FAILURE_KEY, address))
    if blocked is not None and blocked.blocked_until is not None and blocked.blocked_until > now:
        raise too_many_attempts(seconds_until(blocked.blocked_until, now))
    # Before anything is looked up: every answer, a refusal or an account, costs the same hash.
    # Registered with eID and no password (issue 34): a hash of a secret nobody knows, so no password signs in.
    password_hash = hash_password(body.password if body.password is not None else secrets.token_urlsafe(32))
    owners = await _owners_of_details(db, body)
    if owners:
        await _refuse_registration(unit_of_work, owners, address, free_refusals)
    if await _username_taken(db, body):
        raise ApiError(409, USERNAME_TAKEN.code, USERNAME_TAKEN.message, {"username": USERNAME_TAKEN})
    assert body.full_name is not None and body.id_code is not None and body.date_of_birth is not None
    user = User(username=body.username, password_hash=password_hash, full_name=body.full_name,
                email=body.email, phone=body.phone, date_of_birth=date.fromisoformat(body.date_of_birth),
                id_code=body.id_code, city=body.city, language=body.language,
                eid_verified_method=eid_method, eid_verified_at=now if eid_method is not None else None)
    db.add(user)
    try:
        await db.flush()
    except IntegrityError:  # a registration with the same details won the race
        raise account_exists() from None
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
                                 ip_address=acceptance.ip_address, user_agent=acceptance.user_agent),
        eid_method=eid_method, eid_verified_at=user.eid_verified_at))
    return user


async def _refuse_registration(unit_of_work: UnitOfWork, owners: list[int], address: str,
                               free_refusals: int) -> NoReturn:
    """Tells each owner (notifications e-mails them) and counts the refusal against the address, in a transaction
    of its own: the request's is rolled back with the refusal."""
    now = utcnow()

    async def record(session: AsyncSession) -> None:
        for owner in owners:
            add_event(session, RegistrationAttempted(user_id=owner))
        await _count_login_failure(session, REGISTRATION_FAILURE_KEY, address, free_refusals, now)

    await unit_of_work.commit_independently(record)
    raise account_exists()


def login_delay_seconds(failures: int, free_failures: int) -> int:
    """Each failure past the free ones doubles the wait, up to 15 minutes (design.md: login slows down)."""
    if failures < free_failures:
        return 0
    return int(min(2 ** (failures - free_failures + 1), MAX_LOGIN_DELAY_SECONDS))


async def authenticate(unit_of_work: UnitOfWork, username: str, password: str, client_address: str | None,
                       free_failures: int) -> User:
    """The user with these credentials. Unknown names cost the same time (a dummy hash is verified) and get the
    same answers (their failures count too) as wrong passwords, so neither tells which names exist. A failure
    is counted in a transaction of its own: the refusal rolls the request's back."""
    db = unit_of_work.session
    (key, address), now = _failure_key(username, client_address), utcnow()
    failure = await db.get(LoginFailure, (key, address))
    if failure is not None and failure.blocked_until is not None and failure.blocked_until > now:
        raise too_many_attempts(seconds_until(failure.blocked_until, now))
    user = await _find_by_username(db, username)
    # A deactivated account (issue 15) is refused, and counted, exactly as a wrong password.
    if not verify_password(user.password_hash if user else None, password) or user is None \
            or user.deactivated_at is not None:
        await count_failed_sign_in(unit_of_work, username, client_address, free_failures)
        raise invalid_credentials()
    if failure is not None:
        await db.delete(failure)
    if needs_rehash(user.password_hash):
        user.password_hash = hash_password(password)
    db.add(user)
    return user


async def pass_second_factor(unit_of_work: UnitOfWork, user: User, code: str | None, client_address: str | None,
                             free_failures: int) -> bool:
    """After the password (issue 15): whether the sign-in passed a second factor. An account with one must give
    its TOTP code or an unused recovery code, else 401 ``mfa_required`` and no session; a wrong code counts as a
    failed sign-in, as a wrong password does. An account without one may send a code: it is ignored."""
    db = unit_of_work.session
    if not await second_factor.has_second_factor(db, user):
        return False
    if not code:
        raise second_factor.mfa_required(wrong=False)
    if not await second_factor.code_is_right(db, user, code):
        await count_failed_sign_in(unit_of_work, user.username, client_address, free_failures)
        raise second_factor.mfa_required(wrong=True)
    return True


def _failure_key(username: str, client_address: str | None) -> tuple[str, str]:
    # Bounded to the columns: lower() can lengthen a name ("İ"), and the address is whatever the proxy said.
    return username.strip().lower()[:150], (client_address or UNKNOWN_ADDRESS)[:64]


async def count_failed_sign_in(unit_of_work: UnitOfWork, username: str, client_address: str | None,
                               free_failures: int) -> None:
    """Counts a refused sign-in (a wrong password, one-time code or passkey) toward the slow-down of this name from
    this address, in a transaction of its own: the request's own, rolled back first, is refused. The rollback
    also undoes a password step's clearing of the count, so a right password cannot reset it between guesses."""
    key, address = _failure_key(username, client_address)
    now = utcnow()
    await unit_of_work.session.rollback()
    await unit_of_work.commit_independently(
        lambda session: _count_login_failure(session, key, address, free_failures, now))


async def _count_login_failure(db: AsyncSession, key: str, address: str, free_failures: int, now: datetime) -> None:
    forgotten_before = now - LOGIN_FAILURE_MEMORY
    # One statement, so parallel failures from one address all count.
    counted = insert(LoginFailure).values(username_key=key, client_address=address, failures=1, last_failed_at=now)
    counted = counted.on_conflict_do_update(
        index_elements=[col(LoginFailure.username_key), col(LoginFailure.client_address)],
        set_={"failures": case((col(LoginFailure.last_failed_at) < forgotten_before, 1),
                               else_=col(LoginFailure.failures) + 1),
              "last_failed_at": now})
    failures: int = (await db.execute(counted.returning(col(LoginFailure.failures)))).scalar_one()
    delay = login_delay_seconds(failures, free_failures)
    if delay:
        await db.execute(update(LoginFailure)
                         .where(col(LoginFailure.username_key) == key, col(LoginFailure.client_address) == address)
                         .values(blocked_until=now + timedelta(seconds=delay)))
    await db.execute(delete(LoginFailure).where(col(LoginFailure.last_failed_at) < forgotten_before))


async def update_profile(unit_of_work: UnitOfWork, user: User, changes: ProfileUpdate,
                         id_code_changes_per_hour: int) -> User:
    db, sent = unit_of_work.session, changes.model_fields_set
    assert user.id is not None
    user_id = user.id
    if "id_code" in sent and changes.id_code and changes.id_code != user.id_code:
        _require_the_same_birth_date(user, changes.id_code)
        # Its own transaction, so a refusal (the code is taken) still counts the attempt.
        await unit_of_work.commit_independently(
            lambda session: _count_id_code_change(session, user_id, id_code_changes_per_hour))
        if await _taken(db, col(User.id_code) == changes.id_code, except_user=user.id):
            raise ApiError(409, ID_CODE_TAKEN.code, ID_CODE_TAKEN.message, {"idCode": ID_CODE_TAKEN})
        user.id_code = changes.id_code
    if "city" in sent and changes.city is not None:
        user.city = changes.city
    if "address" in sent:
        user.address = changes.address
    db.add(user)
    add_event(db, ProfileUpdated(user_id=user_id, full_name=user.full_name, email=user.email, phone=user.phone,
                                 date_of_birth=user.date_of_birth, id_code=user.id_code, city=user.city,
                                 address=user.address))
    return user


def set_language(db: AsyncSession, user: User, language: str) -> User:
    """The language the user is shown and written to in (issue 14: e-mails go out in it)."""
    assert user.id is not None
    user.language = language
    db.add(user)
    add_event(db, LanguageChanged(user_id=user.id, language=language))
    return user


def _require_the_same_birth_date(user: User, new_id_code: str) -> None:
    """A new ID code carries the account's date of birth (issue 13): the age rule was checked on it. Checked
    before the change is counted: it tells nothing about other people's codes."""
    birthday = user.date_of_birth or (birth_date_in(user.id_code) if user.id_code else None)
    if birthday is not None and birth_date_in(new_id_code) != birthday:
        error = ID_CODE_BIRTH_DATE_CHANGED
        raise ApiError(422, ErrorCode.VALIDATION_ERROR, error.message, {"idCode": error})


async def _count_id_code_change(db: AsyncSession, user_id: int, per_hour: int) -> None:
    """Refuses (429) an account's ID code change past the hourly limit, else records it, taken code or not:
    each attempt answers whether a code belongs to someone else."""
    now = utcnow()
    # The account's row lock makes parallel attempts count one after another.
    await db.exec(select(User.id).where(col(User.id) == user_id).with_for_update())
    await db.execute(delete(IdCodeChange).where(col(IdCodeChange.user_id) == user_id,
                                                col(IdCodeChange.attempted_at) <= now - ID_CODE_CHANGE_WINDOW))
    recent = list((await db.exec(select(IdCodeChange.attempted_at).where(IdCodeChange.user_id == user_id)
                                 .order_by(col(IdCodeChange.attempted_at)))).all())
    if len(recent) >= per_hour:
        raise too_many_attempts(seconds_until(recent[len(recent) - per_hour] + ID_CODE_CHANGE_WINDOW, now))
    db.add(IdCodeChange(user_id=user_id, attempted_at=now))


async def ensure_admin(db: AsyncSession, username: str, password: str, email: str | None = None,
                       promote: bool = False, totp_secret: str | None = None,
                       compliance_officer: bool = False) -> User:
    """Creates the admin, or sets the password of an existing admin (which ends its sessions when it changes).
    An existing account that is not an admin becomes one only when asked to promote it, and then every one
    of its sessions ends: an applicant's cookie must not turn into an admin's (issue 11)."""
    if len(password) < ADMIN_PASSWORD_MIN_LENGTH:
        raise AdminRefused(f"An admin password must be at least {ADMIN_PASSWORD_MIN_LENGTH} characters")
    user = await _find_by_username(db, username)
    if user is None:
        # Issue 35: the first admin made on the command line is a compliance officer, so somebody can name others.
        first = (await db.exec(select(User.id).where(col(User.role) == "admin").limit(1))).first() is None
        user = User(username=username, password_hash=hash_password(password), role="admin", full_name=username,
                    email=(email or f"{username.lower()}@admin.invalid"), compliance_officer=first)
    elif user.role != "admin" and not promote:
        raise AdminRefused(
            f"'{user.username}' is an existing account with the role '{user.role}', not an admin; nothing changed. "
            "To make it an admin, run `python -m identity create-admin NAME --promote`, which also ends all "
            "its sessions.")
    else:
        await _make_admin(db, user, password)
    if compliance_officer:
        user.compliance_officer = True
    if totp_secret:  # PORTAL_ADMIN_TOTP_SECRET: enrolled at once, so scripts and tests can sign in (issue 15)
        try:
            second_factor.enrol_with_secret(user, totp_secret)
        except ValueError as bad_secret:
            raise AdminRefused(str(bad_secret)) from None
    db.add(user)
    await db.flush()
    assert user.id is not None
    add_event(db, admin_saved(user))
    return user


def admin_saved(user: User) -> AdminSaved:
    """The admin as the services that write to admins (notifications) should know them, active or not."""
    assert user.id is not None
    return AdminSaved(user_id=user.id, username=user.username, email=user.email, full_name=user.full_name,
                      language=user.language, active=user.deactivated_at is None)


async def _make_admin(db: AsyncSession, user: User, password: str) -> None:
    password_changes = not verify_password(user.password_hash, password)
    if password_changes:
        user.password_hash = hash_password(password)
    if password_changes or user.role != "admin":
        assert user.id is not None
        await revoke_all_sessions(db, user.id)
    user.role = "admin"
