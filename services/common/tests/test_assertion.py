"""The signed identity assertion (design.md): valid signatures pass, anything forged or stale does not."""

import base64
import hashlib
import hmac
import time

from portal_common.auth import sign_assertion, verify_assertion

SECRET = "test-secret-that-is-long-enough-for-hmac"


def test_a_fresh_assertion_carries_the_identity() -> None:
    identity = verify_assertion(SECRET, sign_assertion(SECRET, 42, "admin", "en", second_factor=True))
    assert identity is not None
    assert (identity.user_id, identity.role, identity.language, identity.is_admin) == (42, "admin", "en", True)


def test_an_admin_without_a_passed_second_factor_is_no_admin() -> None:
    """Issue 37: a session's role alone makes no admin; the assertion must say the second factor was passed."""
    identity = verify_assertion(SECRET, sign_assertion(SECRET, 42, "admin", "en"))
    assert identity is not None and identity.role == "admin" and identity.second_factor is False
    assert identity.is_admin is False


def test_an_assertion_from_before_the_second_factor_claim_is_no_admin() -> None:
    """An assertion signed without the ``mfa`` claim (or with anything but ``true`` in it) grants no admin."""
    for claim in ('', ',"mfa":1', ',"mfa":"true"', ',"mfa":null'):
        payload = base64.urlsafe_b64encode(
            f'{{"sub":1,"role":"admin","lang":"et","exp":{int(time.time()) + 60}{claim}}}'.encode()).rstrip(b"=")
        signed_part = "v1." + payload.decode()
        signature = base64.urlsafe_b64encode(
            hmac.new(SECRET.encode(), signed_part.encode(), hashlib.sha256).digest()).rstrip(b"=").decode()
        identity = verify_assertion(SECRET, f"{signed_part}.{signature}")
        assert identity is not None and identity.is_admin is False, claim


def test_another_secret_is_refused() -> None:
    assert verify_assertion(SECRET, sign_assertion("some-other-secret", 42, "admin", "en")) is None


def test_changed_claims_are_refused() -> None:
    version, _, signature = sign_assertion(SECRET, 7, "applicant", "et").split(".")
    forged = sign_assertion("x", 7, "admin", "et").split(".")[1]
    assert verify_assertion(SECRET, f"{version}.{forged}.{signature}") is None


def test_an_expired_assertion_is_refused() -> None:
    token = sign_assertion(SECRET, 7, "applicant", "et", ttl=10)
    assert verify_assertion(SECRET, token, now=time.time() + 11) is None
    assert verify_assertion(SECRET, token, now=time.time() + 5) is not None


def test_garbage_is_refused() -> None:
    for token in ("", "v1", "v1.a.b", "v2.a.b.c", "1", "v1.!!!.x"):
        assert verify_assertion(SECRET, token) is None
