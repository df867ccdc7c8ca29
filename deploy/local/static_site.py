"""Serves the built SPA for the local stack with the policy of the web image's nginx (deploy/web/nginx.conf):
hashed files under assets/ cached for a year and a missing one a 404 (a stale chunk fails loudly),
every other file (index.html, locales, favicon) revalidated on every use, index.html for any other path
(history fallback) and the landing page drawn at build time in the visitor's language on `/` (web/README.md),
/healthz for the process, the gateway's JSON error bodies under /gateway-errors/, and
robots.txt and sitemap.xml with the site's address filled in.
deploy/tests/test_web_server.py holds both servers to it."""

import os
import re
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Route
from starlette.staticfiles import NotModifiedResponse

DEFAULT_DIST = Path(__file__).resolve().parents[2] / "web" / "dist"
NOSNIFF = {"X-Content-Type-Options": "nosniff"}
NO_CACHE = {"Cache-Control": "no-cache", **NOSNIFF}
IMMUTABLE = {"Cache-Control": "public, max-age=31536000, immutable", **NOSNIFF}
# What the gateway answers on /api when it refuses a body itself or cannot get an answer from a service
# (Traefik's errors middleware, gateway/render.py): the portal's error body in place of Traefik's plain text.
# Traefik keeps the original status and takes the body and headers from here.
GATEWAY_ERRORS = {
    413: ("too_large", "The request body is larger than 1 MB"),
    500: ("internal_error", "Something went wrong on our side. Please try again later."),
    502: ("bad_gateway", "The service could not be reached. Please try again shortly."),
    503: ("unavailable", "The service is temporarily unavailable. Please try again shortly."),
    504: ("gateway_timeout", "The service did not answer in time. Please try again shortly."),
}
RETRY_AFTER = {"Retry-After": "2"}  # as the services' own 503 (portal_common.errors.unavailable)
RETRIED_STATUSES = (502, 503, 504)
# The files that must name the site by absolute address, which the build does not know: the address the request
# came in on (the gateway passes the Host on and tells the scheme in X-Forwarded-Proto) replaces ORIGIN.
SITE_FILES = {"robots.txt": "text/plain; charset=utf-8", "sitemap.xml": "application/xml; charset=utf-8"}
ORIGIN = "__ORIGIN__"
# The landing page drawn at build time in each language (web/scripts/prerender.mjs), answered on `/` in the
# language the visitor's app will pick, as far as a server can tell (web/src/lib/i18n.ts, detection order):
# `?lng=`, then the `i18next` cookie, then the first of Accept-Language's languages that the portal speaks.
# What the browser alone knows (a choice saved in its storage) may differ: the app then draws over the render.
LANDING_LANGUAGES = ("et", "en")
DEFAULT_LANGUAGE = "et"
LANDING_HEADERS = {**NO_CACHE, "Vary": "Accept-Language, Cookie"}
LANGUAGE_TAG = re.compile(r"\s*([A-Za-z]+)")


def file_response(request: Request, path: Path, headers: dict[str, str]) -> Response:
    """The file, or 304 when the browser revalidates (no-cache) with the ETag it already has."""
    response = FileResponse(path, headers=headers, stat_result=path.stat())
    if_none_match = request.headers.get("if-none-match", "")
    if response.headers["etag"] in (tag.strip().removeprefix("W/") for tag in if_none_match.split(",")):
        return NotModifiedResponse(response.headers)
    return response


async def gateway_error(request: Request) -> Response:
    """The JSON body for one of the gateway's statuses; the request id of the failed request is echoed."""
    status: int = request.path_params["status"]
    if status not in GATEWAY_ERRORS:
        return PlainTextResponse("Not Found", status_code=404, headers=NOSNIFF)
    code, message = GATEWAY_ERRORS[status]
    headers = {"Cache-Control": "no-store", **NOSNIFF, **(RETRY_AFTER if status in RETRIED_STATUSES else {})}
    if request_id := request.headers.get("x-request-id", "")[:100]:
        headers["X-Request-Id"] = request_id
    return JSONResponse({"message": message, "code": code, "fields": {}}, status_code=status, headers=headers)


def public_origin(request: Request) -> str:
    """The scheme and host the visitor used; only http and https are taken from X-Forwarded-Proto (as nginx)."""
    forwarded = request.headers.get("x-forwarded-proto", "")
    scheme = forwarded if forwarded in ("http", "https") else request.url.scheme
    return f"{scheme}://{request.headers.get('host', request.url.netloc)}"


def spoken(tag: str) -> str | None:
    """The portal's language a language tag names (`en-US` is English), or None."""
    match = LANGUAGE_TAG.match(tag)
    language = match.group(1).lower() if match else ""
    return language if language in LANDING_LANGUAGES else None


def landing_language(request: Request) -> str:
    """The language of the landing page's render for this visitor; as deploy/web/nginx.conf's $landing_language."""
    for chosen in (request.query_params.get("lng", ""), request.cookies.get("i18next", "")):
        if language := spoken(chosen):
            return language
    for tag in request.headers.get("accept-language", "").split(","):
        if language := spoken(tag):
            return language
    return DEFAULT_LANGUAGE


def create_app(dist: Path) -> Starlette:
    """The app serving one built SPA folder."""
    root = dist.resolve()

    async def healthz(request: Request) -> Response:
        return PlainTextResponse("ok", headers={"Cache-Control": "no-store", **NOSNIFF})

    async def site_file(request: Request) -> Response:
        name = request.url.path.removeprefix("/")
        path = root / name
        if not path.is_file():
            return PlainTextResponse("Not Found", status_code=404, headers=NOSNIFF)
        text = path.read_text(encoding="utf-8").replace(ORIGIN, public_origin(request))
        return Response(text, media_type=SITE_FILES[name], headers=NO_CACHE)

    async def landing(request: Request) -> Response:
        drawn = root / f"landing.{landing_language(request)}.html"
        if drawn.is_file():
            return file_response(request, drawn, LANDING_HEADERS)
        return file_response(request, root / "index.html", NO_CACHE)  # a build without the landing's renders

    async def serve(request: Request) -> Response:
        path = request.path_params["path"]
        candidate = (root / path).resolve()
        # The path as nginx sees it, after normalising "..": anything outside the root is an app route.
        relative = candidate.relative_to(root).as_posix() if candidate.is_relative_to(root) else ""
        found = bool(relative) and candidate.is_file()
        if path.endswith("/"):
            relative += "/"  # /assets/ is under assets/, as for nginx's `location /assets/`
        if relative.startswith("assets/"):
            if found:
                return file_response(request, candidate, IMMUTABLE)
            return PlainTextResponse("Not Found", status_code=404, headers=NOSNIFF)
        return file_response(request, candidate if found else root / "index.html", NO_CACHE)

    return Starlette(routes=[
        Route("/healthz", healthz, methods=["GET", "HEAD"]),
        Route("/gateway-errors/{status:int}.json", gateway_error, methods=["GET", "HEAD"]),
        *(Route(f"/{name}", site_file, methods=["GET", "HEAD"]) for name in SITE_FILES),
        Route("/", landing, methods=["GET", "HEAD"]),
        Route("/{path:path}", serve, methods=["GET", "HEAD"]),
    ])


# What `uvicorn static_site:app` serves: PORTAL_WEB_DIST, or web/dist of this repository.
app = create_app(Path(os.environ.get("PORTAL_WEB_DIST", DEFAULT_DIST)))
