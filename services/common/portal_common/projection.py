"""Projections: rows a service keeps of another service's data, fed only by its events (design.md). Events
can arrive late or twice, so a row keeps the time of the newest event it holds, and an older event never
overwrites what a newer one wrote."""

import asyncio
import time
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import case, func, or_
from sqlalchemy.dialects.postgresql import insert
from sqlmodel import SQLModel
from sqlmodel.ext.asyncio.session import AsyncSession

T = TypeVar("T")


async def upsert_if_newer(db: AsyncSession, model: type[SQLModel], key: dict[str, Any], stamp: str,
                          occurred_at: datetime, newer: dict[str, Any], always: dict[str, Any] | None = None,
                          on_insert: dict[str, Any] | None = None) -> None:
    """Inserts the row, or updates it: ``newer`` only if this event is at least as new as the row's ``stamp``
    column, ``always`` whatever the time; ``on_insert`` fills columns only a new row needs."""
    always = always or {}
    statement = insert(model).values(**key, **{stamp: occurred_at}, **newer, **always, **(on_insert or {}))
    held = getattr(model, stamp)
    is_newer = or_(held.is_(None), held <= statement.excluded[stamp])
    changes: dict[str, Any] = {name: case((is_newer, statement.excluded[name]), else_=getattr(model, name))
                               for name in newer}
    changes.update({name: statement.excluded[name] for name in always})
    changes[stamp] = func.greatest(held, statement.excluded[stamp])  # GREATEST skips a NULL
    await db.execute(statement.on_conflict_do_update(index_elements=list(key), set_=changes))


# How long a write that names something this service knows only from events (a user who registered a moment
# ago) waits for that event before refusing the name as unknown (issue 18, "Between services"): the relay and
# the consumer take well under a second, even on a loaded machine.
PROJECTION_WAIT_SECONDS = 3.0
PROJECTION_POLL_SECONDS = 0.05


async def once_projected(find: Callable[[], Awaitable[T | None]], ready: Callable[[T], bool] = lambda _: True,
                         patience: float = PROJECTION_WAIT_SECONDS) -> T | None:
    """What ``find`` answers as soon as it is found and ``ready``; the last answer when ``patience`` seconds pass
    first. Each look is a statement of its own, so under READ COMMITTED it sees what the consumer committed
    meanwhile; ``find`` must not answer from the session's identity map (populate_existing)."""
    deadline = time.monotonic() + patience
    while True:
        found = await find()
        if (found is not None and ready(found)) or time.monotonic() >= deadline:
            return found
        await asyncio.sleep(PROJECTION_POLL_SECONDS)
