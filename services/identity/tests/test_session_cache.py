"""ForwardAuth remembers who holds a session for a few seconds (issue 18, Under load: "every protected request
costs identity a session read; a short-lived cache in identity is one option"), within the bounds of
identity/session_cache.py: what changes through the same replica counts at once, what changes elsewhere
within IDENTITY_SESSION_CACHE_SECONDS (5 s in the test stack)."""

import hashlib
import time
from collections.abc import Callable
from typing import Any

import httpx
import psycopg

from identity.session_cache import SessionCache, SessionHolder
from portal_common.auth import ASSERTION_HEADER, verify_assertion

CACHE_SECONDS = 5.0
MARIA = SessionHolder(user_id=7, role="applicant", language="et")


def forward_auth(stack: Any, token: str) -> httpx.Response:
    """What Traefik asks identity before a protected request."""
    return httpx.get(f"{stack.service_url('identity')}/internal/auth/user",
                     headers={"Cookie": f"portal_session={token}"})


def session_of(applicant: Any) -> str:
    return str(applicant.client.cookies["portal_session"])


def test_a_session_revoked_through_another_replica_is_refused_within_the_cache_lifetime(
        stack: Any, make_applicant: Callable[..., Any]) -> None:
    """The cache is used (a revocation the database holds is not seen at once) and bounded (it is seen within
    the lifetime). Another replica, or the command line, revokes straight in the database as this does."""
    token = session_of(make_applicant())
    assert forward_auth(stack, token).status_code == 200
    with psycopg.connect(stack.database_url("identity"), autocommit=True) as connection:
        connection.execute("UPDATE sessions SET revoked_at = now() WHERE token_hash = %s",
                           (hashlib.sha256(token.encode()).hexdigest(),))
    revoked_at = time.monotonic()
    assert forward_auth(stack, token).status_code == 200, "answered from the database, not from the cache"
    while forward_auth(stack, token).status_code == 200:
        assert time.monotonic() - revoked_at < CACHE_SECONDS + 2, "still accepted after the cache lifetime"
        time.sleep(0.2)
    assert forward_auth(stack, token).status_code == 401


def test_signing_out_ends_the_session_at_once(stack: Any, make_applicant: Callable[..., Any]) -> None:
    applicant = make_applicant()
    token = session_of(applicant)
    assert forward_auth(stack, token).status_code == 200  # now remembered
    assert applicant.client.post("/api/logout").status_code == 200
    assert forward_auth(stack, token).status_code == 401


def test_a_new_language_reaches_the_assertion_at_once(stack: Any, make_applicant: Callable[..., Any]) -> None:
    applicant = make_applicant(language="et")
    token = session_of(applicant)
    secret = stack.env["PORTAL_ASSERTION_SECRET"]

    def asserted_language() -> str:
        identity = verify_assertion(secret, forward_auth(stack, token).headers[ASSERTION_HEADER])
        assert identity is not None
        return identity.language

    assert asserted_language() == "et"
    assert applicant.client.post("/api/set-language", json={"language": "en"}).status_code == 200
    assert asserted_language() == "en"


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_remembered_session_is_forgotten_after_the_lifetime_or_at_its_own_expiry() -> None:
    clock = FakeClock()
    cache = SessionCache(CACHE_SECONDS, clock)
    cache.put("long", MARIA, clock.now, session_expires_in=3600)
    cache.put("ending", MARIA, clock.now, session_expires_in=1)
    assert cache.get("long") == (True, MARIA) and cache.get("ending") == (True, MARIA)
    clock.now += 1
    assert cache.get("ending") == (False, None)
    clock.now += CACHE_SECONDS
    assert cache.get("long") == (False, None)


def test_a_read_begun_before_a_revocation_or_a_change_is_not_kept() -> None:
    """A ForwardAuth read racing a sign-out (or a language change) in the same replica may hold the old answer:
    it must not bring the session back for the cache's lifetime."""
    clock = FakeClock()
    cache = SessionCache(CACHE_SECONDS, clock)
    read_at = clock.now
    clock.now += 0.01
    cache.revoke("signed-out")
    cache.user_changed(MARIA.user_id)
    cache.put("signed-out", MARIA, read_at, session_expires_in=3600)
    cache.put("other-tab", MARIA, read_at, session_expires_in=3600)
    assert cache.get("signed-out") == (True, None)
    assert cache.get("other-tab") == (False, None)
    cache.put("other-tab", MARIA, clock.now + 0.01, session_expires_in=3600)  # a read begun after the change
    assert cache.get("other-tab") == (True, MARIA)


def test_a_lifetime_of_zero_turns_the_cache_off() -> None:
    cache = SessionCache(0)
    cache.put("token", MARIA, cache.now(), session_expires_in=3600)
    cache.revoke("revoked")
    assert cache.get("token") == (False, None) and cache.get("revoked") == (False, None)
