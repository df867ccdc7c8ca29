"""`make stack-suites` (issue 32): every suite on the stack, against one stack, in two parts.

1. The tests that share the stack peacefully run in parallel workers (pytest-xdist), which attach to this
   process's stack: they make their own users, and each worker calls from a loopback address of its own.
2. Then the tests marked `exclusive` (they stop, pause or restart the stack's processes, run replicas of their own,
   change what every user sees, or measure a process's memory) run one at a time in this process, which owns the
   stack's processes, with nothing beside them.

Usage: python -m testkit.stack_suites [--workers N] PATH... ; it ends with one line of the counts of both parts.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from stack import Stack, interrupt_once

from testkit import ROOT, suite_stack
from testkit.counting import COUNTED, Counts

# Two cores: the tests mostly wait on the stack, so a few more workers than cores keep both busy (measured in the
# README's Tests section).
DEFAULT_WORKERS = 4
SLOWEST_SHOWN = 25


def _run_parallel(paths: list[str], workers: int, counts: Path) -> int:
    """Part 1 in a child pytest whose workers attach to the stack; its counts land in ``counts``."""
    env = {**os.environ, suite_stack.ATTACH_VARIABLE: "1", "PORTAL_TEST_COUNTS": str(counts)}
    command = [sys.executable, "-m", "pytest", "-n", str(workers), "--dist", "worksteal", "-m", "not exclusive",
               f"--durations={SLOWEST_SHOWN}", "-p", "testkit.counting", *paths]
    return subprocess.run(command, env=env, cwd=ROOT, check=False).returncode


def _run_exclusive(paths: list[str], counts: Path) -> int:
    """Part 2 here, where the stack's processes are this process's children."""
    plugin = Counts(counts)
    quiet = ["-W", "ignore::pytest.PytestAssertRewriteWarning"]  # this process imported httpx's anyio already
    return int(pytest.main(["-m", "exclusive", f"--durations={SLOWEST_SHOWN}", *quiet, *paths], plugins=[plugin]))


def _summary(parts: list[Path]) -> dict[str, int]:
    total = dict.fromkeys(COUNTED, 0)
    for part in parts:
        if part.exists():
            for key, value in json.loads(part.read_text()).items():
                total[key] += value
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=int(os.environ.get("PORTAL_TEST_WORKERS", DEFAULT_WORKERS)))
    parser.add_argument("paths", nargs="+")
    arguments = parser.parse_args()

    config = suite_stack.suite_config()
    shutil.rmtree(config.data_dir, ignore_errors=True)  # each run starts empty; the last run's logs stay for reading
    stack = Stack(config)
    started = time.monotonic()
    with interrupt_once(), tempfile.TemporaryDirectory() as scratch:
        parallel, exclusive = Path(scratch, "parallel.json"), Path(scratch, "exclusive.json")
        stack.start()
        print(f"stack started in {time.monotonic() - started:.0f}s", flush=True)
        try:
            suite_stack.RUNNING = stack
            parallel_code = _run_parallel(arguments.paths, arguments.workers, parallel)
            exclusive_code = _run_exclusive(arguments.paths, exclusive)
        finally:
            suite_stack.RUNNING = None
            stack.stop()
        total = _summary([parallel, exclusive])
    print(f"\nstack suites, both parts, in {time.monotonic() - started:.0f}s "
          f"({total['skipped']} skipped, {total['xfailed']} xfailed, {total['xpassed']} xpassed):")
    print(f"stack: {total['passed']} passed, {total['failed'] + total['error']} failed", flush=True)
    # pytest's 5 ("no tests ran") is a failure of its own here: every part has tests.
    return 0 if (parallel_code, exclusive_code) == (0, 0) and total["failed"] + total["error"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
