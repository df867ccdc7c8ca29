"""The NATS JetStream connection a service keeps open, with the one stream every event goes to."""

import asyncio
import dataclasses
import logging

import nats
from nats.aio.client import Client
from nats.js import JetStreamContext
from nats.js.api import StreamConfig
from nats.js.errors import NotFoundError

from portal_common.events import STREAM_NAME, STREAM_SUBJECTS

log = logging.getLogger(__name__)
DUPLICATE_WINDOW_SECONDS = 600.0
CLOSE_TIMEOUT_SECONDS = 3.0


class EventBus:
    def __init__(self, url: str, name: str, stream_replicas: int = 1, user: str = "", password: str = "") -> None:
        self.url = url
        self.name = name
        self.stream_replicas = stream_replicas
        self.user = user
        self._password = password
        self._client: Client | None = None
        self._js: JetStreamContext | None = None
        self._reconnected: asyncio.Event = asyncio.Event()

    async def connect(self) -> None:
        self._client = await nats.connect(
            self.url, name=self.name, max_reconnect_attempts=-1, reconnect_time_wait=0.5,
            connect_timeout=2, allow_reconnect=True,
            # An empty user sends no credentials, for a server that asks for none.
            user=self.user or None, password=self._password or None, reconnected_cb=self._on_reconnected,
        )
        self._js = self._client.jetstream()
        await self.ensure_stream()

    async def ensure_stream(self) -> None:
        config = StreamConfig(name=STREAM_NAME, subjects=STREAM_SUBJECTS, duplicate_window=DUPLICATE_WINDOW_SECONDS,
                              num_replicas=self.stream_replicas)
        try:
            info = await self.js.stream_info(STREAM_NAME)
        except NotFoundError:
            await self.js.add_stream(config)
            log.info("created stream %s", STREAM_NAME)
            return
        # Moved from one server to a cluster, or a new service's subjects (notifications.>, issue 14). Subjects are
        # only ever added, so a replica of an older version starting meanwhile takes none away.
        subjects = sorted({*(info.config.subjects or ()), *STREAM_SUBJECTS})
        if info.config.num_replicas != self.stream_replicas or subjects != sorted(info.config.subjects or ()):
            await self.js.update_stream(dataclasses.replace(config, subjects=subjects))
            log.info("stream %s now keeps %d replicas of %s", STREAM_NAME, self.stream_replicas, subjects)

    async def _on_reconnected(self) -> None:
        # Wakes everything waiting in next_reconnection() and starts a fresh event for the next one.
        reconnected, self._reconnected = self._reconnected, asyncio.Event()
        reconnected.set()

    async def next_reconnection(self) -> None:
        """Returns once the client has reconnected to a (restarted) server: a consumer's long pull request was
        lost with the old connection and must be made again (consumer.py)."""
        await self._reconnected.wait()

    @property
    def js(self) -> JetStreamContext:
        if self._js is None:
            raise RuntimeError("event bus is not connected")
        return self._js

    @property
    def connected(self) -> bool:
        return self._client is not None and self._client.is_connected

    async def close(self) -> None:
        if self._client is None or self._client.is_closed:
            return
        try:
            await asyncio.wait_for(self._client.drain(), CLOSE_TIMEOUT_SECONDS)
        except Exception:  # a broker that is gone must not hold up shutdown
            await self._client.close()
