"""Same-origin check for unsafe methods (design.md: CSRF).

A browser always sends Origin on POST/PUT/PATCH/DELETE, and Sec-Fetch-Site on modern engines. A request
is accepted when Sec-Fetch-Site says same-origin, or when Origin names the host the request was sent to
(or one of PORTAL_TRUSTED_ORIGINS). A request with neither header is refused: nothing in the portal
needs cross-site or header-less writes, and API clients can send Origin like a browser does.
"""

from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

from portal_common.errors import ErrorCode, error_response

UNSAFE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}


def origin_allowed(headers: dict[str, str], trusted: list[str]) -> bool:
    fetch_site = headers.get("sec-fetch-site")
    if fetch_site is not None and fetch_site not in ("same-origin", "none"):
        return False
    origin = headers.get("origin")
    if origin is None or origin == "null":
        return fetch_site in ("same-origin", "none")
    host = headers.get("x-forwarded-host") or headers.get("host", "")
    return urlsplit(origin).netloc == host or origin.rstrip("/") in trusted


class CsrfMiddleware:
    def __init__(self, app: ASGIApp, trusted_origins: list[str]) -> None:
        self.app = app
        self.trusted = trusted_origins

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in UNSAFE_METHODS and scope["path"].startswith("/api/"):
            headers = {k.decode().lower(): v.decode() for k, v in scope["headers"]}
            if not origin_allowed(headers, self.trusted):
                response = error_response(403, ErrorCode.CSRF_FAILED, "Cross-site request refused")
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)
