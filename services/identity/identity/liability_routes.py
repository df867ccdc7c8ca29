"""The liability notice's API (issue 36): the current version in the reader's language and its acknowledgement,
for a signed-in user (identity checks the session); whether an applicant acknowledged it, for the admins."""

from datetime import date, datetime

from fastapi import APIRouter, Request
from pydantic import Field

from identity import liability_notice
from identity.models import User
from identity.routes import CurrentUser, client_ip
from portal_common.auth import AdminIdentity
from portal_common.errors import ApiError, ErrorCode
from portal_common.unit_of_work import SessionDep
from portal_common.validation import CamelModel, ResourceId

router = APIRouter(prefix="/api", tags=["identity"])


class LiabilityNoticeOut(CamelModel):
    version: date = Field(description="the current version (its date)")
    title: str
    text: str = Field(description="the notice in the reader's language; paragraphs separated by a blank line")
    acknowledged: bool = Field(description="whether the reader acknowledged this version")
    acknowledged_at: datetime | None


class LiabilityAcknowledgementIn(CamelModel):
    version: date


class LiabilityAcknowledgementOut(CamelModel):
    """Whether the applicant acknowledged the current version of the notice, and when."""

    version: date
    acknowledged: bool
    acknowledged_at: datetime | None


async def _notice(db: SessionDep, user: User) -> LiabilityNoticeOut:
    assert user.id is not None
    version = await liability_notice.current_version(db)
    text = liability_notice.text_of(version, user.language)
    at = await liability_notice.acknowledged_at(db, user.id, version)
    return LiabilityNoticeOut(version=version, title=text.title, text="\n\n".join(text.paragraphs),
                              acknowledged=at is not None, acknowledged_at=at)


@router.get("/mandate/notice", response_model=LiabilityNoticeOut)
async def read_notice(user: CurrentUser, db: SessionDep) -> LiabilityNoticeOut:
    return await _notice(db, user)


@router.post("/mandate/notice/acknowledgement", response_model=LiabilityNoticeOut)
async def acknowledge_notice(body: LiabilityAcknowledgementIn, request: Request, user: CurrentUser,
                             db: SessionDep) -> LiabilityNoticeOut:
    """422 notice_version_outdated for any version but the current one; nothing is stored then."""
    assert user.id is not None
    await liability_notice.acknowledge(db, user.id, body.version, client_ip(request),
                                       request.headers.get("user-agent"))
    return await _notice(db, user)


@router.get("/admin/users/{user_id}/liability-notice", response_model=LiabilityAcknowledgementOut)
async def applicant_acknowledgement(user_id: ResourceId, _: AdminIdentity,
                                    db: SessionDep) -> LiabilityAcknowledgementOut:
    if await db.get(User, user_id) is None:
        raise ApiError(404, ErrorCode.NOT_FOUND, "User not found")
    version = await liability_notice.current_version(db)
    at = await liability_notice.acknowledged_at(db, user_id, version)
    return LiabilityAcknowledgementOut(version=version, acknowledged=at is not None, acknowledged_at=at)
