"""One transaction per request (issue 12, Transactions; the unit of work of cosmicpython's "Architecture
Patterns with Python"): routes and services change things through the session and never commit.

After the handler has returned the unit of work commits, before the answer leaves: the client sees its write
on its next request, and a commit that fails answers as any error does (503 for an outage, 409 for a write
that lost a race to a unique or foreign key), never as the 200 the handler had built. A handler that raises
leaves nothing behind: the transaction rolls back, its staged events with it, and what it registered with
``on_rollback`` (a stored file, say) is undone. Only a transaction that staged events wakes the outbox relay.

What a refusal must not take back (a counted failed sign-in, say) goes through ``commit_independently``: a
short transaction of its own, committed at once whatever becomes of the request's.
"""

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from types import TracebackType
from typing import Annotated, Any, Self, TypeVar

from fastapi import Depends, Request
from sqlalchemy import event
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from sqlmodel.ext.asyncio.session import AsyncSession

from portal_common.db import Database
from portal_common.errors import ApiError, ErrorCode
from portal_common.outbox import OutboxEvent, OutboxRelay

log = logging.getLogger(__name__)
Result = TypeVar("Result")
WRITE_CONFLICT = "This was changed at the same time by another request. Please try again."
STAGED_EVENTS = "portal_common.staged_events"


@event.listens_for(Session, "transient_to_pending")
def _note_staged_event(session: Session, instance: Any) -> None:
    """Marks a session given an outbox row (portal_common.outbox.add_event). Listening once on the class
    costs a request nothing; a listener per session cost ~70 µs."""
    if isinstance(instance, OutboxEvent):
        session.info[STAGED_EVENTS] = True


def _staged_events(session: AsyncSession) -> bool:
    return bool(session.info.get(STAGED_EVENTS))


class UnitOfWork:
    """``async with UnitOfWork(database, relay) as uow:`` commits ``uow.session`` if the block ends normally and
    rolls it back if it raises. Requests get one from ``UnitOfWorkDep`` (or only its session, ``SessionDep``);
    a command line makes its own."""

    def __init__(self, database: Database, relay: OutboxRelay | None = None) -> None:
        self._database = database
        self._relay = relay
        self._undo: list[Callable[[], Awaitable[None]]] = []
        self.session = database.session()

    def on_rollback(self, undo: Callable[[], Awaitable[None]]) -> None:
        """``undo`` runs if this unit of work ends without committing: for what the transaction cannot take
        back itself, such as a file already in storage. Undos run newest first and must not raise."""
        self._undo.append(undo)

    async def commit_independently(self, work: Callable[[AsyncSession], Awaitable[Result]]) -> Result:
        """Runs ``work`` in a transaction of its own and commits it at once, so it stays even when this unit
        of work rolls back. ``work`` must not wait for a row lock this unit of work holds."""
        async with self._database.session() as session:
            result = await work(session)
            await session.commit()
        if _staged_events(session):
            self._wake_relay()
        return result

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, error_type: type[BaseException] | None, error: BaseException | None,
                        traceback: TracebackType | None) -> None:
        try:
            if error is None:
                await self._commit()
            else:
                await self._roll_back()
        finally:
            await self.session.close()

    async def _commit(self) -> None:
        try:
            await self.session.commit()
        except IntegrityError as conflict:
            await self._roll_back()
            raise ApiError(409, ErrorCode.CONFLICT, WRITE_CONFLICT) from conflict
        except BaseException:
            await self._roll_back()
            raise
        if _staged_events(self.session):
            self._wake_relay()

    async def _roll_back(self) -> None:
        try:
            await self.session.rollback()
        except Exception:  # a lost connection: the server ends the transaction; the first error is the answer
            log.warning("rollback failed", exc_info=True)
        for undo in reversed(self._undo):
            await undo()

    def _wake_relay(self) -> None:
        if self._relay is not None:
            self._relay.wake()


async def _request_unit_of_work(request: Request) -> AsyncIterator[UnitOfWork]:
    async with UnitOfWork(request.app.state.db, request.app.state.relay) as unit_of_work:
        yield unit_of_work


# scope="function": the code after `yield` runs when the handler returns, before the response is sent (the
# default, "request", would commit only after the client had its answer).
UnitOfWorkDep = Annotated[UnitOfWork, Depends(_request_unit_of_work, scope="function")]


def _session_of(unit_of_work: UnitOfWorkDep) -> AsyncSession:
    return unit_of_work.session


SessionDep = Annotated[AsyncSession, Depends(_session_of)]
"""The session of the request's unit of work, for handlers that need nothing else of it."""
