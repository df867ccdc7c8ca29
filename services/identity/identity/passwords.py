"""argon2id password hashing (design.md), at the cost IDENTITY_PASSWORD_HASH_* sets. A hash made at another cost
still verifies; it is made again at the current one at the next sign-in (needs_rehash)."""

from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from identity.config import get_settings


@cache
def _hasher() -> PasswordHasher:
    settings = get_settings()
    return PasswordHasher(time_cost=settings.password_hash_time_cost,
                          memory_cost=settings.password_hash_memory_kib,
                          parallelism=settings.password_hash_parallelism)


@cache
def _dummy_hash() -> str:
    """Verified when the username is unknown, so a miss costs as much time as a wrong password."""
    return _hasher().hash("not-a-real-password")


def hash_password(password: str) -> str:
    return _hasher().hash(password)


def verify_password(password_hash: str | None, password: str) -> bool:
    try:
        return _hasher().verify(password_hash or _dummy_hash(), password) and password_hash is not None
    except (VerificationError, InvalidHashError):
        return False


def needs_rehash(password_hash: str) -> bool:
    return _hasher().check_needs_rehash(password_hash)
