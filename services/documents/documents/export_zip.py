"""A zip written straight into S3 as it is made (issue 16, Download my data): the archive goes up in 5 MB parts
of a multipart upload, so neither the zip nor any file in it is ever held whole in memory. Blocking, like every
storage call: the caller runs each method in a worker thread, one at a time."""

import logging
import zipfile
from typing import IO, cast

from urllib3 import BaseHTTPResponse

from documents.storage import PART_SIZE, Storage

log = logging.getLogger(__name__)
COPY_CHUNK_BYTES = 256 * 1024
ZIP_TYPE = "application/zip"


class _MultipartSink:
    """A write-only, unseekable stream into one S3 object; zipfile then writes data descriptors after each
    entry instead of seeking back."""

    def __init__(self, storage: Storage, key: str) -> None:
        self.storage, self.key = storage, key
        self.buffer = bytearray()
        self.upload_id: str | None = None
        self.etags: list[str] = []
        self.size = 0

    def write(self, data: bytes) -> int:
        self.buffer += data
        self.size += len(data)
        while len(self.buffer) >= PART_SIZE:
            self._send(bytes(self.buffer[:PART_SIZE]))
            del self.buffer[:PART_SIZE]
        return len(data)

    def flush(self) -> None:
        """zipfile flushes now and then; parts go up only when full."""

    def _send(self, part: bytes) -> None:
        if self.upload_id is None:
            self.upload_id = self.storage.start_parts(self.key, ZIP_TYPE)
        self.etags.append(self.storage.put_part(self.key, self.upload_id, len(self.etags) + 1, part))

    def finish(self) -> None:
        if self.upload_id is None:
            self.storage.put_whole(self.key, bytes(self.buffer), ZIP_TYPE)
        else:
            if self.buffer:
                self._send(bytes(self.buffer))  # the last part may be smaller than 5 MB
            self.storage.finish_parts(self.key, self.upload_id, self.etags)
        self.buffer = bytearray()

    def abort(self) -> None:
        if self.upload_id is not None:
            self.storage.abort_parts(self.key, self.upload_id)


class ExportZip:
    def __init__(self, storage: Storage, key: str) -> None:
        self.sink = _MultipartSink(storage, key)
        self.zip = zipfile.ZipFile(cast(IO[bytes], self.sink), "w", compression=zipfile.ZIP_DEFLATED)
        self.entry: IO[bytes] | None = None
        self.entry_name: str | None = None

    def write_text(self, name: str, text: str) -> None:
        self.zip.writestr(name, text.encode())

    def write_piece(self, name: str, data: bytes) -> None:
        """Appends to the file ``name``, opening it (and closing the one before) when the name changes."""
        if name != self.entry_name:
            self.end_file()
            # Stored, not deflated: PDFs and images are compressed already.
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_STORED
            self.entry, self.entry_name = self.zip.open(info, "w", force_zip64=True), name
        assert self.entry is not None
        self.entry.write(data)

    def end_file(self) -> None:
        if self.entry is not None:
            self.entry.close()
        self.entry, self.entry_name = None, None

    def copy_object(self, name: str, stored: BaseHTTPResponse) -> None:
        """The stored object's bytes as the file ``name``, chunk by chunk."""
        try:
            while chunk := stored.read(COPY_CHUNK_BYTES):
                self.write_piece(name, chunk)
            if name != self.entry_name:
                self.write_piece(name, b"")  # an empty file is a file too
        finally:
            stored.close()
            stored.release_conn()
        self.end_file()

    def finish(self) -> int:
        """Writes the central directory and completes the upload; answers the zip's size in bytes."""
        self.end_file()
        self.zip.close()
        self.sink.finish()
        return self.sink.size

    def abort(self) -> None:
        try:
            self.end_file()
        except Exception:  # the upload is dropped anyway
            log.warning("could not close the zip entry being written", exc_info=True)
        self.sink.abort()
