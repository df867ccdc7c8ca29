"""What the benchmarks share: one real stack of their own (ports 27000+, or PORTAL_BENCH_PORT_BASE), started
and stopped around a run, and a sampler of processes' peak memory."""

import contextlib
import os
import shutil
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "deploy" / "local"))

from stack import Ports, RateLimit, Stack, StackConfig  # noqa: E402

from testkit.accounts import ADMIN_TOTP_SECRET  # noqa: E402

MEGABYTE = 1024 * 1024


@contextlib.contextmanager
def bench_stack(name: str, extra_env: dict[str, str] | None = None,
                admin: tuple[str, str] | None = None, documents_replicas: int = 2) -> Iterator[Stack]:
    data_dir = ROOT / ".test-data" / f"bench-{name}"
    shutil.rmtree(data_dir, ignore_errors=True)
    base = int(os.environ.get("PORTAL_BENCH_PORT_BASE", "27000"))
    stack = Stack(StackConfig(data_dir=data_dir, ports=Ports(base=base, gateway=base + 80),
                              documents_replicas=documents_replicas,
                              rate_limit=RateLimit(average=100, period="1s", burst=100), extra_env=extra_env or {},
                              admin_username=admin[0] if admin else None, admin_password=admin[1] if admin else None,
                              admin_totp_secret=ADMIN_TOTP_SECRET if admin else None))
    stack.start()
    try:
        yield stack
    finally:
        stack.stop()


def rss_bytes(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        line = next(line for line in status if line.startswith("VmRSS:"))
    return int(line.split()[1]) * 1024


class PeakRss:
    """The highest resident memory of some processes, sampled every 5 ms from /proc."""

    def __init__(self, pids: list[int]) -> None:
        self.pids = pids
        self.peak = {pid: rss_bytes(pid) for pid in pids}
        self.start = dict(self.peak)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            for pid in self.pids:
                self.peak[pid] = max(self.peak[pid], rss_bytes(pid))
            time.sleep(0.005)

    def growth(self, pid: int) -> float:
        """MB over the resting size."""
        return (self.peak[pid] - self.start[pid]) / MEGABYTE

    def __enter__(self) -> "PeakRss":
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()
