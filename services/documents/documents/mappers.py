"""documents' response bodies from its rows: the one place that decides what the API shows. A body that only
copies a row is validated from the row's attributes; one with more beside the row names only that."""

from typing import Any

from documents.models import Applicant, Document, DocumentRequest
from documents.schemas import AdminDocumentOut, DocumentOut, DocumentRequestOut, DocumentUser


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


def admin_document_out(document: Document, applicant: Applicant | None) -> AdminDocumentOut:
    return AdminDocumentOut.model_validate({**_shown(document), "user": document_user(applicant)})


def request_out(request: DocumentRequest, document_id: int | None) -> DocumentRequestOut:
    """``document_id``: the newest document uploaded for the request, if any."""
    return DocumentRequestOut.model_validate({**request.model_dump(), "document_id": document_id})
