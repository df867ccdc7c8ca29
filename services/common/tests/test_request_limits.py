"""What every service app gets from portal_common against bad input and outages (issue 11), on a small app
built the way create_service_app builds one: bounded bodies (BodyLimitMiddleware), lone surrogates refused
by CamelModel with the field named, and outage errors answered 503 `unavailable` with Retry-After."""

from collections.abc import AsyncIterator

import httpx
import psycopg
import pytest
import sqlalchemy.exc
from fastapi import FastAPI, Request
from pydantic import Field

from portal_common.body_limit import BodyLimitMiddleware
from portal_common.errors import install_error_handlers
from portal_common.validation import CamelModel, has_lone_surrogate

LIMIT = 1024


class Note(CamelModel):
    full_name: str
    tags: list[str] = Field(default_factory=list)


def small_app() -> FastAPI:
    app = FastAPI()
    install_error_handlers(app)
    app.add_middleware(BodyLimitMiddleware, max_bytes=LIMIT, streamed=[("POST", "/streamed")])

    @app.post("/notes")
    async def notes(note: Note) -> dict[str, str]:
        return {"fullName": note.full_name}

    @app.post("/streamed")
    async def streamed(request: Request) -> dict[str, int]:
        return {"received": sum([len(chunk) async for chunk in request.stream()])}

    @app.post("/ignores-its-body")
    async def ignores() -> dict[str, bool]:
        return {"ok": True}

    outages: dict[str, Exception] = {
        "database": sqlalchemy.exc.OperationalError("select 1", {}, psycopg.OperationalError("connection refused")),
        "pool": sqlalchemy.exc.TimeoutError("QueuePool limit reached, connection timed out"),
        "network": ConnectionRefusedError(111, "Connection refused"),
    }

    @app.get("/outage/{kind}")
    async def outage(kind: str) -> None:
        raise outages[kind]

    return app


@pytest.fixture
async def client() -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=small_app()), base_url="http://app") as c:
        yield c


def chunks(total: int, size: int = 100) -> AsyncIterator[bytes]:
    async def generate() -> AsyncIterator[bytes]:
        yield b'{"fullName": "'
        for _ in range(total // size):
            yield b"a" * size
        yield b'"}'
    return generate()


async def test_a_body_within_the_limit_is_read(client: httpx.AsyncClient) -> None:
    response = await client.post("/notes", json={"fullName": "Mari"})
    assert response.status_code == 200 and response.json() == {"fullName": "Mari"}


@pytest.mark.parametrize("declared", [True, False], ids=["content-length", "chunked"])
async def test_a_body_over_the_limit_is_413_with_the_error_body(client: httpx.AsyncClient, declared: bool) -> None:
    body = chunks(4 * LIMIT)
    headers = {"Content-Type": "application/json"}
    if declared:
        headers["Content-Length"] = str(4 * LIMIT + 16)
    response = await client.post("/notes", content=body, headers=headers)
    assert response.status_code == 413
    body = response.json()
    assert body["code"] == "too_large" and body["fields"] == {} and body["message"].startswith("The request body")


async def test_a_declared_length_over_the_limit_is_refused_even_where_the_body_is_not_read(
        client: httpx.AsyncClient) -> None:
    response = await client.post("/ignores-its-body", content=b"x" * (LIMIT + 1))
    assert response.status_code == 413 and response.json()["code"] == "too_large"


async def test_a_streamed_route_reads_past_the_limit_under_its_own_rules(client: httpx.AsyncClient) -> None:
    response = await client.post("/streamed", content=chunks(10 * LIMIT))
    assert response.status_code == 200 and response.json()["received"] > 9 * LIMIT


@pytest.mark.parametrize(("raw", "field"), [
    ('{"fullName": "\\ud800"}', "fullName"),
    ('{"fullName": "tail \\udfff"}', "fullName"),
    ('{"fullName": "Mari", "tags": ["ok", "\\udc00\\ud800"]}', "tags"),
])
async def test_a_lone_surrogate_is_a_422_naming_the_field(client: httpx.AsyncClient, raw: str, field: str) -> None:
    response = await client.post("/notes", content=raw, headers={"Content-Type": "application/json"})
    assert response.status_code == 422
    assert response.json()["fields"] == {field: "The text contains an invalid character"}


async def test_a_surrogate_pair_is_an_ordinary_character(client: httpx.AsyncClient) -> None:
    response = await client.post("/notes", content='{"fullName": "Mari \\ud83d\\ude00"}',
                                 headers={"Content-Type": "application/json"})
    assert response.status_code == 200 and response.json() == {"fullName": "Mari \U0001F600"}


def test_lone_surrogates_are_found_anywhere_in_a_value() -> None:
    assert has_lone_surrogate({"a": [1, {"b": "x\ud800"}]})
    assert has_lone_surrogate({"\udfff": "key"})
    assert not has_lone_surrogate({"a": ["Õunapuu \U0001F600", 3, None]})


@pytest.mark.parametrize(("kind", "what"), [("database", "The database"), ("pool", "The database"),
                                            ("network", "A service we depend on")])
async def test_an_outage_is_503_unavailable_with_retry_after(client: httpx.AsyncClient, kind: str,
                                                             what: str) -> None:
    response = await client.get(f"/outage/{kind}")
    assert response.status_code == 503
    assert response.headers["retry-after"] == "2"
    body = response.json()
    assert body["code"] == "unavailable" and body["message"].startswith(what) and body["fields"] == {}
