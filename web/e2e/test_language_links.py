"""Canonical and hreflang links in Chromium through the gateway (issue 18, First load: "canonical and hreflang
links for et/en on public pages"): absolute, at the address the page was loaded from; each address is its own
canonical."""

from playwright.sync_api import Page, expect


def head_links(page: Page) -> dict[str, str]:
    """The head's canonical and alternate links as rel/hreflang → href."""
    links: dict[str, str] = page.evaluate("""() => Object.fromEntries(
        [...document.head.querySelectorAll('link[rel="canonical"], link[rel="alternate"]')]
            .map((link) => [link.hreflang ? `${link.rel} ${link.hreflang}` : link.rel, link.href]))""")
    return links


def test_public_pages_link_their_estonian_and_english_versions(page: Page, gateway: str) -> None:
    page.goto("/privacy")
    expect(page.locator('link[rel="canonical"]')).to_have_attribute("href", f"{gateway}/privacy")
    assert head_links(page) == {
        "canonical": f"{gateway}/privacy",
        "alternate et": f"{gateway}/privacy?lng=et",
        "alternate en": f"{gateway}/privacy?lng=en",
        "alternate x-default": f"{gateway}/privacy",
    }

    page.goto("/?lng=en")
    expect(page.locator('link[rel="canonical"]')).to_have_attribute("href", f"{gateway}/?lng=en")
    assert head_links(page)["alternate x-default"] == f"{gateway}/"


def test_pages_outside_the_sitemap_drop_the_language_links(page: Page, gateway: str) -> None:
    page.goto("/terms")
    expect(page.locator('link[rel="canonical"]')).to_have_attribute("href", f"{gateway}/terms")
    # Within the app, as a link would: the previous page's links must not stay behind.
    page.evaluate("""() => { window.history.pushState({}, '', '/no-such-page');
                             window.dispatchEvent(new PopStateEvent('popstate')); }""")
    expect(page.locator('link[rel="canonical"]')).to_have_count(0)
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    assert head_links(page) == {}
