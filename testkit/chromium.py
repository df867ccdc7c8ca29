"""Debian's Chromium as the end-to-end tests and the first-load benchmarks drive it through Playwright."""

from playwright.sync_api import Browser, BrowserContext, Page

# The browser people use: the first-load benchmarks measure it.
CHROMIUM = "/usr/bin/chromium"
# The end-to-end tests' browser: Debian's build of the same Chromium (Blink, V8, the same version) without the
# desktop browser around it, as Playwright itself runs headless tests. Over `make test`'s browser tests it used a
# third less CPU than CHROMIUM (issue 32: 202 CPU-s instead of about 300, web/e2e with 2 workers).
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run", "--disable-quic"]
# How long a test waits for a page to do or show what it expects. Ample on a quiet machine; `make test` shares 2
# cores between the stack, four test workers with a browser each and Vitest, and a CI machine a third slower than
# ours timed out 8 browser tests at Playwright's 5 s (issue 32). A page that never gets there still fails.
PAGE_WAIT_MS = 15_000
# Console reports of anything the gateway's Content-Security-Policy blocked, in any page of any context made here.
CSP_VIOLATIONS: list[str] = []


def new_context(browser: Browser, gateway: str, locale: str = "et", width: int = 1280) -> BrowserContext:
    context = browser.new_context(base_url=gateway, locale=locale, viewport={"width": width, "height": 900},
                                  reduced_motion="reduce")
    context.set_default_timeout(PAGE_WAIT_MS)
    context.on("page", _watch_for_csp_violations)
    return context


def _watch_for_csp_violations(page: Page) -> None:
    page.on("console", lambda message: CSP_VIOLATIONS.append(message.text)
            if "Content Security Policy" in message.text else None)
