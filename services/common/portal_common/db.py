"""Async database access shared by the services (SQLModel on psycopg).

Every wait on the database is bounded, so an outage answers 503 within seconds instead of hanging or
failing as a 500 (issue 11, Honest outages; errors.py maps the errors): a new connection gives up after
CONNECT_TIMEOUT_SECONDS, a request waits at most POOL_TIMEOUT_SECONDS for a free connection, and a pooled
connection is pinged before use and dropped if the server does not answer within PING_TIMEOUT_SECONDS.
"""

import asyncio
import contextlib
import os
import socket
from typing import Any

import psycopg
from sqlalchemy import event
from sqlalchemy.exc import DisconnectionError, InvalidatePoolError
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlalchemy.pool import ConnectionPoolEntry, PoolProxiedConnection
from sqlalchemy.util import await_
from sqlmodel.ext.asyncio.session import AsyncSession

CONNECT_TIMEOUT_SECONDS = 2  # libpq's smallest
POOL_TIMEOUT_SECONDS = 2.0
PING_TIMEOUT_SECONDS = 0.5  # a local `select 1`; a slow answer only costs a fresh connection


def async_url(url: str) -> str:
    """Accepts plain postgresql:// URLs from operators and picks the psycopg 3 driver."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


async def _select_one(connection: psycopg.AsyncConnection[Any]) -> None:
    await connection.set_autocommit(True)  # no transaction left open by the ping
    await connection.execute("select 1")
    await connection.set_autocommit(False)


async def answers(connection: psycopg.AsyncConnection[Any]) -> bool | None:
    """True if the server answers `select 1` in time, False if the connection failed, None if the server
    stayed silent (the connection is then closed)."""
    ping = asyncio.ensure_future(_select_one(connection))
    done, _ = await asyncio.wait({ping}, timeout=PING_TIMEOUT_SECONDS)
    if not done:
        _hang_up(connection)
        await asyncio.wait({ping})  # psycopg reads the end of the stream and fails the ping
        ping.exception()  # retrieved, so asyncio does not report it
        connection.pgconn.finish()
        return None
    return ping.exception() is None


def _hang_up(connection: psycopg.AsyncConnection[Any]) -> None:
    """Ends the connection's stream both ways but leaves its descriptor open, so the ping still waiting on it
    fails at once and lets go of the descriptor itself. Closing it here instead (``pgconn.finish()``) while the
    ping's wait is registered with the event loop made uvloop's libuv abort the whole process (epoll_ctl on a
    closed descriptor; issue 11). Cancelling the ping would make psycopg ask the silent server to cancel the
    query, and wait for that too."""
    with contextlib.suppress(psycopg.OperationalError):  # no socket left: the ping has failed already
        descriptor = os.dup(connection.pgconn.socket)
        with socket.socket(fileno=descriptor) as stream, contextlib.suppress(OSError):
            stream.shutdown(socket.SHUT_RDWR)  # already disconnected: the ping fails all the same


def _ping_on_checkout(_: Any, record: ConnectionPoolEntry, __: PoolProxiedConnection) -> None:
    """SQLAlchemy's pre-ping, bounded: a connection the server closed (a restart) empties the pool, a silent
    server costs this one connection; either way the pool then opens a fresh one under CONNECT_TIMEOUT_SECONDS."""
    connection = record.driver_connection
    result = await_(answers(connection)) if connection is not None else None
    if result is False:
        raise InvalidatePoolError("the database closed the connection")
    if result is None:
        raise DisconnectionError("the database did not answer a ping")


class Database:
    def __init__(self, url: str, *, pool_size: int = 5) -> None:
        self.engine: AsyncEngine = create_async_engine(
            async_url(url), pool_size=pool_size, pool_timeout=POOL_TIMEOUT_SECONDS,
            connect_args={"connect_timeout": CONNECT_TIMEOUT_SECONDS})
        event.listen(self.engine.sync_engine, "checkout", _ping_on_checkout)
        self.sessionmaker = async_sessionmaker(self.engine, class_=AsyncSession, expire_on_commit=False)

    def session(self) -> AsyncSession:
        return self.sessionmaker()

    async def dispose(self) -> None:
        await self.engine.dispose()
