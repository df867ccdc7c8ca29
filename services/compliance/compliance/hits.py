"""Screening hits and the compliance officer's decisions on them (issue 35)."""

from datetime import UTC, datetime

from fastapi import Response
from sqlalchemy import select
from sqlmodel.ext.asyncio.session import AsyncSession

from compliance.errors import ComplianceErrorCode
from compliance.models import Hit, SanctionsList
from compliance.schemas import Decision, HitStatus, ListOut
from portal_common.errors import ApiError, ErrorCode
from portal_common.events import ScreeningHitDecided
from portal_common.listing import PageParams, column, in_order, page_of_ids
from portal_common.outbox import add_event

STATUS_OF = {"false_positive": "cleared", "confirmed": "confirmed"}


async def hit_page(db: AsyncSession, page: PageParams, status: HitStatus | None, response: Response) -> list[Hit]:
    conditions = [column(Hit.status) == status] if status is not None else []
    ids = await page_of_ids(db, column(Hit.id), column(Hit.id), conditions, page, page.descending(), response)
    rows = list((await db.execute(select(Hit).where(column(Hit.id).in_(ids or [0])))).scalars())
    return in_order(rows, ids, lambda h: h.id)


async def decide(db: AsyncSession, hit_id: int, decision: Decision, reason: str, officer_id: int) -> Hit:
    hit: Hit | None = (await db.execute(select(Hit).where(column(Hit.id) == hit_id).with_for_update())
                       ).scalar_one_or_none()
    if hit is None:
        raise ApiError(404, ErrorCode.NOT_FOUND, "There is no such hit")
    if hit.status != "open":
        raise ApiError(409, ComplianceErrorCode.HIT_ALREADY_DECIDED, "This hit has already been decided")
    hit.status = STATUS_OF[decision]
    hit.decision_reason = reason
    hit.decided_by = officer_id
    hit.decided_at = datetime.now(UTC)
    db.add(hit)
    assert hit.id is not None
    add_event(db, ScreeningHitDecided(hit_id=hit.id, subject_type=hit.subject_type,
                                      subject_id=hit.subject_id, decision=decision))
    return hit


async def list_page(db: AsyncSession, page: PageParams, response: Response) -> list[ListOut]:
    ids = await page_of_ids(db, column(SanctionsList.id), column(SanctionsList.imported_at), [], page,
                            page.descending(), response)
    rows = list((await db.execute(select(SanctionsList).where(column(SanctionsList.id).in_(ids or [0])))).scalars())
    return [list_out(v) for v in in_order(rows, ids, lambda v: v.id)]


def list_out(version: SanctionsList) -> ListOut:
    assert version.id is not None
    return ListOut(id=version.id, source=version.source, entries=version.entries,
                   publication_date=version.publication_date, imported_at=version.imported_at)
