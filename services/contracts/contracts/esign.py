"""Signing a contract with eID (issue 33): a qualified electronic signature in an ASiC-E container, stored once.

ID-card (Web eID), in two requests:
  POST /api/contracts/{id}/esign {"method": "id_card", "certificate"}   -> the digest the card signs
  POST /api/contracts/{id}/esign/{sessionId}/signature {"signature"}     -> time-stamp, OCSP, container, signed
Before any digest leaves the server the certificate is checked (portal_eid.certificates, OCSP): a trusted chain,
valid now, not revoked, non-repudiation, QUALIFIED, and the applicant's own ID code; any failure is a 422 with its
code and nothing is stored. SK's services down: 503 with Retry-After, nothing changed.
Smart-ID and Mobile-ID start sessions of their own (helper eid-protocols); their results end in ``store_signed``.
"""

import base64
import binascii
import hashlib
import time
import uuid
from functools import lru_cache

import httpx
import portal_eid.asice as asice
import portal_eid.certificates as certificates
from fastapi import APIRouter, Request
from fastapi.responses import Response
from portal_eid.errors import CertificateError, ServiceUnavailable
from portal_eid.ocsp import OcspClient
from portal_eid.tsa import TsaClient
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from contracts import esign_phone, service
from contracts.config import get_eid_settings, get_settings, get_trust
from contracts.errors import ContractsErrorCode
from contracts.metrics import ESIGN_FINISH_SECONDS, SIGNATURES
from contracts.models import (
    METHOD_ID_CARD,
    Applicant,
    Contract,
    EsignSession,
    SignatureAudit,
    SignedContainer,
)
from contracts.pdf import render_pdf, verify_url
from contracts.schemas import EsignError, EsignRequest, EsignSessionOut, EsignSignatureRequest
from contracts.service import MAX_USER_AGENT
from portal_common.audit import record_admin_action
from portal_common.auth import CurrentIdentity
from portal_common.clock import utcnow
from portal_common.errors import ApiError, ErrorCode, unavailable
from portal_common.events import ContractSigned
from portal_common.outbox import add_event
from portal_common.unit_of_work import SessionDep, UnitOfWorkDep
from portal_common.validation import ResourceId

router = APIRouter(prefix="/api", tags=["contracts"])
ASICE_MEDIA_TYPE = asice.MIMETYPE
NOT_AWAITING = "This signing session is not waiting for a signature"


def _certificate_error(error: CertificateError, field: str = "certificate") -> ApiError:
    return ApiError.on_field(422, ErrorCode.VALIDATION_ERROR, field, error.detail, ContractsErrorCode(error.code))


def _outage(error: ServiceUnavailable) -> ApiError:
    return unavailable({"ocsp": "The certificate status service", "tsa": "The time-stamping service"}.get(
        error.service, "The eID service"))


@lru_cache
def sk_http() -> httpx.AsyncClient:
    """One HTTP client per process for the OCSP responders and the time-stamping service, which keeps its
    connections open: a new client per call cost an SSL context and a connection each time, ~20 ms of CPU on an
    idle machine and over a second on a busy one, three times per signing (issue 33, gateway/bench/bench_esign.py)."""
    return httpx.AsyncClient(timeout=get_eid_settings().timeout_seconds,
                             limits=httpx.Limits(max_connections=50, max_keepalive_connections=10))


def ocsp_client() -> OcspClient:
    settings = get_eid_settings()
    return OcspClient(settings.ocsp_url, trusted_responders=get_trust().anchors.ocsp_responders,
                      timeout_seconds=settings.timeout_seconds, http=sk_http())


def tsa_client() -> TsaClient:
    settings = get_eid_settings()
    if not settings.tsa_url:
        raise unavailable("The time-stamping service (EID_TSA_URL is not set)")
    return TsaClient(settings.tsa_url, get_trust().anchors, timeout_seconds=settings.timeout_seconds,
                     http=sk_http())


def session_out(session: EsignSession, prepared: asice.PreparedSignature | None = None) -> EsignSessionOut:
    return EsignSessionOut(
        session_id=session.id, method=session.method, state=session.state,
        error=EsignError(code=session.error_code) if session.error_code else None,
        verification_code=session.verification_code,
        digest=base64.b64encode(prepared.digest).decode() if prepared else None,
        hash_function=prepared.hash_function if prepared else None)


def contract_data_file(contract: Contract) -> asice.DataFile:
    """The contract as the PDF the signer signs: its text, number and hash with the verify link, as it stands
    when signing starts (rendered once and kept with the session, so the container holds exactly what was
    signed)."""
    now = utcnow()
    snapshot = contract.model_copy(update={"signed_at": now, "content_sha256": service.sha256_text(contract.content),
                                           "signature_data": None})
    pdf = render_pdf(snapshot, None, verify_link=verify_url(get_settings().public_url))
    return asice.DataFile(f"leping-{contract.id}.pdf", pdf, "application/pdf")


async def checked_signer(db: AsyncSession, user_id: int, certificate: bytes | str, *,
                         field: str = "certificate") -> certificates.PersonCertificate:
    """The applicant's own qualified signing certificate, trusted, valid and not revoked now: else 422 with the
    code of the rule it breaks (nothing stored), or 503 when the OCSP responder cannot say."""
    applicant = await db.get(Applicant, user_id)
    try:
        cert = certificates.load_certificate(certificate)
        checked = certificates.check(cert, get_trust().anchors, "signing",
                                     id_code=(applicant.id_code if applicant else None) or "")
        assert checked.issuer is not None
        status = await ocsp_client().check(cert, checked.issuer)
    except CertificateError as error:
        raise _certificate_error(error, field) from None
    except ServiceUnavailable as error:
        raise _outage(error) from None
    if status.status == "revoked":
        raise _certificate_error(CertificateError("certificate_revoked", "the certificate is revoked"), field)
    if status.status != "good":
        raise _certificate_error(CertificateError("certificate_untrusted", "the OCSP responder does not know the "
                                                  "certificate"), field)
    return checked


@router.post("/contracts/{contract_id}/esign", status_code=201, response_model=EsignSessionOut)
async def start_esign(contract_id: ResourceId, body: EsignRequest, request: Request, identity: CurrentIdentity,
                      unit_of_work: UnitOfWorkDep) -> EsignSessionOut:
    """Starts signing with eID. Not yours → 404; not signable → 409; the certificate → 422 with its code."""
    db = unit_of_work.session
    contract = await service.visible_contract(db, contract_id, identity.user_id, is_admin=False)
    await service.ensure_signable(unit_of_work, contract_id, "signed")
    if body.method != METHOD_ID_CARD:  # Smart-ID and Mobile-ID: the person confirms on the phone
        return await esign_phone.start(contract, body, request, identity, unit_of_work)
    if not body.certificate:
        raise ApiError.on_field(422, ErrorCode.VALIDATION_ERROR, "certificate", "The signing certificate is required",
                                ErrorCode.REQUIRED)
    signer = await checked_signer(db, identity.user_id, body.certificate)
    data_file = contract_data_file(contract)
    prepared = asice.prepare([data_file], signer.certificate)
    session = EsignSession(
        id=str(uuid.uuid4()), contract_id=contract_id, user_id=identity.user_id, method=METHOD_ID_CARD,
        state="awaiting_signature", prepared=prepared.state(), data_file=data_file.content,
        signer_id_code=signer.person.id_code, signer_name=signer.person.name,
        ip_address=(service_client_ip(request) or "")[:64] or None,
        user_agent=(request.headers.get("user-agent") or "")[:MAX_USER_AGENT] or None)
    db.add(session)
    return session_out(session, prepared)


def service_client_ip(request: Request) -> str | None:
    forwarded = request.headers.get("x-forwarded-for")
    return forwarded.split(",")[0].strip() if forwarded else (request.client.host if request.client else None)


async def _own_session(db: AsyncSession, contract_id: int, session_id: str, user_id: int,
                       lock: bool = False) -> EsignSession:
    query = select(EsignSession).where(col(EsignSession.id) == session_id,
                                       col(EsignSession.contract_id) == contract_id,
                                       col(EsignSession.user_id) == user_id)
    if lock:
        query = query.with_for_update().execution_options(populate_existing=True)
    session = (await db.exec(query)).first()
    if session is None:
        raise ApiError(404, ErrorCode.NOT_FOUND, "Signing session not found")
    return session


@router.get("/contracts/{contract_id}/esign/{session_id}", response_model=EsignSessionOut)
async def esign_status(contract_id: ResourceId, session_id: str, request: Request, identity: CurrentIdentity,
                       unit_of_work: UnitOfWorkDep) -> EsignSessionOut:
    """The session's state; a running Smart-ID or Mobile-ID session first asks SK once (contracts.esign_phone)."""
    polled = await esign_phone.poll(contract_id, session_id[:36], request, identity, unit_of_work)
    if polled is not None:
        return polled
    db = unit_of_work.session
    await service.visible_contract(db, contract_id, identity.user_id, is_admin=False)
    return session_out(await _own_session(db, contract_id, session_id[:36], identity.user_id))


def _decoded(value: str) -> bytes:
    try:
        return base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        raise ApiError.on_field(422, ErrorCode.VALIDATION_ERROR, "signature", "The signature is not base64",
                                ContractsErrorCode.INVALID_SIGNATURE_VALUE) from None


@router.post("/contracts/{contract_id}/esign/{session_id}/signature", response_model=EsignSessionOut)
async def finish_id_card(contract_id: ResourceId, session_id: str, body: EsignSignatureRequest, request: Request,
                         identity: CurrentIdentity, unit_of_work: UnitOfWorkDep) -> EsignSessionOut:
    """The card's signature value: checked against the digest, time-stamped, the certificate's OCSP status
    taken after the time-stamp, and the container stored with the contract signed. A wrong value → 422 and the
    session waits still; a revoked certificate → 422, the session failed; an outage → 503, nothing changed."""
    answered = time.perf_counter()  # the card's signature value is in hand
    db = unit_of_work.session
    await service.visible_contract(db, contract_id, identity.user_id, is_admin=False)
    session = await _own_session(db, contract_id, session_id[:36], identity.user_id)
    if session.method != METHOD_ID_CARD or session.state != "awaiting_signature" or session.prepared is None \
            or session.data_file is None:
        raise ApiError(409, ErrorCode.CONFLICT, NOT_AWAITING)
    await service.ensure_signable(unit_of_work, contract_id, "signed")
    contract = await db.get(Contract, contract_id)
    assert contract is not None
    data_file = asice.DataFile(f"leping-{contract_id}.pdf", session.data_file, "application/pdf")
    prepared = asice.PreparedSignature.restore(session.prepared, [data_file])
    signature_value = _decoded(body.signature)
    try:
        asice.check_signature_value(prepared, signature_value)
    except asice.InvalidSignatureValue as error:
        raise ApiError.on_field(422, ErrorCode.VALIDATION_ERROR, "signature", str(error),
                                ContractsErrorCode.INVALID_SIGNATURE_VALUE) from None
    try:
        container = await asice.finish(prepared, signature_value, tsa_client(), ocsp_client())
    except ServiceUnavailable as error:
        raise _outage(error) from None
    except CertificateError as error:
        # The certificate was revoked since the digest went out: the session ends, nothing is signed.
        refused, failed_id = error, session.id
        await unit_of_work.commit_independently(lambda s: _fail(s, failed_id, refused.code))
        raise _certificate_error(refused, "signature") from None
    await store_signed(unit_of_work.session, contract_id, session.id, identity.user_id, container, data_file,
                       METHOD_ID_CARD)
    record_admin_action(db, request, identity, "contract.esigned", "contract", contract_id, contract.user_id,
                        method=METHOD_ID_CARD)
    SIGNATURES.labels(METHOD_ID_CARD).inc()
    ESIGN_FINISH_SECONDS.labels(METHOD_ID_CARD).observe(time.perf_counter() - answered)
    return session_out(await _own_session(db, contract_id, session.id, identity.user_id))


async def _fail(db: AsyncSession, session_id: str, code: str) -> None:
    session = await db.get(EsignSession, session_id)
    if session is not None and session.state in ("running", "awaiting_signature"):
        session.state, session.error_code, session.finished_at = "failed", code, utcnow()
        db.add(session)


async def store_signed(db: AsyncSession, contract_id: int, session_id: str, user_id: int, container: bytes,
                       data_file: asice.DataFile, method: str) -> Contract:
    """The contract signed with ``container``, once: under the contract's row lock (a second signature at once
    waits, then finds it signed: 409), with its audit row, the stored container and contracts.signed."""
    session = await db.get(EsignSession, session_id, with_for_update=True, populate_existing=True)
    if session is None or session.state not in ("running", "awaiting_signature"):
        raise ApiError(409, ErrorCode.CONFLICT, NOT_AWAITING)
    contract = await service.lock_signable(db, contract_id, user_id)
    now = utcnow()
    digest = service.sha256_text(contract.content)
    contract.status, contract.signed_at, contract.content_sha256 = "signed", now, digest
    contract.signature_data, contract.signature_method = None, method
    db.add(contract)
    db.add(SignatureAudit(
        contract_id=contract_id, signer_user_id=user_id, signed_at=now, method=method,
        ip_address=session.ip_address, user_agent=session.user_agent, content_sha256=digest,
        signature_sha256=hashlib.sha256(container).hexdigest(),
        signer_name=session.signer_name, signer_id_code=session.signer_id_code))
    db.add(SignedContainer(contract_id=contract_id, method=method, content=container,
                           sha256=hashlib.sha256(container).hexdigest(), data_file_name=data_file.name,
                           data_file_sha256=hashlib.sha256(data_file.content).hexdigest(),
                           signer_id_code=session.signer_id_code or "", signer_name=session.signer_name or "",
                           created_at=now))
    session.state, session.finished_at = "signed", now
    session.prepared, session.data_file = None, None  # the container holds what was signed
    db.add(session)
    add_event(db, ContractSigned(contract_id=contract_id, user_id=user_id, signed_at=now, content_sha256=digest,
                                 signature_method=method))
    return contract


@router.get("/contracts/{contract_id}/asice", responses={200: {"content": {ASICE_MEDIA_TYPE: {}}}})
async def contract_asice(contract_id: ResourceId, identity: CurrentIdentity, request: Request,
                         db: SessionDep) -> Response:
    """The contract's ASiC-E container to its owner and admins (404 to anyone else); 409 for a contract not
    signed with eID."""
    contract = await service.visible_contract(db, contract_id, identity.user_id, identity.is_admin)
    stored = await db.get(SignedContainer, contract_id)
    if stored is None:
        raise ApiError(409, ErrorCode.CONFLICT, "This contract was not signed with eID")
    if identity.is_admin:
        record_admin_action(db, request, identity, "contract.asice_viewed", "contract", contract_id, contract.user_id)
    assert contract.signed_at is not None
    name = f"contract-{contract_id}-{contract.signed_at:%Y%m%d}.asice"
    return Response(stored.content, media_type=ASICE_MEDIA_TYPE, headers={
        "Content-Disposition": f'attachment; filename="{name}"', "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store"})
