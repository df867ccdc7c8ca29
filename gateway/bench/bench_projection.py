"""`make bench`: how long after registration's 201 a new applicant is in both the contracts and the documents
services' projections (issue 18, Between services: goal p99 ≤ 100 ms). Registers applicants one at a time
through the gateway and, after each 201, polls both services' `applicants` tables until the user is in both.

    cd gateway/bench && ../../.venv/bin/python bench_projection.py [--applicants 200]
"""

import argparse
import asyncio
import statistics
import time

import httpx
import psycopg
from harness import bench_stack
from stack import Stack

from testkit.accounts import registration

PROJECTIONS = ("contracts", "documents")
POLL_SECONDS = 0.002  # the resolution of the figures
WARM_UP = 5  # registrations not counted: the first ones also pay for connections and consumers starting
GIVE_UP_SECONDS = 10.0


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


async def projected(connection: psycopg.AsyncConnection[tuple[int]], user_id: int) -> bool:
    cursor = await connection.execute("SELECT 1 FROM applicants WHERE user_id = %s", (user_id,))
    return await cursor.fetchone() is not None


async def lag_ms(connections: dict[str, psycopg.AsyncConnection[tuple[int]]], user_id: int,
                 registered_at: float) -> dict[str, float]:
    """Milliseconds from ``registered_at`` until the user is in each projection."""
    seen: dict[str, float] = {}
    while len(seen) < len(connections):
        for name, connection in connections.items():
            if name not in seen and await projected(connection, user_id):
                seen[name] = (time.perf_counter() - registered_at) * 1000
        if time.perf_counter() - registered_at > GIVE_UP_SECONDS:
            raise RuntimeError(f"user {user_id} not projected in {GIVE_UP_SECONDS} s: {seen}")
        await asyncio.sleep(POLL_SECONDS)
    return seen


async def run(stack: Stack, count: int) -> None:
    gateway = stack.gateway_url
    connections = {name: await psycopg.AsyncConnection.connect(stack.database_url(name), autocommit=True)
                   for name in PROJECTIONS}
    lags: dict[str, list[float]] = {name: [] for name in (*PROJECTIONS, "both")}
    try:
        async with httpx.AsyncClient(base_url=gateway, headers={"Origin": gateway}, timeout=30) as client:
            for n in range(WARM_UP + count):
                client.cookies.clear()
                response = await client.post("/api/register", json=registration())
                registered_at = time.perf_counter()
                assert response.status_code == 201, response.text
                seen = await lag_ms(connections, response.json()["id"], registered_at)
                if n < WARM_UP:
                    continue
                for name, lag in seen.items():
                    lags[name].append(lag)
                lags["both"].append(max(seen.values()))
    finally:
        for connection in connections.values():
            await connection.close()
    print(f"Registration's 201 to the user in the projections, {count} applicants one at a time "
          f"(after {WARM_UP} not counted; polled every {POLL_SECONDS * 1000:.0f} ms; goal p99 ≤ 100 ms for both)")
    print(f"{'':12}{'median ms':>12}{'p99 ms':>12}{'max ms':>12}")
    for name, samples in lags.items():
        print(f"{name:12}{statistics.median(samples):12.1f}{percentile(samples, 0.99):12.1f}{max(samples):12.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--applicants", type=int, default=200)
    args = parser.parse_args()
    with bench_stack("projection") as stack:
        asyncio.run(run(stack, args.applicants))


if __name__ == "__main__":
    main()
