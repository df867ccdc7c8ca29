"""Pydantic building blocks for request bodies: camelCase on the wire, and field errors that carry the
code and the text the caller gives exactly (the error handler turns them into {"fields": {...},
"fieldCodes": {...}}). The rules' own codes and texts (spec §5) live in the services that own the rules."""

import re
from enum import StrEnum
from typing import Annotated, Any

from fastapi import Path
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from pydantic.alias_generators import to_camel
from pydantic_core import PydanticCustomError

from portal_common.errors import ErrorCode

EMAIL_PATTERN = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
MAX_EMAIL_LENGTH = 320


def without_nul(value: Any) -> Any:
    """The value with NUL characters taken out of every string in it: Postgres text cannot hold them, and
    nothing a person types contains one."""
    if isinstance(value, str):
        return value.replace("\x00", "")
    if isinstance(value, dict):
        return {key: without_nul(item) for key, item in value.items()}
    if isinstance(value, list):
        return [without_nul(item) for item in value]
    return value


# A lone UTF-16 surrogate: JSON can carry one as an escape (\ud800) and Python decodes it, but no UTF-8 text
# holds it, so Postgres, argon2 and the JSON answer would all fail on it (issue 11: a 500, never again).
LONE_SURROGATE = re.compile("[\ud800-\udfff]")
LONE_SURROGATE_MESSAGE = "The text contains an invalid character"


def has_lone_surrogate(value: Any) -> bool:
    if isinstance(value, str):
        return LONE_SURROGATE.search(value) is not None
    if isinstance(value, dict):
        return any(has_lone_surrogate(key) or has_lone_surrogate(item) for key, item in value.items())
    if isinstance(value, list):
        return any(has_lone_surrogate(item) for item in value)
    return False


class CamelModel(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)

    @model_validator(mode="before")
    @classmethod
    def _strings_without_nul(cls, data: Any) -> Any:
        return without_nul(data)

    @field_validator("*", mode="before")
    @classmethod
    def _no_lone_surrogates(cls, value: Any) -> Any:
        # Per field, so the 422 names the field that carries it.
        if has_lone_surrogate(value):
            raise invalid(ErrorCode.INVALID_CHARACTER, LONE_SURROGATE_MESSAGE)
        return value


def invalid(code: StrEnum, message: str) -> PydanticCustomError:
    # A custom error keeps the text as written (no "Value error, " prefix); its type is the field's code.
    return PydanticCustomError(str(code), message)


def at_least(value: str, length: int, code: StrEnum, message: str) -> str:
    value = value.strip()
    if len(value) < length:
        raise invalid(code, message)
    return value


def at_most(value: str, length: int, label: str) -> str:
    if len(value) > length:
        raise invalid(ErrorCode.TOO_LONG, f"{label} must be at most {length} characters")
    return value


def email_address(value: str, code: StrEnum, message: str) -> str:
    value = value.strip()
    if len(value) > MAX_EMAIL_LENGTH or not EMAIL_PATTERN.match(value):
        raise invalid(code, message)
    return value


# Database ids are Postgres integers: anything outside is a 422, never a database error.
MAX_DB_INT = 2_147_483_647
ResourceId = Annotated[int, Path(ge=1, le=MAX_DB_INT)]
ReferenceId = Annotated[int, Field(ge=1, le=MAX_DB_INT)]
