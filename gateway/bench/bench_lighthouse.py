"""`make bench`: Lighthouse on the landing page (issue 18 "First load"), mobile (its default: a mid-range phone
on slow 4G, simulated) and desktop, through the gateway of a stack of the bench's own: performance score, LCP,
total blocking time and the SEO score, the median of a few runs each.

Lighthouse 12.8 (gateway/bench/lighthouse/package.json, installed there from the npm registry on first use)
drives Debian's Chromium. Its simulated throttling scales the CPU time it observes, so the figures are only as
good as the machine is quiet: run it alone.

    cd gateway/bench && PORTAL_BENCH_PORT_BASE=41000 ../../.venv/bin/python bench_lighthouse.py [--runs 3]
"""

import argparse
import json
import statistics
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from harness import bench_stack

from testkit.chromium import CHROMIUM, FLAGS

LIGHTHOUSE_DIR = Path(__file__).resolve().parent / "lighthouse"
LIGHTHOUSE = LIGHTHOUSE_DIR / "node_modules" / ".bin" / "lighthouse"
FORM_FACTORS = {"mobile": [], "desktop": ["--preset=desktop"]}


@dataclass(frozen=True)
class Run:
    performance: float
    seo: float
    lcp_ms: float
    tbt_ms: float


def install_lighthouse() -> None:
    if not LIGHTHOUSE.exists():
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--loglevel=error"], cwd=LIGHTHOUSE_DIR,
                       check=True)


def lighthouse(url: str, preset: list[str]) -> Run:
    with tempfile.TemporaryDirectory() as out:
        report = Path(out) / "report.json"
        subprocess.run([str(LIGHTHOUSE), url, *preset, "--quiet", "--output=json", f"--output-path={report}",
                        "--only-categories=performance,seo", f"--chrome-path={CHROMIUM}",
                        f"--chrome-flags=--headless=new {' '.join(FLAGS)}"], check=True)
        result = json.loads(report.read_text())
    audits, categories = result["audits"], result["categories"]
    return Run(performance=categories["performance"]["score"] * 100, seo=categories["seo"]["score"] * 100,
               lcp_ms=audits["largest-contentful-paint"]["numericValue"],
               tbt_ms=audits["total-blocking-time"]["numericValue"])


def summary(form_factor: str, runs: list[Run]) -> str:
    def median(values: list[float]) -> float:
        return statistics.median(values)
    return (f"lighthouse {form_factor:7} ({len(runs)} runs, median): performance "
            f"{median([r.performance for r in runs]):.0f}, LCP {median([r.lcp_ms for r in runs]) / 1000:.2f} s, "
            f"total blocking time {median([r.tbt_ms for r in runs]):.0f} ms, SEO "
            f"{median([r.seo for r in runs]):.0f} (performance runs: "
            f"{', '.join(f'{r.performance:.0f}' for r in runs)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    install_lighthouse()
    with bench_stack("lighthouse") as stack:
        url = f"{stack.gateway_url}/"
        lighthouse(url, [])  # a first visit warms the gateway and the page cache; it is not counted
        for form_factor, preset in FORM_FACTORS.items():
            print(summary(form_factor, [lighthouse(url, preset) for _ in range(args.runs)]), flush=True)


if __name__ == "__main__":
    main()
