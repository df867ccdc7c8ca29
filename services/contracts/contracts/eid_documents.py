"""Documents signed with eID only (issues 33 and 36), contracts of their own kinds listed, viewed, downloaded and
signed (contracts.esign, contracts.esign_phone) like the others; a drawn or typed signature is refused for them.

- The board member's consent (``board_consent``): when an admin assigns a company (applications.company.assigned)
  the applicant gets a consent to be appointed a member of its management board, for the Business Register. One
  per application and company: a redelivered event, or the same company's registration date set later, adds
  nothing; a company reassigned before the consent is signed withdraws the old one (cancelled), so at most one is
  open. A signed consent stays as it was signed. Payroll does not wait for it (spec §1: payments follow the
  company's registration).
- The resignation letter (``resignation``): `POST /api/mandate/resignation {reason?}` makes it, addressed to the
  shareholders of the caller's newest assigned company, from the term's last day on, or before it for cause (a
  reason). One open (unsigned) letter at a time; none after a signed one for the same company. It is then signed
  with the eID calls; notifications tells the admins once it is signed. Its owner and admins read it, like any
  contract (404 to anyone else).
"""

from datetime import date, datetime
from typing import Any

from sqlalchemy import text, update
from sqlalchemy.dialects.postgresql import insert
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from contracts.errors import ContractsErrorCode
from contracts.models import (
    EID_ONLY_KINDS,
    KIND_BOARD_CONSENT,
    KIND_EMPLOYMENT,
    KIND_RESIGNATION,
    OPEN_CONSENT,
    OPEN_RESIGNATION,
    SIGNABLE_STATUSES,
    Applicant,
    CompanyAssignment,
    Contract,
)
from contracts.service import contract_search_text
from contracts.templates import (
    CONSENT_TITLE,
    RESIGNATION_TITLE,
    TALLINN,
    Party,
    document_title,
    render_board_consent,
    render_resignation,
)
from portal_common.clock import utcnow
from portal_common.errors import ApiError, ErrorCode
from portal_common.events import CompanyAssigned, ContractCreated
from portal_common.outbox import add_event
from portal_common.projection import upsert_if_newer

EID_ONLY = ("This document can be signed only with a qualified electronic signature: Smart-ID, Mobile-ID or "
            "ID-card")
EID_REGISTERED = ("You registered with Smart-ID, Mobile-ID or ID-card, so you sign the employment contract with your "
                  "eID too, not with a drawn or typed name")
NO_MANDATE = "No company has been assigned to you, so there is no board membership to resign from"
REASON_BEFORE_END = "Before your term ends on {end}, you can resign only for cause: please give the reason"
REASON_NO_TERM = "Your term has not started yet, so you can resign only for cause: please give the reason"
RESIGNATION_OPEN = "You already have a resignation letter waiting for your signature"
ALREADY_RESIGNED = "You have already signed a resignation letter for this company"
CONSENT_CONFLICT: list[Any] = ["application_id", "company_id"]
RESIGNATION_CONFLICT: list[Any] = ["user_id"]


def refuse_unless_drawable(contract: Contract, signer: Applicant | None = None) -> None:
    """422 for a drawn or typed signature of a document that must be signed with eID: the consent and the
    resignation letter, and the employment contract of an applicant who registered with an eID (issue 34)."""
    if contract.kind in EID_ONLY_KINDS:
        raise ApiError.on_field(422, ContractsErrorCode.EID_SIGNATURE_REQUIRED, "method", EID_ONLY)
    if contract.kind == KIND_EMPLOYMENT and signer is not None and signer.eid_method is not None:
        raise ApiError.on_field(422, ContractsErrorCode.EID_REGISTERED_SIGNATURE_REQUIRED, "method",
                                EID_REGISTERED)


def today_in_tallinn(now: datetime | None = None) -> date:
    return (now or utcnow()).astimezone(TALLINN).date()


def _party(applicant: Applicant | None, assignment: CompanyAssignment) -> Party:
    return Party(full_name=(applicant.full_name if applicant else None) or "",
                 id_code=(applicant.id_code if applicant else None) or "",
                 company=assignment.company_name, registry_code=assignment.registry_code)


# ---- the board member's consent (issue 33) ------------------------------------------------------------

async def note_company(db: AsyncSession, event: CompanyAssigned, occurred_at: datetime) -> CompanyAssignment | None:
    """Keeps the application's company; answers it unless a newer event has assigned another one meanwhile."""
    await upsert_if_newer(db, CompanyAssignment, {"application_id": event.application_id}, "updated_at", occurred_at,
                          {"company_id": event.company_id, "company_name": event.company_name[:200],
                           "registry_code": event.registry_code[:20], "registration_date": event.registration_date,
                           "term_ends_on": event.term_ends_on},
                          always={"user_id": event.user_id})
    held = await db.get(CompanyAssignment, event.application_id, populate_existing=True)
    return held if held is not None and held.company_id == event.company_id else None


async def issue_board_consent(db: AsyncSession, assignment: CompanyAssignment) -> int | None:
    """The consent for the application's company, unless it has one already; an unsigned consent for another
    company (the one assigned before) is withdrawn. Answers the new consent's id."""
    await db.execute(update(Contract)
                     .where(col(Contract.application_id) == assignment.application_id,
                            col(Contract.kind) == KIND_BOARD_CONSENT, col(Contract.company_id) != assignment.company_id,
                            col(Contract.status).in_(SIGNABLE_STATUSES))
                     .values(status="cancelled"))
    applicant = await db.get(Applicant, assignment.user_id)
    now = utcnow()
    title = document_title(CONSENT_TITLE, assignment.company_name, assignment.registry_code)
    content = render_board_consent(_party(applicant, assignment), assignment.registration_date,
                                   assignment.term_ends_on, now)
    inserted = await db.execute(insert(Contract).values(
        user_id=assignment.user_id, application_id=assignment.application_id, kind=KIND_BOARD_CONSENT, title=title,
        content=content, status="pending", created_at=now, created_by=None, expires_at=None,
        company_id=assignment.company_id, search_text=contract_search_text(title, applicant),
    ).on_conflict_do_nothing(index_elements=CONSENT_CONFLICT, index_where=text(OPEN_CONSENT))
        .returning(col(Contract.id)))
    contract_id = inserted.scalar_one_or_none()
    if contract_id is not None:
        add_event(db, ContractCreated(contract_id=contract_id, user_id=assignment.user_id,
                                      application_id=assignment.application_id, title=title,
                                      kind=KIND_BOARD_CONSENT, awaiting_signature=True))
    return contract_id


async def withdraw_consents(db: AsyncSession, application_id: int) -> None:
    """The application is completed (its company handed over): an unsigned consent is no longer needed."""
    await db.execute(update(Contract)
                     .where(col(Contract.application_id) == application_id, col(Contract.kind) == KIND_BOARD_CONSENT,
                            col(Contract.status).in_(SIGNABLE_STATUSES))
                     .values(status="cancelled"))


# ---- the resignation letter (issue 36) ----------------------------------------------------------------

async def current_assignment(db: AsyncSession, user_id: int) -> CompanyAssignment | None:
    """The caller's newest application that has a company: after applying again, the earlier mandate is still the
    one on the register until it is removed (as applications' GET /api/mandate answers)."""
    query = (select(CompanyAssignment).where(col(CompanyAssignment.user_id) == user_id)
             .order_by(col(CompanyAssignment.application_id).desc()).limit(1))
    return (await db.exec(query)).first()


async def create_resignation(db: AsyncSession, user_id: int, reason: str | None) -> Contract:
    assignment = await current_assignment(db, user_id)
    if assignment is None:
        raise ApiError(409, ContractsErrorCode.NO_MANDATE, NO_MANDATE)
    now = utcnow()
    ends = assignment.term_ends_on
    if not reason and (ends is None or today_in_tallinn(now) < ends):
        message = REASON_NO_TERM if ends is None else REASON_BEFORE_END.format(end=ends.isoformat())
        raise ApiError.on_field(422, ErrorCode.VALIDATION_ERROR, "reason", message,
                                ContractsErrorCode.REASON_REQUIRED)
    mine = (await db.exec(select(Contract).where(col(Contract.user_id) == user_id,
                                                 col(Contract.kind) == KIND_RESIGNATION,
                                                 col(Contract.status).in_((*SIGNABLE_STATUSES, "signed"))))).all()
    if any(c.status in SIGNABLE_STATUSES for c in mine):
        raise ApiError(409, ContractsErrorCode.RESIGNATION_OPEN, RESIGNATION_OPEN)
    if any(c.status == "signed" and c.application_id == assignment.application_id
           and c.company_id == assignment.company_id for c in mine):
        raise ApiError(409, ContractsErrorCode.ALREADY_RESIGNED, ALREADY_RESIGNED)
    applicant = await db.get(Applicant, user_id)
    title = document_title(RESIGNATION_TITLE, assignment.company_name, assignment.registry_code)
    content = render_resignation(_party(applicant, assignment), ends, reason, now)
    inserted = await db.execute(insert(Contract).values(
        user_id=user_id, application_id=assignment.application_id, kind=KIND_RESIGNATION, title=title,
        content=content, status="pending", created_at=now, created_by=None, expires_at=None,
        company_id=assignment.company_id, search_text=contract_search_text(title, applicant),
    ).on_conflict_do_nothing(index_elements=RESIGNATION_CONFLICT, index_where=text(OPEN_RESIGNATION))
        .returning(col(Contract.id)))
    contract_id = inserted.scalar_one_or_none()
    if contract_id is None:  # another request made one at the same moment
        raise ApiError(409, ContractsErrorCode.RESIGNATION_OPEN, RESIGNATION_OPEN)
    add_event(db, ContractCreated(contract_id=contract_id, user_id=user_id, application_id=assignment.application_id,
                                  title=title, kind=KIND_RESIGNATION, awaiting_signature=True))
    contract = await db.get(Contract, contract_id)
    assert contract is not None
    return contract


async def own_resignation(db: AsyncSession, user_id: int) -> Contract | None:
    """The caller's newest resignation letter that is not withdrawn."""
    query = (select(Contract).where(col(Contract.user_id) == user_id, col(Contract.kind) == KIND_RESIGNATION,
                                    col(Contract.status) != "cancelled", col(Contract.legal_hold_until).is_(None))
             .order_by(col(Contract.created_at).desc(), col(Contract.id).desc()).limit(1))
    return (await db.exec(query)).first()


async def withdraw_resignation(db: AsyncSession, user_id: int) -> bool:
    """The open letter withdrawn (cancelled) before it is signed; False when there is none."""
    withdrawn = await db.execute(update(Contract)
                                 .where(col(Contract.user_id) == user_id, col(Contract.kind) == KIND_RESIGNATION,
                                        col(Contract.status).in_(SIGNABLE_STATUSES))
                                 .values(status="cancelled").returning(col(Contract.id)))
    return withdrawn.first() is not None

