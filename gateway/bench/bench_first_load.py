"""`make bench`: the first load as a visitor feels it (issue 18 "First load"), in Chromium through the gateway:
the gzipped JavaScript the landing page loads, and the time until the dashboard's application tab shows its
content on a 150 ms round-trip link, with the number of request rounds before it (median of a few loads).

    cd gateway/bench && PORTAL_BENCH_PORT_BASE=41000 ../../.venv/bin/python bench_first_load.py [--loads 5]
"""

import argparse
import gzip
import statistics
import time

from harness import bench_stack
from playwright.sync_api import sync_playwright
from stack import Stack

from testkit.accounts import Applicant, browser_client, registration
from testkit.chromium import CHROMIUM, FLAGS, new_context
from web.e2e.test_first_load import LATENCY_MS, landing_scripts, open_dashboard_on_a_slow_link, round_trips


def signed_up_applicant(gateway: str) -> Applicant:
    client = browser_client(gateway)
    body = registration()
    response = client.post("/api/register", json=body)
    assert response.status_code == 201, response.text
    deadline = time.monotonic() + 10
    while client.get("/api/application").status_code != 200:  # the applications service learns of it by event
        assert time.monotonic() < deadline, "application not projected"
        time.sleep(0.1)
    return Applicant(client, response.json(), body["password"])


def run(stack: Stack, loads: int) -> None:
    gateway = stack.gateway_url
    applicant = signed_up_applicant(gateway)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        context = new_context(browser, gateway)
        scripts = landing_scripts(context.new_page())
        context.close()
        timings: list[float] = []
        rounds: list[int] = []
        files: list[int] = []
        for _ in range(loads):
            context = new_context(browser, gateway)
            load = open_dashboard_on_a_slow_link(context, applicant, gateway)
            timings.append(load.content_at)
            rounds.append(round_trips(load.requests))
            files.append(len(load.scripts))
            context.close()
        browser.close()
    applicant.client.close()
    raw_kb = sum(len(body) for body in scripts.values()) / 1024
    gzip_kb = sum(len(gzip.compress(body)) for body in scripts.values()) / 1024
    print(f"landing page /: {len(scripts)} JavaScript files, {gzip_kb:.1f} KB gzipped ({raw_kb:.0f} KB raw)")
    print(f"dashboard at {LATENCY_MS} ms round trip, {loads} loads: application tab content after "
          f"{statistics.median(timings):.0f} ms median (min {min(timings):.0f}, max {max(timings):.0f}), "
          f"{max(rounds)} request rounds and {max(files)} JavaScript files before it")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--loads", type=int, default=5)
    args = parser.parse_args()
    with bench_stack("first-load") as stack:
        run(stack, args.loads)


if __name__ == "__main__":
    main()
