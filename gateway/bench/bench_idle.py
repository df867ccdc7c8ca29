"""`make bench`: what a stack that nobody uses costs (issue 37, Idle cost: goal under 3 CPU seconds in all over 60
idle seconds). Starts the stack, lets start-up settle, then reads every process group's CPU time from /proc
(each started process leads a group of its own: Postgres' backends, for example, are in the postmaster's) at the
start and the end of the idle minute and prints the difference per process, busiest first.

    cd gateway/bench && ../../.venv/bin/python bench_idle.py [--seconds 60] [--settle 20]
"""

import argparse
import os
import time
from pathlib import Path

from harness import bench_stack
from stack import Stack

PROC = Path("/proc")
TICKS_PER_SECOND = os.sysconf("SC_CLK_TCK")
GOAL_SECONDS = 3.0


def group_cpu_seconds(groups: set[int]) -> dict[int, float]:
    """user + system time of every live process in each group, plus what its reaped children used."""
    used = dict.fromkeys(groups, 0.0)
    for stat in PROC.glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # exited while we looked
        group = int(fields[2])
        if group in used:
            utime, stime, cutime, cstime = (int(value) for value in fields[11:15])
            used[group] += (utime + stime + cutime + cstime) / TICKS_PER_SECOND
    return used


def measure(stack: Stack, seconds: float) -> list[tuple[str, float]]:
    names = {process.pid: name for name, process, _ in stack.processes}
    before = group_cpu_seconds(set(names))
    time.sleep(seconds)
    after = group_cpu_seconds(set(names))
    # A group whose members all exited in between (none should) counts as zero rather than negative.
    return sorted(((names[group], max(0.0, after[group] - before[group])) for group in names),
                  key=lambda entry: entry[1], reverse=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--settle", type=float, default=20.0, help="seconds after start-up before measuring")
    args = parser.parse_args()
    with bench_stack("idle") as stack:
        time.sleep(args.settle)
        figures = measure(stack, args.seconds)
    total = sum(seconds for _, seconds in figures)
    print(f"Idle cost over {args.seconds:.0f} s with no traffic (goal: under {GOAL_SECONDS:.0f} CPU s in all):")
    for name, seconds in figures:
        print(f"  {name:<24} {seconds:6.2f} s")
    print(f"  {'all':<24} {total:6.2f} s  ({'met' if total < GOAL_SECONDS else 'NOT met'})")


if __name__ == "__main__":
    main()
