"""`make bench`: payroll at scale (issue 23, "Scale"). Board members with bank details and one payment due each
are seeded straight into payroll's database through its own table definitions, 1,000 and then 10,000 more; for
each size a pay run is created through the gateway (target <= 5 s at 10,000), approved, and its SEPA file made
(target <= 2 s), while the payroll process's resident memory is sampled (target < 300 MB). Printed side by side.

    cd gateway/bench && ../../.venv/bin/python bench_payroll.py [--large 10000]
"""

import argparse
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

import httpx
from harness import MEGABYTE, PeakRss, bench_stack, rss_bytes
from lxml import etree
from schwifty import IBAN
from schwifty.exceptions import SchwiftyException
from sqlalchemy import Table, create_engine, insert
from stack import Stack

from payroll.models import Employment, Payment, PayoutDetails, Person
from payroll.runs import today
from payroll.schedule import is_banking_day
from testkit.accounts import ADMIN_PASSWORD, ADMIN_USERNAME, admin_login_body

SMALL = 1_000
SEEDED_BASE = 70_000_000  # user and application ids far above real accounts
CHUNK = 5_000
MONTHLY_GROSS_CENTS = 50_000
PENSION_RATES = (0, 2, 4, 6)
TARGET_RUN_S = 5.0
TARGET_SEPA_S = 2.0
TARGET_RSS_MB = 300.0
PAIN_NS = {"p": "urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"}


@dataclass(frozen=True)
class Figures:
    lines: int
    run_s: float
    approve_s: float
    sepa_s: float
    sepa_mb: float
    peak_rss_mb: float


def estonian_iban(n: int) -> str:
    """A distinct valid Estonian IBAN per n (the national check digit found by trying the ten)."""
    for digit in range(10):
        try:
            candidate = IBAN.generate("EE", bank_code="22", account_code=f"{n:010d}{digit}")
            return str(IBAN(str(candidate), validate_bban=True).compact)
        except SchwiftyException:
            continue
    raise ValueError(f"no valid Estonian account for {n}")


def next_banking_day(start: date) -> date:
    day = start
    while not is_banking_day(day):
        day += timedelta(days=1)
    return day


def _board_member(n: int, due: date) -> dict[str, dict[str, Any]]:
    user_id = application_id = SEEDED_BASE + n
    registered = due - timedelta(days=40)
    return {
        "person": {"user_id": user_id, "full_name": f"Juhatuse Liige {n}", "id_code": f"{3 + n % 2}8001{n:06d}"[:11]},
        "employment": {"application_id": application_id, "user_id": user_id, "company_id": SEEDED_BASE + n,
                       "company_name": f"Riiul {n} OÜ", "registration_date": registered,
                       "term_ends_on": registered + timedelta(days=183)},
        "details": {"user_id": user_id, "iban": estonian_iban(n), "account_holder": f"Juhatuse Liige {n}",
                    "basic_exemption": n % 2 == 0, "pension_rate": PENSION_RATES[n % len(PENSION_RATES)]},
        "payment": {"application_id": application_id, "user_id": user_id, "sequence": 1,
                    "period_start": registered, "period_end": registered + timedelta(days=30), "due_date": due,
                    "gross_cents": MONTHLY_GROSS_CENTS, "status": "scheduled"},
    }


def _chunks(rows: Iterator[dict[str, Any]]) -> Iterator[list[dict[str, Any]]]:
    batch: list[dict[str, Any]] = []
    for row in rows:
        batch.append(row)
        if len(batch) == CHUNK:
            yield batch
            batch = []
    if batch:
        yield batch


def seed(stack: Stack, first: int, count: int, due: date) -> None:
    """Board members first .. first + count - 1, each with one payment due on ``due``."""
    tables: dict[str, Table] = {"person": Person.__table__, "employment": Employment.__table__,
                                "details": PayoutDetails.__table__, "payment": Payment.__table__}
    engine = create_engine(stack.database_url("payroll").replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.begin() as db:
            for key, table in tables.items():
                for batch in _chunks(_board_member(n, due)[key] for n in range(first, first + count)):
                    db.execute(insert(table), batch)
    finally:
        engine.dispose()


def payroll_pid(stack: Stack) -> int:
    (pid,) = [process.pid for name, process, _ in stack.processes if name.startswith("payroll")]
    return pid


def timed(client: httpx.Client, method: str, url: str, **kwargs: Any) -> tuple[httpx.Response, float]:
    started = time.perf_counter()
    response = client.request(method, url, **kwargs)
    seconds = time.perf_counter() - started
    assert response.status_code in (200, 201), f"{method} {url}: {response.status_code} {response.text[:500]}"
    return response, seconds


def wait_until_answering(client: httpx.Client, timeout: float = 60) -> None:
    """A long request keeps payroll from its health checks, and Traefik then answers 503 for a while: each timed
    call starts once payroll answers again, so it times the call and not the gateway's view of the last one."""
    deadline = time.monotonic() + timeout
    while client.get("/api/admin/pay-runs", params={"limit": 1}).status_code != 200:
        assert time.monotonic() < deadline, "payroll did not answer again"
        time.sleep(0.2)


def measure(stack: Stack, client: httpx.Client, size: int, pay_date: date) -> Figures:
    with PeakRss([payroll_pid(stack)]) as memory:
        created, run_s = timed(client, "POST", "/api/admin/pay-runs", json={"payDate": pay_date.isoformat()})
        run = created.json()
        assert run["totals"]["lineCount"] == size, run["totals"]
        wait_until_answering(client)
        _, approve_s = timed(client, "POST", f"/api/admin/pay-runs/{run['id']}/approve")
        wait_until_answering(client)
        sepa, sepa_s = timed(client, "GET", f"/api/admin/pay-runs/{run['id']}/sepa")
    transactions = etree.fromstring(sepa.content).findtext("p:CstmrCdtTrfInitn/p:GrpHdr/p:NbOfTxs", namespaces=PAIN_NS)
    assert transactions == str(size), transactions
    peak = max(memory.peak.values()) / MEGABYTE
    return Figures(size, run_s, approve_s, sepa_s, len(sepa.content) / MEGABYTE, peak)


def report(small: Figures, large: Figures) -> None:
    def ok(value: float, limit: float) -> str:
        return "yes" if value <= limit else "NO"

    print(f"\nPayroll through the gateway (targets at {large.lines:,} lines)")
    print(f"{'':38}{f'{small.lines:,} lines':>14}{f'{large.lines:,} lines':>16}  target        ok")
    rows = [("create the pay run (POST), s", small.run_s, large.run_s, f"<= {TARGET_RUN_S:.0f} s", TARGET_RUN_S),
            ("approve it, s", small.approve_s, large.approve_s, "", None),
            ("SEPA file (GET .../sepa), s", small.sepa_s, large.sepa_s, f"<= {TARGET_SEPA_S:.0f} s", TARGET_SEPA_S),
            ("SEPA file size, MB", small.sepa_mb, large.sepa_mb, "", None),
            ("payroll process peak RSS, MB", small.peak_rss_mb, large.peak_rss_mb, f"< {TARGET_RSS_MB:.0f} MB",
             TARGET_RSS_MB)]
    for label, first, second, target, limit in rows:
        verdict = ok(second, limit) if limit is not None else ""
        print(f"{label:38}{first:14.2f}{second:16.2f}  {target:12}  {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--large", type=int, default=10_000)
    args = parser.parse_args()
    pay_date = next_banking_day(today())
    with bench_stack("payroll", admin=(ADMIN_USERNAME, ADMIN_PASSWORD)) as stack, \
            httpx.Client(base_url=stack.gateway_url, headers={"Origin": stack.gateway_url}, timeout=120) as client:
        response = client.post("/api/login", json=admin_login_body())
        assert response.status_code == 200, response.text
        print(f"payroll at rest: {rss_bytes(payroll_pid(stack)) / MEGABYTE:.0f} MB; seeding {SMALL:,} ...")
        seed(stack, 0, SMALL, pay_date)
        small = measure(stack, client, SMALL, pay_date)
        print(f"seeding {args.large:,} more ...")
        seed(stack, SMALL, args.large, pay_date)  # the first run holds the first 1,000: the pool is the new ones
        large = measure(stack, client, args.large, pay_date)
        report(small, large)


if __name__ == "__main__":
    main()
