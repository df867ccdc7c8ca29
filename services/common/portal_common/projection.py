"""Projections: rows a service keeps of another service's data, fed only by its events (design.md). Events
can arrive late or twice, so a row keeps the time of the newest event it holds, and an older event never
overwrites what a newer one wrote."""

from datetime import datetime
from typing import Any

from sqlalchemy import case, func, or_
from sqlalchemy.dialects.postgresql import insert
from sqlmodel import SQLModel
from sqlmodel.ext.asyncio.session import AsyncSession


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
