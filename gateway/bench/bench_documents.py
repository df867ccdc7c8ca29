"""`make bench`: document upload throughput through the gateway against a direct S3 PUT of the same
bytes, side by side in one run (issue 5, issue 18), one upload at a time and four 50 MB uploads at once,
with the documents service's peak memory while the four run.

    cd gateway/bench && ../../.venv/bin/python bench_documents.py

The stack runs one documents replica here, so all four concurrent uploads land in one process and its
memory growth is the whole service's.
"""

import io
import statistics
import time
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from functools import partial

import httpx
from harness import MEGABYTE, PeakRss, bench_stack
from minio import Minio
from stack import Stack

from portal_common.auth import ASSERTION_HEADER, ASSERTION_TTL_SECONDS, sign_assertion
from testkit.accounts import registration

ROUNDS = {1: 20, 50: 4}  # file size in MB -> uploads of each kind
CONCURRENT_UPLOADS, CONCURRENT_MB = 4, 50
CONCURRENT_ROUNDS = 2
MEMORY_GOAL_MB = 64  # issue 18: the service within +64 MB during four concurrent 50 MB uploads
RATIO_GOAL = 0.7
BREAKDOWN_MB, BREAKDOWN_ROUNDS = 1, 20  # 40 uploads: within one applicant's quota of 50 documents


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


def pdf(size_mb: int) -> bytes:
    return b"%PDF-1.7\n" + bytes(size_mb * MEGABYTE - 9)


def straight_to_service(stack: Stack, gateway_client: httpx.Client) -> httpx.Client:
    """A client of the documents service itself, as the gateway would call it: no Traefik, no ForwardAuth."""
    user_id = gateway_client.get("/api/user").json()["id"]
    assertion = sign_assertion(stack.env["PORTAL_ASSERTION_SECRET"], user_id, "applicant", "et",
                               ttl=ASSERTION_TTL_SECONDS * 60)
    gateway_host = stack.gateway_url.split("://", 1)[1]  # as Traefik forwards it, for the same-origin check
    return httpx.Client(base_url=stack.service_url("documents"), timeout=300,
                        headers={"Origin": stack.gateway_url, "X-Forwarded-Host": gateway_host,
                                 ASSERTION_HEADER: assertion})


def timed_get(client: httpx.Client, path: str) -> float:
    started = time.perf_counter()
    assert client.get(path).status_code == 200
    return time.perf_counter() - started


def breakdown(stack: Stack, client: httpx.Client, s3: Minio, bucket: str) -> None:
    """Where a small upload's time goes (medians, ms): the whole upload through the gateway, the same upload
    straight to the documents service, a direct S3 PUT, and a protected GET through the gateway and straight
    to the service (the fixed cost of a request, whatever its body)."""
    payload = pdf(BREAKDOWN_MB)
    with straight_to_service(stack, client) as service:
        kinds: dict[str, Callable[[], float]] = {
            "upload via gateway": partial(through_gateway, client, payload),
            "upload to service": partial(through_gateway, service, payload),
            "S3 PUT": partial(direct_put, s3, bucket, payload),
            "GET /api/documents via gateway": partial(timed_get, client, "/api/documents?limit=1"),
            "GET /api/documents to service": partial(timed_get, service, "/api/documents?limit=1"),
        }
        times: dict[str, list[float]] = {name: [] for name in kinds}
        for _ in range(BREAKDOWN_ROUNDS):  # interleaved, so every kind sees the same machine load
            for name, measure in kinds.items():
                times[name].append(measure() * 1000)
    print(f"where a {BREAKDOWN_MB} MB upload's time goes ({BREAKDOWN_ROUNDS} of each, interleaved; median ms): "
          + ", ".join(f"{name} {statistics.median(values):.1f}" for name, values in times.items()), flush=True)


def signed_in(gateway: str) -> httpx.Client:
    client = httpx.Client(base_url=gateway, headers={"Origin": gateway}, timeout=300)
    assert client.post("/api/register", json=registration()).status_code == 201
    return client


def at_once(uploads: list[Callable[[], float]]) -> float:
    """Wall time for all of them started together."""
    started = time.perf_counter()
    with ThreadPoolExecutor(len(uploads)) as pool:
        list(pool.map(lambda upload: upload(), uploads))
    return time.perf_counter() - started


def row(label: str, megabytes: float, gateway_s: float, direct_s: float) -> str:
    gateway, direct = megabytes / gateway_s, megabytes / direct_s
    return f"{label:>12}{gateway:>10.1f}{direct:>11.1f}{gateway / direct:>8.2f}"


def sequential(client: httpx.Client, s3: Minio, bucket: str) -> None:
    for size_mb, rounds in ROUNDS.items():
        payload = pdf(size_mb)
        through_gateway(client, payload), direct_put(s3, bucket, payload)  # warm-up
        gateway_s = direct_s = 0.0
        for _ in range(rounds):  # interleaved, so both see the same machine load
            gateway_s += through_gateway(client, payload)
            direct_s += direct_put(s3, bucket, payload)
        print(row(f"{size_mb} MB", size_mb * rounds, gateway_s, direct_s), flush=True)


def concurrent(clients: list[httpx.Client], s3: Minio, bucket: str, pid: int) -> PeakRss:
    payload = pdf(CONCURRENT_MB)
    gateway_s = direct_s = 0.0
    with PeakRss([pid]) as memory:
        for _ in range(CONCURRENT_ROUNDS):
            gateway_s += at_once([partial(through_gateway, client, payload) for client in clients])
            direct_s += at_once([partial(direct_put, s3, bucket, payload)] * len(clients))
    label = f"{len(clients)}x{CONCURRENT_MB} MB"
    print(row(label, CONCURRENT_MB * len(clients) * CONCURRENT_ROUNDS, gateway_s, direct_s), flush=True)
    return memory


def run(stack: Stack) -> None:
    env = stack.env
    s3 = Minio(env["S3_ENDPOINT"], access_key=env["S3_ACCESS_KEY"], secret_key=env["S3_SECRET_KEY"], secure=False)
    (documents,) = [p.pid for name, p, _ in stack.processes if name.startswith("documents")]
    clients = [signed_in(stack.gateway_url) for _ in range(CONCURRENT_UPLOADS)]
    try:
        print("Upload throughput, same bytes each way (MB/s; higher is better; "
              f"goal: gateway/direct >= {RATIO_GOAL})")
        print(f"{'upload':>12}{'gateway':>10}{'direct S3':>11}{'ratio':>8}")
        sequential(clients[0], s3, env["S3_BUCKET"])
        memory = concurrent(clients, s3, env["S3_BUCKET"], documents)
        clients.append(signed_in(stack.gateway_url))  # the others' quota is spent
        breakdown(stack, clients[-1], s3, env["S3_BUCKET"])
    finally:
        for client in clients:
            client.close()
    print(f"documents service during {CONCURRENT_UPLOADS} concurrent {CONCURRENT_MB} MB uploads: peak RSS "
          f"{memory.peak[documents] / MEGABYTE:.1f} MB (+{memory.growth(documents):.1f} MB over its resting "
          f"size; goal: +{MEMORY_GOAL_MB} MB at most)")


def main() -> None:
    limits = {"DOCUMENTS_MAX_UPLOAD_BYTES": str(64 * MEGABYTE), "DOCUMENTS_QUOTA_BYTES": str(4096 * MEGABYTE)}
    with bench_stack("documents", limits, documents_replicas=1) as stack:
        run(stack)


if __name__ == "__main__":
    main()
