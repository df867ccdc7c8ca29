"""Removes objects that no document refers to. An upload stores its object first and commits its row
after; a process killed between the two leaves an object nobody can reach (the request that failed
normally removes it itself). Only objects older than a grace period are touched, so uploads in flight,
whose rows are about to be committed, are never taken."""

from datetime import timedelta

import anyio.to_thread
from sqlmodel import col, select

from documents.models import Document, PrivacyExport
from documents.storage import Storage
from portal_common.clock import utcnow
from portal_common.db import Database


async def sweep_orphans(db: Database, storage: Storage, older_than: timedelta, dry_run: bool = False) -> list[str]:
    """The keys of the orphaned objects, removed unless ``dry_run``."""
    cutoff = utcnow() - older_than
    # Listed before the rows are read: an object written meanwhile is too new to be taken anyway.
    old_objects = await anyio.to_thread.run_sync(
        lambda: [key for key, written in storage.objects() if written < cutoff])
    async with db.session() as session:
        referenced = set((await session.exec(select(col(Document.object_key)))).all())
        # A ready data export (issue 16) is referenced too, until its link expires and its own job removes it.
        referenced |= {key for key in (await session.exec(select(col(PrivacyExport.object_key)))).all() if key}
    orphans = [key for key in old_objects if key not in referenced]
    if not dry_run:
        for key in orphans:
            await anyio.to_thread.run_sync(storage.remove, key)
    return orphans
