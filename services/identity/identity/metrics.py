"""identity's own Prometheus series (issue 21, Metrics): sign-ins by outcome, and how long ForwardAuth takes,
since Traefik waits on it before every protected request."""

import contextlib
import time
from collections.abc import Iterator

from prometheus_client import Counter, Histogram

from portal_common.errors import ApiError

SIGN_INS = Counter("portal_identity_sign_ins", "Sign-in attempts by method (password, passkey) and outcome: "
                   "success or the error code refusing it.", ["method", "outcome"])
FORWARD_AUTH_LATENCY = Histogram("portal_identity_forward_auth_duration_seconds",
                                 "Time ForwardAuth takes to answer Traefik, by route (user, admin) and status.",
                                 ["route", "status"], buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25,
                                                               0.5, 1.0, 2.5))


@contextlib.contextmanager
def sign_in_outcome(method: str) -> Iterator[None]:
    try:
        yield
    except ApiError as refusal:
        SIGN_INS.labels(method, str(refusal.code)).inc()
        raise
    SIGN_INS.labels(method, "success").inc()


@contextlib.contextmanager
def forward_auth_timer(route: str) -> Iterator[None]:
    started, status = time.perf_counter(), "200"
    try:
        yield
    except ApiError as refusal:
        status = str(refusal.status)
        raise
    except Exception:
        status = "500"
        raise
    finally:
        FORWARD_AUTH_LATENCY.labels(route, status).observe(time.perf_counter() - started)
