"""Accounts whose stored date of birth and ID code disagree (issue 13). Registration now refuses such a pair,
but accounts made before it are not changed silently: an operator lists them and follows each one up."""

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import date

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from identity.estonian_id import birth_date_in
from identity.models import User


@dataclass(frozen=True)
class BirthDateMismatch:
    user_id: int
    username: str
    id_code: str
    date_of_birth: date
    id_code_date: date | None  # None: the stored code is not a valid one


async def birth_date_mismatches(db: AsyncSession) -> AsyncIterator[BirthDateMismatch]:
    """Every account with both a date of birth and an ID code that do not agree, by id; only reads."""
    users = await db.stream_scalars(
        select(User).where(col(User.id_code).is_not(None), col(User.date_of_birth).is_not(None))
        .order_by(col(User.id)))
    async for user in users:
        mismatch = _mismatch(user)
        if mismatch is not None:
            yield mismatch


def _mismatch(user: User) -> BirthDateMismatch | None:
    if user.id is None or user.id_code is None or user.date_of_birth is None:
        return None
    code_date = birth_date_in(user.id_code)
    if code_date == user.date_of_birth:
        return None
    return BirthDateMismatch(user.id, user.username, user.id_code, user.date_of_birth, code_date)
