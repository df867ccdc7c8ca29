"""Issue 15, Two-factor sign-in: TOTP (RFC 6238) as the second factor, mandatory for admins and optional for
applicants; recovery codes good once; wrong codes slowed down like wrong passwords; the admin routes' ForwardAuth
accepts only sessions that passed the second factor. Issue 37: a one-time code works once (RFC 6238 §5.2)."""

import hashlib
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import psycopg
import pyotp

from conftest import (
    ADMIN_PASSWORD,
    ADMIN_USERNAME,
    UNENROLLED_ADMIN_PASSWORD,
    Applicant,
    admin_login_body,
    browser_client,
    new_admin,
    totp_code,
)

ADMIN_ROUTE = "/api/admin/applications?limit=1"


def login(client: httpx.Client, username: str, password: str, otp: str | None = None) -> httpx.Response:
    return client.post("/api/login", json={"username": username, "password": password, "otp": otp})


def turn_totp_on(client: httpx.Client) -> tuple[str, list[str]]:
    """Sets up an authenticator app as the SPA's enrolment does: the secret, then a code from it."""
    started = client.post("/api/second-factor/totp/start")
    assert started.status_code == 200, started.text
    secret = started.json()["secret"]
    assert started.json()["otpauthUri"].startswith("otpauth://totp/") and "<svg" in started.json()["qrSvg"]
    confirmed = client.post("/api/second-factor/totp/confirm", json={"code": totp_code(secret)})
    assert confirmed.status_code == 200, confirmed.text
    return secret, confirmed.json()["recoveryCodes"]


def test_an_applicant_turns_totp_on_and_must_then_give_the_code(make_applicant: Any, gateway: str) -> None:
    """'Applicants may turn it on from their profile'; then 'no otp or a wrong one answers 401 mfa_required (no
    session is made); a right code answers 200 as today'."""
    applicant: Applicant = make_applicant()
    username = applicant.user["username"]
    assert applicant.user["secondFactor"] is False
    state = applicant.client.get("/api/second-factor").json()
    assert state == {"totp": False, "passkeys": [], "recoveryCodesLeft": 0, "required": False}

    started = applicant.client.post("/api/second-factor/totp/start").json()
    wrong = applicant.client.post("/api/second-factor/totp/confirm", json={"code": "000000"})
    assert wrong.status_code == 422 and wrong.json()["code"] == "wrong_code"
    assert applicant.client.post("/api/second-factor/totp/confirm",
                                 json={"code": totp_code(started["secret"])}).status_code == 200
    me = applicant.client.get("/api/user").json()
    assert (me["secondFactor"], me["secondFactorPassed"]) == (True, True)
    assert applicant.client.post("/api/second-factor/totp/start").status_code == 409

    with browser_client(gateway) as fresh:
        for otp in (None, ""):
            refused = login(fresh, username, applicant.password, otp)
            assert refused.status_code == 401 and refused.json()["code"] == "mfa_required"
            assert "otp" not in refused.json()["fields"]  # asked for, not wrong
        assert "portal_session" not in fresh.cookies
        assert fresh.get("/api/user").status_code == 401
        signed_in = login(fresh, username, applicant.password, totp_code(started["secret"]))
        assert signed_in.status_code == 200
        assert (signed_in.json()["secondFactor"], signed_in.json()["secondFactorPassed"]) == (True, True)
        assert fresh.get("/api/user").json()["username"] == username


def test_a_wrong_code_answers_mfa_required_and_counts_toward_the_slow_down(
        make_applicant: Any, gateway: str) -> None:
    """'Wrong codes are slowed down like wrong passwords': five free failures, then 429 even for the right code."""
    applicant: Applicant = make_applicant()
    secret, _ = turn_totp_on(applicant.client)
    with browser_client(gateway) as client:
        for _ in range(5):
            wrong = login(client, applicant.user["username"], applicant.password, "123456")
            assert wrong.status_code == 401, wrong.text
            assert wrong.json()["code"] == "mfa_required" and wrong.json()["fieldCodes"] == {"otp": "wrong_code"}
        blocked = login(client, applicant.user["username"], applicant.password, totp_code(secret))
        assert blocked.status_code == 429 and blocked.json()["code"] == "too_many_attempts"
        assert int(blocked.headers["Retry-After"]) > 0


def test_a_recovery_code_works_once(make_applicant: Any, gateway: str) -> None:
    """'a right code, or an unused recovery code, answers 200'; a recovery code is good once."""
    applicant: Applicant = make_applicant()
    _, recovery_codes = turn_totp_on(applicant.client)
    assert len(recovery_codes) == len(set(recovery_codes)) == 10
    assert applicant.client.get("/api/second-factor").json()["recoveryCodesLeft"] == 10
    code = recovery_codes[3]
    with browser_client(gateway) as client:
        used = login(client, applicant.user["username"], applicant.password, f" {code.upper()} ")
        assert used.status_code == 200 and used.json()["secondFactorPassed"] is True
        again = login(client, applicant.user["username"], applicant.password, code)
        assert again.status_code == 401 and again.json()["code"] == "mfa_required"
    assert applicant.client.get("/api/second-factor").json()["recoveryCodesLeft"] == 9


def test_only_hashes_of_recovery_codes_are_stored(make_applicant: Any, stack: Any) -> None:
    applicant: Applicant = make_applicant()
    _, recovery_codes = turn_totp_on(applicant.client)
    with psycopg.connect(stack.database_url("identity")) as db:
        stored = [row[0] for row in db.execute("select code_hash from recovery_codes where user_id = %s",
                                               (applicant.user["id"],))]
    assert len(stored) == 10 and not set(stored) & set(recovery_codes)


def test_new_recovery_codes_need_a_code_and_replace_the_old_ones(make_applicant: Any, gateway: str) -> None:
    applicant: Applicant = make_applicant()
    secret, old_codes = turn_totp_on(applicant.client)
    wrong = applicant.client.post("/api/second-factor/recovery-codes", json={"code": "000000"})
    assert wrong.status_code == 422 and wrong.json()["code"] == "wrong_code"
    renewed = applicant.client.post("/api/second-factor/recovery-codes", json={"code": totp_code(secret)})
    assert renewed.status_code == 200 and len(renewed.json()["recoveryCodes"]) == 10
    with browser_client(gateway) as client:
        assert login(client, applicant.user["username"], applicant.password, old_codes[0]).status_code == 401
        assert login(client, applicant.user["username"], applicant.password,
                     renewed.json()["recoveryCodes"][0]).status_code == 200


def test_an_applicant_may_turn_totp_off_with_a_code(make_applicant: Any, gateway: str) -> None:
    applicant: Applicant = make_applicant()
    secret, _ = turn_totp_on(applicant.client)
    refused = applicant.client.request("DELETE", "/api/second-factor/totp", json={"code": "000000"})
    assert refused.status_code == 422 and refused.json()["code"] == "wrong_code"
    off = applicant.client.request("DELETE", "/api/second-factor/totp", json={"code": totp_code(secret)})
    assert off.status_code == 204, off.text
    assert applicant.client.get("/api/second-factor").json() == {
        "totp": False, "passkeys": [], "recoveryCodesLeft": 0, "required": False}
    with browser_client(gateway) as client:
        signed_in = login(client, applicant.user["username"], applicant.password)
        assert signed_in.status_code == 200 and signed_in.json()["secondFactor"] is False


def test_an_admin_route_refuses_a_session_that_skipped_the_second_factor(stack: Any, gateway: str) -> None:
    """'The admin routes' ForwardAuth accepts only sessions that passed the second factor'; an admin without one
    signs in (to enrol), enrols, and is let in; from then on the code is asked at every sign-in."""
    name = new_admin(stack)
    with browser_client(gateway) as client:
        signed_in = login(client, name, UNENROLLED_ADMIN_PASSWORD, "123456")  # an account without one: code ignored
        assert signed_in.status_code == 200
        assert (signed_in.json()["secondFactor"], signed_in.json()["secondFactorPassed"]) == (False, False)
        refused = client.get(ADMIN_ROUTE)
        assert refused.status_code == 403 and refused.json()["code"] == "mfa_required"
        assert client.get("/api/second-factor").json()["required"] is True

        secret, _ = turn_totp_on(client)
        assert client.get(ADMIN_ROUTE).status_code == 200
        kept = client.request("DELETE", "/api/second-factor/totp", json={"code": totp_code(secret)})
        assert kept.status_code == 403 and kept.json()["code"] == "second_factor_required_for_admins"

    with browser_client(gateway) as client:
        assert login(client, name, UNENROLLED_ADMIN_PASSWORD).json()["code"] == "mfa_required"
        assert login(client, name, UNENROLLED_ADMIN_PASSWORD, totp_code(secret)).status_code == 200
        assert client.get(ADMIN_ROUTE).status_code == 200


def test_an_admin_session_is_read_afresh_on_every_admin_request(gateway: str, stack: Any) -> None:
    """Admin sessions are never served from ForwardAuth's cache: a session that loses its second factor behind
    identity's back (as a reset does) is refused at the very next request. A session of its own, not the one
    admin_client shares."""
    with browser_client(gateway) as admin:
        assert admin.post("/api/login", json=admin_login_body()).status_code == 200
        assert admin.get(ADMIN_ROUTE).status_code == 200
        token_hash = hashlib.sha256(admin.cookies["portal_session"].encode()).hexdigest()
        with psycopg.connect(stack.database_url("identity"), autocommit=True) as db:
            db.execute("update sessions set second_factor = false where token_hash = %s", (token_hash,))
        refused = admin.get(ADMIN_ROUTE)
        assert refused.status_code == 403 and refused.json()["code"] == "mfa_required"


def test_the_stacks_admin_is_enrolled_with_the_configured_secret(gateway: str, stack: Any) -> None:
    """PORTAL_ADMIN_TOTP_SECRET: the admin `ensure-admin` makes signs in with a code from that secret; every sign-in
    sets last_login_at."""
    with browser_client(gateway) as client:
        refused = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
        assert refused.status_code == 401 and refused.json()["code"] == "mfa_required"
        signed_in = client.post("/api/login", json=admin_login_body())
        assert signed_in.status_code == 200, signed_in.text
        assert (signed_in.json()["secondFactor"], signed_in.json()["secondFactorPassed"]) == (True, True)
        assert client.get(ADMIN_ROUTE).status_code == 200
    with psycopg.connect(stack.database_url("identity")) as db:
        row = db.execute("select last_login_at > now() - interval '1 minute' from users where username = %s",
                         (ADMIN_USERNAME,)).fetchone()
    assert row is not None and row[0] is True


def test_a_session_that_did_not_pass_the_second_factor_cannot_set_up_another(
        make_applicant: Any, gateway: str) -> None:
    """A session opened before another device enrolled a second factor may not add one of its own (and so pass)."""
    applicant: Applicant = make_applicant()
    with browser_client(gateway) as earlier:
        assert login(earlier, applicant.user["username"], applicant.password).status_code == 200
        turn_totp_on(applicant.client)
        refused = earlier.post("/api/second-factor/totp/start")
        assert refused.status_code == 403 and refused.json()["code"] == "mfa_required"
        assert earlier.get("/api/user").json()["secondFactorPassed"] is False


def _confirmed_with(client: httpx.Client) -> tuple[str, str]:
    """Turns TOTP on; the secret and the code that confirmed it."""
    secret = client.post("/api/second-factor/totp/start").json()["secret"]
    code = totp_code(secret)
    assert client.post("/api/second-factor/totp/confirm", json={"code": code}).status_code == 200
    return secret, code


def _refused_as_wrong(response: httpx.Response) -> bool:
    return response.status_code == 401 and response.json()["code"] == "mfa_required" \
        and response.json()["fieldCodes"] == {"otp": "wrong_code"}


def test_a_code_signs_in_once_and_the_next_steps_code_still_works(make_applicant: Any, gateway: str) -> None:
    """Issue 37, RFC 6238 §5.2: 'the verifier MUST NOT accept the second attempt of the OTP after the successful
    validation has been issued for the first OTP'. The code that confirmed the enrolment, and a code that signed
    in, are refused as wrong codes the second time; the next step's code is good."""
    applicant: Applicant = make_applicant()
    username, password = applicant.user["username"], applicant.password
    secret, enrolment_code = _confirmed_with(applicant.client)
    with browser_client(gateway) as client:
        assert _refused_as_wrong(login(client, username, password, enrolment_code))
        code = totp_code(secret)  # the next step's (or, if the clock moved on, the new current one)
        assert login(client, username, password, code).status_code == 200
    with browser_client(gateway) as again:
        replayed = login(again, username, password, code)
        assert _refused_as_wrong(replayed), replayed.text
        assert "portal_session" not in again.cookies
        assert login(again, username, password, totp_code(secret)).status_code == 200


def test_a_code_of_an_earlier_step_than_the_last_accepted_is_refused(make_applicant: Any, gateway: str) -> None:
    """Within the drift window the code of the step before the accepted one would still be right: it is refused
    too, though never used (only later steps are good), else a code seen a moment earlier could follow a newer
    one. The enrolment is confirmed with the next step's code, which the window takes."""
    applicant: Applicant = make_applicant()
    secret = applicant.client.post("/api/second-factor/totp/start").json()["secret"]
    totp = pyotp.TOTP(secret)
    current = int(time.time()) // totp.interval
    assert applicant.client.post("/api/second-factor/totp/confirm",
                                 json={"code": totp.generate_otp(current + 1)}).status_code == 200
    with browser_client(gateway) as client:
        assert _refused_as_wrong(login(client, applicant.user["username"], applicant.password,
                                       totp.generate_otp(current)))


def test_replayed_codes_count_toward_the_slow_down(make_applicant: Any, gateway: str) -> None:
    """A replay is a wrong code, counted like one: five free failures, then 429 even for a fresh code."""
    applicant: Applicant = make_applicant()
    secret, enrolment_code = _confirmed_with(applicant.client)
    with browser_client(gateway) as client:
        for _ in range(5):
            assert _refused_as_wrong(login(client, applicant.user["username"], applicant.password, enrolment_code))
        blocked = login(client, applicant.user["username"], applicant.password, totp_code(secret))
        assert blocked.status_code == 429 and blocked.json()["code"] == "too_many_attempts"


def test_two_sign_ins_racing_with_one_code_let_one_in(make_applicant: Any, gateway: str) -> None:
    applicant: Applicant = make_applicant()
    secret, _ = _confirmed_with(applicant.client)
    code = totp_code(secret)

    def sign_in(_: int) -> int:
        with browser_client(gateway) as client:
            return login(client, applicant.user["username"], applicant.password, code).status_code

    with ThreadPoolExecutor(max_workers=3) as pool:
        answers = sorted(pool.map(sign_in, range(3)))
    assert answers == [200, 401, 401]


def test_the_code_is_good_once_for_recovery_codes_and_turning_totp_off(make_applicant: Any) -> None:
    """Every place that checks a code (renewing the recovery codes, turning the app off) refuses a used one."""
    applicant: Applicant = make_applicant()
    secret, enrolment_code = _confirmed_with(applicant.client)
    again = applicant.client.post("/api/second-factor/recovery-codes", json={"code": enrolment_code})
    assert again.status_code == 422 and again.json()["code"] == "wrong_code"
    code = totp_code(secret)
    assert applicant.client.post("/api/second-factor/recovery-codes", json={"code": code}).status_code == 200
    refused = applicant.client.request("DELETE", "/api/second-factor/totp", json={"code": code})
    assert refused.status_code == 422 and refused.json()["code"] == "wrong_code"
    assert applicant.client.request("DELETE", "/api/second-factor/totp",
                                    json={"code": totp_code(secret)}).status_code == 204


def test_a_code_with_any_characters_is_a_wrong_code(make_applicant: Any, gateway: str) -> None:
    """A code is compared in constant time; text no authenticator makes (not ASCII) is still just wrong."""
    applicant: Applicant = make_applicant()
    _confirmed_with(applicant.client)
    for odd in ("12345é", "１２３４５６"):
        renewal = applicant.client.post("/api/second-factor/recovery-codes", json={"code": odd})
        assert renewal.status_code == 422 and renewal.json()["code"] == "wrong_code", renewal.text
        with browser_client(gateway) as client:
            assert _refused_as_wrong(login(client, applicant.user["username"], applicant.password, odd))
