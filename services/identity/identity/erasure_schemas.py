"""Bodies of the erasure requests' API (issue 16, Erasure (Art. 17) and retention)."""

import uuid
from datetime import date, datetime
from typing import Literal

from pydantic import field_validator

from portal_common.errors import ErrorCode
from portal_common.validation import CamelModel, at_least, at_most

ErasureStatus = Literal["pending", "approved", "refused", "completed"]
REASON_MAX_LENGTH = 1000


def reason_text(value: str) -> str:
    return at_most(at_least(value, 1, ErrorCode.REQUIRED, "Please give a reason"), REASON_MAX_LENGTH, "Reason")


class ErasureAsk(CamelModel):
    reason: str

    @field_validator("reason")
    @classmethod
    def _reason(cls, v: str) -> str:
        return reason_text(v)


class ErasureRefusal(CamelModel):
    reason: str

    @field_validator("reason")
    @classmethod
    def _reason(cls, v: str) -> str:
        return reason_text(v)


class OwnErasureRequestOut(CamelModel):
    """The applicant's own view of their request."""

    id: uuid.UUID
    full_name: str
    email: str
    reason: str
    status: ErasureStatus
    requested_at: datetime
    due_date: date  # requested_at + 30 days (GDPR Art. 12(3)), in Tallinn
    decided_at: datetime | None
    decision_reason: str | None


class ErasureRequestOut(OwnErasureRequestOut):
    """What admins see: the request and whose it is."""

    user_id: int
