"""`make stack-suites` (issue 32): every suite on the stack, in two parts that run at the same time.

1. The tests that share the stack peacefully run in parallel workers (pytest-xdist), which attach to this
   process's stack: they make their own users, and each worker calls from a loopback address of its own.
2. Beside them, the tests marked `exclusive` (they stop, pause or restart the stack's processes, run replicas of
   their own, change what every user sees, or measure a process's memory) run one at a time in a pytest of their
   own, on a second stack that this pytest starts and stops (conftest.py's `stack`, PORTAL_TEST_PORT_BASE +
   EXCLUSIVE_PORT_OFFSET). Nothing else uses that stack, and they mostly wait on it: run after the parallel part,
   as they were, they left a core idle for seven minutes.

The parallel part's output shows as it runs; the exclusive part's, kept in a file, follows once both have ended.
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

from stack import Stack, interrupt_once

from testkit import ROOT, suite_stack
from testkit.counting import COUNTED

# Two cores: the tests mostly wait on the stack, so a few more workers than cores keep both busy (measured in the
# README's Tests section).
DEFAULT_WORKERS = 4
SLOWEST_SHOWN = 25
# Clear of the parallel part's stack (+ 0...200), the restore drill's (+ 250), test_local_stack's (+ 500...700) and
# test_storage_commands' (+ 750...): deploy/tests run beside this in `make test`.
EXCLUSIVE_PORT_OFFSET = 1000
# How long the exclusive part may take to stop its stack after an interrupt.
STOP_SECONDS = 120


def _pytest(arguments: list[str], counts: Path, env: dict[str, str], output: Path | None) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "pytest", f"--durations={SLOWEST_SHOWN}", "-p", "testkit.counting", *arguments]
    out = output.open("wb") if output is not None else None
    try:
        return subprocess.Popen(command, env={**env, "PORTAL_TEST_COUNTS": str(counts)}, cwd=ROOT,
                                stdout=out, stderr=subprocess.STDOUT if out else None)
    finally:
        if out is not None:
            out.close()  # the child has its own copy


def _start_exclusive(paths: list[str], counts: Path, output: Path) -> subprocess.Popen[bytes]:
    """Part 2: a lone pytest run, which starts a stack of its own on a base of its own."""
    base = int(os.environ.get("PORTAL_TEST_PORT_BASE", "28000")) + EXCLUSIVE_PORT_OFFSET
    env = {**os.environ, "PORTAL_TEST_PORT_BASE": str(base)}
    env.pop(suite_stack.ATTACH_VARIABLE, None)
    return _pytest(["-m", "exclusive", *paths], counts, env, output)


def _run_parallel(paths: list[str], workers: int, counts: Path) -> int:
    """Part 1, whose workers attach to this process's stack; its output shows as it runs."""
    env = {**os.environ, suite_stack.ATTACH_VARIABLE: "1"}
    arguments = ["-n", str(workers), "--dist", "worksteal", "-m", "not exclusive", *paths]
    part = _pytest(arguments, counts, env, None)
    try:
        return part.wait()
    except BaseException:
        part.kill()  # interrupted: this process stops the stack its workers use
        raise


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
        exclusive_output = Path(scratch, "exclusive.out")
        exclusive_part = _start_exclusive(arguments.paths, exclusive, exclusive_output)
        try:
            stack.start()
            print(f"stack started in {time.monotonic() - started:.0f}s", flush=True)
            try:
                parallel_code = _run_parallel(arguments.paths, arguments.workers, parallel)
            finally:
                stack.stop()
            exclusive_code = exclusive_part.wait()
        except BaseException:
            exclusive_part.terminate()  # SIGTERM: that pytest stops its own stack first (conftest.py's `stack`)
            exclusive_part.wait(STOP_SECONDS)
            raise
        finally:
            print("\n\nThe exclusive tests, on a stack of their own beside the parallel part:\n", flush=True)
            sys.stdout.buffer.write(exclusive_output.read_bytes())
            sys.stdout.flush()
        total = _summary([parallel, exclusive])
    print(f"\nstack suites, both parts, in {time.monotonic() - started:.0f}s "
          f"({total['skipped']} skipped, {total['xfailed']} xfailed, {total['xpassed']} xpassed):")
    print(f"stack: {total['passed']} passed, {total['failed'] + total['error']} failed", flush=True)
    # pytest's 5 ("no tests ran") is a failure of its own here: every part has tests.
    return 0 if (parallel_code, exclusive_code) == (0, 0) and total["failed"] + total["error"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
