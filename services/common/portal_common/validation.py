"""Pydantic building blocks for request bodies: camelCase on the wire, and field errors that carry the
spec's texts exactly (the error handler turns them into {"fields": {...}})."""

import re
from typing import Annotated

from fastapi import Path
from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel
from pydantic_core import PydanticCustomError

EMAIL_PATTERN = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
MAX_EMAIL_LENGTH = 320


class CamelModel(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)


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
