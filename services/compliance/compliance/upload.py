"""An admin's list file (POST /api/admin/screening/lists): the multipart fields `source` and `file`, the body read
under COMPLIANCE_MAX_LIST_BYTES (413 above it) instead of the 1 MiB every other body has."""

from collections.abc import AsyncGenerator

from fastapi import Request
from starlette.datastructures import UploadFile
from starlette.formparsers import MultiPartException, MultiPartParser

from compliance.lists import SOURCES
from portal_common.body_limit import too_large_message
from portal_common.errors import ApiError, ErrorCode

MULTIPART_ALLOWANCE = 16 * 1024  # boundaries and part headers around the file


def _field_error(field: str, message: str, code: ErrorCode) -> ApiError:
    return ApiError.on_field(422, ErrorCode.VALIDATION_ERROR, field, message, code)


async def _bounded_body(request: Request, max_bytes: int) -> bytes:
    limit = max_bytes + MULTIPART_ALLOWANCE
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise ApiError(413, ErrorCode.TOO_LARGE, too_large_message(max_bytes))
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise ApiError(413, ErrorCode.TOO_LARGE, too_large_message(max_bytes))
    return bytes(body)


async def list_upload(request: Request, max_bytes: int) -> tuple[str, bytes]:
    body = await _bounded_body(request, max_bytes)

    async def replay() -> AsyncGenerator[bytes, None]:
        yield body

    try:
        form = await MultiPartParser(request.headers, replay(), max_files=1, max_fields=5).parse()
    except MultiPartException:
        raise _field_error("file", "Choose the list file to import", ErrorCode.REQUIRED) from None
    try:
        source = form.get("source")
        if not isinstance(source, str) or source not in SOURCES:
            raise _field_error("source", "The source must be eu, un or uk", ErrorCode.INVALID_VALUE)
        upload = form.get("file")
        if not isinstance(upload, UploadFile):
            raise _field_error("file", "Choose the list file to import", ErrorCode.REQUIRED)
        data = await upload.read()
    finally:
        await form.close()
    if not data:
        raise _field_error("file", "Choose the list file to import", ErrorCode.REQUIRED)
    return source, data
