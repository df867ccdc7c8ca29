"""Issue 12, "Errors people read in their own language": every error a service answers with carries an
enumerated code, under each invalid field too (`fieldCodes`, beside the English `fields`), and the service's
OpenAPI document lists its codes. A small app built the way create_service_app builds one."""

from collections.abc import AsyncIterator
from enum import StrEnum

import httpx
import pytest
from fastapi import FastAPI
from pydantic import field_validator

from portal_common.errors import (
    COMMON_ERROR_CODES,
    ApiError,
    ErrorCode,
    FieldError,
    error_responses,
    install_error_handlers,
    service_error_codes,
)
from portal_common.validation import CamelModel, at_least, at_most, invalid


class SampleCode(StrEnum):
    NAME_TOO_SHORT = "name_too_short"
    TAKEN = "taken"


SAMPLE_CODES = service_error_codes(SampleCode)


class Note(CamelModel):
    full_name: str
    pages: int
    kind: str

    @field_validator("full_name")
    @classmethod
    def _full_name(cls, v: str) -> str:
        return at_most(at_least(v, 2, SampleCode.NAME_TOO_SHORT, "Name must be at least 2 characters"), 10, "Name")

    @field_validator("kind")
    @classmethod
    def _kind(cls, v: str) -> str:
        if v == "unlisted":
            # Not one of this app's codes: the body must still carry an enumerated one.
            raise invalid(StrEnum("Stray", {"STRAY": "stray"})["STRAY"], "Kind is unknown")
        return v


def sample_app() -> FastAPI:
    app = FastAPI(responses=error_responses(SAMPLE_CODES))
    install_error_handlers(app, SAMPLE_CODES)

    @app.post("/notes")
    async def notes(note: Note) -> dict[str, str]:
        return {"fullName": note.full_name}

    @app.post("/taken")
    async def taken() -> None:
        raise ApiError(409, SampleCode.TAKEN, "Both are taken", {
            "fullName": FieldError(SampleCode.TAKEN, "This name is taken"),
            "kind": FieldError(ErrorCode.CONFLICT, "This kind is in use")})

    @app.get("/missing")
    async def missing() -> None:
        raise ApiError(404, ErrorCode.NOT_FOUND, "Note not found")

    return app


@pytest.fixture
async def client() -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=sample_app()), base_url="http://app") as c:
        yield c


async def test_every_invalid_field_has_a_code_beside_its_text(client: httpx.AsyncClient) -> None:
    response = await client.post("/notes", json={"fullName": "J", "pages": "many", "kind": "unlisted"})
    assert response.status_code == 422
    body = response.json()
    assert body["code"] == "validation_error"
    assert body["fields"] == {"fullName": "Name must be at least 2 characters",
                              "pages": "Input should be a valid integer, unable to parse string as an integer",
                              "kind": "Kind is unknown"}
    assert body["fieldCodes"] == {"fullName": "name_too_short", "pages": "invalid_value", "kind": "invalid_value"}


async def test_shared_field_codes_name_missing_too_long_and_unreadable_text(client: httpx.AsyncClient) -> None:
    missing = (await client.post("/notes", json={"fullName": "Jaan Tamm", "kind": "memo"})).json()
    assert missing["fieldCodes"] == {"pages": "required"}
    too_long = (await client.post("/notes", json={"fullName": "J" * 11, "pages": 1, "kind": "memo"})).json()
    assert too_long["fieldCodes"] == {"fullName": "too_long"}
    surrogate = await client.post("/notes", content=b'{"fullName": "\\ud800", "pages": 1, "kind": "memo"}',
                                  headers={"Content-Type": "application/json"})
    assert surrogate.json()["fieldCodes"] == {"fullName": "invalid_character"}


async def test_a_refusal_names_each_field_s_code(client: httpx.AsyncClient) -> None:
    body = (await client.post("/taken")).json()
    assert body == {"message": "Both are taken", "code": "taken",
                    "fields": {"fullName": "This name is taken", "kind": "This kind is in use"},
                    "fieldCodes": {"fullName": "taken", "kind": "conflict"}}


async def test_an_answer_without_fields_keeps_the_three_keys(client: httpx.AsyncClient) -> None:
    response = await client.get("/missing")
    assert response.json() == {"message": "Note not found", "code": "not_found", "fields": {}}
    unknown_route = await client.get("/nowhere")
    assert unknown_route.json()["code"] == "not_found" and set(unknown_route.json()) == {"message", "code", "fields"}


def test_the_openapi_error_body_enumerates_the_app_s_codes() -> None:
    schema = sample_app().openapi()["components"]["schemas"]["ErrorBody"]
    assert schema["properties"]["code"]["enum"] == sorted({*ErrorCode, "name_too_short", "taken"})
    assert schema["properties"]["fieldCodes"]["additionalProperties"]["enum"] == list(SAMPLE_CODES)
    assert set(schema["required"]) == {"message", "code", "fields"}


def test_the_shared_codes_cover_every_status_we_answer_with() -> None:
    assert set(COMMON_ERROR_CODES) == set(ErrorCode)
    assert {"bad_request", "not_authenticated", "forbidden", "not_found", "conflict", "too_large", "validation_error",
            "rate_limited", "unavailable", "internal_error", "csrf_failed"} <= set(ErrorCode)
