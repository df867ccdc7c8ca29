"""A person's copy of their data (issue 16, Download my data; GDPR Art. 15 and 20), owned by documents.

A request stages ``documents.privacy.export.requested`` with the person's e-mail address; identity, applications,
contracts and messages each answer with their part (portal_common.privacy_export), which lands here piece by piece
(``on_export_part``). Once every part is in, a job of every replica (``assemble_exports``, one export at a time,
rows locked with SKIP LOCKED) writes the zip into S3 as it goes: each service's JSON, documents' own
``documents.json``, the uploaded files and the other services' files. The owner may download it for 7 days; then
the job removes the object. No service reads another's tables: everything here came by events or is our own."""

import base64
import logging
import re
import uuid
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

import anyio.to_thread
from minio.error import S3Error
from sqlalchemy import delete, func
from sqlalchemy.dialects.postgresql import insert
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from documents.config import get_settings
from documents.errors import DocumentsErrorCode
from documents.export_zip import ExportZip
from documents.models import Applicant, Document, DocumentRequest, PrivacyExport, PrivacyExportPiece
from documents.storage import Storage
from portal_common.app import PeriodicJob, Subscription
from portal_common.auth import Identity
from portal_common.clock import utcnow
from portal_common.errors import ApiError, ErrorCode
from portal_common.events import (
    EventEnvelope,
    PrivacyExportPart,
    PrivacyExportReady,
    PrivacyExportRequested,
    read_payload,
)
from portal_common.outbox import add_event
from portal_common.privacy_export import to_json
from portal_common.projection import once_projected
from portal_common.unit_of_work import UnitOfWork
from portal_common.wakeups import wake_on_commit

log = logging.getLogger(__name__)
# The services whose parts an export waits for; documents adds its own when it assembles the zip.
PART_SERVICES = ("identity", "applications", "contracts", "messages")
LINK_LIFETIME = timedelta(days=7)
OBJECT_PREFIX = "privacy-exports/"
# An export whose parts are all in wakes the assembler at once (ASSEMBLY_CHANNEL); the interval is its safety
# poll, and when expired exports are removed.
ASSEMBLY_INTERVAL_SECONDS = 60.0
ASSEMBLY_CHANNEL = "documents_privacy_exports"
EXPIRED_PER_ROUND = 20
UNSAFE_NAME = re.compile(r"[^\w.\- ]+")

PENDING, READY, EXPIRED = "pending", "ready", "expired"


def status_of(export: PrivacyExport) -> str:
    if export.ready_at is None:
        return PENDING
    return EXPIRED if export.expires_at is not None and export.expires_at <= utcnow() else READY


def safe_name(name: str) -> str:
    """A file name as one path segment of the zip: no folders, no way out of its folder."""
    cleaned = UNSAFE_NAME.sub("_", name.replace("/", "_").replace("\\", "_")).strip(" .")
    return cleaned or "file"


# ---- asking and reading ---------------------------------------------------------------------------------------

async def _email_of(db: AsyncSession, user_id: int, is_admin: bool) -> str:
    """The address messages finds the person's contact messages by; an applicant's registration a moment ago may
    still be on its way here (issue 18), so it is waited for a little. Admins are not in the applicant projection:
    theirs is not waited for, and without one no messages are found."""
    if is_admin:
        admin = await db.get(Applicant, user_id)
        return admin.email if admin is not None and admin.email else ""
    applicant = await once_projected(lambda: db.get(Applicant, user_id, populate_existing=True),
                                     lambda known: bool(known.email))
    return applicant.email if applicant is not None and applicant.email else ""


async def request_export(db: AsyncSession, identity: Identity) -> PrivacyExport:
    """A new pending export, or the one already pending (one per person: the partial unique index decides)."""
    user_id, new_id = identity.user_id, uuid.uuid4()
    created = await db.execute(insert(PrivacyExport).values(id=new_id, user_id=user_id, requested_at=utcnow())
                               .on_conflict_do_nothing(index_elements=["user_id"],
                                                       index_where=col(PrivacyExport.ready_at).is_(None))
                               .returning(col(PrivacyExport.id)))
    if created.first() is not None:
        email = await _email_of(db, user_id, identity.is_admin)
        add_event(db, PrivacyExportRequested(export_id=new_id, user_id=user_id, email=email))
    pending = (await db.exec(select(PrivacyExport).where(col(PrivacyExport.user_id) == user_id,
                                                         col(PrivacyExport.ready_at).is_(None)))).one()
    return pending


async def own_exports(db: AsyncSession, user_id: int) -> Sequence[PrivacyExport]:
    return (await db.exec(select(PrivacyExport).where(col(PrivacyExport.user_id) == user_id)
                          .order_by(col(PrivacyExport.requested_at).desc()))).all()


async def own_export(db: AsyncSession, user_id: int, export_id: uuid.UUID) -> PrivacyExport:
    """The owner's export; to anyone else, admins too, it does not exist."""
    export = await db.get(PrivacyExport, export_id)
    if export is None or export.user_id != user_id:
        raise ApiError(404, ErrorCode.NOT_FOUND, "Export not found")
    return export


def downloadable_key(export: PrivacyExport) -> str:
    status = status_of(export)
    if status == EXPIRED or (status == READY and export.object_key is None):
        raise ApiError(410, DocumentsErrorCode.EXPORT_EXPIRED, "This download has expired: ask for a new export")
    if status == PENDING or export.object_key is None:
        raise ApiError(409, DocumentsErrorCode.EXPORT_NOT_READY, "The export is not ready yet")
    return export.object_key


# ---- the parts coming in ----------------------------------------------------------------------------------------

async def _parts_complete(db: AsyncSession, export_id: uuid.UUID) -> bool:
    query = (select(PrivacyExportPiece.service, func.count(), func.max(PrivacyExportPiece.part_count))
             .where(col(PrivacyExportPiece.export_id) == export_id).group_by(col(PrivacyExportPiece.service)))
    counts = {service: (pieces, expected) for service, pieces, expected in (await db.exec(query)).all()}
    return all(service in counts and counts[service][0] == counts[service][1] for service in PART_SERVICES)


async def on_export_part(db: AsyncSession, envelope: EventEnvelope) -> None:
    part = read_payload(envelope, PrivacyExportPart)
    if part.service not in PART_SERVICES or envelope.type != f"{part.service}.privacy.export.part":
        log.warning("ignoring an export part of %r on %s", part.service, envelope.type)
        return
    # Locked, so that of two replicas taking the last two parts at once the second sees the first's.
    export = (await db.exec(select(PrivacyExport).where(col(PrivacyExport.id) == part.export_id)
                            .with_for_update())).first()
    if export is None or export.user_id != part.user_id or export.parts_complete_at is not None:
        return
    await db.execute(insert(PrivacyExportPiece).values(
        export_id=part.export_id, service=part.service, part_index=part.part_index, part_count=part.part_count,
        file_name=safe_name(part.file_name), content=part.content, received_at=utcnow(),
        attachments=[a.model_dump(by_alias=True) for a in part.attachments],
    ).on_conflict_do_nothing(constraint="uq_privacy_export_pieces_part"))
    if await _parts_complete(db, part.export_id):
        export.parts_complete_at = utcnow()
        db.add(export)
        wake_on_commit(db, ASSEMBLY_CHANNEL)


# ---- the zip ---------------------------------------------------------------------------------------------------

def _document_entry(document: Document) -> str:
    return f"files/documents/{document.id}-{safe_name(document.file_name)}"


def _documents_data(documents: Sequence[Document], requests: Sequence[DocumentRequest]) -> dict[str, Any]:
    return {
        "documents": [{
            "id": d.id, "name": d.name, "description": d.description, "fileName": d.file_name,
            "fileType": d.file_type, "size": d.size, "status": d.status, "uploadedAt": d.created_at,
            "reviewedAt": d.reviewed_at, "rejectionReason": d.rejection_reason, "requestId": d.request_id,
            "applicationId": d.application_id, "replacesId": d.replaces_id, "file": _document_entry(d),
        } for d in documents],
        "requests": [{
            "id": r.id, "name": r.name, "description": r.description, "dueDate": r.due_date, "status": r.status,
            "requestedAt": r.created_at,
        } for r in requests],
    }


async def _write_parts(db: AsyncSession, archive: ExportZip, export_id: uuid.UUID) -> None:
    """Each service's pieces in order: its JSON joined whole, its files written piece by piece (a row at a time)."""
    for service in PART_SERVICES:
        ids = (await db.exec(select(PrivacyExportPiece.id).where(
            col(PrivacyExportPiece.export_id) == export_id, col(PrivacyExportPiece.service) == service)
            .order_by(col(PrivacyExportPiece.part_index)))).all()
        text, file_name = [], f"{service}.json"
        for piece_id in ids:
            piece = await db.get(PrivacyExportPiece, piece_id)
            assert piece is not None
            text.append(piece.content)
            file_name = piece.file_name
            for attachment in piece.attachments:
                entry = f"files/{service}/{safe_name(attachment['name'])}"
                data = base64.b64decode(attachment["contentBase64"])
                await anyio.to_thread.run_sync(archive.write_piece, entry, data)
            db.expunge(piece)  # its files' pieces are written: nothing keeps them in memory
        await anyio.to_thread.run_sync(archive.end_file)
        await anyio.to_thread.run_sync(archive.write_text, file_name, "".join(text))


async def _write_documents(db: AsyncSession, storage: Storage, archive: ExportZip, user_id: int) -> None:
    documents = (await db.exec(select(Document).where(col(Document.user_id) == user_id)
                               .order_by(col(Document.id)))).all()
    requests = (await db.exec(select(DocumentRequest).where(col(DocumentRequest.user_id) == user_id)
                              .order_by(col(DocumentRequest.id)))).all()
    await anyio.to_thread.run_sync(archive.write_text, "documents.json", to_json(_documents_data(documents, requests)))
    for document in documents:
        try:
            stored = await anyio.to_thread.run_sync(storage.get_stream, document.object_key)
        except S3Error as error:
            if error.code not in ("NoSuchKey", "NoSuchObject"):
                raise
            log.error("document %s has no file in storage; left out of export", document.id)
            continue
        await anyio.to_thread.run_sync(archive.copy_object, _document_entry(document), stored)


async def assemble(unit_of_work: UnitOfWork, storage: Storage, export: PrivacyExport) -> None:
    db = unit_of_work.session
    key = f"{OBJECT_PREFIX}{export.id}.zip"
    archive = ExportZip(storage, key)
    try:
        await _write_parts(db, archive, export.id)
        await _write_documents(db, storage, archive, export.user_id)
        size = await anyio.to_thread.run_sync(archive.finish)
    except BaseException:
        await anyio.to_thread.run_sync(archive.abort)
        raise

    async def remove() -> None:
        await anyio.to_thread.run_sync(storage.remove, key)
    unit_of_work.on_rollback(remove)
    now = utcnow()
    export.ready_at, export.expires_at, export.object_key, export.size = now, now + LINK_LIFETIME, key, size
    db.add(export)
    await db.execute(delete(PrivacyExportPiece).where(col(PrivacyExportPiece.export_id) == export.id))
    add_event(db, PrivacyExportReady(export_id=export.id, user_id=export.user_id, expires_at=export.expires_at))
    log.info("privacy export %s ready: %d bytes in %.1f s", export.id, size,
             (now - export.requested_at).total_seconds())


async def _remove_expired(unit_of_work: UnitOfWork, storage: Storage) -> None:
    db = unit_of_work.session
    expired = (await db.exec(select(PrivacyExport).where(
        col(PrivacyExport.expires_at) <= utcnow(), col(PrivacyExport.object_key).is_not(None))
        .limit(EXPIRED_PER_ROUND).with_for_update(skip_locked=True))).all()
    for export in expired:
        assert export.object_key is not None
        await anyio.to_thread.run_sync(storage.remove, export.object_key)
        export.object_key = None
        db.add(export)


class ExportJob:
    """The job's storage client is made on its first round (the settings are read then, not at import)."""

    def __init__(self) -> None:
        self._storage: Storage | None = None

    @property
    def storage(self) -> Storage:
        if self._storage is None:
            self._storage = Storage.from_settings(get_settings())
        return self._storage

    async def run(self, unit_of_work: UnitOfWork) -> None:
        db = unit_of_work.session
        export = (await db.exec(select(PrivacyExport).where(
            col(PrivacyExport.parts_complete_at).is_not(None), col(PrivacyExport.ready_at).is_(None))
            .order_by(col(PrivacyExport.parts_complete_at)).limit(1).with_for_update(skip_locked=True))).first()
        if export is not None:
            await assemble(unit_of_work, self.storage, export)
        await _remove_expired(unit_of_work, self.storage)


SUBSCRIPTIONS = [Subscription(PrivacyExportPart.TYPE, on_export_part)]
JOBS = [PeriodicJob("privacy exports", ASSEMBLY_INTERVAL_SECONDS, ExportJob().run, wake_channel=ASSEMBLY_CHANNEL)]
