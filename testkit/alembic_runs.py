"""Alembic's commands from a test. Each service's env.py runs its migrations with asyncio.run, which refuses to
start inside a running event loop, and a parallel worker's thread may hold one after an async test (issue 32): the
command runs in a thread of its own."""

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from alembic.config import Config


def alembic(command: Callable[[Config, str], None], config: Config, revision: str) -> None:
    with ThreadPoolExecutor(1) as thread:
        thread.submit(command, config, revision).result()
