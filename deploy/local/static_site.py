"""Serves the built SPA for the local stack: hashed assets cached for a year, index.html never cached,
and index.html for any path that is not a file (history fallback). Containers use a static server instead."""

import os
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Route

DIST = Path(os.environ.get("PORTAL_WEB_DIST", Path(__file__).resolve().parents[2] / "web" / "dist")).resolve()
NO_CACHE = {"Cache-Control": "no-cache"}
IMMUTABLE = {"Cache-Control": "public, max-age=31536000, immutable"}


async def serve(request: Request) -> Response:
    relative = request.path_params["path"]
    candidate = (DIST / relative).resolve()
    if relative and candidate.is_file() and candidate.is_relative_to(DIST):
        headers = IMMUTABLE if relative.startswith("assets/") else NO_CACHE
        return FileResponse(candidate, headers={**headers, "X-Content-Type-Options": "nosniff"})
    return FileResponse(DIST / "index.html", headers={**NO_CACHE, "X-Content-Type-Options": "nosniff"})


app = Starlette(routes=[Route("/{path:path}", serve, methods=["GET", "HEAD"])])
