"""Wake-ups on commit through Postgres LISTEN/NOTIFY (issue 37, Idle cost).

Background work (the outbox relay, the e-mail sender, the export assembler) used to poll its table several times a
second, in every replica, day and night. Now a transaction that gives such work something to do names its channel
(``wake_on_commit``); the commit sends ``NOTIFY <channel>`` (Postgres delivers it only if the transaction commits,
to every listening replica, and from command lines too), and each process keeps one connection that LISTENs and
sets the waiting loop's event. The loops keep a slow poll only as a safety net: a notification sent while a
listener was reconnecting is covered by the round every (re)connection triggers.
"""

import asyncio
import contextlib
import logging
from typing import Any

import psycopg
from psycopg import sql
from psycopg.conninfo import make_conninfo
from sqlalchemy import event, text
from sqlalchemy.orm import Session
from sqlmodel.ext.asyncio.session import AsyncSession

from portal_common.db import CONNECT_TIMEOUT_SECONDS

log = logging.getLogger(__name__)
WAKE_CHANNELS = "portal_common.wake_channels"
RECONNECT_SECONDS = 1.0
# A listener only reads; keepalives notice a peer that vanished without closing the connection.
KEEPALIVES = {"keepalives": 1, "keepalives_idle": 30, "keepalives_interval": 10, "keepalives_count": 3}


def wake_on_commit(session: AsyncSession | Session, channel: str) -> None:
    """Wakes whatever waits on ``channel``, in every process of this database, once this transaction commits."""
    session.info.setdefault(WAKE_CHANNELS, set()).add(channel)


@event.listens_for(Session, "before_commit")
def _notify_channels(session: Session) -> None:
    for channel in sorted(session.info.pop(WAKE_CHANNELS, ())):
        session.execute(text("SELECT pg_notify(:channel, '')"), {"channel": channel})


@event.listens_for(Session, "after_rollback")
def _forget_channels(session: Session) -> None:
    session.info.pop(WAKE_CHANNELS, None)


def _libpq_url(url: str) -> str:
    """SQLAlchemy's URL form (postgresql+psycopg://) as libpq takes it."""
    scheme, separator, rest = url.partition("://")
    return f"{scheme.split('+')[0]}{separator}{rest}"


class Wakeups:
    """One LISTEN connection per process, setting the events of the loops that wait on its channels."""

    def __init__(self, database_url: str) -> None:
        self.url = _libpq_url(database_url)
        self._waiting: dict[str, list[asyncio.Event]] = {}

    def subscribe(self, channel: str, woken: asyncio.Event | None = None) -> asyncio.Event:
        """The event set on each notification of ``channel`` (and after each reconnection); subscribe before run."""
        woken = woken or asyncio.Event()
        self._waiting.setdefault(channel, []).append(woken)
        return woken

    def _wake(self, channels: Any) -> None:
        for channel in channels:
            for woken in self._waiting.get(channel, ()):
                woken.set()

    async def run(self) -> None:
        while True:
            try:
                await self._listen()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # an outage: loops fall back on their slow polls meanwhile
                log.warning("not listening for wake-ups (%s); retrying", exc)
            await asyncio.sleep(RECONNECT_SECONDS)

    async def _listen(self) -> None:
        conninfo = make_conninfo(self.url, connect_timeout=CONNECT_TIMEOUT_SECONDS, **KEEPALIVES)
        connection = await psycopg.AsyncConnection.connect(conninfo, autocommit=True)
        async with connection:
            for channel in self._waiting:
                await connection.execute(sql.SQL("LISTEN {}").format(sql.Identifier(channel)))
            self._wake(self._waiting)  # whatever was committed while nobody listened
            async for notification in connection.notifies():
                self._wake((notification.channel,))


async def wait_for_wake(woken: asyncio.Event, seconds: float) -> None:
    """Returns when ``woken`` is set or after ``seconds``, and clears it for the next wait."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(woken.wait(), seconds)
    woken.clear()
