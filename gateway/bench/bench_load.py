"""`make bench`: 50 signed-in applicants reading their dashboards at once (GET /api/user, /api/application,
/api/documents, /api/contracts, each as fast as it can), through the gateway and straight at the services (no
gateway, no ForwardAuth: the services are given the signed identity assertion the gateway would add), in
alternating rounds so both see the same machine load (issue 18, Under load: goal gateway ≥ 0.6× direct
throughput, p99 ≤ 150 ms at 50 concurrent). Prints requests/s, p50 and p99 of each, their ratio, and the share
of a CPU the load generator itself used: on 2 cores it competes with the stack it measures.

    cd gateway/bench && ../../.venv/bin/python bench_load.py [--users 50] [--seconds 15]
"""

import argparse
import asyncio
import os
import statistics
import time
from dataclasses import dataclass, field

import aiohttp
import httpx
from harness import bench_stack
from stack import Stack

from portal_common.auth import ASSERTION_HEADER, ASSERTION_TTL_SECONDS, sign_assertion
from testkit.accounts import registration

DASHBOARD = {"/api/user": "identity", "/api/application": "applications", "/api/documents": "documents",
             "/api/contracts": "contracts"}
ROUNDS = 3  # per path, alternating, so a burst of load elsewhere on the machine does not favour one path


@dataclass
class Reader:
    """One signed-in applicant: what its requests carry on each path."""

    cookie: str
    assertion: str


@dataclass
class Tally:
    timings_ms: list[float] = field(default_factory=list)
    failures: int = 0  # answers other than 200 and broken connections, left out of the timings
    seconds: float = 0.0
    cpu_seconds: float = 0.0


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def own_cpu_seconds() -> float:
    """User and system CPU time of this process so far, from /proc/self/stat."""
    with open("/proc/self/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def sign_up(stack: Stack, count: int) -> list[Reader]:
    gateway = stack.gateway_url
    secret = stack.env["PORTAL_ASSERTION_SECRET"]
    readers = []
    for _ in range(count):
        with httpx.Client(base_url=gateway, headers={"Origin": gateway}, timeout=30) as client:
            for _attempt in range(5):  # a machine loaded by other work may drop one; the setup is not measured
                response = client.post("/api/register", json=registration())
                if response.status_code < 500:
                    break
                time.sleep(1)
            assert response.status_code == 201, response.text
            # Long enough for the whole run; the gateway's assertions last ASSERTION_TTL_SECONDS.
            assertion = sign_assertion(secret, response.json()["id"], "applicant", "et", ttl=ASSERTION_TTL_SECONDS * 60)
            readers.append(Reader(f"portal_session={client.cookies['portal_session']}", assertion))
    return readers


def targets(stack: Stack, path_name: str) -> list[str]:
    if path_name == "gateway":
        return [f"{stack.gateway_url}{path}" for path in DASHBOARD]
    return [f"{stack.service_url(service)}{path}" for path, service in DASHBOARD.items()]


def headers_of(reader: Reader, path_name: str) -> dict[str, str]:
    # Straight at identity the cookie is the credential (it reads the session itself); at the others, the
    # assertion ForwardAuth would have added.
    return {"Cookie": reader.cookie, **({ASSERTION_HEADER: reader.assertion} if path_name == "direct" else {})}


async def read_dashboards(session: aiohttp.ClientSession, urls: list[str], headers: dict[str, str],
                          until: float, tally: Tally) -> None:
    while time.perf_counter() < until:
        for url in urls:
            started = time.perf_counter()
            try:
                async with session.get(url, headers=headers) as response:
                    await response.read()
            except aiohttp.ClientError:
                tally.failures += 1
                continue
            if response.status == 200:
                tally.timings_ms.append((time.perf_counter() - started) * 1000)
            else:
                tally.failures += 1


async def one_round(readers: list[Reader], urls: list[str], path_name: str, seconds: float, tally: Tally) -> None:
    connector = aiohttp.TCPConnector(limit=0, force_close=False)
    async with aiohttp.ClientSession(connector=connector) as session:
        cpu_before, started = own_cpu_seconds(), time.perf_counter()
        until = started + seconds
        await asyncio.gather(*(read_dashboards(session, urls, headers_of(reader, path_name), until, tally)
                               for reader in readers))
        tally.seconds += time.perf_counter() - started
        tally.cpu_seconds += own_cpu_seconds() - cpu_before


async def warm_up(stack: Stack, readers: list[Reader]) -> None:
    """Until every reader's dashboard answers on both paths (the application comes by an event)."""
    async with aiohttp.ClientSession() as session:
        for path_name in ("gateway", "direct"):
            for reader in readers:
                for url in targets(stack, path_name):
                    for _ in range(100):
                        async with session.get(url, headers=headers_of(reader, path_name)) as response:
                            if response.status == 200:
                                break
                        await asyncio.sleep(0.05)
                    else:
                        raise RuntimeError(f"{url} never answered 200")


async def run(stack: Stack, users: int, seconds: float) -> None:
    readers = sign_up(stack, users)
    await warm_up(stack, readers)
    tallies = {"gateway": Tally(), "direct": Tally()}
    for _ in range(ROUNDS):
        for path_name, tally in tallies.items():
            await one_round(readers, targets(stack, path_name), path_name, seconds / ROUNDS, tally)
    print(f"{users} signed-in applicants reading their dashboards at once (4 GETs each, in a loop), "
          f"{seconds:.0f} s per path in {ROUNDS} alternating rounds, keep-alive; goal gateway ≥ 0.6× direct, "
          f"p99 ≤ 150 ms")
    print(f"{'':10}{'requests/s':>12}{'p50 ms':>10}{'p99 ms':>10}{'generator CPU':>16}{'not 200':>10}")
    rates = {}
    for path_name, tally in tallies.items():
        rates[path_name] = len(tally.timings_ms) / tally.seconds  # answered with 200
        print(f"{path_name:10}{rates[path_name]:12.0f}{statistics.median(tally.timings_ms):10.1f}"
              f"{percentile(tally.timings_ms, 0.99):10.1f}{tally.cpu_seconds / tally.seconds:15.0%}"
              f"{tally.failures:10}")
    g, d = tallies["gateway"].timings_ms, tallies["direct"].timings_ms
    print(f"{'ratio':10}{rates['gateway'] / rates['direct']:12.2f}{statistics.median(g) / statistics.median(d):10.2f}"
          f"{percentile(g, 0.99) / percentile(d, 0.99):10.2f}   (gateway / direct; generator CPU is of one core, "
          f"the machine has {os.cpu_count()})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=15)
    args = parser.parse_args()
    with bench_stack("load") as stack:
        asyncio.run(run(stack, args.users, args.seconds))


if __name__ == "__main__":
    main()
