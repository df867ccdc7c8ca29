"""The export routes (issue 16, Download my data): ask for a copy of one's data, follow it, download the zip.
Everything here is the caller's own: another person's export, even to an admin, does not exist (404)."""

import uuid
from collections.abc import AsyncIterator
from datetime import datetime
from typing import Literal

import anyio.to_thread
from fastapi import APIRouter
from fastapi.responses import StreamingResponse
from minio.error import S3Error
from urllib3 import BaseHTTPResponse

from documents import privacy_export
from documents.errors import DocumentsErrorCode
from documents.models import PrivacyExport
from documents.storage import StorageDep
from portal_common.auth import CurrentIdentity
from portal_common.errors import ApiError
from portal_common.unit_of_work import SessionDep
from portal_common.validation import CamelModel

router = APIRouter(prefix="/api/privacy", tags=["privacy"])
DOWNLOAD_CHUNK_BYTES = 256 * 1024


class ExportCreated(CamelModel):
    id: uuid.UUID


class ExportOut(CamelModel):
    id: uuid.UUID
    status: Literal["pending", "ready", "expired"]
    requested_at: datetime
    ready_at: datetime | None
    expires_at: datetime | None  # until when the download works: 7 days after it was ready
    download_url: str | None  # while ready


def export_out(export: PrivacyExport) -> ExportOut:
    status = privacy_export.status_of(export)
    url = f"/api/privacy/exports/{export.id}/download" if status == privacy_export.READY else None
    return ExportOut(id=export.id, status=status, requested_at=export.requested_at,
                     ready_at=export.ready_at, expires_at=export.expires_at, download_url=url)


@router.post("/export", status_code=202, response_model=ExportCreated)
async def request_export(identity: CurrentIdentity, db: SessionDep) -> ExportCreated:
    """Starts a copy of the caller's data from every service; while one is pending, answers with that one."""
    return ExportCreated(id=(await privacy_export.request_export(db, identity)).id)


@router.get("/exports", response_model=list[ExportOut])
async def list_exports(identity: CurrentIdentity, db: SessionDep) -> list[ExportOut]:
    """The caller's exports, newest first."""
    return [export_out(export) for export in await privacy_export.own_exports(db, identity.user_id)]


@router.get("/exports/{export_id}", response_model=ExportOut)
async def get_export(export_id: uuid.UUID, identity: CurrentIdentity, db: SessionDep) -> ExportOut:
    return export_out(await privacy_export.own_export(db, identity.user_id, export_id))


@router.get("/exports/{export_id}/download", response_class=StreamingResponse,
            responses={200: {"content": {"application/zip": {}}},
                       409: {"description": "Not ready yet (`export_not_ready`)"},
                       410: {"description": "Past its 7 days (`export_expired`)"}})
async def download_export(export_id: uuid.UUID, identity: CurrentIdentity, db: SessionDep,
                          storage: StorageDep) -> StreamingResponse:
    export = await privacy_export.own_export(db, identity.user_id, export_id)
    key = privacy_export.downloadable_key(export)
    ready_on = export.ready_at.date() if export.ready_at else None
    await db.rollback()  # no database connection held while the bytes stream
    try:
        stored = await anyio.to_thread.run_sync(storage.get_stream, key)
    except S3Error as error:
        if error.code in ("NoSuchKey", "NoSuchObject"):  # removed by the expiry job a moment ago
            raise ApiError(410, DocumentsErrorCode.EXPORT_EXPIRED, "This download has expired") from None
        raise

    async def body(response: BaseHTTPResponse) -> AsyncIterator[bytes]:
        try:
            while chunk := await anyio.to_thread.run_sync(response.read, DOWNLOAD_CHUNK_BYTES):
                yield chunk
        finally:
            response.close()
            response.release_conn()

    headers = {"Content-Disposition": f'attachment; filename="shelfboard-data-{ready_on}.zip"',
               "X-Content-Type-Options": "nosniff", "Cache-Control": "private, no-store"}
    if length := stored.headers.get("Content-Length"):
        headers["Content-Length"] = length
    return StreamingResponse(body(stored), media_type="application/zip", headers=headers)
