"""Chromium (Debian's /usr/bin/chromium) driven by Playwright through the real gateway."""

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run", "--disable-quic"]


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


def new_context(browser: Browser, gateway: str, locale: str = "et", width: int = 1280) -> BrowserContext:
    context = browser.new_context(base_url=gateway, locale=locale, viewport={"width": width, "height": 900},
                                  reduced_motion="reduce")
    context.set_default_timeout(10_000)
    return context


@pytest.fixture
def page(browser: Browser, gateway: str) -> Iterator[Page]:
    """A fresh browser profile whose language is Estonian, the portal's default."""
    context = new_context(browser, gateway)
    yield context.new_page()
    context.close()
