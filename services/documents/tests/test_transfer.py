"""How an upload's bytes reach storage (issue 18, Uploads): part N is sent while part N+1 is read, every
byte lands where it belongs whatever the file's size against the part size, and a file cut off mid-way
leaves neither an object nor an open multipart upload. Runs transfer.store_file in this process against
the stack's real S3 store; the storage is the service's own class, only recording when each part was sent."""

import hashlib
import time
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
from minio import Minio

from documents.storage import PART_SIZE, Buffer, Storage, http_client
from documents.transfer import PartBuffers, part_buffers, store_file
from documents.uploads import FileParts, MultipartReader, TooLarge, too_large

CHUNK = 64 * 1024
BOUNDARY = b"transfer-test-boundary"


class TimedStorage(Storage):
    """The real storage, noting when each part had been sent."""

    def __init__(self, client: Minio, bucket: str) -> None:
        super().__init__(client, bucket)
        self.part_sent_at: dict[int, float] = {}

    def put_part(self, key: str, upload_id: str, number: int, data: Buffer) -> str:
        etag = super().put_part(key, upload_id, number, data)
        self.part_sent_at[number] = time.monotonic()
        return etag


class Body:
    """A multipart body with one file, handed out chunk by chunk, noting when each file offset was read."""

    def __init__(self, content: bytes) -> None:
        head = (b"--" + BOUNDARY + b"\r\nContent-Disposition: form-data; name=\"file\"; filename=\"f.pdf\"\r\n\r\n")
        self.data = head + content + b"\r\n--" + BOUNDARY + b"--\r\n"
        self.file_start = len(head)
        self.read_at: list[tuple[int, float]] = []  # (file offset of the chunk's start, when)

    async def chunks(self) -> AsyncIterator[bytes]:
        for start in range(0, len(self.data), CHUNK):
            self.read_at.append((start - self.file_start, time.monotonic()))
            yield self.data[start:start + CHUNK]

    def first_read_of(self, offset: int) -> float:
        return next(when for start, when in self.read_at if start + CHUNK > offset)


def content_of(size: int) -> bytes:
    """``size`` bytes that differ from part to part and chunk to chunk, so a misplaced piece shows."""
    block = hashlib.sha256(str(size).encode()).digest() * (CHUNK // 32 + 1)
    pieces = [b"%PDF-1.7\n"]
    left, n = size - 9, 0
    while left > 0:
        piece = (n.to_bytes(4, "big") + block)[:min(CHUNK - 3, left)]
        pieces.append(piece)
        left -= len(piece)
        n += 1
    return b"".join(pieces)


@pytest.fixture
def storage(stack: Any) -> TimedStorage:
    env = stack.env
    client = Minio(env["S3_ENDPOINT"], access_key=env["S3_ACCESS_KEY"], secret_key=env["S3_SECRET_KEY"],
                   secure=False, http_client=http_client())
    return TimedStorage(client, env["S3_BUCKET"])


def new_key() -> str:
    return f"transfer-test/{uuid.uuid4().hex}"


async def send(storage: Storage, body: Body, limit: int = 64 * PART_SIZE,
               key: str | None = None) -> tuple[str, FileParts]:
    reader = MultipartReader(body.chunks(), BOUNDARY, len(body.data), lambda: too_large(limit))
    part = await reader.next_part()
    assert part is not None and part.name == "file"
    head, complete = await reader.read_head()
    file = FileParts(reader, head, complete, limit)
    key = key or new_key()
    await store_file(storage, key, file, "application/pdf")
    return key, file


def stored(storage: Storage, key: str) -> bytes:
    response = storage.get_stream(key)
    try:
        return response.read()
    finally:
        response.close()
        response.release_conn()


def open_uploads(storage: Storage, key: str) -> list[Any]:
    listing = storage.client._list_multipart_uploads(storage.bucket, prefix=key)
    return [upload for upload in listing.uploads if upload.object_name == key]


async def test_the_next_part_is_read_while_the_last_one_is_sent(storage: TimedStorage) -> None:
    """Before issue 18 the SDK read a whole part and only then sent it: the request stood still meanwhile."""
    body = Body(content_of(3 * PART_SIZE + 1000))
    key, _ = await send(storage, body)
    assert sorted(storage.part_sent_at) == [1, 2, 3, 4]
    for part in (1, 2, 3):
        assert body.first_read_of(part * PART_SIZE) < storage.part_sent_at[part], f"part {part + 1} waited"
    storage.remove(key)


@pytest.mark.parametrize("size", [1, PART_SIZE - 1, PART_SIZE, PART_SIZE + 1, 2 * PART_SIZE, 2 * PART_SIZE + 7])
async def test_every_byte_lands_in_place_around_the_part_size(storage: TimedStorage, size: int) -> None:
    content = content_of(max(size, 10))[:size] if size > 10 else b"%PDF-"[:size]
    key, file = await send(storage, Body(content))
    assert file.size == size
    assert hashlib.sha256(stored(storage, key)).hexdigest() == hashlib.sha256(content).hexdigest()
    assert len(storage.part_sent_at) == (0 if size < PART_SIZE else -(-size // PART_SIZE))
    storage.remove(key)


async def test_a_file_cut_off_mid_way_leaves_no_object_and_no_open_upload(storage: TimedStorage) -> None:
    body = Body(content_of(3 * PART_SIZE))
    reader = MultipartReader(body.chunks(), BOUNDARY, len(body.data), lambda: too_large(PART_SIZE))
    assert await reader.next_part() is not None
    head, complete = await reader.read_head()
    limit = 2 * PART_SIZE + 4 * CHUNK  # over it in the third part, while the second is sent
    file = FileParts(reader, head, complete, limit)
    key = new_key()
    with pytest.raises(TooLarge):
        await store_file(storage, key, file, "application/pdf")
    assert sorted(storage.part_sent_at) == [1, 2]
    assert not storage.exists(key)
    assert open_uploads(storage, key) == []


def test_part_buffers_are_reused_and_only_so_many_are_kept() -> None:
    buffers = PartBuffers(kept=1)
    with buffers.borrowed() as first:
        assert len(first) == PART_SIZE
    with buffers.borrowed() as again:
        assert again is first  # no new 5 MB to zero and fault in
    with buffers.borrowed() as one, buffers.borrowed() as other:
        assert one is not other  # uploads at the same time never share a buffer
    assert len(buffers.free) == 1


async def test_a_smaller_file_after_a_larger_one_holds_none_of_its_bytes(storage: TimedStorage) -> None:
    """The buffers the larger file filled are reused: only the smaller file's own bytes may be stored."""
    large, small = content_of(2 * PART_SIZE + 7), content_of(PART_SIZE // 3)
    large_key, _ = await send(storage, Body(large))
    assert part_buffers.free  # given back for the next upload
    small_key, file = await send(storage, Body(small))
    assert file.size == len(small)
    assert stored(storage, small_key) == small
    assert stored(storage, large_key) == large
    storage.remove(large_key)
    storage.remove(small_key)
