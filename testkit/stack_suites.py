"""`make stack-suites` (issue 32): every suite on the stack, in two parts that run at the same time.

1. The tests that share the stack peacefully run in parallel workers (pytest-xdist), which attach to this
   process's stack: they make their own users, and each worker calls from a loopback address of its own.
2. Beside them, the tests marked `exclusive` (they stop, pause or restart the stack's processes, run replicas of
   their own, change what every user sees, measure a process's memory, or compare answer times) run one at a time
   in a pytest of their own, on a second stack that pytest starts and owns (ports from $PORTAL_TEST_PORT_BASE +
   EXCLUSIVE_PORT_OFFSET), with nothing else on it. They mostly wait (timeouts, outages, retries), so they cost the
   parallel part little, and they come first for the CPU (PARALLEL_NICENESS): some time their answers.

Usage: python -m testkit.stack_suites [--workers N] PATH... ; it ends with one line of the counts of both parts.
"""

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import IO

from stack import Stack, interrupt_once

from testkit import ROOT, suite_stack
from testkit.counting import COUNTED

# Two cores: the tests mostly wait on the stack, so a few more workers than cores keep both busy (measured in the
# README's Tests section).
DEFAULT_WORKERS = 4
SLOWEST_SHOWN = 25
# The exclusive part's stack: clear of the first stack's ports (base to base + 200, deploy/local/stack.py Ports) and
# of the deployment tests' stacks beside this run (+ 250, + 500, + 750, deploy/tests).
EXCLUSIVE_PORT_OFFSET = 1000
# The parallel workers and their browsers yield the CPU to the exclusive part, whose outage tests time answers
# (503 within 3 s) that a starved service missed (runs 27, 31), and to the jobs beside the stack suites; they take the
# rest. The stack they test runs at the usual priority.
PARALLEL_NICENESS = 5


def _start_parallel(paths: list[str], workers: int, counts: Path) -> subprocess.Popen[bytes]:
    """Part 1 in a child pytest whose workers attach to this process's stack; its counts land in ``counts``."""
    env = {**os.environ, suite_stack.ATTACH_VARIABLE: "1", "PORTAL_TEST_COUNTS": str(counts)}
    command = ["nice", "-n", str(PARALLEL_NICENESS), sys.executable, "-m", "pytest", "-n", str(workers),
               "--dist", "worksteal", "-m", "not exclusive", f"--durations={SLOWEST_SHOWN}", "-p", "testkit.counting",
               *paths]
    return subprocess.Popen(command, env=env, cwd=ROOT)


def _start_exclusive(paths: list[str], counts: Path, output: IO[bytes]) -> subprocess.Popen[bytes]:
    """Part 2 in a child pytest that starts, owns and stops a stack of its own; its report goes to ``output``,
    shown after part 1's so the two do not interleave."""
    base = suite_stack.suite_config().ports.base + EXCLUSIVE_PORT_OFFSET
    env = {**os.environ, "PORTAL_TEST_PORT_BASE": str(base), "PORTAL_TEST_COUNTS": str(counts)}
    env.pop(suite_stack.ATTACH_VARIABLE, None)
    command = [sys.executable, "-m", "pytest", "-m", "exclusive", f"--durations={SLOWEST_SHOWN}",
               "-p", "testkit.counting", *paths]
    return subprocess.Popen(command, env=env, cwd=ROOT, stdout=output, stderr=subprocess.STDOUT)


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
        with Path(scratch, "exclusive.log").open("w+b") as exclusive_output:
            exclusive_part = _start_exclusive(arguments.paths, exclusive, exclusive_output)
            try:
                stack.start()
                print(f"stack started in {time.monotonic() - started:.0f}s", flush=True)
                try:
                    parallel_code = _start_parallel(arguments.paths, arguments.workers, parallel).wait()
                finally:
                    stack.stop()
                print(f"\nparallel part done in {time.monotonic() - started:.0f}s; the exclusive part, on its own "
                      "stack:", flush=True)
                exclusive_code = exclusive_part.wait()
            finally:
                if exclusive_part.poll() is None:  # interrupted: its pytest stops its stack on SIGINT
                    exclusive_part.send_signal(signal.SIGINT)
                    exclusive_part.wait()
                exclusive_output.seek(0)
                sys.stdout.buffer.write(exclusive_output.read())
                sys.stdout.flush()
        total = _summary([parallel, exclusive])
    print(f"\nstack suites, both parts, in {time.monotonic() - started:.0f}s "
          f"({total['skipped']} skipped, {total['xfailed']} xfailed, {total['xpassed']} xpassed):")
    print(f"stack: {total['passed']} passed, {total['failed'] + total['error']} failed", flush=True)
    # pytest's 5 ("no tests ran") is a failure of its own here: every part has tests.
    return 0 if (parallel_code, exclusive_code) == (0, 0) and total["failed"] + total["error"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
