"""`make bench`: document upload throughput through the gateway against a direct S3 PUT of the same
bytes, side by side in one run (issue 5), and the documents service's peak memory during 50 MB uploads.

    cd gateway/bench && ../../.venv/bin/python bench_documents.py
"""

import io
import time
import uuid
from collections.abc import Iterator

import httpx
from harness import MEGABYTE, PeakRss, bench_stack
from minio import Minio
from stack import Stack

from conftest import registration

ROUNDS = {1: 20, 50: 4}  # file size in MB -> uploads of each kind


def multipart(payload: bytes, boundary: str) -> Iterator[bytes]:
    yield (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"bench.pdf\"\r\n"
           "Content-Type: application/pdf\r\n\r\n").encode()
    for start in range(0, len(payload), MEGABYTE):
        yield payload[start:start + MEGABYTE]
    yield f"\r\n--{boundary}--\r\n".encode()


def through_gateway(client: httpx.Client, payload: bytes) -> float:
    boundary = uuid.uuid4().hex
    started = time.perf_counter()
    response = client.post("/api/documents", content=multipart(payload, boundary),
                           headers={"Content-Type": f"multipart/form-data; boundary={boundary}"})
    elapsed = time.perf_counter() - started
    assert response.status_code == 201, response.text
    return elapsed


def direct_put(s3: Minio, bucket: str, payload: bytes) -> float:
    started = time.perf_counter()
    s3.put_object(bucket, f"bench/{uuid.uuid4()}", io.BytesIO(payload), len(payload), part_size=5 * MEGABYTE)
    return time.perf_counter() - started


def run(stack: Stack) -> None:
    env = stack.env
    s3 = Minio(env["S3_ENDPOINT"], access_key=env["S3_ACCESS_KEY"], secret_key=env["S3_SECRET_KEY"], secure=False)
    gateway = stack.gateway_url
    replicas = [p.pid for name, p, _ in stack.processes if name.startswith("documents")]
    with httpx.Client(base_url=gateway, headers={"Origin": gateway}, timeout=120) as client:
        assert client.post("/api/register", json=registration()).status_code == 201
        print("Upload throughput, sequential, same bytes each way (MB/s; higher is better)")
        print(f"{'size':>6}{'gateway':>10}{'direct S3':>11}{'ratio':>8}")
        for size_mb, rounds in ROUNDS.items():
            payload = b"%PDF-1.7\n" + bytes(size_mb * MEGABYTE - 9)
            through_gateway(client, payload), direct_put(s3, env["S3_BUCKET"], payload)  # warm-up
            gateway_s = direct_s = 0.0
            with PeakRss(replicas) as memory:
                for _ in range(rounds):  # interleaved, so both see the same machine load
                    gateway_s += through_gateway(client, payload)
                    direct_s += direct_put(s3, env["S3_BUCKET"], payload)
            total = size_mb * rounds
            print(f"{size_mb:>4}MB{total / gateway_s:>10.1f}{total / direct_s:>11.1f}"
                  f"{(total / gateway_s) / (total / direct_s):>8.2f}")
            if size_mb == max(ROUNDS):
                growth = max(memory.peak[pid] - memory.start[pid] for pid in replicas) / MEGABYTE
                peak = max(memory.peak.values()) / MEGABYTE
                print(f"documents service during the {size_mb} MB uploads: peak RSS {peak:.1f} MB "
                      f"(+{growth:.1f} MB over its resting size)")


def main() -> None:
    with bench_stack("documents", {"DOCUMENTS_MAX_UPLOAD_BYTES": str(64 * MEGABYTE)}) as stack:
        run(stack)


if __name__ == "__main__":
    main()
