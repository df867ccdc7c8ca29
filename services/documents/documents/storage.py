"""The S3-compatible object store behind the documents (design.md, Documents and storage), through the
``minio`` SDK. Every call is blocking; callers run them in a worker thread. One client per process,
made on first use and kept on ``app.state`` (the client holds only a connection pool, no state of ours)."""

import ctypes
import ctypes.util
import logging
from collections.abc import Iterator
from datetime import datetime
from typing import Annotated, BinaryIO, Protocol, cast

from fastapi import Depends, Request
from minio import Minio
from minio.error import S3Error
from urllib3 import BaseHTTPResponse

from documents.config import DocumentsSettings

log = logging.getLogger(__name__)
# The smallest part S3 accepts. A part is held in memory while it is sent, so this (with one part in flight
# at a time) is what bounds an upload's memory; it is also the largest object sent in a single PUT.
PART_SIZE = 5 * 1024 * 1024


M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter
MMAP_THRESHOLD_BYTES = 128 * 1024


def return_large_buffers_to_the_os() -> bool:
    """Pins glibc's mmap threshold at its default (128 KiB). Left alone, glibc raises it after the first
    part-sized buffer is freed, and later parts then come from the heap, which keeps them resident after
    use; pinned, every part buffer is its own mapping and is given back as soon as it is freed, so the
    service's memory goes back down after each upload. Answers whether it applied (glibc only)."""
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        libc = ctypes.CDLL(name)
        return bool(libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES))
    except (OSError, AttributeError):
        return False


class Readable(Protocol):
    def read(self, size: int = -1, /) -> bytes: ...


class Storage:
    def __init__(self, client: Minio, bucket: str) -> None:
        self.client = client
        self.bucket = bucket

    @classmethod
    def from_settings(cls, settings: DocumentsSettings) -> "Storage":
        client = Minio(settings.s3_endpoint, access_key=settings.s3_access_key,
                       secret_key=settings.s3_secret_key.get_secret_value(), secure=settings.s3_secure,
                       region=settings.s3_region)
        return cls(client, settings.s3_bucket)

    def ensure_bucket(self) -> bool:
        """Creates the bucket unless it is there (SeaweedFS makes it at start, MinIO and others do not);
        answers whether it had to."""
        if self.client.bucket_exists(self.bucket):
            return False
        self.client.make_bucket(self.bucket)
        return True

    def put_stream(self, key: str, data: Readable, content_type: str) -> None:
        """Stores a stream of unknown length part by part; on any failure the multipart upload is aborted by
        the SDK, and the exception (the source's own included) propagates."""
        self.client.put_object(self.bucket, key, cast(BinaryIO, data), length=-1, part_size=PART_SIZE,
                               content_type=content_type, num_parallel_uploads=1)

    def get_stream(self, key: str) -> BaseHTTPResponse:
        """The object's bytes as an unread HTTP response: close it and release its connection after use."""
        return self.client.get_object(self.bucket, key)

    def exists(self, key: str) -> bool:
        try:
            self.client.stat_object(self.bucket, key)
        except S3Error as error:
            if error.code in ("NoSuchKey", "NoSuchObject", "NotFound"):
                return False
            raise
        return True

    def objects(self) -> Iterator[tuple[str, datetime]]:
        """Every object in the bucket with the time it was written."""
        for item in self.client.list_objects(self.bucket, recursive=True):
            if item.object_name is not None and item.last_modified is not None:
                yield item.object_name, item.last_modified

    def remove(self, key: str) -> None:
        """Deletes the object if it is there; never raises (it runs on failure paths), but logs."""
        try:
            self.client.remove_object(self.bucket, key)
        except Exception:
            log.exception("could not remove object %s", key)


def get_storage(request: Request) -> Storage:
    storage: Storage | None = getattr(request.app.state, "storage", None)
    if storage is None:
        storage = request.app.state.storage = Storage.from_settings(request.app.state.settings)
    return storage


StorageDep = Annotated[Storage, Depends(get_storage)]
