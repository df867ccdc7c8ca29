"""`python -m documents sweep-orphans`: objects no document refers to (left by a process killed between
storing an upload and committing its row) are removed once they are old enough; documents' own objects
and recent objects are never touched. Against the real SeaweedFS and Postgres of the test stack."""

import subprocess
import sys
import uuid
from io import BytesIO
from typing import Any

import pytest
from minio import Minio

from conftest import Applicant

# Issue 32: alone on the stack, after the parallel part: it sweeps every stored object without a document, however
# young (another test's upload in flight too).
pytestmark = pytest.mark.exclusive

PDF = b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


def _sweep(stack: Any, *args: str) -> str:
    return subprocess.run([sys.executable, "-m", "documents", "sweep-orphans", *args], env=stack.env,
                          capture_output=True, text=True, timeout=120, check=True).stdout


def _exists(s3: Minio, bucket: str, key: str) -> bool:
    return any(item.object_name == key for item in s3.list_objects(bucket, prefix=key))


def test_only_old_objects_without_a_document_are_removed(stack: Any, make_applicant: Any, upload: Any, s3: Minio,
                                                          bucket: str, documents_db: Any) -> None:
    applicant: Applicant = make_applicant()
    document = upload(applicant.client, "kept.pdf", PDF, name="Kept").json()
    [kept_key] = documents_db.execute("select object_key from documents where id = %s", (document["id"],)).fetchone()
    orphan = f"orphan-{uuid.uuid4().hex}"
    s3.put_object(bucket, orphan, BytesIO(b"left behind"), length=11)

    assert f"removed {orphan}" not in _sweep(stack)  # the default grace period: a day
    assert f"would remove {orphan}" in _sweep(stack, "--older-than-hours", "0", "--dry-run")
    assert _exists(s3, bucket, orphan)

    output = _sweep(stack, "--older-than-hours", "0")
    assert f"removed {orphan}" in output and kept_key not in output
    assert not _exists(s3, bucket, orphan)
    assert _exists(s3, bucket, kept_key)
    assert applicant.client.get(document["filePath"]).content == PDF
