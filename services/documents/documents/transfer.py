"""Moving an upload's bytes to storage (issue 18, Uploads): parts N and N-1 are sent from worker threads
while part N+1 is read from the request on the event loop, so the client and the store are busy at the same
time, and the store works on two parts at once.

The SDK's ``put_object`` reads a whole part and only then sends it, so an upload took the time to receive
it plus the time to store it; overlapped, it takes about the longer of the two. Three part buffers per
upload, allocated once and reused, bound its memory (3 × ``PART_SIZE``), whatever the file's size: four
50 MB uploads at once grew the service by 49 MB (`make bench`), within the issue's 64.

Nothing is visible under the key before the whole file has passed every check: a file of less than one
part is sent with one PUT after it was read to its end; a larger one becomes an object only when its
multipart upload is completed, after the last part was read and checked. On any failure (too large, bad
content, the client gone, the store down) the multipart upload is aborted and its parts dropped."""

import asyncio
import contextlib
from collections import deque
from collections.abc import Iterator
from functools import partial
from typing import Any

import anyio
import anyio.to_thread

from documents.storage import PART_SIZE, Storage
from documents.uploads import FileParts

# Parts of one upload sent at once while the next is read: the store takes them in parallel (the SDK's own
# put_object sends three at once), and the upload holds PARTS_IN_FLIGHT + 1 buffers.
PARTS_IN_FLIGHT = 2
# Part buffers kept for the next uploads, at most this many (× PART_SIZE of memory) while none runs.
KEPT_PART_BUFFERS = 4


class PartBuffers:
    """Reuses part buffers: a fresh one is zeroed and faulted in page by page, 5 MB for every upload, which
    cost a 1 MB upload about a tenth of the documents service's time on it (issue 18, Uploads). A buffer is
    given back only once no thread reads it any more (store_file and _send_parts wait for their sends)."""

    def __init__(self, kept: int) -> None:
        self.kept = kept
        self.free: list[bytearray] = []

    @contextlib.contextmanager
    def borrowed(self) -> Iterator[bytearray]:
        buffer = self.free.pop() if self.free else bytearray(PART_SIZE)
        try:
            yield buffer
        finally:
            if len(self.free) < self.kept:
                self.free.append(buffer)


part_buffers = PartBuffers(KEPT_PART_BUFFERS)


async def store_file(storage: Storage, key: str, file: FileParts, content_type: str) -> None:
    with part_buffers.borrowed() as first:
        filled = await file.fill(first)
        if filled < PART_SIZE:
            await anyio.to_thread.run_sync(storage.put_whole, key, memoryview(first)[:filled], content_type)
            return
        upload_id = await anyio.to_thread.run_sync(storage.start_parts, key, content_type)
        try:
            with contextlib.ExitStack() as borrowed:
                more = [borrowed.enter_context(part_buffers.borrowed()) for _ in range(PARTS_IN_FLIGHT)]
                etags = await _send_parts(storage, key, upload_id, file, [first, *more])
            await anyio.to_thread.run_sync(storage.finish_parts, key, upload_id, etags)
        except BaseException:
            with anyio.CancelScope(shield=True):  # also when the request was cancelled (client gone)
                await anyio.to_thread.run_sync(storage.abort_parts, key, upload_id)
            raise


async def _send_parts(storage: Storage, key: str, upload_id: str, file: FileParts,
                      buffers: list[bytearray]) -> list[str]:
    """Sends the first buffer (full) and every part after it, the buffers taken in turn: while up to
    ``len(buffers) - 1`` parts are being sent, the next is read into the buffer whose send ended longest ago.
    Answers the parts' ETags in order."""
    sending: deque[asyncio.Future[str]] = deque()
    etags = list[str]()
    number, part, size = 1, buffers[0], PART_SIZE
    try:
        while size:
            send = partial(storage.put_part, key, upload_id, number, memoryview(part)[:size])
            sending.append(asyncio.ensure_future(anyio.to_thread.run_sync(send)))
            if len(sending) == len(buffers):  # every buffer is out: the oldest must be back before the next read
                etags.append(await sending.popleft())
            part = buffers[number % len(buffers)]
            number += 1
            size = await file.fill(part)
        while sending:
            etags.append(await sending.popleft())
    except BaseException:
        for task in sending:
            await settled(task)  # its buffer must not be reused or freed while the thread reads it
        raise
    return etags


async def settled(task: "asyncio.Future[Any]") -> None:
    """Waits for ``task`` without raising its error (the caller already has one to raise)."""
    with anyio.CancelScope(shield=True):
        await asyncio.wait([task])
    if not task.cancelled():
        task.exception()  # retrieved, so asyncio does not log it as never retrieved
