"""Pydantic building blocks for request bodies: camelCase on the wire, and field errors that carry the
spec's texts exactly (the error handler turns them into {"fields": {...}})."""

import re
from typing import Annotated, Any

from fastapi import Path
from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic.alias_generators import to_camel
from pydantic_core import PydanticCustomError

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


class CamelModel(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)

    @model_validator(mode="before")
    @classmethod
    def _strings_without_nul(cls, data: Any) -> Any:
        return without_nul(data)


def invalid(message: str) -> PydanticCustomError:
    # A custom error keeps the text as written (no "Value error, " prefix).
    return PydanticCustomError("invalid", message)


def at_least(value: str, length: int, message: str) -> str:
    value = value.strip()
    if len(value) < length:
        raise invalid(message)
    return value


def at_most(value: str, length: int, label: str) -> str:
    if len(value) > length:
        raise invalid(f"{label} must be at most {length} characters")
    return value


def email_address(value: str, message: str = "Please enter a valid email address") -> str:
    value = value.strip()
    if len(value) > MAX_EMAIL_LENGTH or not EMAIL_PATTERN.match(value):
        raise invalid(message)
    return value


# Database ids are Postgres integers: anything outside is a 422, never a database error.
MAX_DB_INT = 2_147_483_647
ResourceId = Annotated[int, Path(ge=1, le=MAX_DB_INT)]
ReferenceId = Annotated[int, Field(ge=1, le=MAX_DB_INT)]
