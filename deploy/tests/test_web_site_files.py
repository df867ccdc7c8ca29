"""robots.txt and sitemap.xml (issue 18, First load: "Serve a real robots.txt and sitemap.xml"), from both of the
SPA's servers, the web image's nginx and the local stack's static_site.py, serving the repository's own files:
their own content types instead of the SPA's HTML, and the site's address, which the build does not know, taken
from the request the gateway passes on."""

import shutil
from pathlib import Path
from xml.etree import ElementTree

import httpx
import pytest

# The servers of test_web_server.py, as fixtures found by name; this module's `dist` is the build they serve here.
from deploy.tests.test_web_server import INDEX, local, nginx  # noqa: F401

PUBLIC = Path(__file__).resolve().parents[2] / "web" / "public"
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
XHTML = "{http://www.w3.org/1999/xhtml}"


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A build with the two files as Vite copies them from web/public."""
    root = tmp_path_factory.mktemp("dist")
    (root / "index.html").write_text(INDEX)
    for name in ("robots.txt", "sitemap.xml"):
        shutil.copy(PUBLIC / name, root / name)
    return root


@pytest.fixture(params=["nginx", "static_site"])
def server(request: pytest.FixtureRequest) -> httpx.Client:
    client: httpx.Client = request.getfixturevalue("nginx" if request.param == "nginx" else "local")
    return client


def test_robots_txt_is_text_naming_the_sitemap_by_the_requests_address(server: httpx.Client) -> None:
    response = server.get("/robots.txt", headers={"Host": "portal.example.ee:8443", "X-Forwarded-Proto": "https"})
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/plain; charset=utf-8"
    assert response.headers["cache-control"] == "no-cache"
    assert response.headers["x-content-type-options"] == "nosniff"
    lines = response.text.splitlines()
    assert "User-agent: *" in lines
    assert {"Disallow: /api/", "Disallow: /dashboard", "Disallow: /admin"} <= set(lines)
    assert "Sitemap: https://portal.example.ee:8443/sitemap.xml" in lines
    assert "__ORIGIN__" not in response.text


def test_sitemap_is_xml_with_absolute_addresses_of_both_languages(server: httpx.Client) -> None:
    response = server.get("/sitemap.xml", headers={"Host": "portal.example.ee"})
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/xml; charset=utf-8"
    assert response.headers["cache-control"] == "no-cache"
    assert response.headers["x-content-type-options"] == "nosniff"
    # Our own file from our own server, not untrusted input.
    urls = ElementTree.fromstring(response.content).findall(f"{SITEMAP}url")  # noqa: S314
    locations = {url.findtext(f"{SITEMAP}loc") for url in urls}
    assert {"http://portal.example.ee/?lng=et", "http://portal.example.ee/terms?lng=en"} <= locations
    for url in urls:
        alternates = {link.get("hreflang"): link.get("href") for link in url.findall(f"{XHTML}link")}
        assert set(alternates) == {"et", "en", "x-default"}
        assert url.findtext(f"{SITEMAP}loc") in alternates.values()
        assert all(href and href.startswith("http://portal.example.ee/") for href in alternates.values())


@pytest.mark.parametrize("proto", ["javascript", "ftp", ""])
def test_only_http_or_https_is_taken_from_x_forwarded_proto(server: httpx.Client, proto: str) -> None:
    response = server.get("/robots.txt", headers={"Host": "portal.example.ee", "X-Forwarded-Proto": proto})
    assert "Sitemap: http://portal.example.ee/sitemap.xml" in response.text.splitlines()
