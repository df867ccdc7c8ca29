"""One error body for every service: {"message", "code", "fields"} (design.md, The API contract)."""

import logging
import socket
from typing import Any

import psycopg
import sqlalchemy.exc
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

log = logging.getLogger(__name__)

CODES_BY_STATUS = {
    400: "bad_request",
    401: "not_authenticated",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "too_large",
    415: "unsupported_type",
    422: "validation_error",
    429: "rate_limited",
    503: "unavailable",
}
# What an answer names as the wait before a retry when something we depend on is down (issue 11).
UNAVAILABLE_RETRY_AFTER_SECONDS = 2


class ErrorBody(BaseModel):
    """What every non-2xx answer carries; `code` is stable, `fields` maps camelCase field names to texts."""

    message: str
    code: str
    fields: dict[str, str]


# Declared on every app so the OpenAPI documents show our error body instead of FastAPI's default one.
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    "4XX": {"model": ErrorBody, "description": "Refused: see `code` (401, 403, 404, 409, 413, 415, 422, 429)"},
    503: {"model": ErrorBody, "description": "Something it needs is down: code `unavailable`, with Retry-After"},
}


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str, fields: dict[str, str] | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.fields = fields or {}
        self.headers = headers


def unavailable(what: str = "A service we depend on") -> ApiError:
    """503 for an outage of Postgres, S3 or NATS: the usual error body, code `unavailable`, and Retry-After."""
    return ApiError(503, "unavailable", f"{what} is temporarily unavailable. Please try again shortly.",
                    headers={"Retry-After": str(UNAVAILABLE_RETRY_AFTER_SECONDS)})


def error_response(status: int, code: str, message: str, fields: dict[str, str] | None = None,
                   headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"message": message, "code": code, "fields": fields or {}}, status_code=status, headers=headers)


def _field_name(loc: tuple[Any, ...]) -> str:
    parts = [str(p) for p in loc if p not in ("body", "query", "path", "header", "cookie")]
    return ".".join(parts) or "body"


def _clean(message: str) -> str:
    # pydantic prefixes messages raised from validators; the spec's texts stand alone.
    for prefix in ("Value error, ", "Assertion failed, "):
        if message.startswith(prefix):
            return message[len(prefix):]
    return message


def validation_fields(exc: RequestValidationError) -> dict[str, str]:
    fields: dict[str, str] = {}
    for error in exc.errors():
        fields.setdefault(_field_name(tuple(error.get("loc", ()))), _clean(str(error.get("msg", "Invalid value"))))
    return fields


async def _api_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ApiError)
    return error_response(exc.status, exc.code, exc.message, exc.fields, exc.headers)


async def _validation_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    fields = validation_fields(exc)
    message = next(iter(fields.values()), "Invalid input")
    return error_response(422, "validation_error", message, fields)


async def _http_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    code = CODES_BY_STATUS.get(exc.status_code, "error")
    return error_response(exc.status_code, code, str(exc.detail), headers=getattr(exc, "headers", None))


# Errors that say something we depend on cannot be reached, not that the request is wrong: a refused, reset
# or timed-out connection, an exhausted pool (issue 11, Honest outages).
DATABASE_OUTAGES: tuple[type[Exception], ...] = (
    sqlalchemy.exc.OperationalError, sqlalchemy.exc.InterfaceError, sqlalchemy.exc.TimeoutError,
    sqlalchemy.exc.DisconnectionError, psycopg.OperationalError, psycopg.InterfaceError,
)
# Not every OSError: a missing file is our bug (500), a refused, reset or timed-out socket is an outage.
OUTAGES: tuple[type[Exception], ...] = (*DATABASE_OUTAGES, ConnectionError, TimeoutError, socket.gaierror)


async def _outage(_: Request, exc: Exception) -> JSONResponse:
    log.warning("dependency unavailable: %s: %s", type(exc).__name__, exc)
    error = unavailable("The database" if isinstance(exc, DATABASE_OUTAGES) else "A service we depend on")
    return error_response(error.status, error.code, error.message, headers=error.headers)


async def _unexpected_error(_: Request, exc: Exception) -> JSONResponse:
    log.error("unhandled error", exc_info=exc)
    return error_response(500, "internal_error", "Something went wrong on our side. Please try again later.")


def install_error_handlers(app: FastAPI) -> None:
    app.add_exception_handler(ApiError, _api_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    for outage in OUTAGES:
        app.add_exception_handler(outage, _outage)
    app.add_exception_handler(Exception, _unexpected_error)
