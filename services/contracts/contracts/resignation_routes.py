"""The resignation letter's API (issue 36, Resigning), under the mandate's prefix: the gateway sends
/api/mandate/resignation here, the rest of /api/mandate to applications. The letter is a contract of kind
``resignation``: it is signed with the eID calls (/api/contracts/{id}/esign) and downloaded like any other."""

from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response
from pydantic import Field, field_validator

from contracts import eid_documents
from contracts.errors import ContractsErrorCode
from contracts.mappers import contract_out
from contracts.schemas import ContractOut
from portal_common.auth import CurrentIdentity
from portal_common.errors import ApiError, ErrorCode
from portal_common.unit_of_work import SessionDep
from portal_common.validation import CamelModel, invalid

router = APIRouter(prefix="/api", tags=["mandate"])
MAX_REASON_LENGTH = 2000
NO_LETTER = "You have no resignation letter"


class ResignationRequest(CamelModel):
    reason: str | None = Field(default=None, description=(
        "Why the board member resigns for cause; required before the term's last day, optional from it on"))

    @field_validator("reason", mode="before")
    @classmethod
    def _reason(cls, v: Any) -> str | None:
        if v is None:
            return None
        if not isinstance(v, str):
            raise invalid(ContractsErrorCode.REASON_REQUIRED, "The reason must be text")
        reason = "\n".join(line.rstrip() for line in v.replace("\r\n", "\n").strip().split("\n"))
        if len(reason) > MAX_REASON_LENGTH:
            raise invalid(ContractsErrorCode.REASON_TOO_LONG,
                          f"The reason must be at most {MAX_REASON_LENGTH} characters")
        return reason or None


@router.post("/mandate/resignation", status_code=201, response_model=ContractOut, responses={
    409: {"description": "no company assigned (`no_mandate`), a letter already open (`resignation_open`) or "
                         "signed for this company (`already_resigned`)"},
    422: {"description": "before the term's last day without a reason (`reason_required`)"}})
async def make_resignation(body: ResignationRequest, identity: CurrentIdentity, db: SessionDep) -> ContractOut:
    """The caller's resignation letter to their company's shareholders, to be signed with eID."""
    return contract_out(await eid_documents.create_resignation(db, identity.user_id, body.reason))


@router.get("/mandate/resignation", response_model=ContractOut)
async def own_resignation(identity: CurrentIdentity, db: SessionDep) -> ContractOut:
    """The caller's newest resignation letter that is not withdrawn; 404 while there is none."""
    letter = await eid_documents.own_resignation(db, identity.user_id)
    if letter is None:
        raise ApiError(404, ErrorCode.NOT_FOUND, NO_LETTER)
    return contract_out(letter)


@router.delete("/mandate/resignation", status_code=204)
async def withdraw_resignation(identity: CurrentIdentity, db: SessionDep) -> Response:
    """Withdraws the caller's letter that is not signed yet (to write it again); 404 when there is none."""
    if not await eid_documents.withdraw_resignation(db, identity.user_id):
        raise ApiError(404, ErrorCode.NOT_FOUND, NO_LETTER)
    return Response(status_code=204)
