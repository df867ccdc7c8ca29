"""Signing in through the login form as a person does, shared by the browser tests: the password, then the
one-time code when the account has a second factor (issue 15, Two-factor sign-in)."""

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page

LOCALES = Path(__file__).resolve().parents[1] / "public" / "locales"


def login_texts(language: str) -> Any:
    return json.loads((LOCALES / language / "auth.json").read_text())["login"]


def sign_in(page: Page, username: str, password: str, otp: str | None = None, *, language: str = "en") -> None:
    """Fills in the login form on /auth in ``language``; with ``otp``, types it when the form asks for the code."""
    texts = login_texts(language)
    page.goto(f"/auth?lng={language}")
    page.get_by_label(texts["username"]).fill(username)
    page.get_by_label(texts["password"]).fill(password)
    page.get_by_role("button", name=texts["submit"]).last.click()
    if otp is not None:
        page.get_by_label(texts["code"]["label"]).fill(otp)
        page.get_by_role("button", name=texts["code"]["submit"]).click()


@contextlib.contextmanager
def admin_language_kept(admin_client: httpx.Client) -> Iterator[None]:
    """Puts the shared test admin's saved language back after a block that switches it in a browser: the saved
    language wins over ``?lng=`` on every later page the admin opens, in other tests too."""
    saved = admin_client.get("/api/user").json()["language"]
    try:
        yield
    finally:
        admin_client.post("/api/set-language", json={"language": saved})
