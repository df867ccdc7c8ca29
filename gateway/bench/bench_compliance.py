"""`make bench`: compliance at scale (issue 35, Proof). 10,000 applicants are seeded straight into compliance's
database through its own table definitions (as identity's registration events would make them); a 20,000-entry
sanctions list made in the EU's XML format is imported through the gateway, which screens all of them against it,
while the compliance process's resident memory is sampled. Printed: the import (target <= 30 s), the screening of
the 10,000 (target <= 10 s, as the service measured it) and the peak memory (target < 300 MB).

    cd gateway/bench && ../../.venv/bin/python bench_compliance.py [--entries 20000] [--people 10000]
"""

import argparse
import random
import time
from datetime import date

import httpx
from harness import MEGABYTE, PeakRss, bench_stack, rss_bytes
from sqlalchemy import create_engine, insert
from stack import Stack

from compliance.models import Applicant
from services.compliance.tests.list_files import Listed, eu_xml
from testkit.accounts import ADMIN_PASSWORD, ADMIN_USERNAME, admin_login_body

SEEDED_BASE = 80_000_000  # user ids far above real accounts
TARGET_IMPORT_S = 30.0
TARGET_SCREEN_S = 10.0
TARGET_RSS_MB = 300.0
SYLLABLES = ("ka", "ri", "mo", "sa", "le", "vi", "to", "na", "de", "ko", "lu", "pe", "ta", "mi", "ro", "za", "bo",
             "ni", "ga", "fe", "ju", "ha", "se", "ol", "an", "ev", "ir", "us", "ak", "om", "el", "ya", "sh", "ch",
             "dr", "st", "vo", "ly", "ze", "qu")


def name(rng: random.Random) -> str:
    first = "".join(rng.choice(SYLLABLES) for _ in range(2)).capitalize()
    last = "".join(rng.choice(SYLLABLES) for _ in range(3)).capitalize()
    return f"{first} {last}"


def birthday(rng: random.Random) -> date:
    return date(rng.randint(1940, 2000), rng.randint(1, 12), rng.randint(1, 28))


def seed_applicants(stack: Stack, people: list[tuple[str, date]]) -> None:
    engine = create_engine(stack.database_url("compliance").replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.begin() as db:
            db.execute(insert(Applicant.__table__), [  # type: ignore[attr-defined]
                {"user_id": SEEDED_BASE + n, "full_name": full_name, "date_of_birth": born}
                for n, (full_name, born) in enumerate(people)])
    finally:
        engine.dispose()


def compliance_pid(stack: Stack) -> int:
    (pid,) = [process.pid for label, process, _ in stack.processes if label.startswith("compliance")]
    return pid


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--entries", type=int, default=20_000)
    parser.add_argument("--people", type=int, default=10_000)
    args = parser.parse_args()
    rng = random.Random(35)
    people = [(name(rng), birthday(rng)) for _ in range(args.people)]
    # One listed person in a hundred is also an applicant, born the same day: the screening has hits to find.
    listed = [Listed(f"EU.{n}.{n % 97}", [*([people[n][0]] if n % 100 == 0 and n < len(people) else [name(rng)]),
                                          name(rng)],
                     [(people[n][1] if n % 100 == 0 and n < len(people) else birthday(rng)).isoformat()])
              for n in range(args.entries)]
    content = eu_xml(listed, generated=f"{date.today().isoformat()}T06:00:00.000+02:00")
    with bench_stack("compliance", admin=(ADMIN_USERNAME, ADMIN_PASSWORD)) as stack, \
            httpx.Client(base_url=stack.gateway_url, headers={"Origin": stack.gateway_url}, timeout=300) as client:
        response = client.post("/api/login", json=admin_login_body())
        assert response.status_code == 200, response.text
        pid = compliance_pid(stack)
        print(f"compliance at rest: {rss_bytes(pid) / MEGABYTE:.0f} MB; seeding {args.people:,} applicants; "
              f"the list file is {len(content) / MEGABYTE:.1f} MB ...")
        seed_applicants(stack, people)
        with PeakRss([pid]) as memory:
            started = time.perf_counter()
            imported = client.post("/api/admin/screening/lists", data={"source": "eu"},
                                   files={"file": ("eu.xml", content, "text/xml")})
            total_s = time.perf_counter() - started
        assert imported.status_code == 201, imported.text[:500]
        body = imported.json()
        assert body["entries"] == args.entries and body["screened"] >= args.people, body
        screen_s = float(body["screeningSeconds"])
        import_s = total_s - screen_s
        peak = max(memory.peak.values()) / MEGABYTE

        def ok(value: float, limit: float) -> str:
            return "yes" if value <= limit else "NO"

        print(f"\nCompliance through the gateway ({args.entries:,} list entries, {args.people:,} applicants; "
              f"{body['newHits']:,} hits)")
        print(f"{'import the list (POST, less the screening), s':52}{import_s:10.2f}  <= {TARGET_IMPORT_S:.0f} s  "
              f"{ok(import_s, TARGET_IMPORT_S)}")
        print(f"{'screen everyone against it (as the service timed it), s':52}{screen_s:10.2f}  "
              f"<= {TARGET_SCREEN_S:.0f} s  {ok(screen_s, TARGET_SCREEN_S)}")
        print(f"{'the whole request, s':52}{total_s:10.2f}")
        print(f"{'compliance process peak RSS, MB':52}{peak:10.1f}  < {TARGET_RSS_MB:.0f} MB  "
              f"{ok(peak, TARGET_RSS_MB)}")


if __name__ == "__main__":
    main()
