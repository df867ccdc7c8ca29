"""`make stack-suites` (issue 32): every suite on the stack, in two parts at the same time, on two stacks.

1. The tests that share the stack peacefully run in parallel workers (pytest-xdist), which attach to the first
   stack: they make their own users, and each worker calls from a loopback address of its own.
2. Meanwhile the tests marked `exclusive` (they stop, pause or restart the stack's processes, run replicas of their
   own, change what every user sees, or measure a process's memory) run one at a time in this process on a second
   stack of their own (ports EXCLUSIVE_STACK_OFFSET higher), which this process owns, with nothing else on it. They
   mostly wait (outages, back-offs, rounds), so they cost the first part's workers little CPU.

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
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import IO

import pytest
from stack import Stack, interrupt_once

from testkit import ROOT, suite_stack
from testkit.counting import COUNTED, Counts

# Two cores: the tests mostly wait on the stack, so a few more workers than cores keep both busy (measured in the
# README's Tests section).
DEFAULT_WORKERS = 4
SLOWEST_SHOWN = 25


def _start_parallel(paths: list[str], workers: int, counts: Path, output: IO[bytes]) -> subprocess.Popen[bytes]:
    """Part 1 in a child pytest whose workers attach to the first stack; its counts land in ``counts``, its
    report in ``output`` (shown after part 2's, so that the two do not interleave)."""
    env = {**os.environ, suite_stack.ATTACH_VARIABLE: "1", "PORTAL_TEST_COUNTS": str(counts)}
    command = [sys.executable, "-m", "pytest", "-n", str(workers), "--dist", "worksteal", "-m", "not exclusive",
               f"--durations={SLOWEST_SHOWN}", "-p", "testkit.counting", *paths]
    return subprocess.Popen(command, env=env, cwd=ROOT, stdout=output, stderr=subprocess.STDOUT)


def _run_exclusive(paths: list[str], counts: Path) -> int:
    """Part 2 here, where the second stack's processes are this process's children."""
    plugin = Counts(counts)
    quiet = ["-W", "ignore::pytest.PytestAssertRewriteWarning"]  # this process imported httpx's anyio already
    return int(pytest.main(["-m", "exclusive", f"--durations={SLOWEST_SHOWN}", *quiet, *paths], plugins=[plugin]))


def _start_all(stacks: list[Stack]) -> None:
    """Starts the stacks side by side (each mostly waits for its processes to answer); raises the first failure."""
    with ThreadPoolExecutor(len(stacks)) as pool:
        for started in [pool.submit(stack.start) for stack in stacks]:
            started.result()


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

    base = suite_stack.port_base()
    configs = [suite_stack.suite_config(base), suite_stack.suite_config(base + suite_stack.EXCLUSIVE_STACK_OFFSET)]
    for config in configs:  # each run starts empty; the last run's logs stay for reading
        shutil.rmtree(config.data_dir, ignore_errors=True)
    stacks = [Stack(config) for config in configs]
    started = time.monotonic()
    with interrupt_once(), tempfile.TemporaryDirectory() as scratch:
        parallel, exclusive = Path(scratch, "parallel.json"), Path(scratch, "exclusive.json")
        try:
            _start_all(stacks)
            print(f"stacks started in {time.monotonic() - started:.0f}s", flush=True)
            with Path(scratch, "parallel.log").open("w+b") as report:
                workers = _start_parallel(arguments.paths, arguments.workers, parallel, report)
                try:
                    suite_stack.RUNNING = stacks[1]
                    exclusive_code = _run_exclusive(arguments.paths, exclusive)
                    parallel_code = workers.wait()
                finally:
                    suite_stack.RUNNING = None
                    if workers.poll() is None:
                        workers.terminate()
                        workers.wait()
                    report.seek(0)
                    sys.stdout.flush()
                    sys.stdout.buffer.write(report.read())
                    sys.stdout.flush()
        finally:
            for stack in stacks:
                stack.stop()
        total = _summary([parallel, exclusive])
    print(f"\nstack suites, both parts, in {time.monotonic() - started:.0f}s "
          f"({total['skipped']} skipped, {total['xfailed']} xfailed, {total['xpassed']} xpassed):")
    print(f"stack: {total['passed']} passed, {total['failed'] + total['error']} failed", flush=True)
    # pytest's 5 ("no tests ran") is a failure of its own here: every part has tests.
    return 0 if (parallel_code, exclusive_code) == (0, 0) and total["failed"] + total["error"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
