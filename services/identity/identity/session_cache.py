"""Who holds a session, remembered for a few seconds in this process, so ForwardAuth, which the gateway asks
before every protected request, need not read the database each time (issue 18, Under load).

What a replica remembers may be stale for at most ``ttl_seconds`` (IDENTITY_SESSION_CACHE_SECONDS, 5 s by
default; 0 turns the cache off): a session revoked, or a language changed, through another replica, or by the
command line, is still honoured here until then. Through this replica it counts at once: a revoked session is
remembered as revoked, and a user whose sessions all ended or whose language changed is read afresh.
"""

import time
from collections.abc import Callable
from dataclasses import dataclass

MAX_ENTRIES = 10_000  # a bound on memory; when full, the oldest entry goes first


@dataclass(frozen=True)
class SessionHolder:
    """What the identity assertion says about the holder of a session."""

    user_id: int
    role: str
    language: str
    second_factor: bool = False  # the session passed a second factor (issue 15)
    compliance_officer: bool = False  # issue 35; an admin's holder is never cached, so a change counts at once


@dataclass(frozen=True)
class _Entry:
    holder: SessionHolder | None  # None: the session is known to be revoked
    until: float


class SessionCache:
    def __init__(self, ttl_seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.ttl_seconds = ttl_seconds
        self._clock = clock
        self._entries: dict[str, _Entry] = {}
        self._users_changed: dict[int, float] = {}  # user id → when it last changed, for a while

    def get(self, token_hash: str) -> tuple[bool, SessionHolder | None]:
        """(known, holder): whether this process knows the session, and its holder (None if revoked)."""
        entry = self._entries.get(token_hash)
        if entry is None:
            return False, None
        if entry.until <= self._clock():
            del self._entries[token_hash]
            return False, None
        return True, entry.holder

    def put(self, token_hash: str, holder: SessionHolder | None, read_at: float, session_expires_in: float) -> None:
        """Keeps what the database said at ``read_at`` (this cache's clock, ``now()``), unless the session was
        revoked or its user changed here since: a read that began before the change may hold the old answer."""
        known, _ = self.get(token_hash)
        if self.ttl_seconds <= 0 or (known and self._entries[token_hash].holder is None):
            return
        if holder is not None and self._users_changed.get(holder.user_id, float("-inf")) >= read_at:
            return
        self._make_room()
        self._entries[token_hash] = _Entry(holder, read_at + min(self.ttl_seconds, session_expires_in))

    def now(self) -> float:
        return self._clock()

    def revoke(self, token_hash: str) -> None:
        """The session ended: refused here at once, and never taken back by a read that began before."""
        if self.ttl_seconds > 0:
            self._make_room()
            self._entries[token_hash] = _Entry(None, self._clock() + self.ttl_seconds)

    def user_changed(self, user_id: int) -> None:
        """The user's sessions ended or what the assertion says about it changed: read it afresh."""
        if self.ttl_seconds <= 0:
            return
        now = self._clock()
        for token_hash, entry in list(self._entries.items()):
            if entry.holder is not None and entry.holder.user_id == user_id:
                del self._entries[token_hash]
        # A read older than the cache's lifetime is long over: what changed before it no longer matters.
        self._users_changed = {user: changed for user, changed in self._users_changed.items()
                               if changed + self.ttl_seconds > now}
        self._users_changed[user_id] = now

    def _make_room(self) -> None:
        if len(self._entries) >= MAX_ENTRIES:
            del self._entries[next(iter(self._entries))]
