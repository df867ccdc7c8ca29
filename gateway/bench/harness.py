"""What the benchmarks share: one real stack of their own (ports 27000+), started and stopped around a run."""

import contextlib
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "deploy" / "local"))

from stack import Ports, RateLimit, Stack, StackConfig  # noqa: E402

MEGABYTE = 1024 * 1024


@contextlib.contextmanager
def bench_stack(name: str, extra_env: dict[str, str] | None = None) -> Iterator[Stack]:
    data_dir = ROOT / ".test-data" / f"bench-{name}"
    shutil.rmtree(data_dir, ignore_errors=True)
    stack = Stack(StackConfig(data_dir=data_dir, ports=Ports(base=27000, gateway=27080),
                              rate_limit=RateLimit(average=100, period="1s", burst=100), extra_env=extra_env or {}))
    stack.start()
    try:
        yield stack
    finally:
        stack.stop()
