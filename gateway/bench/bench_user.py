"""`make bench`: latency of GET /api/user through the gateway and straight at the identity service,
measured side by side in one run (issue 2). Prints median and p99 of each, and their ratio.

    cd gateway/bench && ../../.venv/bin/python bench_user.py [--requests 2000]
"""

import argparse
import statistics
import time

import httpx
from harness import bench_stack
from stack import Stack

from testkit.accounts import registration


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def measure(client: httpx.Client, url: str, count: int) -> list[float]:
    timings = []
    for _ in range(count):
        started = time.perf_counter()
        response = client.get(url)
        timings.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, response.text
    return timings


def run(stack: Stack, count: int) -> None:
    gateway = stack.gateway_url
    with httpx.Client(base_url=gateway, headers={"Origin": gateway}) as signup:
        assert signup.post("/api/register", json=registration()).status_code == 201
        token = signup.cookies["portal_session"]
    cookie = {"Cookie": f"portal_session={token}"}
    targets = {"gateway": f"{gateway}/api/user", "direct": f"{stack.service_url('identity')}/api/user"}
    results: dict[str, list[float]] = {name: [] for name in targets}
    with httpx.Client(headers=cookie) as client:
        for url in targets.values():
            measure(client, url, 200)  # warm-up: connections, caches
        # Interleave rounds so both see the same machine load.
        for _ in range(10):
            for name, url in targets.items():
                results[name] += measure(client, url, count // 10)
    print(f"GET /api/user, {count} sequential requests each, keep-alive, one signed-in session")
    print(f"{'':10}{'median ms':>12}{'p99 ms':>12}")
    for name, samples in results.items():
        print(f"{name:10}{statistics.median(samples):12.2f}{percentile(samples, 0.99):12.2f}")
    g, d = results["gateway"], results["direct"]
    print(f"{'ratio':10}{statistics.median(g) / statistics.median(d):12.2f}"
          f"{percentile(g, 0.99) / percentile(d, 0.99):12.2f}   (gateway / direct)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=2000)
    args = parser.parse_args()
    with bench_stack("user") as stack:
        run(stack, args.requests)


if __name__ == "__main__":
    main()
