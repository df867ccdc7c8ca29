"""The documents service's own Prometheus series (issue 21, Metrics): uploads in flight are what the autoscaler
scales on (deploy/k8s/base/documents.yaml), since an upload waits on the network and on S3 and barely uses CPU."""

import contextlib
import time
from collections.abc import AsyncIterator, Iterator

from prometheus_client import Counter, Gauge, Histogram

UPLOADS_IN_FLIGHT = Gauge("portal_documents_uploads_in_flight", "Uploads this process is receiving right now.")
UPLOAD_BYTES = Counter("portal_documents_upload_bytes_received", "Request body bytes received by uploads.")
S3_LATENCY = Histogram("portal_documents_s3_request_duration_seconds", "Time of one call to the S3 storage.",
                       ["operation"], buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0))
S3_ERRORS = Counter("portal_documents_s3_errors", "S3 calls that failed (outages and refusals).", ["operation"])


@contextlib.contextmanager
def upload_in_flight() -> Iterator[None]:
    UPLOADS_IN_FLIGHT.inc()
    try:
        yield
    finally:
        UPLOADS_IN_FLIGHT.dec()


async def counted(chunks: AsyncIterator[bytes]) -> AsyncIterator[bytes]:
    async for chunk in chunks:
        UPLOAD_BYTES.inc(len(chunk))
        yield chunk


@contextlib.contextmanager
def timed_s3_call(operation: str) -> Iterator[None]:
    started = time.perf_counter()
    try:
        yield
    except Exception:
        S3_ERRORS.labels(operation).inc()
        raise
    finally:
        S3_LATENCY.labels(operation).observe(time.perf_counter() - started)
