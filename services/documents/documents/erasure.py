"""Erasure in documents (issue 16, Erasure (Art. 17) and retention): on ``identity.privacy.erasure.approved`` the
person's documents and document requests go, with their files in S3 storage, their data exports (rows, pieces
and zips), their applicant projection and the person in this service's outbox copies of its events.

The files are removed before the rows, and a removal that fails raises: the event is then handled again (the
transaction rolls back, the consumer retries), so no row is gone while its file stays. Removing an object that
is already gone succeeds (S3 semantics), which makes the retry harmless.
"""

from functools import lru_cache

import anyio.to_thread
from sqlalchemy import delete
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from documents.config import get_settings
from documents.models import Applicant, Document, DocumentRequest, KnownApplication, PrivacyExport, PrivacyExportPiece
from documents.storage import Storage
from portal_common.app import Subscription
from portal_common.erasure import needles, scrub_outbox, scrub_outbox_fields
from portal_common.events import DocumentsErasureDone, ErasureApproved, EventEnvelope, read_payload
from portal_common.outbox import add_event

SERVICE = "documents"
FREE_TEXT = ("name", "description", "reason")  # document and request names, a rejection's reason


@lru_cache
def storage() -> Storage:
    return Storage.from_settings(get_settings())


async def on_erasure_approved(db: AsyncSession, envelope: EventEnvelope) -> None:
    event = read_payload(envelope, ErasureApproved)
    applicant = await db.get(Applicant, event.user_id)
    found = needles(event.email, event.id_code, *(
        (applicant.full_name, applicant.email, applicant.id_code, applicant.username) if applicant else ()))
    await _remove_files(db, event.user_id)
    await _delete_rows(db, event.user_id)
    await scrub_outbox(db, found)
    await scrub_outbox_fields(db, event.user_id, FREE_TEXT)
    add_event(db, DocumentsErasureDone(request_id=event.request_id, user_id=event.user_id, service=SERVICE))


async def _remove_files(db: AsyncSession, user_id: int) -> None:
    documents = (await db.exec(select(Document.object_key).where(col(Document.user_id) == user_id))).all()
    exports = (await db.exec(select(PrivacyExport.object_key).where(col(PrivacyExport.user_id) == user_id))).all()
    target = storage()
    for key in [*documents, *(key for key in exports if key)]:
        await anyio.to_thread.run_sync(target.client.remove_object, target.bucket, key)


async def _delete_rows(db: AsyncSession, user_id: int) -> None:
    exports = select(PrivacyExport.id).where(col(PrivacyExport.user_id) == user_id)
    await db.execute(delete(PrivacyExportPiece).where(col(PrivacyExportPiece.export_id).in_(exports)))
    await db.execute(delete(PrivacyExport).where(col(PrivacyExport.user_id) == user_id))
    # One statement: the versions of a document name each other (replaces / replaced by).
    await db.execute(delete(Document).where(col(Document.user_id) == user_id))
    await db.execute(delete(DocumentRequest).where(col(DocumentRequest.user_id) == user_id))
    await db.execute(delete(KnownApplication).where(col(KnownApplication.user_id) == user_id))
    await db.execute(delete(Applicant).where(col(Applicant.user_id) == user_id))


SUBSCRIPTIONS = [Subscription(ErasureApproved.TYPE, on_erasure_approved)]
