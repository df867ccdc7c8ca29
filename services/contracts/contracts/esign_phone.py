"""Signing a contract with Smart-ID or Mobile-ID (issue 33): the signer confirms on their phone, the portal waits
without holding a worker.

`POST /api/contracts/{id}/esign {"method": "smart_id"}` or `{"method": "mobile_id", "phone": "+372..."}`
(contracts.esign dispatches here) starts the session and answers 201
`{sessionId, method, state: "running", verificationCode}`;
each `GET /api/contracts/{id}/esign/{sessionId}` while it runs asks SK once (one long poll of at most
EID_SMART_ID_POLL_MS / EID_MOBILE_ID_POLL_MS, awaited, so the worker serves other requests meanwhile) and moves it on:
to `signed` once the phone's signature is in a time-stamped, OCSP-checked ASiC-E container stored with the contract
(contracts.esign.store_signed), or to `failed` with `error.code` (refused, timeout, wrong_verification_code,
account_unusable, not_a_customer, phone_unreachable, sim_error, or the certificate's code). SK unreachable or in
maintenance: 503 with Retry-After and the session as it was.

Smart-ID signs in two steps, because the XAdES signature names its certificate before it is signed: a certificate
choice session (the person's signing certificate and document number), then the signature session by document
number over the prepared digest. The POST waits for the first step within one long poll, so in the usual case its
201 carries the verification code; if the person has not answered by then, the code comes with a later GET.
Mobile-ID's signing certificate comes without the person (`POST /certificate`), so its verification code is in the
201 always. The certificate is checked (chain, validity, OCSP, non-repudiation, QUALIFIED, the applicant's own ID
code) before any digest leaves the server."""

import logging
import time
import uuid
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from cryptography.hazmat.primitives import serialization
from fastapi import Request
from portal_eid import asice, mobile_id, smart_id
from portal_eid.errors import CertificateError, ServiceUnavailable
from portal_eid.sk_rest import EidSessionFailed
from sqlalchemy import select as sa_select
from sqlmodel import col
from sqlmodel.ext.asyncio.session import AsyncSession

from contracts import esign, service
from contracts.errors import ContractsErrorCode
from contracts.metrics import ESIGN_FINISH_SECONDS, SIGNATURES
from contracts.models import METHOD_MOBILE_ID, METHOD_SMART_ID, Applicant, Contract, EsignSession
from contracts.schemas import EsignError, EsignRequest, EsignSessionOut
from contracts.service import MAX_USER_AGENT
from portal_common.audit import record_admin_action
from portal_common.auth import CurrentIdentity
from portal_common.clock import utcnow
from portal_common.errors import ApiError, ErrorCode
from portal_common.unit_of_work import UnitOfWork

log = logging.getLogger(__name__)

# How long the POST waits for Smart-ID's certificate choice (one long poll, SK's shortest) before answering
# without the code: the request holds a database connection meanwhile.
CERTIFICATE_CHOICE_WAIT_MS = 1000
_MOBILE_ID_HASH_TYPES: dict[str, mobile_id.HashType] = {"SHA-256": "SHA256", "SHA-384": "SHA384",
                                                        "SHA-512": "SHA512"}


@lru_cache
def smart_id_client() -> smart_id.SmartIdClient:
    """One per process: it keeps its connections to SK open."""
    return smart_id.SmartIdClient(smart_id.SmartIdSettings())


@lru_cache
def mobile_id_client() -> mobile_id.MobileIdClient:
    return mobile_id.MobileIdClient(mobile_id.MobileIdSettings())


def _display_text(contract: Contract, language: str | None) -> str:
    """What the phone shows beside the relying party's name, in the applicant's language."""
    if language == "en":
        return f"Sign contract no. {contract.id}"
    return f"Lepingu nr {contract.id} allkirjastamine"


async def _applicant(db: AsyncSession, user_id: int) -> Applicant:
    applicant = await db.get(Applicant, user_id)
    if applicant is None or not applicant.id_code:
        # The ID code comes from the profile; without one nobody can be asked.
        raise ApiError.on_field(422, ErrorCode.VALIDATION_ERROR, "method", "Your profile has no ID code",
                                ContractsErrorCode.SIGNER_MISMATCH)
    return applicant


def _new_session(contract_id: int, identity: CurrentIdentity, method: str, request: Request) -> EsignSession:
    return EsignSession(
        id=str(uuid.uuid4()), contract_id=contract_id, user_id=identity.user_id, method=method, state="running",
        ip_address=(esign.service_client_ip(request) or "")[:64] or None,
        user_agent=(request.headers.get("user-agent") or "")[:MAX_USER_AGENT] or None)


def _failed(session: EsignSession, code: str) -> EsignSession:
    session.state, session.error_code, session.finished_at = "failed", code, utcnow()
    session.prepared, session.data_file = None, None
    return session


async def start(contract: Contract, body: EsignRequest, request: Request, identity: CurrentIdentity,
                unit_of_work: UnitOfWork) -> EsignSessionOut:
    """The 201 of POST .../esign for smart_id and mobile_id (the contract is the applicant's and signable)."""
    db = unit_of_work.session
    applicant = await _applicant(db, identity.user_id)
    assert contract.id is not None and applicant.id_code
    session = _new_session(contract.id, identity, body.method, request)
    text = _display_text(contract, applicant.language)
    try:
        if body.method == METHOD_MOBILE_ID:
            phone = (body.phone or "").replace(" ", "")
            if not phone:
                raise ApiError.on_field(422, ErrorCode.VALIDATION_ERROR, "phone", "The phone number is required",
                                        ErrorCode.REQUIRED)
            if not mobile_id.valid_phone(phone):
                raise ApiError.on_field(422, ErrorCode.VALIDATION_ERROR, "phone",
                                        "A phone number is + and the country code and number, e.g. +37255512345",
                                        ErrorCode.INVALID_VALUE)
            client = mobile_id_client()
            certificate = await client.signing_certificate(applicant.id_code, phone)
            prepared = await _prepare(db, session, contract, identity.user_id,
                                      certificate.public_bytes(serialization.Encoding.DER))
            started = await client.start_signature(
                applicant.id_code, phone, prepared.digest, _MOBILE_ID_HASH_TYPES[prepared.hash_function],
                certificate, text, language="ENG" if applicant.language == "en" else "EST")
            session.provider_session_id, session.verification_code = started.session_id, started.verification_code
        else:
            choice_session = await smart_id_client().start_certificate_choice(applicant.id_code)
            session.provider_session_id = choice_session.session_id
            choice = await smart_id_client().certificate_choice_result(choice_session,
                                                                       timeout_ms=CERTIFICATE_CHOICE_WAIT_MS)
            if choice is not None:
                await _sign_with_smart_id(db, session, contract, identity.user_id, choice, text)
    except EidSessionFailed as failed:
        log.info("eID session for contract %s ended at its start: %s", contract.id, failed)
        _failed(session, failed.code)
    except ServiceUnavailable as error:
        raise esign._outage(error) from None
    db.add(session)
    return esign.session_out(session)


async def _prepare(db: AsyncSession, session: EsignSession, contract: Contract, user_id: int,
                   certificate_der: bytes) -> asice.PreparedSignature:
    """The signer's certificate checked (422 with its code if it is refused), the container's signature prepared
    over the contract's PDF; both kept with the session."""
    signer = await esign.checked_signer(db, user_id, certificate_der)
    data_file = esign.contract_data_file(contract)
    prepared = asice.prepare([data_file], signer.certificate)
    session.prepared, session.data_file = prepared.state(), data_file.content
    session.signer_id_code, session.signer_name = signer.person.id_code, signer.person.name
    return prepared


async def _sign_with_smart_id(db: AsyncSession, session: EsignSession, contract: Contract, user_id: int,
                              choice: smart_id.CertificateChoice, text: str) -> None:
    certificate = choice.certificate.public_bytes(serialization.Encoding.DER)
    prepared = await _prepare(db, session, contract, user_id, certificate)
    started = await smart_id_client().start_signature(
        prepared.digest, smart_id.HashAlgorithm(prepared.hash_function), text, document_number=choice.document_number)
    session.provider_session_id, session.verification_code = started.session_id, started.verification_code


@dataclass(frozen=True)
class _Waiting:
    """What a poll needs of a running session, read in a short transaction of its own: no database connection is
    held while SK's long poll is awaited (50 people waiting on their phones hold no connection and no worker)."""

    session_id: str
    method: str
    provider_session_id: str
    verification_code: str | None
    prepared: dict[str, Any] | None
    id_code: str
    language: str | None


async def _waiting(db: AsyncSession, contract_id: int, session_id: str, user_id: int) -> _Waiting | None:
    """Only the columns a poll needs, in one round trip: each waiting dialog asks every second or so, and loading
    the rows whole each time (the contract's text, the session's PDF) was work for nothing with 50 waiting
    (gateway/bench/bench_esign.py). The same answers as service.visible_contract and the session's owner check."""
    query = (sa_select(col(Contract.user_id), col(Contract.legal_hold_until), col(EsignSession.contract_id),
                       col(EsignSession.user_id).label("session_user_id"), col(EsignSession.state),
                       col(EsignSession.method), col(EsignSession.provider_session_id),
                       col(EsignSession.verification_code), col(EsignSession.prepared), col(Applicant.id_code),
                       col(Applicant.language))
             .select_from(Contract)
             .outerjoin(EsignSession, col(EsignSession.id) == session_id)
             .outerjoin(Applicant, col(Applicant.user_id) == user_id)
             .where(col(Contract.id) == contract_id))
    row = (await db.execute(query)).first()
    if row is None or row.user_id != user_id or row.legal_hold_until is not None:
        raise service.not_found()
    if row.contract_id != contract_id or row.session_user_id != user_id:
        raise ApiError(404, ErrorCode.NOT_FOUND, "Signing session not found")
    if row.state != "running" or row.method not in (METHOD_SMART_ID, METHOD_MOBILE_ID) \
            or row.provider_session_id is None:
        return None
    return _Waiting(session_id, row.method, row.provider_session_id, row.verification_code, row.prepared,
                    row.id_code or "", row.language)


async def poll(contract_id: int, session_id: str, request: Request, identity: CurrentIdentity,
               unit_of_work: UnitOfWork) -> EsignSessionOut | None:
    """GET .../esign/{sessionId} of a running Smart-ID or Mobile-ID session: SK asked once, what it says stored.
    None for any other session (contracts.esign answers for it)."""
    waiting = await unit_of_work.commit_independently(
        lambda db: _waiting(db, contract_id, session_id, identity.user_id))
    if waiting is None:
        return None
    try:
        if waiting.prepared is None:  # Smart-ID, still choosing the certificate
            choice = await smart_id_client().certificate_choice_result(smart_id.CertificateChoiceSession(
                session_id=waiting.provider_session_id, id_code=waiting.id_code, certificate_level="QUALIFIED"))
            value = None
        else:
            choice, value = None, await _signature_value(waiting)
        answered = time.perf_counter()  # SK has the phone's answer to us
        if choice is None and value is None:
            return EsignSessionOut(session_id=waiting.session_id, method=waiting.method,
                                   state="running", verification_code=waiting.verification_code)
        db = unit_of_work.session
        session = await db.get(EsignSession, waiting.session_id, with_for_update=True, populate_existing=True)
        if session is None or session.state != "running" or session.provider_session_id != waiting.provider_session_id:
            return esign.session_out(session) if session else None  # another request moved it on meanwhile
        contract = await db.get(Contract, contract_id)
        assert contract is not None
        if choice is not None:
            try:
                await _sign_with_smart_id(db, session, contract, identity.user_id, choice,
                                          _display_text(contract, waiting.language))
            except ApiError as refused:
                if refused.status != 422:
                    raise
                # The certificate is refused: the session ends with its code (signer_mismatch, ...).
                _failed(session, next(iter(refused.field_codes.values()), "certificate_untrusted"))
            db.add(session)
        else:
            assert value is not None
            await _finish(contract_id, session, value, request, identity, unit_of_work, answered)
        return esign.session_out(session)
    except EidSessionFailed as failed:
        code = failed.code
        await unit_of_work.commit_independently(lambda db: esign._fail(db, waiting.session_id, code))
        return EsignSessionOut(session_id=waiting.session_id, method=waiting.method,
                               state="failed", error=EsignError(code=code),
                               verification_code=waiting.verification_code)
    except ServiceUnavailable as error:
        raise esign._outage(error) from None


async def _signature_value(session: _Waiting) -> bytes | None:
    assert session.prepared is not None
    hash_function = session.prepared["hashFunction"]
    if session.method == METHOD_SMART_ID:
        signed = await smart_id_client().signature_result(smart_id.SignatureSession(
            session_id=session.provider_session_id, verification_code=session.verification_code or "",
            digest_b64=session.prepared["digest"], hash_algorithm=smart_id.HashAlgorithm(hash_function),
            certificate_level="QUALIFIED"))
        return None if signed is None else signed.value
    mid = await mobile_id_client().signature_result(mobile_id.SignatureSession(
        session_id=session.provider_session_id, verification_code=session.verification_code or "",
        hash_b64=session.prepared["digest"], hash_type=_MOBILE_ID_HASH_TYPES[hash_function],
        certificate_b64=session.prepared["certificate"]))
    return None if mid is None else mid.value


async def _finish(contract_id: int, session: EsignSession, value: bytes, request: Request,
                  identity: CurrentIdentity, unit_of_work: UnitOfWork, answered: float) -> None:
    """The phone's signature into the container: time-stamp, OCSP after it, stored with the contract signed."""
    assert session.prepared is not None and session.data_file is not None
    db = unit_of_work.session
    data_file = asice.DataFile(f"leping-{contract_id}.pdf", session.data_file, "application/pdf")
    prepared = asice.PreparedSignature.restore(session.prepared, [data_file])
    try:
        container = await asice.finish(prepared, value, esign.tsa_client(), esign.ocsp_client())
    except CertificateError as error:  # revoked since the digest went out: nothing is signed
        db.add(_failed(session, error.code))
        return
    except asice.InvalidSignatureValue:
        log.error("eID session %s: the phone's signature does not sign the prepared digest", session.id)
        raise esign._outage(ServiceUnavailable(session.method, "the signature does not verify")) from None
    contract = await esign.store_signed(db, contract_id, session.id, identity.user_id, container, data_file,
                                        session.method)
    record_admin_action(db, request, identity, "contract.esigned", "contract", contract_id, contract.user_id,
                        method=session.method)
    SIGNATURES.labels(session.method).inc()
    ESIGN_FINISH_SECONDS.labels(session.method).observe(time.perf_counter() - answered)
