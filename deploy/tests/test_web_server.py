"""The SPA's two servers follow one policy: the web image's nginx (deploy/web/nginx.conf, run here by the real
nginx binary) and the local stack's static_site.py. Both are asked the same questions about the same fake
build: history fallback, a year of caching for hashed assets and a 404 for a missing one, no-cache for
everything else, nosniff, no compression, /healthz."""

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from deploy.tests.support import free_port

ROOT = Path(__file__).resolve().parents[2]
SITE_CONF = ROOT / "deploy" / "web" / "nginx.conf"
# Debian's nginx (apt-get install nginx) keeps its MIME table here, as the nginx image does.
MIME_TYPES = Path("/etc/nginx/mime.types")
IMMUTABLE = "public, max-age=31536000, immutable"
INDEX = "<!doctype html><html><body><div id=root></div><script src=/assets/app-abc123.js></script></body></html>"
SCRIPT = "console.log('portal');\n" * 200  # big enough that a compressing server would compress it
LOCALE = '{"title": "Juhatuse liikmeks"}'
LANDING = {language: f"<!doctype html><html lang={language}><body><div id=root data-prerendered={language}>"
           f"<h1>{language}</h1></div><script src=/assets/app-abc123.js></script></body></html>"
           for language in ("et", "en")}


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A built SPA as Vite lays it out."""
    root = tmp_path_factory.mktemp("dist")
    (root / "assets").mkdir()
    (root / "locales" / "et").mkdir(parents=True)
    (root / "index.html").write_text(INDEX)
    for language, page in LANDING.items():
        (root / f"landing.{language}.html").write_text(page)
    (root / "assets" / "app-abc123.js").write_text(SCRIPT)
    (root / "locales" / "et" / "common.json").write_text(LOCALE)
    (root / "favicon.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>')
    return root


def substitute(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, f"{SITE_CONF} no longer has exactly one `{old}`"
    return text.replace(old, new)


@pytest.fixture(scope="module")
def nginx(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[httpx.Client]:
    """The real nginx with the image's server block, on a free port and serving the fake build."""
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    assert Path(binary).is_file(), "nginx is missing: apt-get install -y nginx"
    assert MIME_TYPES.is_file(), f"{MIME_TYPES} is missing: apt-get install -y nginx"
    prefix = tmp_path_factory.mktemp("nginx")
    port = free_port()
    site = SITE_CONF.read_text()
    site = substitute(site, "listen 8080;", f"listen 127.0.0.1:{port};")
    site = substitute(site, "root /usr/share/nginx/html;", f"root {dist};")
    (prefix / "site.conf").write_text(site)
    # The parts of nginx-unprivileged's main nginx.conf the server block relies on; state under the prefix.
    # As root, nginx's workers would drop to `nobody`, which cannot read pytest's private temporary folders.
    user = "user root;" if os.geteuid() == 0 else ""
    (prefix / "nginx.conf").write_text(f"""
        {user}
        daemon off;
        worker_processes 1;
        pid {prefix}/nginx.pid;
        error_log {prefix}/error.log warn;
        events {{ worker_connections 64; }}
        http {{
            include {MIME_TYPES};
            default_type application/octet-stream;
            sendfile on;
            access_log off;
            client_body_temp_path {prefix}/client_body;
            proxy_temp_path {prefix}/proxy;
            fastcgi_temp_path {prefix}/fastcgi;
            uwsgi_temp_path {prefix}/uwsgi;
            scgi_temp_path {prefix}/scgi;
            include {prefix}/site.conf;
        }}
    """)
    with (prefix / "error.log").open("ab") as output:
        process = subprocess.Popen([binary, "-p", str(prefix), "-c", str(prefix / "nginx.conf"),
                                    "-e", str(prefix / "error.log")], stdout=output, stderr=subprocess.STDOUT)
    yield from serving(process, port, prefix / "error.log")


@pytest.fixture(scope="module")
def local(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[httpx.Client]:
    """The local stack's server, started as deploy/local/stack.py starts it."""
    log = tmp_path_factory.mktemp("static_site") / "web.log"
    port = free_port()
    with log.open("wb") as output:
        process = subprocess.Popen([sys.executable, "-m", "uvicorn", "static_site:app", "--app-dir",
                                    str(ROOT / "deploy" / "local"), "--host", "127.0.0.1", "--port", str(port),
                                    "--no-access-log"], env={**os.environ, "PORTAL_WEB_DIST": str(dist)},
                                   stdout=output, stderr=subprocess.STDOUT)
    yield from serving(process, port, log)


def serving(process: subprocess.Popen[bytes], port: int, log: Path) -> Iterator[httpx.Client]:
    """A client of the server once it answers /healthz; stops the server afterwards."""
    client = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=5)
    try:
        deadline = time.monotonic() + 15
        while True:
            assert process.poll() is None, f"the server exited: {log.read_text()}"
            try:
                client.get("/healthz")
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, f"the server did not answer within 15 s: {log.read_text()}"
                time.sleep(0.05)
        yield client
    finally:
        client.close()
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(params=["nginx", "static_site"])
def server(request: pytest.FixtureRequest) -> httpx.Client:
    client: httpx.Client = request.getfixturevalue("nginx" if request.param == "nginx" else "local")
    return client


@pytest.mark.parametrize("path", ["/index.html", "/dashboard/documents", "/admin/applications/42",
                                  "/assets", "/locales/et/missing.json"])
def test_app_routes_get_index_html_revalidated(server: httpx.Client, path: str) -> None:
    response = server.get(path)
    assert response.status_code == 200
    assert response.text == INDEX
    assert response.headers["content-type"].startswith("text/html")
    assert response.headers["cache-control"] == "no-cache"
    assert response.headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize(("query", "headers", "language"), [
    ("", {}, "et"),
    ("", {"Accept-Language": "et-EE,et;q=0.9,en-US;q=0.8,en;q=0.7"}, "et"),
    ("", {"Accept-Language": "en-US,en;q=0.9"}, "en"),
    ("", {"Accept-Language": "de-DE,de;q=0.9,en;q=0.8,et;q=0.7"}, "en"),  # the first one the portal speaks
    ("", {"Accept-Language": "fi, ru"}, "et"),  # none of them: Estonian (spec §1)
    ("?lng=en", {"Accept-Language": "et"}, "en"),  # the query string first (spec §1, detection order)
    ("?lng=et", {"Accept-Language": "en"}, "et"),
    ("?lng=de", {"Accept-Language": "en"}, "en"),  # a language the portal does not speak is passed over
    ("", {"Cookie": "i18next=en", "Accept-Language": "et"}, "en"),  # then the cookie
    ("?lng=et", {"Cookie": "i18next=en"}, "et"),
])
def test_the_landing_page_comes_drawn_in_the_visitors_language(server: httpx.Client, query: str,
                                                                 headers: dict[str, str], language: str) -> None:
    """Issue 18 "First load": `/` is the landing page's build-time render in the language the app will pick."""
    response = server.get(f"/{query}", headers=headers)
    assert response.status_code == 200
    assert response.text == LANDING[language]
    assert response.headers["content-type"].startswith("text/html")
    assert response.headers["cache-control"] == "no-cache"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["vary"] == "Accept-Language, Cookie"


def test_hashed_assets_are_cached_for_a_year(server: httpx.Client) -> None:
    response = server.get("/assets/app-abc123.js", headers={"Accept-Encoding": "gzip, br"})
    assert response.status_code == 200
    assert response.text == SCRIPT
    assert "javascript" in response.headers["content-type"]
    assert response.headers["cache-control"] == IMMUTABLE
    assert response.headers["x-content-type-options"] == "nosniff"
    # The gateway compresses, not the SPA's server.
    assert "content-encoding" not in response.headers


@pytest.mark.parametrize("path", ["/assets/missing.js", "/assets/app-abc999.js", "/assets/"])
def test_missing_asset_is_a_404_not_the_app(server: httpx.Client, path: str) -> None:
    response = server.get(path)
    assert response.status_code == 404
    assert INDEX not in response.text
    # A 404 must not be kept for a year: the file may yet appear (a release rolling out).
    assert response.headers.get("cache-control") != IMMUTABLE
    assert response.headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize(("path", "body", "content_type"), [
    ("/locales/et/common.json", LOCALE, "application/json"),
    ("/favicon.svg", '<svg xmlns="http://www.w3.org/2000/svg"/>', "image/svg+xml"),
])
def test_unhashed_files_are_revalidated(server: httpx.Client, path: str, body: str, content_type: str) -> None:
    response = server.get(path)
    assert response.status_code == 200
    assert response.text == body
    assert response.headers["content-type"].startswith(content_type)
    assert response.headers["cache-control"] == "no-cache"
    assert response.headers["x-content-type-options"] == "nosniff"


def test_revalidation_answers_not_modified(server: httpx.Client) -> None:
    first = server.get("/")
    assert "etag" in first.headers
    again = server.get("/", headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304


def test_healthz(server: httpx.Client) -> None:
    response = server.get("/healthz")
    assert response.status_code == 200
    assert response.text == "ok"
    assert response.headers["cache-control"] == "no-store"
    assert response.headers["x-content-type-options"] == "nosniff"


def test_nginx_does_not_announce_its_version(nginx: httpx.Client) -> None:
    assert nginx.get("/").headers["server"] == "nginx"
    assert "nginx/" not in nginx.get("/assets/missing.js").text


@pytest.mark.parametrize(("status", "code"), [(413, "too_large"), (500, "internal_error"), (502, "bad_gateway"),
                                              (503, "unavailable"), (504, "gateway_timeout")])
def test_both_serve_the_same_gateway_error_bodies(nginx: httpx.Client, local: httpx.Client, status: int,
                                                  code: str) -> None:
    """The bodies Traefik's errors middleware puts in place of its own plain-text 413 and 5xx on /api (issue 11)."""
    answers = [server.get(f"/gateway-errors/{status}.json", headers={"X-Request-Id": "trace-7"})
               for server in (nginx, local)]
    for response in answers:
        assert response.status_code == status
        assert response.headers["content-type"].startswith("application/json")
        assert response.json() == {"message": answers[0].json()["message"], "code": code, "fields": {}}
        assert response.headers["x-request-id"] == "trace-7"
        assert response.headers["cache-control"] == "no-store"
        assert response.headers.get("retry-after") == ("2" if status in (502, 503, 504) else None)
