"""Signed contracts as sealed PDFs, and the public check of a copy (issue 13, "Sealed PDFs that anyone can
verify"): genuine only when the portal's seal holds and the contract it names is stored with the same text."""

from collections.abc import AsyncGenerator

import anyio
import portal_eid.asice as asice
from fastapi import Request
from portal_eid.errors import ServiceUnavailable
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession
from starlette.datastructures import UploadFile
from starlette.formparsers import MultiPartException, MultiPartParser

from contracts import service
from contracts.config import ContractsSettings, get_trust
from contracts.metrics import PDF_RENDER_SECONDS
from contracts.models import Contract, SignatureAudit, SignedContainer
from contracts.pdf import render_pdf, verify_url
from contracts.schemas import VerifyResult
from contracts.sealing import SealedClaim, VerifyReason, check_seal, configured_seal, seal_pdf
from portal_common.body_limit import too_large_message
from portal_common.errors import ApiError, ErrorCode, unavailable

MAX_VERIFY_BYTES = 10 * 1024 * 1024
MULTIPART_ALLOWANCE = 16 * 1024  # boundaries and part headers around the file
FILE_REQUIRED = "Please choose the contract's PDF file"


async def sealed_contract_pdf(contract: Contract, audit: SignatureAudit | None, settings: ContractsSettings) -> bytes:
    """The signed contract's PDF with the portal's seal, or unsealed when no seal is configured."""
    with PDF_RENDER_SECONDS.time():
        pdf = render_pdf(contract, audit, verify_link=verify_url(settings.public_url))
        seal = configured_seal(settings)
        return pdf if seal is None else await anyio.to_thread.run_sync(seal_pdf, pdf, seal)


def _not_genuine(reason: VerifyReason) -> VerifyResult:
    return VerifyResult(valid=False, reason=reason.value)


async def _stored_match(db: AsyncSession, claim: SealedClaim) -> VerifyResult:
    contract = await db.get(Contract, claim.contract_id)
    if contract is None or contract.signed_at is None or contract.id is None:
        return _not_genuine(VerifyReason.UNKNOWN_CONTRACT)
    if contract.content_sha256 != claim.content_sha256 or service.sha256_text(contract.content) != claim.content_sha256:
        return _not_genuine(VerifyReason.CONTENT_MISMATCH)
    audit = await service.audit_of(db, contract.id)
    signer = (audit.signer_name or audit.typed_name) if audit else None
    return VerifyResult(valid=True, contract_id=contract.id, title=contract.title, signed_at=contract.signed_at,
                        signer_name=signer, sha256=claim.content_sha256)


def is_container(data: bytes) -> bool:
    """An ASiC-E container (a ZIP whose first entry is its mimetype) rather than a PDF."""
    return data.startswith(b"PK\x03\x04") and data[30:38] == b"mimetype"


async def verify_container(db: AsyncSession, data: bytes) -> VerifyResult:
    """An .asice (issue 33): libdigidocpp's verdict and ours (portal_eid.asice.verify), the signer, the
    time-stamp's time, the profile, and whether the data file is a contract the portal stored signed."""
    try:
        verdict = await asice.verify(data, get_trust())
    except ServiceUnavailable:
        raise unavailable("The signature validation") from None
    stored = None
    for data_file in verdict.data_files:
        query = select(SignedContainer).where(col(SignedContainer.data_file_sha256) == data_file.sha256)
        stored = (await db.exec(query)).first()
        if stored is not None:
            break
    contract = await db.get(Contract, stored.contract_id) if stored is not None else None
    return VerifyResult(
        valid=verdict.valid, kind="asice", reason=None if verdict.valid else "signature_invalid",
        signer_name=verdict.signer.name if verdict.signer else None,
        signer_id_code=verdict.signer.id_code if verdict.signer else None,
        signed_at=verdict.signed_at, profile=verdict.profile, portal_contract=contract is not None,
        contract_id=contract.id if contract and verdict.valid else None,
        title=contract.title if contract and verdict.valid else None,
        sha256=contract.content_sha256 if contract and verdict.valid else None,
        problems=verdict.problems)


async def verify_copy(db: AsyncSession, data: bytes, settings: ContractsSettings) -> VerifyResult:
    if is_container(data):
        return await verify_container(db, data)
    seal = configured_seal(settings)
    outcome = await anyio.to_thread.run_sync(check_seal, data, seal)
    if isinstance(outcome, VerifyReason):
        return _not_genuine(outcome)
    return await _stored_match(db, outcome)


def _file_required() -> ApiError:
    return ApiError.on_field(422, ErrorCode.VALIDATION_ERROR, "file", FILE_REQUIRED, ErrorCode.REQUIRED)


def _too_large() -> ApiError:
    return ApiError(413, ErrorCode.TOO_LARGE, too_large_message(MAX_VERIFY_BYTES))


async def _bounded_body(request: Request) -> bytes:
    """The body, refused with 413 as soon as it is longer than a 10 MB file and its multipart framing."""
    limit = MAX_VERIFY_BYTES + MULTIPART_ALLOWANCE
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise _too_large()
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise _too_large()
    return bytes(body)


async def uploaded_file(request: Request) -> bytes:
    """The multipart field `file` of the request, at most MAX_VERIFY_BYTES (413 too_large beyond)."""
    body = await _bounded_body(request)

    async def replay() -> AsyncGenerator[bytes, None]:
        yield body

    try:
        form = await MultiPartParser(request.headers, replay(), max_files=1, max_fields=5).parse()
    except MultiPartException:
        raise _file_required() from None
    try:
        upload = form.get("file")
        if not isinstance(upload, UploadFile):
            raise _file_required()
        data = await upload.read()
    finally:
        await form.close()
    if len(data) > MAX_VERIFY_BYTES:
        raise _too_large()
    if not data:
        raise _file_required()
    return data
