"""contracts' API (spec §7): the applicant's contracts and signing, the admin's list and creation, and the
signed contract as a PDF."""

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from contracts import eid_documents, service
from contracts.config import get_settings
from contracts.mappers import admin_contract_out, contract_out
from contracts.metrics import SIGNATURES
from contracts.models import Applicant
from contracts.schemas import (
    AdminContractOut,
    ContractCreate,
    ContractListSort,
    ContractListStatus,
    ContractOut,
    SignRequest,
    StatusChange,
    VerifyResult,
)
from contracts.signatures import validate_signature
from contracts.verification import MAX_VERIFY_BYTES, sealed_contract_pdf, uploaded_file, verify_copy
from portal_common.audit import record_admin_action, record_list_view
from portal_common.auth import AdminIdentity, CurrentIdentity
from portal_common.errors import ApiError, ErrorCode
from portal_common.listing import TOTAL_RESPONSES, PageDep
from portal_common.unit_of_work import SessionDep, UnitOfWorkDep
from portal_common.validation import MAX_DB_INT, ResourceId

router = APIRouter(prefix="/api", tags=["contracts"])

VERIFY_PATH = "/api/contracts/verify"
# The PDF check reads its own body, bounded at MAX_VERIFY_BYTES (contracts.verification), not the 1 MiB of JSON.
STREAMED_BODIES = [("POST", VERIFY_PATH)]
VERIFY_BODY: dict[str, Any] = {"requestBody": {"required": True, "content": {"multipart/form-data": {"schema": {
    "type": "object", "required": ["file"],
    "properties": {"file": {"type": "string", "format": "binary",
                            "description": f"the contract's PDF or its ASiC-E container (.asice), at most "
                                           f"{MAX_VERIFY_BYTES // 2**20} MB"}}}}}}}


def client_ip(request: Request) -> str | None:
    forwarded = request.headers.get("x-forwarded-for")
    return forwarded.split(",")[0].strip() if forwarded else (request.client.host if request.client else None)


@router.get("/contracts", response_model=list[ContractOut])
async def own_contracts(identity: CurrentIdentity, db: SessionDep) -> list[ContractOut]:
    return [contract_out(c) for c in await service.own_contracts(db, identity.user_id)]


@router.post("/contracts", status_code=201, response_model=AdminContractOut)
async def create_contract(body: ContractCreate, admin: AdminIdentity, request: Request,
                          db: SessionDep) -> AdminContractOut:
    contract = await service.create(db, body, admin.user_id)
    assert contract.id is not None
    record_admin_action(db, request, admin, "contract.created", "contract", contract.id, contract.user_id)
    return admin_contract_out(contract, await db.get(Applicant, contract.user_id))


@router.post("/contracts/{contract_id}/sign", response_model=ContractOut)
async def sign_contract(contract_id: ResourceId, body: SignRequest, request: Request, identity: CurrentIdentity,
                        unit_of_work: UnitOfWorkDep) -> ContractOut:
    # Not yours → 404; eID only (the board member's consent, a resignation letter) → 422; not signable (signed,
    # expired, cancelled) → 409; then the drawing itself → 422.
    # sign() checks the state again under a row lock, so two signatures at once cannot both win.
    db = unit_of_work.session
    contract = await service.visible_contract(db, contract_id, identity.user_id, is_admin=False)
    # The consent and the resignation letter, and an eID-registered applicant's employment contract: eID only (422).
    eid_documents.refuse_unless_drawable(contract, await db.get(Applicant, identity.user_id))
    await service.ensure_signable(unit_of_work, contract_id, "signed")
    signature = validate_signature(body.signature_data)
    contract = await service.sign(db, contract_id, identity.user_id, signature, client_ip(request),
                                  request.headers.get("user-agent"), body.method, body.typed_name)
    SIGNATURES.labels(body.method).inc()
    return contract_out(contract)


@router.post("/contracts/{contract_id}/viewed", status_code=204)
async def contract_viewed(contract_id: ResourceId, identity: CurrentIdentity, db: SessionDep) -> Response:
    """The SPA reports that the applicant opened the contract (its View or Sign dialog): the first time before
    signing is one of the events on the signing certificate. Not yours → 404."""
    await service.visible_contract(db, contract_id, identity.user_id, is_admin=False)
    await service.note_first_view(db, contract_id, identity.user_id)
    return Response(status_code=204)


@router.get("/contracts/{contract_id}/pdf")
async def contract_pdf(contract_id: ResourceId, identity: CurrentIdentity, request: Request,
                       db: SessionDep) -> Response:
    """The signed contract; an admin opening it is recorded (issue 15, Audit log), its owner is not."""
    contract = await service.visible_contract(db, contract_id, identity.user_id, identity.is_admin)
    if contract.signed_at is None:
        raise ApiError(409, ErrorCode.CONFLICT, "Only a signed contract has a PDF")
    assert contract.id is not None
    pdf = await sealed_contract_pdf(contract, await service.audit_of(db, contract.id), get_settings())
    if identity.is_admin:
        record_admin_action(db, request, identity, "contract.pdf_viewed", "contract", contract.id, contract.user_id)
    name = f"contract-{contract.id}-{contract.signed_at:%Y%m%d}.pdf"
    return Response(pdf, media_type="application/pdf", headers={
        "Content-Disposition": f'attachment; filename="{name}"', "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store"})


@router.get("/admin/contracts", response_model=list[AdminContractOut], responses=TOTAL_RESPONSES)
async def admin_contracts(
    identity: AdminIdentity, request: Request, db: SessionDep, page: PageDep, response: Response,
    status: Annotated[ContractListStatus | None, Query(description=(
        "a status as shown; awaiting: pending or sent and not past its expiry"))] = None,
    user_id: Annotated[int | None, Query(alias="userId", ge=1, le=MAX_DB_INT)] = None,
    sort: Annotated[ContractListSort | None, Query(description="createdAt (default)")] = None,
) -> list[AdminContractOut]:
    """Every contract, paged (spec §7, issue 17): q finds the title and the applicant's name, e-mail or ID code;
    without parameters the newest 50. The page shows names, e-mail addresses and the contracts' texts (ID codes
    masked), so each one is recorded (issue 37), for the applicant when it is one applicant's (``userId``)."""
    contracts = await service.admin_page(db, page, response, status, user_id, sort)
    record_list_view(db, request, identity, "contract", [c.id for c in contracts], user_id, status=status or "",
                     sort=sort or "", order=page.order or "", offset=str(page.offset),
                     searched="yes" if page.term else "")
    applicants = await service.applicants_by_id(db, {c.user_id for c in contracts})
    return [admin_contract_out(c, applicants.get(c.user_id)) for c in contracts]


@router.put("/admin/contracts/{contract_id}/status", response_model=AdminContractOut)
async def change_status(contract_id: ResourceId, body: StatusChange, admin: AdminIdentity, request: Request,
                        unit_of_work: UnitOfWorkDep) -> AdminContractOut:
    contract = await service.change_status(unit_of_work, contract_id, body.status)
    record_admin_action(unit_of_work.session, request, admin, f"contract.{body.status}", "contract", contract_id,
                        contract.user_id)
    return admin_contract_out(contract, await unit_of_work.session.get(Applicant, contract.user_id))


@router.post("/contracts/verify", response_model=VerifyResult, openapi_extra=VERIFY_BODY,
             responses={413: {"description": "File larger than 10 MB (`too_large`)"}})
async def verify_contract_pdf(request: Request, db: SessionDep) -> VerifyResult:
    """Public (issue 13): whether a PDF is a genuine, unchanged copy of a contract signed in the portal; or
    (issue 33) whether an ASiC-E container's qualified signature is valid and over a contract the portal stored."""
    return await verify_copy(db, await uploaded_file(request), get_settings())
