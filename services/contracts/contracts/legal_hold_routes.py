"""The admins' legal-hold view (issue 16, Erasure): the contracts of erased people that the law makes us keep,
with who signed them, readable only here. Every view is audited."""

from datetime import datetime

from fastapi import APIRouter, Request, Response
from sqlmodel import col, select

from contracts.models import Contract, SignatureAudit
from portal_common.audit import record_admin_action
from portal_common.auth import AdminIdentity
from portal_common.listing import TOTAL_RESPONSES, PageDep, column, in_order, page_of_ids
from portal_common.unit_of_work import SessionDep
from portal_common.validation import CamelModel

router = APIRouter(prefix="/api", tags=["contracts"])


class LegalHoldOut(CamelModel):
    id: int
    user_id: int
    kind: str
    title: str
    content: str
    status: str
    signed_at: datetime | None
    expires_at: datetime | None
    legal_hold_until: datetime
    signer_name: str | None
    signer_id_code: str | None


@router.get("/admin/legal-holds", response_model=list[LegalHoldOut], responses=TOTAL_RESPONSES)
async def legal_holds(identity: AdminIdentity, request: Request, db: SessionDep, page: PageDep,
                      response: Response) -> list[LegalHoldOut]:
    """The held contracts, the hold ending soonest first (X-Total-Count)."""
    ids = await page_of_ids(db, column(Contract.id), column(Contract.legal_hold_until),
                            [col(Contract.legal_hold_until).is_not(None)], page, page.descending("asc"), response)
    contracts = in_order((await db.exec(select(Contract).where(col(Contract.id).in_(ids)))).all(), ids,
                         lambda contract: contract.id)
    audits = {audit.contract_id: audit for audit in (await db.exec(
        select(SignatureAudit).where(col(SignatureAudit.contract_id).in_(ids))
        .order_by(col(SignatureAudit.id)))).all()}
    record_admin_action(db, request, identity, "legal_hold.viewed", "contract", "legal-holds", None)
    return [LegalHoldOut.model_validate({
        **contract.model_dump(include={"id", "user_id", "kind", "title", "content", "status", "signed_at",
                                       "expires_at", "legal_hold_until"}),
        "signer_name": audits[contract.id].signer_name if contract.id in audits else None,
        "signer_id_code": audits[contract.id].signer_id_code if contract.id in audits else None,
    }) for contract in contracts]
