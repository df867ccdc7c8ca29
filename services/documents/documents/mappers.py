"""documents' response bodies from its rows: the one place that decides what the API shows. A body that only
copies a row is validated from the row's attributes; one with more beside the row names only that."""

from typing import Any

from documents.lists import is_overdue, tallinn_today
from documents.models import Applicant, Document, DocumentRequest
from documents.schemas import (
    AdminDocumentOut,
    AdminDocumentRequestOut,
    DocumentOut,
    DocumentRequestOut,
    DocumentUser,
    DocumentVersion,
)
from documents.service import RequestState


def download_path(document_id: int) -> str:
    return f"/api/documents/{document_id}/download"


def _shown(document: Document) -> dict[str, Any]:
    assert document.id is not None
    return {**document.model_dump(), "file_path": download_path(document.id)}


def document_out(document: Document) -> DocumentOut:
    return DocumentOut.model_validate(_shown(document))


def document_user(applicant: Applicant | None) -> DocumentUser:
    """Every field null until identity's registration event has brought the applicant here."""
    if applicant is None:
        return DocumentUser(full_name=None, username=None, email=None)
    return DocumentUser.model_validate(applicant, from_attributes=True)


def document_version(document: Document) -> DocumentVersion:
    return DocumentVersion.model_validate({**_shown(document), "uploaded_at": document.created_at})


def admin_document_out(document: Document, applicant: Applicant | None, request_name: str | None = None,
                       earlier: list[Document] | None = None) -> AdminDocumentOut:
    return AdminDocumentOut.model_validate({
        **_shown(document), "user": document_user(applicant), "request_name": request_name,
        "earlier_versions": [document_version(version) for version in earlier or []]})


def request_out(request: DocumentRequest, state: RequestState | None) -> DocumentRequestOut:
    """``state``: what the request's documents say of it (None for a request just made)."""
    return DocumentRequestOut.model_validate({**request.model_dump(), **_state(request, state)})


def admin_request_out(request: DocumentRequest, state: RequestState,
                      applicant: Applicant | None) -> AdminDocumentRequestOut:
    return AdminDocumentRequestOut.model_validate({**request.model_dump(), **_state(request, state),
                                                   "user": document_user(applicant)})


def _state(request: DocumentRequest, state: RequestState | None) -> dict[str, Any]:
    if state is None:
        return {"document_id": None, "overdue": is_overdue(request.due_date, request.status, tallinn_today()),
                "rejection_reason": None}
    return {"document_id": state.document_id, "overdue": state.overdue, "rejection_reason": state.rejection_reason}
