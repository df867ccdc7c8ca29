"""An upload's document is recorded while its last bytes are still on their way to storage (issue 18, Uploads:
a 1 MB upload waited for its PUT and then for the database, one after the other). Runs the service's
``_store_file`` in this process against the stack's real S3 store; the storage is the service's own class,
only holding its last PUT back until the test lets it go."""

import asyncio
import threading
from collections.abc import AsyncIterator

import anyio.to_thread
import pytest
from minio import Minio

from documents.service import FileLimit, StoredFile, _store_file
from documents.storage import Buffer, Storage, StorageUnavailable
from documents.uploads import MultipartReader, too_large

BOUNDARY = b"landing-test-boundary"
CONTENT = b"%PDF-1.7\n" + bytes(300_000)
LIMIT = FileLimit(10 * len(CONTENT), lambda: too_large(10 * len(CONTENT)))
WAIT_SECONDS = 10


class HeldStorage(Storage):
    """The real storage, whose whole-object PUT waits for ``release`` (or fails, if told to)."""

    def __init__(self, client: Minio, bucket: str) -> None:
        super().__init__(client, bucket)
        self.release = threading.Event()
        self.fail = False

    def put_whole(self, key: str, data: Buffer, content_type: str) -> None:
        assert self.release.wait(WAIT_SECONDS), "the PUT was never let go"
        if self.fail:
            raise StorageUnavailable("the store went away")
        super().put_whole(key, data, content_type)


@pytest.fixture
def storage(s3: Minio, bucket: str) -> HeldStorage:
    return HeldStorage(s3, bucket)


async def chunks_of(data: bytes) -> AsyncIterator[bytes]:
    for start in range(0, len(data), 64 * 1024):
        yield data[start:start + 64 * 1024]


def form_with_a_name_after_the_file() -> bytes:
    return (b"--" + BOUNDARY + b"\r\nContent-Disposition: form-data; name=\"file\"; filename=\"passport.pdf\"\r\n\r\n"
            + CONTENT + b"\r\n--" + BOUNDARY + b"\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nPassport"
            + b"\r\n--" + BOUNDARY + b"--\r\n")


async def read_file_part(storage: Storage) -> tuple[MultipartReader, StoredFile]:
    body = form_with_a_name_after_the_file()
    reader = MultipartReader(chunks_of(body), BOUNDARY, len(body), lambda: too_large(LIMIT.bytes))
    part = await reader.next_part()
    assert part is not None and part.file_name == "passport.pdf"
    stored = await asyncio.wait_for(_store_file(reader, part.file_name, storage, LIMIT), WAIT_SECONDS / 2)
    return reader, stored


def stored_bytes(storage: Storage, key: str) -> bytes:
    response = storage.get_stream(key)
    try:
        data: bytes = response.read()
        return data
    finally:
        response.close()
        response.release_conn()


async def test_the_form_goes_on_while_the_file_is_sent_and_the_object_is_whole_once_landed(
        storage: HeldStorage) -> None:
    reader, stored = await read_file_part(storage)  # returns although the PUT is held

    assert stored.size == len(CONTENT) and not stored.landing.done()
    name = await reader.next_part()  # the rest of the form is read meanwhile
    assert name is not None and name.name == "name"
    assert await reader.read_field(100) == b"Passport"
    assert not await anyio.to_thread.run_sync(storage.exists, stored.key)

    storage.release.set()
    await asyncio.wait_for(stored.landed(), WAIT_SECONDS)
    assert await anyio.to_thread.run_sync(stored_bytes, storage, stored.key) == CONTENT
    await anyio.to_thread.run_sync(storage.remove, stored.key)


async def test_a_removal_waits_for_the_put_so_nothing_is_left_behind(storage: HeldStorage) -> None:
    """The unit of work's rollback (a form that turned out invalid, a full quota) removes the file: it must not
    do so before the PUT it overtook, or the object would appear after its removal and stay."""
    _, stored = await read_file_part(storage)

    removal = asyncio.ensure_future(stored.remove(storage))
    await asyncio.sleep(0.2)
    assert not removal.done()  # waiting for the PUT
    storage.release.set()
    await asyncio.wait_for(removal, WAIT_SECONDS)
    assert not await anyio.to_thread.run_sync(storage.exists, stored.key)


async def test_a_store_that_fails_the_last_put_fails_the_upload(storage: HeldStorage) -> None:
    _, stored = await read_file_part(storage)
    storage.fail = True
    storage.release.set()

    with pytest.raises(StorageUnavailable):
        await asyncio.wait_for(stored.landed(), WAIT_SECONDS)
    await asyncio.wait_for(stored.remove(storage), WAIT_SECONDS)  # does not ask the failed store again
    assert not await anyio.to_thread.run_sync(storage.exists, stored.key)
