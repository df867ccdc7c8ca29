"""What every service does the same way when a person is erased (issue 16, Erasure and retention).

Besides its own tables, a service's ``outbox`` keeps a copy of each event it published (for
PORTAL_EVENT_RETENTION_DAYS): those copies carry names, e-mails and ID codes too. ``scrub_outbox`` blanks every
string in them that holds one of the person's values, leaving the envelope (id, type, time) as it was, so an
unpublished row is still published, only without the person in it.
"""

import json
from collections.abc import Iterable

from sqlalchemy import func, or_, update
from sqlalchemy.dialects.postgresql import JSONB
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from portal_common.outbox import OutboxEvent

ERASED = "[erased]"
# A value at least this long is erased wherever a string contains it (a name inside a contract's text or a
# note); a shorter one only where a string is exactly it, so a two-letter name does not blank every word with it.
CONTAINED_MIN_LENGTH = 5


def needles(*values: str | None) -> list[str]:
    """The person's values worth looking for, without blanks and repeats."""
    return sorted({value.strip() for value in values if value and value.strip()})


def holds(text: str, found: Iterable[str]) -> bool:
    folded = text.casefold()
    return any(folded == needle.casefold() or (len(needle) >= CONTAINED_MIN_LENGTH and needle.casefold() in folded)
               for needle in found)


def redacted(value: object, found: list[str]) -> object:
    """``value`` (parsed JSON) with every string that holds a needle replaced by ERASED."""
    if isinstance(value, str):
        return ERASED if holds(value, found) else value
    if isinstance(value, dict):
        return {key: redacted(item, found) for key, item in value.items()}
    if isinstance(value, list):
        return [redacted(item, found) for item in value]
    return value


async def scrub_outbox(session: AsyncSession, found: list[str]) -> int:
    """Blanks the person's values in the payloads of this service's outbox rows; answers how many changed."""
    if not found:
        return 0
    body = func.lower(func.convert_from(col(OutboxEvent.body), "UTF8"))
    candidates = await session.exec(select(OutboxEvent.id, OutboxEvent.body)
                                    .where(or_(*(func.strpos(body, func.lower(needle)) > 0 for needle in found))))
    changed = 0
    for event_id, raw in candidates.all():
        envelope = json.loads(raw)
        payload = redacted(envelope.get("payload"), found)
        if payload == envelope.get("payload"):
            continue
        envelope["payload"] = payload
        await session.execute(update(OutboxEvent).where(col(OutboxEvent.id) == event_id)
                              .values(body=json.dumps(envelope, ensure_ascii=False).encode()))
        changed += 1
    return changed


async def scrub_outbox_fields(session: AsyncSession, user_id: int, keys: Iterable[str]) -> int:
    """Blanks the free text (``keys`` of the payload, camelCase) of this service's outbox events about the person
    (payload ``userId``): a note may speak of them without their name in it."""
    return await scrub_outbox_fields_where(session, "userId", str(user_id), keys)


async def scrub_outbox_fields_where(session: AsyncSession, match_key: str, match_value: str,
                                    keys: Iterable[str]) -> int:
    """As ``scrub_outbox_fields``, for the events whose payload's ``match_key`` is ``match_value`` (any case)."""
    keys = tuple(keys)
    about = func.convert_from(col(OutboxEvent.body), "UTF8").cast(JSONB)["payload"][match_key].astext
    rows = await session.exec(select(OutboxEvent.id, OutboxEvent.body)
                              .where(func.lower(about) == func.lower(match_value)))
    changed = 0
    for event_id, raw in rows.all():
        envelope = json.loads(raw)
        payload = envelope.get("payload", {})
        present = [key for key in keys if isinstance(payload.get(key), str) and payload[key] != ERASED]
        if not present:
            continue
        payload.update(dict.fromkeys(present, ERASED))
        await session.execute(update(OutboxEvent).where(col(OutboxEvent.id) == event_id)
                              .values(body=json.dumps(envelope, ensure_ascii=False).encode()))
        changed += 1
    return changed
