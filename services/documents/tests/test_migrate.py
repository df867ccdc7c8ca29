"""`python -m documents migrate` prepares all of the service's storage: its tables and its S3 bucket
(issue 7: MinIO and most S3 stores do not make buckets on their own, unlike `weed mini -bucket`)."""

import subprocess
import sys
import uuid
from typing import Any

from minio import Minio


def _migrate(stack: Any, bucket: str) -> subprocess.CompletedProcess[str]:
    env = {**stack.env, "S3_BUCKET": bucket}
    return subprocess.run([sys.executable, "-m", "documents", "migrate"], env=env, capture_output=True, text=True,
                          timeout=120, check=True)


def test_migrate_creates_a_missing_bucket_once(stack: Any) -> None:
    env = stack.env
    s3 = Minio(env["S3_ENDPOINT"], access_key=env["S3_ACCESS_KEY"], secret_key=env["S3_SECRET_KEY"], secure=False)
    bucket = f"migrate-{uuid.uuid4().hex[:12]}"
    assert not s3.bucket_exists(bucket)

    first = _migrate(stack, bucket)
    assert f"created bucket {bucket}" in first.stdout
    assert s3.bucket_exists(bucket)

    again = _migrate(stack, bucket)
    assert "created bucket" not in again.stdout
    s3.remove_bucket(bucket)
