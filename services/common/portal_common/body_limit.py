"""Bounded request bodies (issue 11, Bounded requests): no body is read without a limit.

A declared Content-Length over the limit is refused before a byte of the body is read; a chunked body is
counted as it arrives and refused the moment it passes the limit. Either way the answer is the usual error
body with 413 `too_large`. The unread rest is left to uvicorn, which discards it and keeps the connection:
closing it under the gateway with bytes unsent can turn the 413 into the gateway's 502.

A route that reads its own body as a stream and enforces its own (larger) limit, such as the document
upload, is named in `streamed` and passes untouched.
"""

from collections.abc import Collection

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from portal_common.errors import ErrorCode, error_response

MEGABYTE = 1024 * 1024
DEFAULT_MAX_BODY_BYTES = MEGABYTE

RouteKey = tuple[str, str]  # (method, path), e.g. ("POST", "/api/documents")


class BodyTooLarge(HTTPException):
    """Raised from `receive` once a streamed body passes the limit; the error handlers answer it as 413."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, too_large_message(limit))


def too_large_message(limit: int) -> str:
    return f"The request body is larger than {limit / MEGABYTE:g} MB"


def declared_length(scope: Scope) -> int | None:
    for name, value in scope["headers"]:
        if name == b"content-length":
            return int(value) if value.isdigit() else None  # uvicorn refuses a malformed one itself
    return None


class BodyLimitMiddleware:
    def __init__(self, app: ASGIApp, max_bytes: int = DEFAULT_MAX_BODY_BYTES,
                 streamed: Collection[RouteKey] = ()) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.streamed = frozenset(streamed)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or (scope["method"], scope["path"]) in self.streamed:
            await self.app(scope, receive, send)
            return
        declared = declared_length(scope)
        if declared is not None and declared > self.max_bytes:
            await self._refuse(scope, receive, send)
            return
        received = 0
        response_started = False

        async def counted_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    raise BodyTooLarge(self.max_bytes)
            return message

        async def watched_send(message: Message) -> None:
            nonlocal response_started
            response_started = response_started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted_receive, watched_send)
        except BodyTooLarge:
            # Normally the app's error handlers answer it; this covers a body read outside of them.
            if response_started:
                raise
            await self._refuse(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = error_response(413, ErrorCode.TOO_LARGE, too_large_message(self.max_bytes))
        await response(scope, receive, send)
