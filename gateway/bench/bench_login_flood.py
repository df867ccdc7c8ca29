"""`make bench`: identity's peak memory while 4 clients each send a 200 MB body to POST /api/login, through
the gateway and straight at the service, with a declared Content-Length and chunked (issue 11, Bounded
requests: goal at most +20 MB), and the latency of a signed-in GET /api/user meanwhile.

    cd gateway/bench && ../../.venv/bin/python bench_login_flood.py [--megabytes 200] [--clients 4]
"""

import argparse
import statistics
import threading
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import httpx
from harness import MEGABYTE, PeakRss, bench_stack
from stack import Stack

from testkit.accounts import registration


def login_body(size: int) -> Iterator[bytes]:
    """A JSON login whose username never ends: {"username": "aaaa..."}, sent 1 MB at a time."""
    yield b'{"username": "'
    chunk = b"a" * MEGABYTE
    for _ in range(size // MEGABYTE):
        yield chunk


def flood_once(base: str, size: int, declared: bool) -> str:
    headers = {"Origin": base, "Content-Type": "application/json"}  # same-origin, as the CSRF check wants
    if declared:
        headers["Content-Length"] = str(len(b'{"username": "') + size // MEGABYTE * MEGABYTE)
    try:
        return str(httpx.post(f"{base}/api/login", content=login_body(size), headers=headers, timeout=300).status_code)
    except httpx.HTTPError as error:
        return type(error).__name__


class Latency:
    """Signed-in GET /api/user through the gateway, one after another, until stopped."""

    def __init__(self, gateway: str, cookie: str) -> None:
        self.client = httpx.Client(base_url=gateway, headers={"Cookie": f"portal_session={cookie}"}, timeout=30)
        self.samples: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            started = time.perf_counter()
            self.client.get("/api/user")
            self.samples.append((time.perf_counter() - started) * 1000)

    def median(self) -> float:
        return statistics.median(self.samples) if self.samples else float("nan")

    def __enter__(self) -> "Latency":
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()
        self.client.close()


def run(stack: Stack, megabytes: int, clients: int, order: list[str]) -> None:
    gateway = stack.gateway_url
    with httpx.Client(base_url=gateway, headers={"Origin": gateway}) as signup:
        assert signup.post("/api/register", json=registration()).status_code == 201
        cookie = signup.cookies["portal_session"]
    identity = next(process.pid for name, process, _ in stack.processes if name == "identity")
    bases = {"gateway": gateway, "direct": stack.service_url("identity")}
    targets = {name: bases[name] for name in order}
    with Latency(gateway, cookie) as resting:
        time.sleep(2)
    print(f"POST /api/login, {clients} clients at once, {megabytes} MB body each; "
          f"identity's peak RSS (goal: at most +20 MB)")
    print(f"resting GET /api/user through the gateway: median {resting.median():.1f} ms")
    print(f"{'target':8}{'body':>10}{'answers':>22}{'seconds':>9}{'peak RSS MB':>13}{'growth MB':>11}"
          f"{'GET /api/user ms':>18}")
    for target, base in targets.items():
        for declared in (True, False):
            with PeakRss([identity]) as memory, Latency(gateway, cookie) as latency, \
                    ThreadPoolExecutor(max_workers=clients) as pool:
                started = time.perf_counter()
                answers = Counter(pool.map(flood_once, [base] * clients, [megabytes * MEGABYTE] * clients,
                                           [declared] * clients))
                elapsed = time.perf_counter() - started
            shown = ", ".join(f"{count}x {answer}" for answer, count in sorted(answers.items()))
            print(f"{target:8}{'length' if declared else 'chunked':>10}{shown:>22}{elapsed:>9.1f}"
                  f"{memory.peak[identity] / MEGABYTE:>13.1f}{memory.growth(identity):>11.1f}"
                  f"{latency.median():>18.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--megabytes", type=int, default=200)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--targets", default="gateway,direct",
                        help="in this order; the first flood's peak is the clean figure (freed memory stays resident)")
    args = parser.parse_args()
    with bench_stack("login-flood") as stack:
        run(stack, args.megabytes, args.clients, args.targets.split(","))


if __name__ == "__main__":
    main()
