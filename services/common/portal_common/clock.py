"""The time every service stamps its rows with: timezone-aware UTC, as the timestamp columns store it."""

from datetime import UTC, datetime


def utcnow() -> datetime:
    return datetime.now(UTC)
