"""The upload quota of an account (issue 11, Bounded requests): at most ``DOCUMENTS_QUOTA_FILES`` documents
and ``DOCUMENTS_QUOTA_BYTES`` in total, rejected and pending ones included (documents are never deleted).

It is checked before a byte of the file is read, enforced while the file streams (a file that would take
the total over is cut off like one over the size limit), and checked once more when the document is
recorded, under a per-account lock held to the commit: two uploads of one account racing on two replicas
both pass the first checks, but only one of them fits in the end."""

from dataclasses import dataclass

from sqlalchemy import func, text
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from documents.config import DocumentsSettings
from documents.errors import DocumentsErrorCode
from documents.models import Document
from portal_common.errors import ApiError

MEGABYTE = 1024 * 1024
# The first key of the two-key advisory lock ("docq"), so the account id as the second cannot meet
# another lock of the same database.
QUOTA_LOCK_NAMESPACE = 0x646F6371


@dataclass(frozen=True)
class Usage:
    files: int
    bytes: int


@dataclass(frozen=True)
class Quota:
    max_files: int
    max_bytes: int

    @classmethod
    def from_settings(cls, settings: DocumentsSettings) -> "Quota":
        return cls(settings.quota_files, settings.quota_bytes)

    def files_exceeded(self) -> ApiError:
        return quota_exceeded(f"You have reached the limit of {self.max_files} documents")

    def bytes_exceeded(self) -> ApiError:
        return quota_exceeded(f"Your documents would take more than the {self.max_bytes / MEGABYTE:g} MB "
                              "you can store")

    def bytes_left(self, usage: Usage) -> int:
        """What the next file may take; raises if no further file is allowed at all."""
        if usage.files >= self.max_files:
            raise self.files_exceeded()
        left = self.max_bytes - usage.bytes
        if left <= 0:
            raise self.bytes_exceeded()
        return left

    def check_room_for(self, usage: Usage, size: int) -> None:
        if size > self.bytes_left(usage):
            raise self.bytes_exceeded()


def quota_exceeded(message: str) -> ApiError:
    return ApiError.on_field(413, DocumentsErrorCode.QUOTA_EXCEEDED, "file", message)


async def usage_of(db: AsyncSession, user_id: int) -> Usage:
    files, stored = (await db.exec(select(func.count(col(Document.id)), func.coalesce(func.sum(col(Document.size)), 0))
                                   .where(col(Document.user_id) == user_id))).one()
    return Usage(int(files), int(stored))


async def lock_account(db: AsyncSession, user_id: int) -> None:
    """Serialises recording uploads of one account until the transaction ends (whichever replica)."""
    await db.execute(text("select pg_advisory_xact_lock(:namespace, :user_id)"),
                     {"namespace": QUOTA_LOCK_NAMESPACE, "user_id": user_id})
