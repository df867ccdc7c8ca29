"""Chromium (Debian's headless shell, testkit/chromium.py) driven by Playwright through the real gateway."""

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from testkit.chromium import CSP_VIOLATIONS, FLAGS, HEADLESS_SHELL, PAGE_WAIT_MS, new_context

__all__ = ["PAGE_WAIT_MS", "new_context", "wait_until_the_landing_page_is_live"]

expect.set_options(timeout=PAGE_WAIT_MS)  # as for actions (testkit/chromium.py)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=HEADLESS_SHELL, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture(autouse=True)
def nothing_blocked_by_the_content_security_policy() -> Iterator[None]:
    """The gateway's CSP (gateway/render.py) must not break the SPA: every browser test fails on a violation."""
    CSP_VIOLATIONS.clear()
    yield
    assert CSP_VIOLATIONS == []


@pytest.fixture
def page(browser: Browser, gateway: str) -> Iterator[Page]:
    """A fresh browser profile whose language is Estonian, the portal's default."""
    context = new_context(browser, gateway)
    yield context.new_page()
    context.close()


def wait_until_the_landing_page_is_live(page: Page) -> None:
    """The landing page comes drawn before its app runs (issue 18, web/src/prerender.tsx): a click on one of its
    buttons does nothing until React has taken over the markup, which it marks on each element it hydrates."""
    page.wait_for_function("""() => Object.keys(document.querySelector('#hero-title') ?? {})
                                  .some((key) => key.startsWith('__reactFiber'))""")
