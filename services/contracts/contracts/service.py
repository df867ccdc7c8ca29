"""contracts' rules: create, list, sign (from pending or sent only, once), cancel/send, and the employment
contract that registration already signed."""

import hashlib
from datetime import datetime
from typing import Any

from sqlalchemy import text, update
from sqlalchemy.dialects.postgresql import insert
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from contracts.errors import ContractsErrorCode
from contracts.expiry import ends_at_expiry, expire_due
from contracts.models import (
    EMPLOYMENT_ONLY,
    KIND_ADMIN,
    KIND_EMPLOYMENT,
    METHOD_DRAWN,
    METHOD_REGISTRATION,
    METHOD_TYPED,
    SIGNABLE_STATUSES,
    Applicant,
    Contract,
    KnownApplication,
    SignatureAudit,
)
from contracts.schemas import ContractCreate
from contracts.signatures import Signature, check_typed_name
from contracts.templates import CONTRACT_TITLES, language_or_default, render_employment_contract
from portal_common.clock import utcnow
from portal_common.errors import ApiError, ErrorCode
from portal_common.events import ContractAcceptance, ContractCreated, ContractSigned
from portal_common.outbox import add_event
from portal_common.projection import upsert_if_newer
from portal_common.unit_of_work import UnitOfWork

MAX_USER_AGENT = 500
USER_NOT_FOUND = "User not found"
APPLICATION_NOT_FOUND = "Application not found"
NOT_THEIR_APPLICATION = "This application belongs to another user"


def sha256_text(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def effective_status(contract: Contract, now: datetime | None = None) -> str:
    """A contract whose expiry has passed is expired, whether or not that was written down yet: an unsigned one,
    and the signed employment contract at the end of the term (contracts.expiry)."""
    if ends_at_expiry(contract) and contract.expires_at is not None and contract.expires_at <= (now or utcnow()):
        return "expired"
    return contract.status


def not_found() -> ApiError:
    return ApiError(404, ErrorCode.NOT_FOUND, "Contract not found")


# ---- the applicant projection -------------------------------------------------------------------------

async def upsert_applicant(db: AsyncSession, user_id: int, occurred_at: datetime, profile: dict[str, Any],
                           account: dict[str, Any] | None = None) -> None:
    """Profile fields change only when this event is newer than what we hold, so a late event never wins;
    ``account`` fields (username, language) only come with the registration and are always taken."""
    await upsert_if_newer(db, Applicant, {"user_id": user_id}, "updated_at", occurred_at, profile, account)


async def applicants_by_id(db: AsyncSession, user_ids: set[int]) -> dict[int, Applicant]:
    if not user_ids:
        return {}
    rows = (await db.exec(select(Applicant).where(col(Applicant.user_id).in_(user_ids)))).all()
    return {row.user_id: row for row in rows}


async def note_application(db: AsyncSession, user_id: int, application_id: int) -> None:
    """Remembers whose application this is; an application never changes hands, so the first event is enough."""
    await db.execute(insert(KnownApplication).values(application_id=application_id, user_id=user_id)
                     .on_conflict_do_nothing(index_elements=["application_id"]))


# ---- creating -----------------------------------------------------------------------------------------

async def check_references(db: AsyncSession, body: ContractCreate) -> None:
    """The user must be an applicant and the application, if any, theirs (issue 11, "Admin writes check what
    they reference"); else 422 naming the field.

    contracts knows both only from events (identity's registration, applications' created event), so for a
    moment after someone registers (the outbox relay and the consumer, normally well under a second) a real
    user or application can still be unknown here. That case is refused like a made-up id, not trusted: the
    admin picks both from lists built from the same events, so a retry moments later succeeds, whereas
    trusting unknown ids would let a contract point at nobody. The registration contract comes with the same
    event, so a user unknown here has no contracts yet either."""
    if await db.get(Applicant, body.user_id) is None:
        raise ApiError.on_field(422, ErrorCode.VALIDATION_ERROR, "userId", USER_NOT_FOUND,
                                ContractsErrorCode.USER_NOT_FOUND)
    if body.application_id is None:
        return
    application = await db.get(KnownApplication, body.application_id)
    if application is None or application.user_id != body.user_id:
        code, message = ((ContractsErrorCode.APPLICATION_NOT_FOUND, APPLICATION_NOT_FOUND) if application is None
                         else (ContractsErrorCode.NOT_USERS_APPLICATION, NOT_THEIR_APPLICATION))
        raise ApiError.on_field(422, ErrorCode.VALIDATION_ERROR, "applicationId", message, code)


async def create(db: AsyncSession, body: ContractCreate, admin_id: int) -> Contract:
    await check_references(db, body)
    contract = Contract(user_id=body.user_id, application_id=body.application_id, kind=KIND_ADMIN, title=body.title,
                        content=body.content, status="pending", created_by=admin_id, expires_at=body.expires_at)
    db.add(contract)
    await db.flush()
    assert contract.id is not None
    add_event(db, ContractCreated(contract_id=contract.id, user_id=contract.user_id,
                                  application_id=contract.application_id, title=contract.title))
    return contract


async def create_employment_contract(db: AsyncSession, user_id: int, acceptance: ContractAcceptance,
                                     fallback_language: str, signer: Applicant | None) -> Contract | None:
    """The contract accepted in the registration dialog, already signed; at most one per user."""
    existing = (await db.exec(select(Contract).where(col(Contract.user_id) == user_id,
                                                     col(Contract.kind) == KIND_EMPLOYMENT))).first()
    if existing is not None:
        return None
    language = language_or_default(acceptance.language or fallback_language)
    content = render_employment_contract(language, acceptance.full_name, acceptance.id_code, acceptance.accepted_at)
    digest = sha256_text(content)
    inserted = await db.execute(insert(Contract).values(
        user_id=user_id, application_id=None, kind=KIND_EMPLOYMENT, title=CONTRACT_TITLES[language],
        content=content, status="signed", created_at=acceptance.accepted_at, created_by=None, expires_at=None,
        signed_at=acceptance.accepted_at, signature_data=None, content_sha256=digest,
    ).on_conflict_do_nothing(index_elements=["user_id"], index_where=text(EMPLOYMENT_ONLY))
        .returning(col(Contract.id)))
    contract_id = inserted.scalar_one_or_none()
    if contract_id is None:
        return None
    db.add(SignatureAudit(
        contract_id=contract_id, signer_user_id=user_id, signed_at=acceptance.accepted_at,
        method=METHOD_REGISTRATION, content_sha256=digest, typed_name=acceptance.full_name[:200],
        ip_address=(acceptance.ip_address or "")[:64] or None,
        user_agent=(acceptance.user_agent or "")[:MAX_USER_AGENT] or None,
        typed_id_code=acceptance.id_code[:20], signer_name=signer.full_name if signer else None,
        signer_id_code=signer.id_code if signer else None))
    add_event(db, ContractCreated(contract_id=contract_id, user_id=user_id, application_id=None,
                                  title=CONTRACT_TITLES[language]))
    add_event(db, ContractSigned(contract_id=contract_id, user_id=user_id, signed_at=acceptance.accepted_at,
                                 content_sha256=digest))
    return await db.get(Contract, contract_id)


# ---- reading ------------------------------------------------------------------------------------------

async def own_contracts(db: AsyncSession, user_id: int) -> list[Contract]:
    query = (select(Contract).where(col(Contract.user_id) == user_id)
             .order_by(col(Contract.created_at).desc(), col(Contract.id).desc()))
    return list((await db.exec(query)).all())


async def all_contracts(db: AsyncSession) -> list[Contract]:
    query = select(Contract).order_by(col(Contract.created_at).desc(), col(Contract.id).desc())
    return list((await db.exec(query)).all())


async def visible_contract(db: AsyncSession, contract_id: int, user_id: int, is_admin: bool) -> Contract:
    contract = await db.get(Contract, contract_id)
    if contract is None or (contract.user_id != user_id and not is_admin):
        raise not_found()
    return contract


async def audit_of(db: AsyncSession, contract_id: int) -> SignatureAudit | None:
    query = (select(SignatureAudit).where(col(SignatureAudit.contract_id) == contract_id)
             .order_by(col(SignatureAudit.id).desc()))
    return (await db.exec(query)).first()


# ---- changing -----------------------------------------------------------------------------------------

async def _locked(db: AsyncSession, contract_id: int) -> Contract | None:
    query = (select(Contract).where(col(Contract.id) == contract_id).with_for_update()
             .execution_options(populate_existing=True))
    return (await db.exec(query)).first()


def _refuse_transition(contract: Contract, status: str, action: str) -> ApiError:
    return ApiError(409, ErrorCode.CONFLICT, f"A {status} contract cannot be {action}")


def _refuse_unless_signable(contract: Contract, action: str) -> None:
    status = effective_status(contract)
    if status not in SIGNABLE_STATUSES:
        raise _refuse_transition(contract, status, action)


async def ensure_signable(unit_of_work: UnitOfWork, contract_id: int, action: str) -> None:
    """Refuses (409) a contract that can no longer be signed, sent or cancelled. An expiry that has passed is
    written down first, in a transaction of its own, as the refusal rolls the request's back; so this runs
    before the request locks the row, which that transaction would wait for."""
    contract = await unit_of_work.session.get(Contract, contract_id)
    if contract is None:
        raise not_found()
    if effective_status(contract) == "expired" and contract.status != "expired":
        await unit_of_work.commit_independently(lambda session: expire_due(session, contract_id=contract_id))
    _refuse_unless_signable(contract, action)


async def sign(db: AsyncSession, contract_id: int, user_id: int, signature: Signature, ip: str | None,
               user_agent: str | None, method: str = METHOD_DRAWN, typed_name: str | None = None) -> Contract:
    """``method`` is drawn or typed; a typed signature's ``typed_name`` must be the signer's name (422 if not)."""
    contract = await _locked(db, contract_id)  # two signatures at once: the second waits, then sees "signed"
    if contract is None or contract.user_id != user_id:
        raise not_found()
    _refuse_unless_signable(contract, "signed")
    signer = await db.get(Applicant, user_id)
    typed = check_typed_name(typed_name, signer.full_name if signer else None) if method == METHOD_TYPED else None
    now = utcnow()
    digest = sha256_text(contract.content)
    contract.status, contract.signed_at, contract.content_sha256 = "signed", now, digest
    contract.signature_data = signature.data_url
    db.add(contract)
    db.add(SignatureAudit(
        contract_id=contract_id, signer_user_id=user_id, signed_at=now, method=method, typed_name=typed,
        ip_address=(ip or "")[:64] or None, user_agent=(user_agent or "")[:MAX_USER_AGENT] or None,
        content_sha256=digest, signature_sha256=signature.sha256,
        signer_name=signer.full_name if signer else None, signer_id_code=signer.id_code if signer else None))
    add_event(db, ContractSigned(contract_id=contract_id, user_id=user_id, signed_at=now, content_sha256=digest))
    return contract


async def change_status(unit_of_work: UnitOfWork, contract_id: int, status: str) -> Contract:
    """An admin sends (pending → sent) or cancels (pending or sent → cancelled) an unsigned contract."""
    action = "sent" if status == "sent" else "cancelled"
    await ensure_signable(unit_of_work, contract_id, action)
    db = unit_of_work.session
    contract = await _locked(db, contract_id)
    if contract is None:
        raise not_found()
    _refuse_unless_signable(contract, action)
    contract.status = status
    if status == "sent":
        contract.sent_at = utcnow()
    db.add(contract)
    return contract


async def note_first_view(db: AsyncSession, contract_id: int, user_id: int) -> None:
    """The applicant has opened their contract before signing it: the first time goes on the signing
    certificate (issue 13). Later views, and views of a contract that can no longer be signed, change nothing."""
    await db.execute(update(Contract)
                     .where(col(Contract.id) == contract_id, col(Contract.user_id) == user_id,
                            col(Contract.first_viewed_at).is_(None), col(Contract.status).in_(SIGNABLE_STATUSES))
                     .values(first_viewed_at=utcnow()))
