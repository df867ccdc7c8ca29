"""documents's API (spec §7): the applicant's documents and requests, the admins' requests and review, and
downloads for the owner and admins."""

import logging
import unicodedata
from collections.abc import AsyncIterator
from typing import Annotated, Any
from urllib.parse import quote

import anyio.to_thread
from fastapi import APIRouter, Depends, Query, Request, Response
from fastapi.responses import JSONResponse, StreamingResponse
from minio.error import S3Error
from urllib3 import BaseHTTPResponse

from documents import lists, service
from documents.config import DocumentsSettings
from documents.mappers import admin_document_out, admin_request_out, document_out, request_out
from documents.metrics import counted, upload_in_flight
from documents.schemas import (
    AdminDocumentOut,
    AdminDocumentRequestOut,
    DocumentOut,
    DocumentRequestCreate,
    DocumentRequestOut,
    DocumentSort,
    DocumentStatusFilter,
    RequestSort,
    RequestStatusFilter,
    ReviewRequest,
)
from documents.storage import StorageDep
from documents.uploads import extension
from portal_common.audit import record_admin_action
from portal_common.auth import AdminIdentity, CurrentIdentity
from portal_common.errors import ApiError, ErrorCode, error_response, unavailable
from portal_common.listing import TOTAL_RESPONSES, PageDep
from portal_common.unit_of_work import SessionDep, UnitOfWorkDep
from portal_common.validation import MAX_DB_INT, ResourceId

log = logging.getLogger(__name__)
router = APIRouter(prefix="/api", tags=["documents"])
DOWNLOAD_CHUNK_BYTES = 256 * 1024


def get_documents_settings(request: Request) -> DocumentsSettings:
    settings: DocumentsSettings = request.app.state.settings
    return settings


SettingsDep = Annotated[DocumentsSettings, Depends(get_documents_settings)]

UPLOAD_BODY: dict[str, Any] = {"requestBody": {"required": True, "content": {"multipart/form-data": {"schema": {
    "type": "object", "required": ["file"],
    "properties": {
        "file": {"type": "string", "format": "binary",
                 "description": "pdf, doc, docx, jpg, jpeg, png, txt, xls or xlsx; checked by extension and content"},
        "name": {"type": "string", "maxLength": 200, "description": "defaults to the file name"},
        "description": {"type": "string", "maxLength": 2000},
        "requestId": {"type": "integer", "description": "the document request this upload fulfils"},
        "replacesDocumentId": {"type": "integer", "description": "the user's own rejected document this one is "
                               "uploaded again in place of (its request, if any, is the upload's too)"},
    }}}}}}


STORAGE_DOWN: dict[int | str, dict[str, Any]] = {
    503: {"description": "File storage unavailable (code `unavailable`, with Retry-After)"}}


async def storage_unavailable(_: Request, error: Exception) -> JSONResponse:
    """Any call that needs the store while it is down or hung: 503 with Retry-After, within seconds."""
    log.warning("S3 storage unavailable: %s", error)
    refusal = unavailable("File storage")
    return error_response(refusal.status, refusal.code, refusal.message, refusal.fields, refusal.headers)


@router.post("/documents", status_code=201, response_model=DocumentOut, openapi_extra=UPLOAD_BODY,
             responses={413: {"description": "File too large (`too_large`) or upload quota reached "
                                             "(`quota_exceeded`)"},
                        415: {"description": "File type refused"}, **STORAGE_DOWN})
async def upload(request: Request, identity: CurrentIdentity, unit_of_work: UnitOfWorkDep, storage: StorageDep,
                 settings: SettingsDep) -> DocumentOut:
    body = service.UploadBody(counted(request.stream()), request.headers.get("content-type", ""),
                              request.headers.get("content-length"))
    with upload_in_flight():
        return document_out(await service.receive_upload(body, identity, unit_of_work, storage, settings))


@router.get("/documents", response_model=list[DocumentOut])
async def list_own(identity: CurrentIdentity, db: SessionDep) -> list[DocumentOut]:
    return [document_out(d) for d in await service.own_documents(db, identity.user_id)]


def _ascii(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return "".join(c if c.isprintable() and c not in '"\\;%' else "_" for c in plain).strip(" ._")


def content_disposition(file_name: str) -> str:
    """``attachment`` with the UTF-8 name (RFC 6266/5987) and a plain ASCII fallback for old clients."""
    ext = extension(file_name)
    stem = file_name[: -len(ext) - 1] if ext else file_name
    fallback = (_ascii(stem) or "document") + (f".{ext}" if ext else "")
    return f"attachment; filename=\"{fallback}\"; filename*=UTF-8''{quote(file_name, safe='')}"


@router.get("/documents/{document_id}/download", response_class=StreamingResponse,
            responses={200: {"content": {"application/octet-stream": {}}}, **STORAGE_DOWN})
async def download(document_id: ResourceId, identity: CurrentIdentity, request: Request, db: SessionDep,
                   storage: StorageDep) -> StreamingResponse:
    """The owner's or an admin's download; an admin's is recorded (issue 15, Audit log), the owner's is not."""
    document = await service.downloadable(db, identity, document_id)
    db.expunge(document)  # keep its loaded values: the rollback below would expire them
    await db.rollback()  # no database connection held while the bytes stream
    if identity.is_admin:
        # Staged after the rollback, committed when the handler returns (before the bytes stream); a file
        # missing from storage raises below and takes the record back with it.
        record_admin_action(db, request, identity, "document.downloaded", "document", document_id, document.user_id)
    try:
        stored = await anyio.to_thread.run_sync(storage.get_stream, document.object_key)
    except S3Error as error:
        if error.code in ("NoSuchKey", "NoSuchObject"):
            raise ApiError(404, ErrorCode.NOT_FOUND, "The file of this document is missing") from None
        raise

    async def body(response: BaseHTTPResponse) -> AsyncIterator[bytes]:
        try:
            while chunk := await anyio.to_thread.run_sync(response.read, DOWNLOAD_CHUNK_BYTES):
                yield chunk
        finally:
            response.close()
            response.release_conn()

    content_type = document.file_type + ("; charset=utf-8" if document.file_type.startswith("text/") else "")
    headers = {
        "Content-Disposition": content_disposition(document.file_name),
        "Content-Length": stored.headers.get("Content-Length") or str(document.size),
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Cache-Control": "private, no-store",
    }
    return StreamingResponse(body(stored), media_type=content_type, headers=headers)


@router.get("/document-requests", response_model=list[DocumentRequestOut])
async def list_requests(identity: CurrentIdentity, db: SessionDep) -> list[DocumentRequestOut]:
    return [request_out(r, state) for r, state in await service.own_requests(db, identity.user_id)]


@router.post("/document-requests", status_code=201, response_model=DocumentRequestOut)
async def create_request(body: DocumentRequestCreate, admin: AdminIdentity, request: Request,
                         db: SessionDep) -> DocumentRequestOut:
    created = await service.create_request(db, admin.user_id, body)
    assert created.id is not None
    record_admin_action(db, request, admin, "document.requested", "document_request", created.id, created.user_id)
    return request_out(created, None)


UserFilter = Annotated[int | None, Query(alias="userId", ge=1, le=MAX_DB_INT, description="one applicant's")]


@router.get("/admin/documents", response_model=list[AdminDocumentOut], responses=TOTAL_RESPONSES)
async def list_all(_: AdminIdentity, db: SessionDep, page: PageDep, response: Response,
                   status: DocumentStatusFilter | None = None, user_id: UserFilter = None,
                   sort: DocumentSort = "createdAt") -> list[AdminDocumentOut]:
    """Current versions (see AdminDocumentOut.earlierVersions), newest first unless sorted otherwise; q finds
    document and file names and the applicant's name, e-mail and ID code by word beginnings."""
    rows = await lists.admin_documents(db, page, response, status, user_id, sort)
    earlier = await lists.earlier_versions(db, [document for document, _, _ in rows])
    return [admin_document_out(document, applicant, request_name, earlier.get(document.id or 0))
            for document, applicant, request_name in rows]


@router.get("/admin/document-requests", response_model=list[AdminDocumentRequestOut], responses=TOTAL_RESPONSES)
async def list_all_requests(_: AdminIdentity, db: SessionDep, page: PageDep, response: Response,
                            status: Annotated[RequestStatusFilter | None, Query(
                                description="open: nothing uploaded yet; overdue: the due date was before today "
                                            "(Europe/Tallinn) and the applicant still owes the document (open, "
                                            "or its last upload rejected)")] = None,
                            user_id: UserFilter = None,
                            sort: RequestSort = "createdAt") -> list[AdminDocumentRequestOut]:
    """Every applicant's document requests, newest first unless sorted otherwise (dueDate: soonest first,
    undated last); q finds the request's name and the applicant's name, e-mail and ID code."""
    rows = await lists.admin_requests(db, page, response, status, user_id, sort, lists.tallinn_today())
    states = await service.request_states(db, [request for request, _ in rows])
    return [admin_request_out(request, states[request.id or 0], applicant) for request, applicant in rows]


@router.put("/admin/documents/{document_id}/status", response_model=DocumentOut)
async def review(document_id: ResourceId, body: ReviewRequest, admin: AdminIdentity, request: Request,
                 db: SessionDep) -> DocumentOut:
    # The decision only: a rejection's reason is free text about the applicant and stays out of the record.
    document = await service.review(db, document_id, body.status, body.reason, admin.user_id)
    record_admin_action(db, request, admin, "document.reviewed", "document", document_id, document.user_id,
                        decision=body.status)
    return document_out(document)
