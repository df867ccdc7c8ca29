"""The S3-compatible object store behind the documents (design.md, Documents and storage), through the
``minio`` SDK. Every call is blocking; callers run them in a worker thread. One client per process,
made on first use and kept on ``app.state`` (the client holds only a connection pool, no state of ours).

Every call is bounded in time: a store that is down or hung raises ``StorageUnavailable`` within a few
seconds (the API answers 503, issue 11: honest outages), instead of a request waiting minutes for it."""

import contextlib
import ctypes
import ctypes.util
import logging
import os
import time
from collections.abc import Iterator
from datetime import datetime
from typing import Annotated, cast

import certifi
import urllib3
from fastapi import Depends, Request
from minio import Minio
from minio.datatypes import Part
from minio.error import InvalidResponseError, S3Error, ServerError
from urllib3 import BaseHTTPResponse
from urllib3.util import Retry, Timeout

from documents.config import DocumentsSettings
from documents.metrics import timed_s3_call

log = logging.getLogger(__name__)
# The smallest part S3 accepts. An upload holds three parts in memory (two being sent while the next is
# read, see transfer.py), so this is what bounds its memory; it is also the largest file sent in one PUT.
PART_SIZE = 5 * 1024 * 1024
# What a part is handed over as: the buffer it was read into (the SDK hashes and sends any bytes-like object).
Buffer = bytes | bytearray | memoryview

S3_CONNECT_TIMEOUT_SECONDS = 1.0
# Per socket read or write, not per transfer: a large upload or download that keeps moving is never cut,
# a store that stops answering is given up on after this long.
S3_READ_TIMEOUT_SECONDS = 2.0
# A part's answer comes only once the store has written its 5 MB (and the completion's once it has joined
# the parts), which on a busy machine takes longer than a small call's 2 s. A store that is down or hung is
# still found out within seconds: a multipart upload is opened with a small call first, under the 2 s bound.
S3_PART_READ_TIMEOUT_SECONDS = 15.0


class _RetryUnlessTimedOut(Retry):
    """Retries a refused or dropped connection (say, a kept-alive one the store had closed) and a 5xx answer,
    never a read that timed out: that would double the wait for an answer that has to come within 3 s."""

    def _is_read_error(self, err: Exception) -> bool:
        return isinstance(err, urllib3.exceptions.ProtocolError)  # a timeout now counts as "other": not retried


SERVER_ERRORS = (500, 502, 503, 504)
S3_RETRY = _RetryUnlessTimedOut(total=2, connect=1, read=1, other=0, status=1, backoff_factor=0.2,
                                status_forcelist=SERVER_ERRORS)
# A part (a PUT: urllib3 never retries the POSTs that open and complete an upload) is sent again up to three
# times on a server error, after 0, 0.5 and 1 s: SeaweedFS answers 500 when it cannot get a volume for the data
# in time (seaweedfs issue 9695), and one failed part would fail a whole upload the person has waited for.
# A timeout is still not retried, so a hung store is found out as quickly as before.
S3_PART_RETRY = _RetryUnlessTimedOut(total=4, connect=1, read=1, other=0, status=3, backoff_factor=0.25,
                                     status_forcelist=SERVER_ERRORS)
# `migrate` may run the moment the store opens its port, when it still resets connections for a while.
BUCKET_WAIT_SECONDS = 20.0
BUCKET_RETRY_INTERVAL_SECONDS = 0.5
SERVER_ERROR = 500


class StorageUnavailable(Exception):
    """The store could not be reached, did not answer in time or answered with a server error."""


def _is_outage(error: Exception) -> bool:
    if isinstance(error, urllib3.exceptions.HTTPError | ServerError | ConnectionError | TimeoutError):
        return True
    if isinstance(error, S3Error):
        return error.response is not None and error.response.status >= SERVER_ERROR
    if isinstance(error, InvalidResponseError):  # a proxy's HTML error page in front of the store
        return int(getattr(error, "_code", 0)) >= SERVER_ERROR
    return False


@contextlib.contextmanager
def _outages_as_unavailable(operation: str) -> Iterator[None]:
    try:
        with timed_s3_call(operation):
            yield
    except Exception as error:
        if _is_outage(error):
            raise StorageUnavailable(f"S3 storage: {error}") from error
        raise


def http_client(read_timeout: float = S3_READ_TIMEOUT_SECONDS, retries: Retry = S3_RETRY) -> urllib3.PoolManager:
    """The pool the SDK would make (its size and certificates), with these time bounds instead of its
    5 minutes per read and 5 retries."""
    return urllib3.PoolManager(
        timeout=Timeout(connect=S3_CONNECT_TIMEOUT_SECONDS, read=read_timeout), retries=retries,
        maxsize=10, cert_reqs="CERT_REQUIRED", ca_certs=os.environ.get("SSL_CERT_FILE") or certifi.where())


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


class Storage:
    """Raises ``StorageUnavailable`` from every call when the store is down or hung."""

    def __init__(self, client: Minio, bucket: str, part_client: Minio | None = None) -> None:
        self.client = client
        self.part_client = part_client or client  # the same store: S3_PART_READ_TIMEOUT_SECONDS, S3_PART_RETRY
        self.bucket = bucket

    @classmethod
    def from_settings(cls, settings: DocumentsSettings) -> "Storage":
        def client(read_timeout: float, retries: Retry) -> Minio:
            return Minio(settings.s3_endpoint, access_key=settings.s3_access_key,
                         secret_key=settings.s3_secret_key.get_secret_value(), secure=settings.s3_secure,
                         region=settings.s3_region, http_client=http_client(read_timeout, retries))
        return cls(client(S3_READ_TIMEOUT_SECONDS, S3_RETRY), settings.s3_bucket,
                   client(S3_PART_READ_TIMEOUT_SECONDS, S3_PART_RETRY))

    def ensure_bucket(self, wait_seconds: float = BUCKET_WAIT_SECONDS) -> bool:
        """Creates the bucket unless it is there (SeaweedFS makes it at start, MinIO and others do not);
        answers whether it had to. Waits up to ``wait_seconds`` for a store that is not answering yet."""
        deadline = time.monotonic() + wait_seconds
        while True:
            try:
                with _outages_as_unavailable("ensure_bucket"):
                    if self.client.bucket_exists(self.bucket):
                        return False
                    self.client.make_bucket(self.bucket)
                    return True
            except StorageUnavailable as error:
                if time.monotonic() + BUCKET_RETRY_INTERVAL_SECONDS > deadline:
                    raise
                log.warning("S3 storage not answering yet (%s); retrying", error.__cause__)
                time.sleep(BUCKET_RETRY_INTERVAL_SECONDS)

    def put_whole(self, key: str, data: Buffer, content_type: str) -> None:
        """Stores a file that fits in one part with a single PUT."""
        with _outages_as_unavailable("put_object"):
            self.client._put_object(self.bucket, key, cast(bytes, data), {"Content-Type": content_type})

    def start_parts(self, key: str, content_type: str) -> str:
        """Opens a multipart upload; answers its id. Nothing is visible under ``key`` until ``finish_parts``."""
        with _outages_as_unavailable("create_multipart_upload"):
            return self.client._create_multipart_upload(self.bucket, key, {"Content-Type": content_type})

    def put_part(self, key: str, upload_id: str, number: int, data: Buffer) -> str:
        """Sends one part (numbered from 1); answers its ETag."""
        with _outages_as_unavailable("upload_part"):
            return self.part_client._upload_part(self.bucket, key, cast(bytes, data), None, upload_id, number)

    def finish_parts(self, key: str, upload_id: str, etags: list[str]) -> None:
        with _outages_as_unavailable("complete_multipart_upload"):
            parts = [Part(number, etag) for number, etag in enumerate(etags, start=1)]
            self.part_client._complete_multipart_upload(self.bucket, key, upload_id, parts)

    def abort_parts(self, key: str, upload_id: str) -> None:
        """Drops a multipart upload and the parts it holds; never raises (it runs on failure paths), but logs."""
        try:
            self.client._abort_multipart_upload(self.bucket, key, upload_id)
        except Exception:
            log.exception("could not abort the multipart upload of %s", key)

    def get_stream(self, key: str) -> BaseHTTPResponse:
        """The object's bytes as an unread HTTP response: close it and release its connection after use."""
        with _outages_as_unavailable("get_object"):
            return self.client.get_object(self.bucket, key)

    def exists(self, key: str) -> bool:
        try:
            with _outages_as_unavailable("stat_object"):
                self.client.stat_object(self.bucket, key)
        except S3Error as error:
            if error.code in ("NoSuchKey", "NoSuchObject", "NotFound"):
                return False
            raise
        return True

    def objects(self) -> Iterator[tuple[str, datetime]]:
        """Every object in the bucket with the time it was written."""
        with _outages_as_unavailable("list_objects"):
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
