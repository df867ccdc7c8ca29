"""Issue 16, Download my data: a service's part of an export travels in messages that each stay well under NATS's
1 MB payload limit (contract: "Keep one message under ~700 KB ... publish several messages with partIndex/
partCount"), and joining the pieces in order gives back the JSON and every file byte for byte."""

import base64
import json
import os
import uuid

from portal_common.events import ContractsExportPart, EventEnvelope, PrivacyExportRequested
from portal_common.privacy_export import ExportFile, split_part, to_json

MESSAGE_LIMIT = 700 * 1024


def rejoin(parts: list[ContractsExportPart]) -> tuple[str, dict[str, bytes]]:
    files: dict[str, bytes] = {}
    for part in sorted(parts, key=lambda p: p.part_index):
        for attachment in part.attachments:
            files[attachment.name] = files.get(attachment.name, b"") + base64.b64decode(attachment.content_base64)
    return "".join(p.content for p in sorted(parts, key=lambda p: p.part_index)), files


def as_parts(content: str, files: list[ExportFile]) -> list[ContractsExportPart]:
    request = PrivacyExportRequested(export_id=uuid.uuid4(), user_id=7, email="mari@example.com")
    messages = split_part(content, files)
    return [ContractsExportPart(export_id=request.export_id, user_id=7, service="contracts", file_name="contracts.json",
                                content=m.content, attachments=m.attachments, part_index=i,
                                part_count=len(messages)) for i, m in enumerate(messages)]


def test_a_large_part_is_cut_into_messages_under_the_limit_and_joins_back_whole() -> None:
    content = to_json({"contracts": [{"title": f"Tööleping \"{n}\"\n", "content": "õäöü " * 400} for n in range(400)]})
    files = [ExportFile("1.pdf", os.urandom(1_500_000)), ExportFile("2.pdf", b""), ExportFile("3.pdf", b"%PDF-1.7")]
    parts = as_parts(content, files)
    assert len(parts) > 3
    for part in parts:
        assert len(EventEnvelope.wrap(part).to_bytes()) < MESSAGE_LIMIT
    joined, rejoined = rejoin(parts)
    assert json.loads(joined) == json.loads(content)
    assert rejoined == {file.name: file.data for file in files}


def test_a_small_part_is_one_message() -> None:
    parts = as_parts(to_json({"messages": []}), [ExportFile("1.pdf", b"%PDF-1.7 small")])
    assert [(p.part_index, p.part_count) for p in parts] == [(0, 1)]
    assert json.loads(parts[0].content) == {"messages": []}
