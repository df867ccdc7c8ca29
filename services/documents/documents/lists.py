"""The admins' lists of documents and of document requests (issue 17), on portal_common.listing's contract:
one page at a time, filtered, sorted and searched by the database.

Search finds a row by its own words (a document's name and file name, a request's name) or by its
applicant's name, e-mail or ID code. The applicants matching the words are looked up first in their own
full-text index; the rows are then ``id IN (rows of those user ids UNION ALL rows matching their own words)``,
each arm answered from its own index. (``user_id IN (...) OR search_vector @@ q`` made Postgres count by reading
every row: 60 ms at 300,000 documents for a name a thousand applicants have, against 8 ms.) Words that many
more applicants share match most rows anyway: those are read in one pass, the applicants as a subquery."""

from collections.abc import Sequence
from datetime import date
from typing import Any
from zoneinfo import ZoneInfo

from fastapi import Response
from sqlalchemy import ColumnElement, Select, and_, or_, union_all
from sqlalchemy import select as select_rows
from sqlalchemy.orm import aliased
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from documents.models import (
    APPROVED,
    OWED_REQUEST_STATES,
    REJECTED,
    REQUESTED,
    SUBMITTED,
    Applicant,
    Document,
    DocumentRequest,
)
from documents.schemas import DocumentSort, DocumentStatusFilter, RequestSort, RequestStatusFilter
from portal_common.clock import utcnow
from portal_common.listing import Order, PageParams, column, matches, page_of_ids

TALLINN = ZoneInfo("Europe/Tallinn")
# More applicants than this matching a search are matched by reading every row (see above): past it, Postgres
# reads the table for the list of ids anyway.
MAX_LISTED_APPLICANTS = 1000


def tallinn_today() -> date:
    return utcnow().astimezone(TALLINN).date()


def is_overdue(due_date: date | None, status: str, today: date) -> bool:
    """A request is overdue when its due date is before today's date in Tallinn and the applicant still owes
    its document: nothing uploaded yet (requested) or the last upload rejected. A request whose document
    waits for review (submitted) is not overdue: the applicant has delivered, and the admin finds it among
    the documents awaiting review; neither is an approved one, nor one without a due date. The due date
    itself is the last day in time."""
    return due_date is not None and due_date < today and status in OWED_REQUEST_STATES


def overdue(today: date) -> ColumnElement[bool]:
    """``is_overdue`` as a filter."""
    return and_(col(DocumentRequest.due_date) < today, col(DocumentRequest.status).in_(OWED_REQUEST_STATES))


def _words(model: Any) -> ColumnElement[Any]:
    return column(model.search_vector)


async def found(db: AsyncSession, term: str, model: type[Document | DocumentRequest]) -> ColumnElement[bool]:
    """Rows whose own words match ``term``, or whose applicant's do."""
    applicants = select(col(Applicant.user_id)).where(matches(_words(Applicant), term))
    user_ids = (await db.exec(applicants.limit(MAX_LISTED_APPLICANTS + 1))).all()
    if len(user_ids) > MAX_LISTED_APPLICANTS:
        return or_(col(model.user_id).in_(applicants), matches(_words(model), term))
    by_user, by_words = aliased(model), aliased(model)
    either = union_all(select_rows(col(by_user.id)).where(col(by_user.user_id).in_(list(user_ids))),
                       select_rows(col(by_words.id)).where(matches(_words(by_words), term)))
    return col(model.id).in_(either)


Rows = Select[*tuple[Any, ...]]


# ---- documents ---------------------------------------------------------------------------------------------

DOCUMENT_SORTS: dict[str, tuple[tuple[Any, ...], Order]] = {
    "createdAt": ((col(Document.created_at),), "desc"),
    "name": ((col(Document.name),), "asc"),
    "status": ((col(Document.status), col(Document.created_at)), "asc"),
}
AdminDocumentRow = tuple[Document, Applicant | None, str | None]


async def admin_documents(db: AsyncSession, page: PageParams, response: Response,
                          status: DocumentStatusFilter | None, user_id: int | None,
                          sort: DocumentSort) -> list[AdminDocumentRow]:
    """Current versions only (a document uploaded again in place of a rejected one shows that one among its
    earlier versions), each with its applicant and the name of the request it answers."""
    conditions: list[ColumnElement[bool]] = [col(Document.replaced_by_id).is_(None)]
    if status is not None:
        conditions.append(col(Document.status) == status)
    if user_id is not None:
        conditions.append(col(Document.user_id) == user_id)
    if page.term is not None:
        conditions.append(await found(db, page.term, Document))
    columns, default_order = DOCUMENT_SORTS[sort]
    ids = await page_of_ids(db, column(Document.id), columns, conditions, page, page.descending(default_order),
                            response)
    rows = await db.execute(select_rows(Document, Applicant, col(DocumentRequest.name))
                            .join(Applicant, col(Applicant.user_id) == col(Document.user_id), isouter=True)
                            .join(DocumentRequest, col(DocumentRequest.id) == col(Document.request_id), isouter=True)
                            .where(col(Document.id).in_(ids)))
    by_id = {document.id: (document, applicant, request_name) for document, applicant, request_name in rows.all()}
    return [by_id[document_id] for document_id in ids]


async def earlier_versions(db: AsyncSession, documents: Sequence[Document]) -> dict[int, list[Document]]:
    """document id -> the documents it replaced, directly or through others, oldest first."""
    chains = {document.first_version_id: document.id for document in documents
              if document.first_version_id is not None and document.id is not None}
    if not chains:
        return {}
    first = list(chains)
    rows = (await db.exec(select(Document).where(or_(col(Document.id).in_(first),
                                                     col(Document.first_version_id).in_(first)),
                                                 col(Document.replaced_by_id).is_not(None))
                          .order_by(col(Document.created_at), col(Document.id)))).all()
    versions: dict[int, list[Document]] = {current: [] for current in chains.values()}
    for row in rows:
        versions[chains[row.first_version_id or row.id or 0]].append(row)
    return versions


# ---- document requests ---------------------------------------------------------------------------------------

REQUEST_SORTS: dict[str, tuple[tuple[Any, ...], Order]] = {
    "createdAt": ((col(DocumentRequest.created_at),), "desc"),
    "dueDate": ((col(DocumentRequest.due_date),), "asc"),
    "name": ((col(DocumentRequest.name),), "asc"),
}
REQUEST_STATES = {"open": REQUESTED, "submitted": SUBMITTED, "approved": APPROVED, "rejected": REJECTED}


def request_status_filter(status: RequestStatusFilter, today: date) -> ColumnElement[bool]:
    if status == "overdue":
        return overdue(today)
    return col(DocumentRequest.status) == REQUEST_STATES[status]


async def admin_requests(db: AsyncSession, page: PageParams, response: Response,
                         status: RequestStatusFilter | None, user_id: int | None, sort: RequestSort,
                         today: date) -> list[tuple[DocumentRequest, Applicant | None]]:
    conditions: list[ColumnElement[bool]] = []
    if status is not None:
        conditions.append(request_status_filter(status, today))
    if user_id is not None:
        conditions.append(col(DocumentRequest.user_id) == user_id)
    if page.term is not None:
        conditions.append(await found(db, page.term, DocumentRequest))
    columns, default_order = REQUEST_SORTS[sort]
    ids = await page_of_ids(db, column(DocumentRequest.id), columns, conditions, page,
                            page.descending(default_order), response)
    rows = await db.execute(select_rows(DocumentRequest, Applicant)
                            .join(Applicant, col(Applicant.user_id) == col(DocumentRequest.user_id), isouter=True)
                            .where(col(DocumentRequest.id).in_(ids)))
    by_id = {request.id: (request, applicant) for request, applicant in rows.all()}
    return [by_id[request_id] for request_id in ids]
