"""A service's subjects join the event stream when it first connects (issue 14: notifications.> was added to a
stream that already existed without it); subjects are only ever added, never taken away."""

import dataclasses

import nats
from stack import Stack

from conftest import nats_login
from portal_common.bus import EventBus
from portal_common.events import STREAM_NAME, STREAM_SUBJECTS


async def test_connecting_adds_missing_subjects_to_an_existing_stream(stack: Stack) -> None:
    login = nats_login(stack, "notifications")
    client = await nats.connect(stack.env["PORTAL_NATS_URL"], **login)
    bus = EventBus(stack.env["PORTAL_NATS_URL"], name="stream-test", user=login["user"], password=login["password"])
    try:
        js = client.jetstream()
        config = (await js.stream_info(STREAM_NAME)).config
        older = [subject for subject in STREAM_SUBJECTS if subject != "notifications.>"]
        await js.update_stream(dataclasses.replace(config, subjects=older))
        assert "notifications.>" not in ((await js.stream_info(STREAM_NAME)).config.subjects or [])

        await bus.connect()

        assert set((await js.stream_info(STREAM_NAME)).config.subjects or []) == set(STREAM_SUBJECTS)
    finally:
        await bus.close()
        await client.close()
