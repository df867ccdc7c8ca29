"""robots.txt and sitemap.xml through the gateway (issue 18, First load: "robots.txt returns the SPA's HTML today.
Serve a real robots.txt and sitemap.xml"): the built SPA's files, with the gateway's own address in them."""

from xml.etree import ElementTree

import httpx

SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
PUBLIC_PAGES = ["/", "/auth", "/terms", "/privacy", "/cookies", "/gdpr", "/verify"]


def test_robots_txt_is_plain_text_that_keeps_crawlers_out_of_the_api_and_signed_in_areas(gateway: str) -> None:
    response = httpx.get(f"{gateway}/robots.txt", timeout=15)
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/plain; charset=utf-8"
    lines = response.text.splitlines()
    assert {"User-agent: *", "Allow: /", "Disallow: /api/", "Disallow: /dashboard", "Disallow: /admin",
            f"Sitemap: {gateway}/sitemap.xml"} <= set(lines)


def test_sitemap_lists_the_public_pages_in_both_languages_at_the_gateways_address(gateway: str) -> None:
    response = httpx.get(f"{gateway}/sitemap.xml", timeout=15)
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/xml; charset=utf-8"
    # The stack's own answer, not untrusted input.
    root = ElementTree.fromstring(response.content)  # noqa: S314
    locations = [url.findtext(f"{SITEMAP}loc") for url in root.findall(f"{SITEMAP}url")]
    assert locations == [f"{gateway}{page}?lng={language}" for page in PUBLIC_PAGES for language in ("et", "en")]


def test_listed_pages_are_the_app_and_unlisted_files_still_fall_back_to_it(gateway: str) -> None:
    for path in ("/terms?lng=en", "/robots"):
        response = httpx.get(f"{gateway}{path}", timeout=15)
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/html")
