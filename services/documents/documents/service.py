"""documents's rules: receiving an upload (streamed to storage, then recorded), document requests, the admin
review, who may download what, and the applicant projection."""

import asyncio
import re
import uuid
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from functools import partial
from typing import Any

import anyio
import anyio.to_thread
from sqlalchemy import func
from sqlalchemy.dialects.postgresql import insert
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from documents.config import DocumentsSettings
from documents.errors import DocumentsErrorCode
from documents.lists import is_overdue, tallinn_today
from documents.models import (
    PENDING,
    REJECTED,
    REQUESTED,
    SUBMITTED,
    Applicant,
    Document,
    DocumentRequest,
    KnownApplication,
)
from documents.quota import Quota, lock_account, usage_of
from documents.schemas import MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH, DocumentRequestCreate
from documents.storage import Storage, StorageUnavailable
from documents.transfer import settled, store_file
from documents.uploads import (
    BadContent,
    FileKind,
    FileParts,
    MultipartReader,
    TextCheck,
    TooLarge,
    bad_body,
    boundary_of,
    kind_for,
    sanitize_file_name,
    too_large,
    unsupported_type,
)
from portal_common.auth import Identity
from portal_common.clock import utcnow
from portal_common.errors import ApiError, ErrorCode
from portal_common.events import DocumentRequested, DocumentReviewed, DocumentUploaded
from portal_common.listing import search_text
from portal_common.outbox import add_event
from portal_common.projection import once_projected, upsert_if_newer
from portal_common.unit_of_work import UnitOfWork
from portal_common.validation import MAX_DB_INT

# Room for the form's other fields and the multipart framing on top of the file itself.
FORM_OVERHEAD_BYTES = 64 * 1024
FIELD_LIMIT_BYTES = 8 * 1024
TEXT_FIELDS = ("name", "description", "requestId", "replacesDocumentId")  # the form's fields beside the file
# Free text a person typed: tab, line feed and carriage return are fine (a description has lines), other
# control characters are not (Postgres refuses NUL; the rest only disguise or garble what is shown).
FREE_TEXT_FIELDS = {"name": "Name", "description": "Description"}
CONTROL_CHARACTERS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
UPLOADABLE_REQUEST_STATES = (REQUESTED, REJECTED)


def not_found(what: str = "Document") -> ApiError:
    return ApiError(404, ErrorCode.NOT_FOUND, f"{what} not found")


def invalid_field(field: str, code: StrEnum, message: str) -> ApiError:
    return ApiError.on_field(422, ErrorCode.VALIDATION_ERROR, field, message, code)


# ---- the applicant projection ---------------------------------------------------------------------------

async def upsert_applicant(db: AsyncSession, user_id: int, occurred_at: datetime, profile: dict[str, Any],
                           account: dict[str, Any] | None = None) -> None:
    """Profile fields (full_name, email, id_code) change only when this event is newer than what we hold, and
    with them what the applicant is found by; ``account`` fields (the username) only come with the
    registration and are always taken."""
    found_by = search_text(profile.get("full_name"), profile.get("email"), profile.get("id_code"))
    await upsert_if_newer(db, Applicant, {"user_id": user_id}, "profile_at", occurred_at,
                          {**profile, "search_text": found_by}, account)


async def note_application(db: AsyncSession, user_id: int, application_id: int) -> None:
    """Remembers the user's current application, so a document uploaded outside a request still names it.
    A user may apply again (spec §1); each new application has a higher id than the ones before, so the
    highest id seen is the current one, whatever order the events of older applications arrive in."""
    statement = insert(Applicant).values(user_id=user_id, application_id=application_id)
    newest = func.greatest(col(Applicant.application_id), statement.excluded.application_id)
    await db.execute(statement.on_conflict_do_update(index_elements=["user_id"], set_={"application_id": newest}))
    # Each of them, for the requests that name an earlier one (issue 37); an application never changes hands.
    await db.execute(insert(KnownApplication).values(application_id=application_id, user_id=user_id)
                     .on_conflict_do_nothing(index_elements=["application_id"]))


# ---- reading ----------------------------------------------------------------------------------------------

NEWEST_FIRST = (col(Document.created_at).desc(), col(Document.id).desc())


async def own_documents(db: AsyncSession, user_id: int) -> Sequence[Document]:
    return (await db.exec(select(Document).where(col(Document.user_id) == user_id).order_by(*NEWEST_FIRST))).all()


async def latest_documents(db: AsyncSession, request_ids: list[int]) -> dict[int, Document]:
    """request id -> the newest document uploaded for it."""
    if not request_ids:
        return {}
    rows = await db.exec(select(Document).where(col(Document.request_id).in_(request_ids))
                         .distinct(col(Document.request_id))
                         .order_by(col(Document.request_id), col(Document.id).desc()))
    return {document.request_id: document for document in rows.all() if document.request_id is not None}


@dataclass(frozen=True)
class RequestState:
    """What a request's body shows beside the request itself."""

    document_id: int | None  # the newest document uploaded for it
    overdue: bool
    rejection_reason: str | None  # why that document was rejected, while the request stands rejected


async def request_states(db: AsyncSession, requests: Sequence[DocumentRequest]) -> dict[int, RequestState]:
    latest = await latest_documents(db, [r.id for r in requests if r.id is not None])
    today = tallinn_today()
    states: dict[int, RequestState] = {}
    for request in requests:
        assert request.id is not None
        document = latest.get(request.id)
        reason = document.rejection_reason if document is not None and request.status == REJECTED else None
        states[request.id] = RequestState(document.id if document else None,
                                          is_overdue(request.due_date, request.status, today), reason)
    return states


async def own_requests(db: AsyncSession, user_id: int) -> list[tuple[DocumentRequest, RequestState]]:
    """The user's requests, newest first."""
    requests = (await db.exec(select(DocumentRequest).where(col(DocumentRequest.user_id) == user_id)
                              .order_by(col(DocumentRequest.created_at).desc(), col(DocumentRequest.id).desc()))).all()
    states = await request_states(db, requests)
    return [(r, states[r.id or 0]) for r in requests]


async def downloadable(db: AsyncSession, identity: Identity, document_id: int) -> Document:
    """The owner and admins may download; to anyone else the document does not exist."""
    document = await db.get(Document, document_id)
    if document is None or (document.user_id != identity.user_id and not identity.is_admin):
        raise not_found()
    return document


# ---- document requests and review ---------------------------------------------------------------------------

async def check_references(db: AsyncSession, user_id: int, application_id: int | None) -> None:
    """The user has to be one we know from identity's events, and the application, if named, one of theirs that
    applications announced (applications.created; a migration announced those made before it existed). Any of
    the applicant's applications will do (issue 37, Applying again): the admin may ask for a document about an
    earlier term.

    The admin picks users and applications from the applications list, which the same events feed, so
    both are known here unless the events are a moment behind: the check waits for them a few seconds
    (issue 18) before refusing; a reference is never trusted unknown."""
    applicant = await once_projected(lambda: db.get(Applicant, user_id, populate_existing=True))
    if applicant is None:
        raise invalid_field("userId", DocumentsErrorCode.USER_NOT_FOUND, "User not found")
    if application_id is None:
        return
    application = await once_projected(lambda: db.get(KnownApplication, application_id, populate_existing=True),
                                       lambda known: known.user_id == user_id)
    if application is None or application.user_id != user_id:
        raise invalid_field("applicationId", DocumentsErrorCode.NOT_USERS_APPLICATION,
                            "This is not the user's application")


async def create_request(db: AsyncSession, admin_id: int, body: DocumentRequestCreate) -> DocumentRequest:
    assert body.user_id is not None and body.name is not None  # the schema's validators make sure
    await check_references(db, body.user_id, body.application_id)
    request = DocumentRequest(user_id=body.user_id, application_id=body.application_id, name=body.name,
                              description=body.description, due_date=body.due_date, created_by=admin_id,
                              search_text=search_text(body.name))
    db.add(request)
    await db.flush()
    assert request.id is not None
    add_event(db, DocumentRequested(request_id=request.id, user_id=request.user_id,
                                    application_id=request.application_id, name=request.name,
                                    due_date=request.due_date, description=request.description))
    return request


async def review(db: AsyncSession, document_id: int, status: str, reason: str | None, admin_id: int) -> Document:
    """``reason``: why it is rejected (the schema requires one to reject); shown to the applicant."""
    document = (await db.exec(select(Document).where(col(Document.id) == document_id).with_for_update())).first()
    if document is None:
        raise not_found()
    if document.status != PENDING:
        raise ApiError(409, ErrorCode.CONFLICT, f"This document was already {document.status}")
    document.status, document.reviewed_by, document.reviewed_at = status, admin_id, utcnow()
    document.rejection_reason = reason if status == REJECTED else None
    db.add(document)
    if document.request_id is not None:
        request = (await db.exec(select(DocumentRequest).where(col(DocumentRequest.id) == document.request_id)
                                 .with_for_update())).one()
        request.status, request.updated_at = status, utcnow()
        db.add(request)
    assert document.id is not None
    add_event(db, DocumentReviewed(document_id=document.id, user_id=document.user_id, status=status,
                                   reviewed_by=admin_id, name=document.name, reason=document.rejection_reason,
                                   request_id=document.request_id))
    return document


# ---- uploads ------------------------------------------------------------------------------------------------

@dataclass
class StoredFile:
    """A file read to its end and checked, whose last bytes may still be on their way to storage: the
    document is recorded meanwhile, and committed only once ``landing`` is done (issue 18, Uploads: a 1 MB
    upload no longer waits for its PUT and then for the database, one after the other)."""

    key: str
    file_name: str
    kind: FileKind
    size: int
    landing: "asyncio.Future[None]"

    async def landed(self) -> None:
        """Waits until the object is whole in storage; raises what stopped it (StorageUnavailable: 503)."""
        await self.landing

    async def remove(self, storage: Storage) -> None:
        """Takes the object out of storage again, once nothing is still sending it. A store that failed is
        not asked again (it would only make the answer wait; sweep-orphans takes anything it kept)."""
        await settled(self.landing)
        if self.landing.cancelled() or not isinstance(self.landing.exception(), StorageUnavailable):
            await _remove_quietly(storage, self.key)


async def _open_request(db: AsyncSession, user_id: int, request_id: int, lock: bool) -> DocumentRequest:
    query = select(DocumentRequest).where(col(DocumentRequest.id) == request_id,
                                          col(DocumentRequest.user_id) == user_id)
    request = (await db.exec(query.with_for_update() if lock else query)).first()
    if request is None:
        raise not_found("Document request")
    if request.status not in UPLOADABLE_REQUEST_STATES:
        message = ("A document for this request is waiting for review" if request.status == SUBMITTED
                   else "This request is already fulfilled")
        raise ApiError(409, ErrorCode.CONFLICT, message)
    return request


async def _replaceable(db: AsyncSession, user_id: int, document_id: int, lock: bool) -> Document:
    """The user's own rejected document that nothing replaced yet; another's does not exist for them."""
    query = select(Document).where(col(Document.id) == document_id, col(Document.user_id) == user_id)
    document = (await db.exec(query.with_for_update() if lock else query)).first()
    if document is None:
        raise not_found()
    if document.status != REJECTED or document.replaced_by_id is not None:
        raise invalid_field("replacesDocumentId", DocumentsErrorCode.NOT_REPLACEABLE,
                            "Only a rejected document can be uploaded again, and only once")
    return document


async def _rejected_answer(db: AsyncSession, request_id: int) -> Document | None:
    """The request's newest document if it was rejected and nothing replaced it: a new upload for the
    request replaces it."""
    newest = (await db.exec(select(Document).where(col(Document.request_id) == request_id)
                            .order_by(col(Document.id).desc()).limit(1).with_for_update())).first()
    if newest is None or newest.status != REJECTED or newest.replaced_by_id is not None:
        return None
    return newest


# The form's id fields: what a value that is no id answers.
REFERENCE_FIELDS = {"requestId": (DocumentsErrorCode.INVALID_DOCUMENT_REQUEST, "Invalid document request"),
                    "replacesDocumentId": (DocumentsErrorCode.NOT_REPLACEABLE, "Invalid document")}


def _reference_id(form: dict[str, str], field: str) -> int | None:
    raw = form.get(field, "").strip()
    if not raw or raw in ("null", "undefined"):
        return None
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 10 and 1 <= int(raw) <= MAX_DB_INT):
        raise invalid_field(field, *REFERENCE_FIELDS[field])
    return int(raw)


def _form_value(field: str, raw: bytes) -> str:
    label = FREE_TEXT_FIELDS.get(field)
    if label is None:
        return raw.decode("utf-8", "replace")  # the ids: anything but digits is refused anyway
    try:
        value = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise invalid_field(field, ErrorCode.INVALID_CHARACTER, f"{label} must be UTF-8 text") from None
    if CONTROL_CHARACTERS.search(value):
        raise invalid_field(field, ErrorCode.INVALID_CHARACTER, f"{label} must not contain control characters")
    return value


def _name_and_description(form: dict[str, str], file_name: str) -> tuple[str, str | None]:
    name = " ".join(form.get("name", "").split()) or file_name
    if len(name) > MAX_NAME_LENGTH:
        raise invalid_field("name", ErrorCode.TOO_LONG, f"Name must be at most {MAX_NAME_LENGTH} characters")
    description = form.get("description", "").strip() or None
    if description is not None and len(description) > MAX_DESCRIPTION_LENGTH:
        raise invalid_field("description", ErrorCode.TOO_LONG,
                            f"Description must be at most {MAX_DESCRIPTION_LENGTH} characters")
    return name, description


async def _remove_quietly(storage: Storage, key: str) -> None:
    with anyio.CancelScope(shield=True):  # also when the request was cancelled (client gone)
        await anyio.to_thread.run_sync(storage.remove, key)


@dataclass(frozen=True)
class FileLimit:
    bytes: int
    refusal: Callable[[], ApiError]  # the answer to a file over it: the size limit's or the quota's


async def _store_file(reader: MultipartReader, raw_name: str, storage: Storage, limit: FileLimit) -> StoredFile:
    file_name = sanitize_file_name(raw_name)
    kind = kind_for(file_name)  # the extension first: nothing is read for a refused type
    head, complete = await reader.read_head()
    if not head:
        raise invalid_field("file", DocumentsErrorCode.FILE_EMPTY, "The file is empty")
    if not kind.check(head, complete):
        raise unsupported_type()
    key = uuid.uuid4().hex
    landing: asyncio.Future[None] | None = None
    try:
        file = FileParts(reader, head, complete, limit.bytes, TextCheck() if kind.mime_type == "text/plain" else None)
        landing = asyncio.ensure_future(store_file(storage, key, file, kind.mime_type))
        await _read_to_end(file, landing)
    except TooLarge:
        await _remove_quietly(storage, key)
        raise limit.refusal() from None
    except BadContent:
        await _remove_quietly(storage, key)
        raise unsupported_type() from None
    except StorageUnavailable:
        raise  # a removal would wait for the store too; sweep-orphans takes anything it kept
    except BaseException:
        if landing is not None:
            landing.cancel()  # the request is gone: the store's multipart upload is aborted
            await settled(landing)
        await _remove_quietly(storage, key)
        raise
    return StoredFile(key, file_name or f"document.{kind.extensions[0]}", kind, file.size, landing)


async def _read_to_end(file: FileParts, landing: "asyncio.Future[None]") -> None:
    """Returns once the file was read to its end and checked (its last bytes may still be sending), or raises
    what stopped the storing first (too large, bad content, the store down)."""
    read: asyncio.Future[Any] = asyncio.ensure_future(file.read.wait())
    try:
        await asyncio.wait([read, landing], return_when=asyncio.FIRST_COMPLETED)
    finally:
        read.cancel()
    if not file.read.is_set():
        landing.result()  # it ended first: raises what stopped it
        raise bad_body()  # it stored without reaching the file's end: cannot happen, and never recorded


@dataclass(frozen=True)
class UploadBody:
    """An upload as its request brings it: the body as it arrives and the two headers that describe it."""

    chunks: AsyncIterator[bytes]
    content_type: str
    content_length: str | None

    def declared_length(self) -> int | None:
        declared = self.content_length or ""
        if not (declared.isascii() and declared.isdigit()):
            return None
        return int(declared) if len(declared) <= 18 else 10**18  # a longer number is only ever too large


async def receive_upload(body: UploadBody, identity: Identity, unit_of_work: UnitOfWork, storage: Storage,
                         settings: DocumentsSettings) -> Document:
    """Streams the form's file to storage while reading the form, then records the document and its event
    in the unit of work's transaction. A file that did not reach storage gets no row; a stored file whose row
    is not committed (the form turned out invalid, the file no longer fits the quota, the commit failed) is
    removed again.

    A refusal leaves the connection open: uvicorn discards the unread rest of the body until the gateway,
    which has the answer by then, stops forwarding it. Closing instead resets the connection under the
    gateway with bytes unread, and the gateway now and then lost the 413 and answered 502."""
    max_file, db = settings.max_upload_bytes, unit_of_work.session
    boundary = boundary_of(body.content_type)
    max_body = max_file + FORM_OVERHEAD_BYTES
    declared = body.declared_length()
    if declared is not None and declared > max_body:
        raise too_large(max_file)  # refused before a byte of the body is read
    quota = Quota.from_settings(settings)
    bytes_left = quota.bytes_left(await usage_of(db, identity.user_id))
    await db.rollback()  # no connection held while the file streams
    if declared is not None and declared > bytes_left + FORM_OVERHEAD_BYTES:
        raise quota.bytes_exceeded()
    limit = (FileLimit(max_file, lambda: too_large(max_file)) if max_file <= bytes_left
             else FileLimit(bytes_left, quota.bytes_exceeded))
    reader = MultipartReader(body.chunks, boundary, max_body, lambda: too_large(max_file))
    return await _receive_form(reader, identity, unit_of_work, storage, limit, quota)


async def _receive_form(reader: MultipartReader, identity: Identity, unit_of_work: UnitOfWork, storage: Storage,
                        limit: FileLimit, quota: Quota) -> Document:
    db = unit_of_work.session
    form: dict[str, str] = {}
    stored: StoredFile | None = None
    while (part := await reader.next_part()) is not None:
        if part.name == "file" and part.file_name:  # a browser sends filename="" when none was chosen
            if stored is not None:
                raise invalid_field("file", DocumentsErrorCode.ONE_FILE_ONLY, "Upload one file at a time")
            await _check_references(db, identity.user_id, form)
            stored = await _store_file(reader, part.file_name, storage, limit)
            unit_of_work.on_rollback(partial(stored.remove, storage))
        elif part.file_name is None and part.name in TEXT_FIELDS:
            value = await reader.read_field(FIELD_LIMIT_BYTES)
            if value is None:
                raise invalid_field(part.name, ErrorCode.TOO_LONG, "This field is too long")
            form[part.name] = _form_value(part.name, value)
    if stored is None:
        raise invalid_field("file", DocumentsErrorCode.FILE_REQUIRED, "Please select a file to upload.")
    name, description = _name_and_description(form, stored.file_name)
    references = _References(_reference_id(form, "requestId"), _reference_id(form, "replacesDocumentId"))
    document = await _record_upload(db, identity.user_id, stored, name, description, references, quota)
    await stored.landed()  # the unit of work commits after this: no row for a file that is not whole
    return document


async def _check_references(db: AsyncSession, user_id: int, form: dict[str, str]) -> None:
    """What the form named before the file is refused before anything is stored (checked again, locked,
    when the document is recorded)."""
    request_id, replaces_id = _reference_id(form, "requestId"), _reference_id(form, "replacesDocumentId")
    if request_id is not None:
        await _open_request(db, user_id, request_id, lock=False)
    if replaces_id is not None:
        await _replaceable(db, user_id, replaces_id, lock=False)
    if request_id is not None or replaces_id is not None:
        await db.rollback()  # give the connection back while the file streams


@dataclass(frozen=True)
class _References:
    request_id: int | None
    replaces_id: int | None


async def _answered_request(db: AsyncSession, user_id: int, references: _References,
                            replaced: Document | None) -> DocumentRequest | None:
    """The request the upload answers: the one named, or the one of the document it replaces."""
    request_id = references.request_id
    if replaced is not None:
        if request_id is not None and request_id != replaced.request_id:
            raise invalid_field("replacesDocumentId", DocumentsErrorCode.NOT_REPLACEABLE,
                                "This document was not uploaded for this request")
        request_id = replaced.request_id
    if request_id is None:
        return None
    request = await _open_request(db, user_id, request_id, lock=True)
    request.status, request.updated_at = SUBMITTED, utcnow()
    db.add(request)
    return request


async def _record_upload(db: AsyncSession, user_id: int, stored: StoredFile, name: str, description: str | None,
                         references: _References, quota: Quota) -> Document:
    """A document uploaded again in place of a rejected one (named in replacesDocumentId, or the rejected
    answer of the request it answers) becomes that one's next version."""
    await lock_account(db, user_id)  # held to the commit: the account's other uploads wait here
    quota.check_room_for(await usage_of(db, user_id), stored.size)
    replaced = (await _replaceable(db, user_id, references.replaces_id, lock=True)
                if references.replaces_id is not None else None)
    request = await _answered_request(db, user_id, references, replaced)
    if replaced is None and request is not None and request.id is not None:
        replaced = await _rejected_answer(db, request.id)
    application_id = request.application_id if request is not None else None
    if application_id is None:
        applicant = await db.get(Applicant, user_id)
        application_id = applicant.application_id if applicant else None
    request_id = request.id if request is not None else None
    document = Document(user_id=user_id, application_id=application_id, request_id=request_id, name=name,
                        description=description, file_name=stored.file_name, file_type=stored.kind.mime_type,
                        size=stored.size, object_key=stored.key, search_text=search_text(name, stored.file_name))
    if replaced is not None:
        document.replaces_id, document.first_version_id = replaced.id, replaced.first_version_id or replaced.id
    db.add(document)
    await db.flush()
    assert document.id is not None
    if replaced is not None:
        replaced.replaced_by_id = document.id
        db.add(replaced)
    add_event(db, DocumentUploaded(document_id=document.id, user_id=user_id, application_id=application_id,
                                   request_id=request_id, name=name, file_type=document.file_type,
                                   size=document.size))
    return document
