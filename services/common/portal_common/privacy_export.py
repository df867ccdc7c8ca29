"""Issue 16, Download my data: what every service does with its part of an export. A service answers
documents' ``PrivacyExportRequested`` with its data as JSON and its files, cut into messages that stay well under
NATS's 1 MB payload limit; documents joins the pieces again in part order (documents/privacy_export.py)."""

import base64
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any, TypeVar

from sqlmodel.ext.asyncio.session import AsyncSession

from portal_common.events import ExportAttachment, PrivacyExportPart, PrivacyExportRequested
from portal_common.outbox import add_event

# What one message may carry, counted as it travels: the JSON text escaped, the files in base64. With the
# envelope around it a message stays under ~700 KB.
MESSAGE_BUDGET = 600 * 1024
MIN_PIECE = 1024  # below this much room left, the next piece starts a new message
P = TypeVar("P", bound=PrivacyExportPart)


@dataclass(frozen=True)
class ExportFile:
    name: str  # within the service's folder of the zip: files/<service>/<name>
    data: bytes


def to_json(data: Any) -> str:
    """Readable, stable JSON: dates and times in ISO 8601, letters as they are (not \\u escapes)."""
    def default(value: object) -> str:
        if isinstance(value, date | datetime):
            return value.isoformat()
        raise TypeError(f"{type(value).__name__} is not JSON")
    return json.dumps(data, ensure_ascii=False, indent=2, default=default)


def _escaped_length(text: str) -> int:
    return len(json.dumps(text, ensure_ascii=False).encode())


def _text_piece(text: str, room: int) -> str:
    """The longest start of ``text`` whose escaped form fits ``room`` bytes (at least one character)."""
    length = min(len(text), room)
    while length > 1 and _escaped_length(text[:length]) > room:
        length = max(1, length * room // _escaped_length(text[:length]) - 1)
    return text[:length]


@dataclass
class _Message:
    content: str = ""
    attachments: list[ExportAttachment] = field(default_factory=list)
    used: int = 0

    def room(self) -> int:
        return MESSAGE_BUDGET - self.used


def split_part(content: str, files: Sequence[ExportFile]) -> list[_Message]:
    """The JSON text, then each file, cut into as few messages as the budget allows."""
    messages = [_Message()]
    text = content
    while text:
        if messages[-1].room() < MIN_PIECE:
            messages.append(_Message())
        piece = _text_piece(text, messages[-1].room())
        messages[-1].content += piece
        messages[-1].used += _escaped_length(piece)
        text = text[len(piece):]
    for file in files:
        offset = 0
        while offset < len(file.data) or offset == 0:  # an empty file is one empty piece
            if messages[-1].room() < MIN_PIECE + len(file.name):
                messages.append(_Message())
            raw = max(3, messages[-1].room() * 3 // 4 // 3 * 3)
            chunk = file.data[offset:offset + raw]
            encoded = base64.b64encode(chunk).decode()
            messages[-1].attachments.append(ExportAttachment(name=file.name, content_base64=encoded))
            messages[-1].used += len(encoded) + len(file.name)
            offset += len(chunk)
            if not file.data:
                break
    return messages


def stage_export_part(db: AsyncSession, part_type: type[P], request: PrivacyExportRequested, service: str,
                      data: Any, files: Sequence[ExportFile] = ()) -> int:
    """Stages the service's part (``data`` as ``<service>.json`` and its files) in the caller's transaction;
    answers the number of messages."""
    messages = split_part(to_json(data), files)
    for index, message in enumerate(messages):
        add_event(db, part_type(export_id=request.export_id, user_id=request.user_id, service=service,
                                file_name=f"{service}.json", content=message.content,
                                attachments=message.attachments, part_index=index,
                                part_count=len(messages)))
    return len(messages)
