"""`make bench`: the admin lists at scale (issue 17). Every admin list endpoint — first page, a text search, a
status filter, a sort, the last page — timed through the gateway at 1,000 applicants and again at 100,000
applicants with 300,000 documents and 100,000 contracts (seeded straight into the services' databases), printed
side by side; then the time until /admin shows its first page in Chromium at the larger size.

    cd gateway/bench && ../../.venv/bin/python bench_admin_lists.py [--large 100000] [--requests 60]
"""

import argparse
import statistics
import time
from collections.abc import Callable

import httpx
from harness import bench_stack
from seed_admin_lists import SEARCH_TERM, seed
from stack import Stack

from testkit.accounts import ADMIN_PASSWORD, ADMIN_USERNAME, admin_login_body

SMALL = 1_000
TARGET_P95_MS = 50.0
TARGET_FIRST_PAGE_S = 1.0
# Per endpoint: (label, query) for the five calls issue 17 names; "last" is filled in from X-Total-Count.
ENDPOINTS: dict[str, dict[str, str]] = {
    "/api/admin/applications": {"search": f"q={SEARCH_TERM}", "status": "status=pending", "sort": "sort=name"},
    "/api/admin/documents": {"search": f"q={SEARCH_TERM}", "status": "status=pending", "sort": "sort=name"},
    "/api/admin/document-requests": {"search": f"q={SEARCH_TERM}", "status": "status=overdue",
                                     "sort": "sort=dueDate"},
    "/api/admin/contracts": {"search": f"q={SEARCH_TERM}", "status": "status=awaiting", "sort": "sort=title"},
    "/api/admin/messages": {"search": f"q={SEARCH_TERM}", "status": "status=unread", "sort": "sort=subject"},
    "/api/admin/companies": {"search": "q=riiul", "status": "status=available", "sort": "sort=name"},
}
PAGE = 50


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def sign_in_admin(client: httpx.Client) -> httpx.Client:
    response = client.post("/api/login", json=admin_login_body())
    assert response.status_code == 200, response.text
    return client


def calls(client: httpx.Client) -> dict[str, str]:
    """Every URL to time, by "endpoint call"; the last page from the first page's X-Total-Count."""
    urls: dict[str, str] = {}
    for path, variants in ENDPOINTS.items():
        first = client.get(path)
        assert first.status_code == 200, f"{path}: {first.status_code} {first.text}"
        total = int(first.headers["X-Total-Count"])
        urls[f"{path} first"] = path
        urls.update({f"{path} {label}": f"{path}?{query}" for label, query in variants.items()})
        urls[f"{path} last"] = f"{path}?offset={max(0, (total - 1) // PAGE * PAGE)}&limit={PAGE}"
    return urls


def time_calls(client: httpx.Client, urls: dict[str, str], requests: int) -> dict[str, list[float]]:
    timings: dict[str, list[float]] = {name: [] for name in urls}
    for url in urls.values():
        client.get(url)  # warm-up: plans, caches, connections
    # Round-robin, so every call sees the same load on the machine.
    for _ in range(requests):
        for name, url in urls.items():
            started = time.perf_counter()
            response = client.get(url)
            timings[name].append((time.perf_counter() - started) * 1000)
            assert response.status_code == 200, f"{url}: {response.status_code} {response.text}"
    return timings


def first_page_seconds(stack: Stack, client: httpx.Client, runs: int = 5) -> list[float]:
    """From navigation to the first application row shown, signed in, caches warm after the first run."""
    from playwright.sync_api import sync_playwright

    from testkit.chromium import CHROMIUM, FLAGS

    seconds = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        context = browser.new_context(base_url=stack.gateway_url)
        host = httpx.URL(stack.gateway_url).host
        context.add_cookies([{"name": name, "value": value, "domain": host, "path": "/"}
                             for name, value in client.cookies.items()])
        page = context.new_page()
        for _ in range(runs):
            started = time.perf_counter()
            page.goto("/admin")
            page.get_by_test_id("application-row").first.wait_for(state="visible", timeout=30_000)
            seconds.append(time.perf_counter() - started)
        browser.close()
    return seconds


def report(small: dict[str, list[float]], large: dict[str, list[float]], large_size: int) -> None:
    print(f"\nAdmin lists through the gateway, {len(next(iter(small.values())))} sequential requests per call, "
          f"p50 / p95 in ms (target p95 < {TARGET_P95_MS:.0f} ms at {large_size:,} applicants)")
    print(f"{'call':52}{f'{SMALL:,} p50':>12}{'p95':>8}{f'{large_size:,} p50':>14}{'p95':>8}  ok")
    for name in small:
        s, big = small[name], large[name]
        ok = "yes" if percentile(big, 0.95) < TARGET_P95_MS else "NO"
        print(f"{name:52}{statistics.median(s):12.1f}{percentile(s, 0.95):8.1f}"
              f"{statistics.median(big):14.1f}{percentile(big, 0.95):8.1f}  {ok}")


def measure(stack: Stack, requests: int, large_size: int,
            progress: Callable[[str], None] = print) -> None:
    with httpx.Client(base_url=stack.gateway_url, headers={"Origin": stack.gateway_url}, timeout=30) as client:
        sign_in_admin(client)
        progress(f"seeding {SMALL:,} applicants ...")
        seed(stack, SMALL)
        small = time_calls(client, calls(client), requests)
        progress(f"seeding up to {large_size:,} applicants ...")
        seed(stack, large_size)
        large = time_calls(client, calls(client), requests)
        report(small, large, large_size)
        page = first_page_seconds(stack, client)
        print(f"\n/admin, first page shown in Chromium at {large_size:,} applicants: first load {page[0]:.2f} s, "
              f"then median {statistics.median(page[1:]):.2f} s (target < {TARGET_FIRST_PAGE_S:.0f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--large", type=int, default=100_000)
    parser.add_argument("--requests", type=int, default=60)
    args = parser.parse_args()
    with bench_stack("admin-lists", admin=(ADMIN_USERNAME, ADMIN_PASSWORD)) as stack:
        measure(stack, args.requests, args.large)


if __name__ == "__main__":
    main()
