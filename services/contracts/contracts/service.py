"""contracts' rules: create, list, sign (from pending or sent only, once), cancel/send, and the employment
contract that registration already signed."""

import hashlib
from datetime import datetime
from typing import Any

from fastapi import Response
from sqlalchemy import ColumnElement, and_, func, or_, text, update
from sqlalchemy.dialects.postgresql import insert
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from contracts.errors import ContractsErrorCode
from contracts.expiry import ends_at_expiry, expire_due
from contracts.models import (
    EMPLOYMENT_APPLICATION,
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
from contracts.schemas import ContractCreate, ContractListSort, ContractListStatus
from contracts.signatures import Signature, check_typed_name
from contracts.templates import CONTRACT_TITLES, language_or_default, render_employment_contract
from portal_common.clock import utcnow
from portal_common.errors import ApiError, ErrorCode
from portal_common.events import ContractAcceptance, ContractCreated, ContractSigned
from portal_common.listing import PageParams, column, in_order, matches, page_of_ids, search_text
from portal_common.outbox import add_event
from portal_common.projection import once_projected, upsert_if_newer
from portal_common.unit_of_work import UnitOfWork

MAX_USER_AGENT = 500
USER_NOT_FOUND = "User not found"
APPLICATION_NOT_FOUND = "Application not found"
NOT_THEIR_APPLICATION = "This application belongs to another user"
# ON CONFLICT's target: the employment contracts' unique index (one per application of a user), its expression
# a literal like its predicate (EMPLOYMENT_ONLY).
EMPLOYMENT_CONFLICT: list[Any] = ["user_id", text(EMPLOYMENT_APPLICATION)]


def sha256_text(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def effective_status(contract: Contract, now: datetime | None = None) -> str:
    """A contract whose expiry has passed is expired, whether or not that was written down yet: an unsigned one,
    and the signed employment contract at the end of the term (contracts.expiry)."""
    if ends_at_expiry(contract) and contract.expires_at is not None and contract.expires_at <= (now or utcnow()):
        return "expired"
    return contract.status


# Issue 16: a contract held after its signer's erasure is in no list, search or lookup but the legal-hold view.
NOT_HELD = col(Contract.legal_hold_until).is_(None)


def not_found() -> ApiError:
    return ApiError(404, ErrorCode.NOT_FOUND, "Contract not found")


# ---- the applicant projection -------------------------------------------------------------------------

async def upsert_applicant(db: AsyncSession, user_id: int, occurred_at: datetime, profile: dict[str, Any],
                           account: dict[str, Any] | None = None) -> None:
    """Profile fields change only when this event is newer than what we hold, so a late event never wins;
    ``account`` fields (username, language) only come with the registration and are always taken."""
    await upsert_if_newer(db, Applicant, {"user_id": user_id}, "updated_at", occurred_at, profile, account)
    await _refresh_search_texts(db, user_id)


def contract_search_text(title: str, applicant: Applicant | None) -> str:
    """What the admin list finds a contract by: its title and its applicant's name, e-mail and ID code."""
    if applicant is None:
        return search_text(title)
    return search_text(title, applicant.full_name, applicant.email, applicant.id_code)


async def _refresh_search_texts(db: AsyncSession, user_id: int) -> None:
    """The applicant's contracts are found by the name, e-mail and ID code the projection now holds."""
    applicant = await db.get(Applicant, user_id, populate_existing=True)
    titles = (await db.exec(select(col(Contract.id), col(Contract.title))
                            .where(col(Contract.user_id) == user_id))).all()
    for contract_id, title in titles:
        await db.execute(update(Contract).where(col(Contract.id) == contract_id)
                         .values(search_text=contract_search_text(title, applicant)))


async def applicants_by_id(db: AsyncSession, user_ids: set[int]) -> dict[int, Applicant]:
    if not user_ids:
        return {}
    rows = (await db.exec(select(Applicant).where(col(Applicant.user_id).in_(user_ids)))).all()
    return {row.user_id: row for row in rows}


async def note_application(db: AsyncSession, user_id: int, application_id: int) -> None:
    """Remembers whose application this is; an application never changes hands, so the first event is enough.
    The user's first application (the lowest id: each later one follows an earlier one) is the one the
    employment contract accepted at registration belongs to: it is named on that contract once known."""
    await db.execute(insert(KnownApplication).values(application_id=application_id, user_id=user_id)
                     .on_conflict_do_nothing(index_elements=["application_id"]))
    first = await first_application(db, user_id)
    if first == application_id:
        await db.execute(update(Contract)
                         .where(col(Contract.user_id) == user_id, col(Contract.kind) == KIND_EMPLOYMENT,
                                col(Contract.application_id).is_(None))
                         .values(application_id=application_id))


async def first_application(db: AsyncSession, user_id: int) -> int | None:
    found = await db.exec(select(func.min(KnownApplication.application_id))
                          .where(col(KnownApplication.user_id) == user_id))
    return found.one()


# ---- creating -----------------------------------------------------------------------------------------

async def check_references(db: AsyncSession, body: ContractCreate) -> None:
    """The user must be an applicant and the application, if any, theirs (issue 11, "Admin writes check what
    they reference"); else 422 naming the field.

    contracts knows both only from events (identity's registration, applications' created event), so for a
    moment after someone registers (the outbox relay and the consumer, normally well under a second) a real
    user or application can still be unknown here: the check waits for them a few seconds (issue 18) before
    refusing an id as made up. Unknown ids are never trusted: a contract would point at nobody."""
    if await once_projected(lambda: db.get(Applicant, body.user_id, populate_existing=True)) is None:
        raise ApiError.on_field(422, ErrorCode.VALIDATION_ERROR, "userId", USER_NOT_FOUND,
                                ContractsErrorCode.USER_NOT_FOUND)
    application_id = body.application_id
    if application_id is None:
        return
    application = await once_projected(lambda: db.get(KnownApplication, application_id, populate_existing=True))
    if application is None or application.user_id != body.user_id:
        code, message = ((ContractsErrorCode.APPLICATION_NOT_FOUND, APPLICATION_NOT_FOUND) if application is None
                         else (ContractsErrorCode.NOT_USERS_APPLICATION, NOT_THEIR_APPLICATION))
        raise ApiError.on_field(422, ErrorCode.VALIDATION_ERROR, "applicationId", message, code)


async def create(db: AsyncSession, body: ContractCreate, admin_id: int) -> Contract:
    await check_references(db, body)
    contract = Contract(user_id=body.user_id, application_id=body.application_id, kind=KIND_ADMIN, title=body.title,
                        content=body.content, status="pending", created_by=admin_id, expires_at=body.expires_at,
                        search_text=contract_search_text(body.title, await db.get(Applicant, body.user_id)))
    db.add(contract)
    await db.flush()
    assert contract.id is not None
    add_event(db, ContractCreated(contract_id=contract.id, user_id=contract.user_id,
                                  application_id=contract.application_id, title=contract.title))
    return contract


async def create_employment_contract(db: AsyncSession, user_id: int, acceptance: ContractAcceptance,
                                     fallback_language: str, signer: Applicant | None) -> Contract | None:
    """The contract accepted in the registration dialog, already signed; at most one per user. It belongs to the
    user's first application (None until contracts knows it: note_application names it then)."""
    first = await first_application(db, user_id)
    existing = (await db.exec(select(Contract).where(
        col(Contract.user_id) == user_id, col(Contract.kind) == KIND_EMPLOYMENT,
        or_(col(Contract.application_id).is_(None), col(Contract.application_id) == first)))).first()
    if existing is not None:
        return None
    language = language_or_default(acceptance.language or fallback_language)
    content = render_employment_contract(language, acceptance.full_name, acceptance.id_code, acceptance.accepted_at)
    digest = sha256_text(content)
    inserted = await db.execute(insert(Contract).values(
        user_id=user_id, application_id=first, kind=KIND_EMPLOYMENT, title=CONTRACT_TITLES[language],
        content=content, status="signed", created_at=acceptance.accepted_at, created_by=None, expires_at=None,
        signed_at=acceptance.accepted_at, signature_data=None, content_sha256=digest,
        search_text=contract_search_text(CONTRACT_TITLES[language], signer),
    ).on_conflict_do_nothing(index_elements=EMPLOYMENT_CONFLICT, index_where=text(EMPLOYMENT_ONLY))
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
    add_event(db, ContractCreated(contract_id=contract_id, user_id=user_id, application_id=first,
                                  title=CONTRACT_TITLES[language], kind=KIND_EMPLOYMENT))
    add_event(db, ContractSigned(contract_id=contract_id, user_id=user_id, signed_at=acceptance.accepted_at,
                                 content_sha256=digest))
    return await db.get(Contract, contract_id)


async def create_eid_employment_contract(db: AsyncSession, user_id: int) -> int | None:
    """Issue 34: an applicant who registered with an eID signs the employment contract with that eID, as a
    qualified signature, not with the registration dialog's typed name: their first contract waits for it
    (pending), made out to the certificate's name and ID code. At most one (checked first: its application may
    still be unknown, and NULLs never conflict)."""
    first = await first_application(db, user_id)
    existing = (await db.exec(select(Contract.id).where(
        col(Contract.user_id) == user_id, col(Contract.kind) == KIND_EMPLOYMENT,
        or_(col(Contract.application_id).is_(None), col(Contract.application_id) == first)))).first()
    if existing is not None:
        return None
    return await create_next_employment_contract(db, user_id, first)


async def create_next_employment_contract(db: AsyncSession, user_id: int, application_id: int | None) -> int | None:
    """A later application's own employment contract (spec §1, "The person may apply again"; issue 37): the same
    contract as at registration, made out to the person as their profile now stands, in their language, pending
    until they sign it on the dashboard. At most one per application (a second run of the event changes nothing);
    answers the new contract's id."""
    signer = await db.get(Applicant, user_id)
    language = language_or_default(signer.language if signer else None)
    now = utcnow()
    content = render_employment_contract(language, (signer.full_name if signer else None) or "",
                                         (signer.id_code if signer else None) or "", now)
    inserted = await db.execute(insert(Contract).values(
        user_id=user_id, application_id=application_id, kind=KIND_EMPLOYMENT, title=CONTRACT_TITLES[language],
        content=content, status="pending", created_at=now, created_by=None, expires_at=None,
        search_text=contract_search_text(CONTRACT_TITLES[language], signer),
    ).on_conflict_do_nothing(index_elements=EMPLOYMENT_CONFLICT, index_where=text(EMPLOYMENT_ONLY))
        .returning(col(Contract.id)))
    contract_id = inserted.scalar_one_or_none()
    if contract_id is not None:
        add_event(db, ContractCreated(contract_id=contract_id, user_id=user_id, application_id=application_id,
                                      title=CONTRACT_TITLES[language], kind=KIND_EMPLOYMENT,
                                      awaiting_signature=True))
    return contract_id


# ---- reading ------------------------------------------------------------------------------------------

async def own_contracts(db: AsyncSession, user_id: int) -> list[Contract]:
    query = (select(Contract).where(col(Contract.user_id) == user_id, NOT_HELD)
             .order_by(col(Contract.created_at).desc(), col(Contract.id).desc()))
    return list((await db.exec(query)).all())


async def visible_contract(db: AsyncSession, contract_id: int, user_id: int, is_admin: bool) -> Contract:
    contract = await db.get(Contract, contract_id)
    if contract is None or (contract.user_id != user_id and not is_admin) or contract.legal_hold_until is not None:
        raise not_found()
    return contract


async def audit_of(db: AsyncSession, contract_id: int) -> SignatureAudit | None:
    query = (select(SignatureAudit).where(col(SignatureAudit.contract_id) == contract_id)
             .order_by(col(SignatureAudit.id).desc()))
    return (await db.exec(query)).first()


# ---- changing -----------------------------------------------------------------------------------------

async def _locked(db: AsyncSession, contract_id: int) -> Contract | None:
    query = (select(Contract).where(col(Contract.id) == contract_id, NOT_HELD).with_for_update()
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
    contract.signature_data, contract.signature_method = signature.data_url, method
    db.add(contract)
    db.add(SignatureAudit(
        contract_id=contract_id, signer_user_id=user_id, signed_at=now, method=method, typed_name=typed,
        ip_address=(ip or "")[:64] or None, user_agent=(user_agent or "")[:MAX_USER_AGENT] or None,
        content_sha256=digest, signature_sha256=signature.sha256,
        signer_name=signer.full_name if signer else None, signer_id_code=signer.id_code if signer else None))
    add_event(db, ContractSigned(contract_id=contract_id, user_id=user_id, signed_at=now, content_sha256=digest,
                                 signature_method=method))
    return contract


async def lock_signable(db: AsyncSession, contract_id: int, user_id: int) -> Contract:
    """The user's contract locked for signing (a second signature at once waits, then finds it signed: 409)."""
    contract = await _locked(db, contract_id)
    if contract is None or contract.user_id != user_id:
        raise not_found()
    _refuse_unless_signable(contract, "signed")
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


# ---- the admin list (issue 17) ------------------------------------------------------------------------


# Each sort's column and whether it runs newest (or last) first unless the request says otherwise. Missing
# dates (expiresAt, signedAt) come last either way (listing.ordered), so those have an index for each direction.
SORTS: dict[ContractListSort, tuple[ColumnElement[Any], bool]] = {
    "createdAt": (column(Contract.created_at), True),
    "title": (column(Contract.title), False),
    "status": (column(Contract.status), False),
    "expiresAt": (column(Contract.expires_at), False),
    "signedAt": (column(Contract.signed_at), True),
}


def _not_past_expiry(now: datetime) -> ColumnElement[bool]:
    return or_(col(Contract.expires_at).is_(None), col(Contract.expires_at) > now)


def status_filter(status: ContractListStatus, now: datetime) -> ColumnElement[bool]:
    """The rows whose effective_status is ``status`` (or pending/sent for `awaiting`), including those whose
    expiry has passed but is not written down yet, so the list agrees with the status each row shows. Each
    branch keeps to one indexed column (status, expires_at), which Postgres combines with a BitmapOr."""
    status_column, kind = col(Contract.status), col(Contract.kind)
    if status == "expired":
        ends = or_(status_column.in_(SIGNABLE_STATUSES), and_(kind == KIND_EMPLOYMENT, status_column == "signed"))
        return or_(status_column == "expired", and_(col(Contract.expires_at) <= now, ends))
    if status == "awaiting":
        return and_(status_column.in_(SIGNABLE_STATUSES), _not_past_expiry(now))
    if status == "signed":
        return and_(status_column == "signed", or_(kind != KIND_EMPLOYMENT, _not_past_expiry(now)))
    if status in SIGNABLE_STATUSES:
        return and_(status_column == status, _not_past_expiry(now))
    return status_column == status


def _conditions(status: ContractListStatus | None, user_id: int | None, term: str | None) -> list[ColumnElement[bool]]:
    conditions: list[ColumnElement[bool]] = [NOT_HELD]
    if status is not None:
        conditions.append(status_filter(status, utcnow()))
    if user_id is not None:
        conditions.append(col(Contract.user_id) == user_id)
    if term is not None:
        conditions.append(matches(column(Contract.search_vector), term))
    return conditions


async def admin_page(db: AsyncSession, page: PageParams, response: Response, status: ContractListStatus | None,
                     user_id: int | None, sort: ContractListSort | None) -> list[Contract]:
    """One page of every contract, filtered, searched and sorted (X-Total-Count on ``response``). The page's ids
    come first and then their rows, so a far page skips index entries, not whole contracts with their texts."""
    conditions = _conditions(status, user_id, page.term)
    sort_column, newest_first = SORTS[sort or "createdAt"]
    page_ids = await page_of_ids(db, column(Contract.id), sort_column, conditions, page,
                                 page.descending("desc" if newest_first else "asc"), response)
    rows = (await db.exec(select(Contract).where(col(Contract.id).in_(page_ids)))).all()
    return in_order(rows, page_ids, lambda contract: contract.id)
