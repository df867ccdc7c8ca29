"""Reading an upload as it arrives (design.md, Documents and storage).

The multipart body is parsed incrementally from the request stream: only the chunk in hand, the few
bytes the type check needs and the three part buffers of transfer.py are ever in memory, whatever the
file's size. Starlette's UploadFile is deliberately not used (it spools the whole file first).

- ``MultipartReader`` pulls parts out of the byte stream: headers first, then the part's data chunk by chunk.
- ``FileKind`` / ``kind_for`` / ``sniff``: the accepted types (spec §5), checked by extension and by the
  file's own first bytes (magic numbers), so a renamed executable is refused.
- ``FileParts``: the file's bytes copied into the part buffers that go to storage (transfer.py); it counts
  bytes, stops at the size limit and keeps checking text files.
"""

import asyncio
import codecs
import re
import unicodedata
from collections import deque
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from python_multipart.exceptions import MultipartParseError
from python_multipart.multipart import MultipartParser, parse_options_header
from starlette.requests import ClientDisconnect

from portal_common.errors import ApiError, ErrorCode

if TYPE_CHECKING:
    from python_multipart.multipart import MultipartCallbacks

SNIFF_BYTES = 8 * 1024
MAX_FILE_NAME_LENGTH = 200
MEGABYTE = 1024 * 1024


# ---- errors --------------------------------------------------------------------------------------------

def too_large(limit: int) -> ApiError:
    text = f"The file is larger than {limit / MEGABYTE:g} MB"
    return ApiError.on_field(413, ErrorCode.TOO_LARGE, "file", text)


def unsupported_type() -> ApiError:
    text = "This file type is not accepted. Upload a PDF, Word, Excel, JPEG, PNG or text file."
    return ApiError.on_field(415, ErrorCode.UNSUPPORTED_TYPE, "file", text)


def bad_body(message: str = "The upload is not a valid multipart/form-data body") -> ApiError:
    return ApiError(400, ErrorCode.BAD_REQUEST, message)


class TooLarge(Exception):
    """Raised while streaming, so the storage client aborts its multipart upload."""


class BadContent(Exception):
    """Raised while streaming when the bytes stop matching the declared type (a text file with NULs)."""


# ---- file names and types ------------------------------------------------------------------------------

@dataclass(frozen=True)
class FileKind:
    extensions: tuple[str, ...]
    mime_type: str
    check: Callable[[bytes, bool], bool]  # (first bytes, whole file seen) -> plausible


def _starts(*signatures: bytes) -> Callable[[bytes, bool], bool]:
    return lambda head, _complete: head.startswith(signatures)


def _is_text(head: bytes, complete: bool) -> bool:
    if b"\x00" in head:
        return False
    try:
        codecs.getincrementaldecoder("utf-8")().decode(head, final=complete)
    except UnicodeDecodeError:
        return False
    return True


OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # Word 97-2003, Excel 97-2003
ZIP = b"PK\x03\x04"  # Office Open XML is a ZIP container
KINDS = (
    FileKind(("pdf",), "application/pdf", _starts(b"%PDF-")),
    FileKind(("png",), "image/png", _starts(b"\x89PNG\r\n\x1a\n")),
    FileKind(("jpg", "jpeg"), "image/jpeg", _starts(b"\xff\xd8\xff")),
    FileKind(("doc",), "application/msword", _starts(OLE2)),
    FileKind(("xls",), "application/vnd.ms-excel", _starts(OLE2)),
    FileKind(("docx",), "application/vnd.openxmlformats-officedocument.wordprocessingml.document", _starts(ZIP)),
    FileKind(("xlsx",), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", _starts(ZIP)),
    FileKind(("txt",), "text/plain", _is_text),
)
KIND_BY_EXTENSION = {ext: kind for kind in KINDS for ext in kind.extensions}
ACCEPTED_EXTENSIONS = tuple(KIND_BY_EXTENSION)


def extension(file_name: str) -> str:
    stem, dot, ext = file_name.rpartition(".")
    return ext.lower() if dot and stem else ""


def kind_for(file_name: str) -> FileKind:
    kind = KIND_BY_EXTENSION.get(extension(file_name))
    if kind is None:
        raise unsupported_type()
    return kind


_UNSAFE_CHARACTERS = re.compile(r'[<>:"|?*]')


def sanitize_file_name(raw: str) -> str:
    """A name that is safe to show and to offer as a download: no directories, no control or formatting
    characters (bidi overrides could disguise ``exe.pdf``), no characters Windows refuses, bounded length."""
    name = unicodedata.normalize("NFC", raw).replace("\\", "/").rsplit("/", 1)[-1]
    name = "".join(" " if c.isspace() else c for c in name
                   if c.isspace() or unicodedata.category(c) not in ("Cc", "Cf", "Cs", "Co"))
    name = _UNSAFE_CHARACTERS.sub("_", name)
    name = " ".join(name.split()).strip(" .")
    if len(name) > MAX_FILE_NAME_LENGTH:
        ext = extension(name)
        keep = MAX_FILE_NAME_LENGTH - (len(ext) + 1 if ext else 0)
        name = name[:keep].rstrip(" .") + (f".{ext}" if ext else "")
    return name


# ---- the multipart stream ------------------------------------------------------------------------------

@dataclass
class Part:
    name: str
    file_name: str | None
    content_type: str | None


@dataclass
class _Events:
    queue: deque[tuple[str, Any]] = field(default_factory=deque)
    header_field: bytearray = field(default_factory=bytearray)
    header_value: bytearray = field(default_factory=bytearray)
    headers: dict[str, bytes] = field(default_factory=dict)
    finished: bool = False


def boundary_of(content_type: str) -> bytes:
    kind, options = parse_options_header(content_type)
    boundary = options.get(b"boundary", b"")
    if kind != b"multipart/form-data" or not boundary or len(boundary) > 200:
        raise bad_body("Expected a multipart/form-data body")
    return boundary


class MultipartReader:
    """Pulls one part at a time out of an async byte stream; nothing is read ahead beyond one chunk."""

    def __init__(self, chunks: AsyncIterator[bytes], boundary: bytes, max_body_bytes: int,
                 on_too_large: Callable[[], Exception]) -> None:
        self._chunks = chunks
        self._max_body_bytes = max_body_bytes
        self._on_too_large = on_too_large
        self._events = _Events()
        self._in_part = False
        self.received = 0
        events = self._events

        def on_part_begin() -> None:
            events.headers = {}

        def on_header_field(data: bytes, start: int, end: int) -> None:
            events.header_field += data[start:end]

        def on_header_value(data: bytes, start: int, end: int) -> None:
            events.header_value += data[start:end]

        def on_header_end() -> None:
            name = events.header_field.decode("latin-1").strip().lower()
            events.headers[name] = bytes(events.header_value).strip()  # raw: browsers send UTF-8 names
            events.header_field.clear()
            events.header_value.clear()

        def on_headers_finished() -> None:
            events.queue.append(("headers", events.headers))

        def on_part_data(data: bytes, start: int, end: int) -> None:
            if end > start:
                events.queue.append(("data", bytes(data[start:end])))

        def on_part_end() -> None:
            events.queue.append(("end", None))

        def on_end() -> None:
            events.finished = True

        callbacks: MultipartCallbacks = {
            "on_part_begin": on_part_begin, "on_header_field": on_header_field,
            "on_header_value": on_header_value, "on_header_end": on_header_end,
            "on_headers_finished": on_headers_finished, "on_part_data": on_part_data,
            "on_part_end": on_part_end, "on_end": on_end,
        }
        self._parser = MultipartParser(boundary, callbacks)

    async def _next_event(self) -> tuple[str, Any] | None:
        while not self._events.queue:
            if self._events.finished:
                return None
            try:
                chunk = await anext(self._chunks)
            except StopAsyncIteration:
                raise bad_body("The upload ended early") from None
            except ClientDisconnect:
                raise bad_body("The upload was interrupted") from None
            if not chunk:
                continue
            self.received += len(chunk)
            if self.received > self._max_body_bytes:
                raise self._on_too_large()
            try:
                self._parser.write(chunk)
            except MultipartParseError:
                raise bad_body() from None
        return self._events.queue.popleft()

    async def next_part(self) -> Part | None:
        """Skips what is left of the current part and answers the next one's headers (None at the end)."""
        while self._in_part:
            await self.read()
        event = await self._next_event()
        if event is None:
            return None
        kind, headers = event
        if kind != "headers":
            raise bad_body()
        disposition, options = parse_options_header(headers.get("content-disposition", b""))
        if disposition != b"form-data" or b"name" not in options:
            raise bad_body()
        file_name = options[b"filename"].decode("utf-8", "replace") if b"filename" in options else None
        self._in_part = True
        content_type = headers.get("content-type")
        return Part(options[b"name"].decode("utf-8", "replace"), file_name,
                    content_type.decode("latin-1") if content_type is not None else None)

    async def read(self) -> bytes:
        """The current part's next chunk; b"" once the part is over."""
        if not self._in_part:
            return b""
        event = await self._next_event()
        if event is None or event[0] == "headers":
            raise bad_body()
        if event[0] == "end":
            self._in_part = False
            return b""
        data: bytes = event[1]
        return data

    async def read_field(self, limit: int) -> bytes | None:
        """A small field's bytes, or None if it is longer than ``limit`` bytes (the rest is skipped)."""
        collected = bytearray()
        while chunk := await self.read():
            collected += chunk
            if len(collected) > limit:
                while await self.read():
                    pass
                return None
        return bytes(collected)

    async def read_head(self, size: int = SNIFF_BYTES) -> tuple[bytes, bool]:
        """Up to ``size`` first bytes of the current part (a little more if a chunk overshoots), and whether
        that is the whole part."""
        head = bytearray()
        while len(head) < size:
            chunk = await self.read()
            if not chunk:
                return bytes(head), True
            head += chunk
        return bytes(head), False


# ---- feeding the storage client ------------------------------------------------------------------------

class TextCheck:
    """Keeps checking a text file while it streams: UTF-8 throughout and no NUL bytes."""

    def __init__(self) -> None:
        self._decoder = codecs.getincrementaldecoder("utf-8")()

    def __call__(self, data: bytes, final: bool) -> None:
        if b"\x00" in data:
            raise BadContent
        try:
            self._decoder.decode(data, final=final)
        except UnicodeDecodeError:
            raise BadContent from None


class FileParts:
    """The current part's bytes, copied straight into buffers the caller hands in (one copy from the
    request's chunks to the buffer that is sent). Counts bytes and raises ``TooLarge`` once more than
    ``limit`` arrived; runs the text check over every chunk, and over the end of the file.

    ``read`` is set once the part was read to its end and passed every check: from then on ``fill`` no longer
    touches the reader, which is free for the form's next part while the last bytes are still being sent."""

    def __init__(self, reader: MultipartReader, head: bytes, head_is_all: bool, limit: int,
                 check: TextCheck | None = None) -> None:
        self._reader = reader
        self._limit = limit
        self._check = check
        self._done = False
        self.read = asyncio.Event()
        self.size = 0
        self._pending = self._accept(head)
        if head_is_all:
            self._finish()

    def _accept(self, data: bytes) -> memoryview:
        self.size += len(data)
        if self.size > self._limit:
            raise TooLarge
        if self._check is not None:
            self._check(data, False)
        return memoryview(data)

    def _finish(self) -> None:
        self._done = True
        if self._check is not None:
            self._check(b"", True)
        self.read.set()

    async def _more(self) -> bool:
        """Pulls the next chunk of the part into ``_pending``; False at the part's end."""
        if self._done:
            return False
        chunk = await self._reader.read()
        if not chunk:
            self._finish()
            return False
        self._pending = self._accept(chunk)
        return True

    async def fill(self, buffer: bytearray) -> int:
        """Fills ``buffer`` from the start; answers how many bytes it holds, fewer only at the file's end."""
        target, filled = memoryview(buffer), 0
        while filled < len(buffer):
            if not self._pending and not await self._more():
                break
            taken = min(len(self._pending), len(buffer) - filled)
            target[filled:filled + taken] = self._pending[:taken]
            self._pending = self._pending[taken:]
            filled += taken
        return filled
