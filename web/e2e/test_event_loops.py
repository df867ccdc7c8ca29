"""The worker's browser (conftest.py, one for the whole run) and the tests after it on the same worker: a test that
runs an event loop of its own still may (run 43 failed "asyncio.run() cannot be called from a running event loop"
in an identity test that a parallel worker ran after browser tests), and the browser still works after it.

The four tests run in this order in a pytest of their own, with this folder's browser and the root conftest's
fixtures; no stack is needed."""

import subprocess
import sys
import textwrap
from pathlib import Path

from testkit import ROOT

SUITE_CONFTEST = f"""
import importlib.util
import sys

sys.path.insert(0, {str(ROOT)!r})

def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module

root = load("portal_conftest", {str(ROOT / "conftest.py")!r})
e2e = load("portal_e2e_conftest", {str(ROOT / "web/e2e/conftest.py")!r})
no_browser_event_loop_marked_running = root.no_browser_event_loop_marked_running
browser = e2e.browser
"""

SUITE = """
import asyncio

import pytest


def show(browser, text):
    page = browser.new_page()
    page.set_content(f"<p>{text}</p>")
    assert page.text_content("p") == text
    page.close()


def test_a_browser_test_first(browser):
    show(browser, "first")


def test_then_a_loop_of_its_own():
    assert asyncio.run(asyncio.sleep(0, "ran")) == "ran"


@pytest.mark.asyncio
async def test_then_an_async_test():
    assert await asyncio.sleep(0, "awaited") == "awaited"


def test_then_the_browser_again(browser):
    show(browser, "again")
"""


def test_tests_after_the_browser_run_loops_of_their_own_and_the_browser_goes_on(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "conftest.py").write_text(textwrap.dedent(SUITE_CONFTEST))
    (suite / "test_order.py").write_text(textwrap.dedent(SUITE))
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
                           "--rootdir", str(suite), str(suite)],
                          cwd=suite, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "4 passed" in done.stdout, done.stdout[-4000:]
