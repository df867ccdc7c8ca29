"""One error body for every service: {"message", "code", "fields"} (design.md, The API contract), with
"fieldCodes" beside "fields" when there are any: every code is an enumerated value (ErrorCode here, each
service's own in <service>/errors.py) that the SPA shows in the reader's language."""

import logging
import socket
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated, Any

import psycopg
import sqlalchemy.exc
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema, create_model
from starlette.exceptions import HTTPException as StarletteHTTPException

log = logging.getLogger(__name__)


class ErrorCode(StrEnum):
    """Codes any service may answer with, in `code` or in `fieldCodes`; each service adds its own in
    `<service>/errors.py`. The SPA has an Estonian and an English text for every one (common:errors.codes)."""

    BAD_REQUEST = "bad_request"
    NOT_AUTHENTICATED = "not_authenticated"
    FORBIDDEN = "forbidden"
    CSRF_FAILED = "csrf_failed"
    NOT_FOUND = "not_found"
    METHOD_NOT_ALLOWED = "method_not_allowed"
    CONFLICT = "conflict"
    TOO_LARGE = "too_large"
    UNSUPPORTED_TYPE = "unsupported_type"
    VALIDATION_ERROR = "validation_error"
    RATE_LIMITED = "rate_limited"
    UNAVAILABLE = "unavailable"
    INTERNAL_ERROR = "internal_error"
    # Under a field: pydantic's own checks (a missing field; a wrong type or shape), and our shared ones.
    REQUIRED = "required"
    INVALID_VALUE = "invalid_value"
    TOO_LONG = "too_long"
    INVALID_CHARACTER = "invalid_character"


class GatewayCode(StrEnum):
    """Codes only the gateway answers with on /api, when it cannot get an answer from a service
    (deploy/local/static_site.py, deploy/web/nginx.conf); its other refusals use ErrorCode's."""

    BAD_GATEWAY = "bad_gateway"
    GATEWAY_TIMEOUT = "gateway_timeout"


def service_error_codes(own: type[StrEnum]) -> tuple[str, ...]:
    """Every code a service with these codes of its own can answer with: the shared ones and its own."""
    return tuple(sorted({*ErrorCode, *own}))


COMMON_ERROR_CODES = service_error_codes(ErrorCode)

CODES_BY_STATUS = {
    400: ErrorCode.BAD_REQUEST,
    401: ErrorCode.NOT_AUTHENTICATED,
    403: ErrorCode.FORBIDDEN,
    404: ErrorCode.NOT_FOUND,
    405: ErrorCode.METHOD_NOT_ALLOWED,
    409: ErrorCode.CONFLICT,
    413: ErrorCode.TOO_LARGE,
    415: ErrorCode.UNSUPPORTED_TYPE,
    422: ErrorCode.VALIDATION_ERROR,
    429: ErrorCode.RATE_LIMITED,
    503: ErrorCode.UNAVAILABLE,
}
# What an answer names as the wait before a retry when something we depend on is down (issue 11).
UNAVAILABLE_RETRY_AFTER_SECONDS = 2


def code_for_status(status: int) -> ErrorCode:
    return CODES_BY_STATUS.get(status, ErrorCode.BAD_REQUEST if status < 500 else ErrorCode.INTERNAL_ERROR)


def error_body_model(codes: Iterable[str]) -> type[BaseModel]:
    """The error body of a service whose codes are these, for its OpenAPI document: the generated API types
    then know every code (and the SPA can be held to translating each)."""
    code = Annotated[str, WithJsonSchema({"type": "string", "enum": sorted(codes)})]
    return create_model(
        "ErrorBody",
        __config__=ConfigDict(populate_by_name=True),
        __doc__="What every non-2xx answer carries. `code` is stable; `fields` maps camelCase field names to "
                "English texts and `fieldCodes` (present whenever `fields` is not empty) the same names to codes, "
                "which the SPA shows in the reader's language.",
        message=(str, ...),
        code=(code, ...),
        fields=(dict[str, str], ...),
        field_codes=(dict[str, code], Field(default_factory=dict, alias="fieldCodes")),
    )


def error_responses(codes: Iterable[str]) -> dict[int | str, dict[str, Any]]:
    """Declared on every app so the OpenAPI documents show our error body instead of FastAPI's default one."""
    body = error_body_model(codes)
    return {
        "4XX": {"model": body, "description": "Refused: see `code` (401, 403, 404, 409, 413, 415, 422, 429)"},
        503: {"model": body, "description": "Something it needs is down: code `unavailable`, with Retry-After"},
    }


@dataclass(frozen=True)
class FieldError:
    """What is wrong with one field: a code the SPA translates, and the English text for everyone else."""

    code: StrEnum
    message: str


class ApiError(Exception):
    def __init__(self, status: int, code: StrEnum, message: str, fields: Mapping[str, FieldError] | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.fields = {name: error.message for name, error in (fields or {}).items()}
        self.field_codes: dict[str, str] = {name: error.code for name, error in (fields or {}).items()}
        self.headers = headers

    @classmethod
    def on_field(cls, status: int, code: StrEnum, field: str, message: str,
                 field_code: StrEnum | None = None) -> "ApiError":
        """A refusal about one field: its text is the answer's message too; its code is `code` unless given."""
        return cls(status, code, message, {field: FieldError(field_code or code, message)})


def unavailable(what: str = "A service we depend on") -> ApiError:
    """503 for an outage of Postgres, S3 or NATS: the usual error body, code `unavailable`, and Retry-After."""
    return ApiError(503, ErrorCode.UNAVAILABLE, f"{what} is temporarily unavailable. Please try again shortly.",
                    headers={"Retry-After": str(UNAVAILABLE_RETRY_AFTER_SECONDS)})


def error_response(status: int, code: StrEnum, message: str, fields: Mapping[str, str] | None = None,
                   headers: dict[str, str] | None = None, field_codes: Mapping[str, str] | None = None) -> JSONResponse:
    body: dict[str, Any] = {"message": message, "code": code, "fields": dict(fields or {})}
    if fields:
        body["fieldCodes"] = dict(field_codes or {})
    return JSONResponse(body, status_code=status, headers=headers)


def _field_name(loc: tuple[Any, ...]) -> str:
    parts = [str(p) for p in loc if p not in ("body", "query", "path", "header", "cookie")]
    return ".".join(parts) or "body"


def _clean(message: str) -> str:
    # pydantic prefixes messages raised from validators; the spec's texts stand alone.
    for prefix in ("Value error, ", "Assertion failed, "):
        if message.startswith(prefix):
            return message[len(prefix):]
    return message


def _field_code(error_type: str, codes: Collection[str]) -> str:
    """Our validators name their code as the error's type; pydantic's own checks get a shared code."""
    if error_type in codes:
        return error_type
    return ErrorCode.REQUIRED if error_type == "missing" else ErrorCode.INVALID_VALUE


def validation_fields(exc: RequestValidationError,
                      codes: Collection[str] = COMMON_ERROR_CODES) -> tuple[dict[str, str], dict[str, str]]:
    """The texts and the codes of the invalid fields, the first problem of each."""
    fields: dict[str, str] = {}
    field_codes: dict[str, str] = {}
    for error in exc.errors():
        name = _field_name(tuple(error.get("loc", ())))
        if name not in fields:
            fields[name] = _clean(str(error.get("msg", "Invalid value")))
            field_codes[name] = _field_code(str(error.get("type", "")), codes)
    return fields, field_codes


async def _api_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ApiError)
    return error_response(exc.status, exc.code, exc.message, exc.fields, exc.headers, exc.field_codes)


async def _validation_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    fields, field_codes = validation_fields(exc, request.app.state.error_codes)
    message = next(iter(fields.values()), "Invalid input")
    return error_response(422, ErrorCode.VALIDATION_ERROR, message, fields, field_codes=field_codes)


async def _http_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    return error_response(exc.status_code, code_for_status(exc.status_code), str(exc.detail),
                          headers=getattr(exc, "headers", None))


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
    return error_response(500, ErrorCode.INTERNAL_ERROR, "Something went wrong on our side. Please try again later.")


def install_error_handlers(app: FastAPI, codes: Collection[str] = COMMON_ERROR_CODES) -> None:
    """`codes`: every code the app answers with (see service_error_codes); a validator's error type that is
    one of them is the field's code."""
    app.state.error_codes = frozenset(codes)
    app.add_exception_handler(ApiError, _api_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    for outage in OUTAGES:
        app.add_exception_handler(outage, _outage)
    app.add_exception_handler(Exception, _unexpected_error)
