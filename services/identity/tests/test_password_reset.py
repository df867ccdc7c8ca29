"""Issue 14, "Password reset": the link arrives by e-mail (real SMTP, read from the mail catcher's .eml files),
works once and for an hour, and setting the new password ends every session; the answer to the request is the
same, in about the same time, whether the account exists or not; requests are limited per account and per IP."""

import re
import statistics
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import psycopg

from conftest import Applicant, browser_client
from services.notifications.tests.support import Mail, mail_to, wait_for_mail

RESET_ANSWER = {"message": "If an account exists, we sent a link to reset the password"}
NEW_PASSWORD = "brand-new-secret-7"


def reset_token(mail: Mail, gateway: str) -> str:
    found = re.search(re.escape(gateway) + r"/reset-password\?token=([A-Za-z0-9_-]+)", mail.text)
    assert found, mail.text
    return found.group(1)


def ask_reset(client: httpx.Client, login: str) -> httpx.Response:
    response = client.post("/api/password-reset", json={"login": login})
    assert response.status_code == 202, response.text
    assert response.json() == RESET_ANSWER
    return response


def confirm(client: httpx.Client, token: str, password: str = NEW_PASSWORD) -> httpx.Response:
    return client.post("/api/password-reset/confirm",
                       json={"token": token, "password": password, "confirmPassword": password})


def identity_db(stack: Any) -> psycopg.Connection[Any]:
    return psycopg.connect(stack.database_url("identity"), autocommit=True)


def test_a_reset_link_by_username_works_once_and_ends_every_session(
        make_applicant: Any, client: httpx.Client, stack: Any) -> None:
    """Password reset: the link in the e-mail sets a new password (same rules as registration) once; every
    session of the account ends; the old password no longer signs in, the new one does."""
    applicant: Applicant = make_applicant(fullName="Mari Maasikas")
    elsewhere = browser_client(stack.gateway_url)
    assert elsewhere.post("/api/login", json={"username": applicant.user["username"],
                                              "password": applicant.password}).status_code == 200
    ask_reset(client, applicant.user["username"])
    [mail] = wait_for_mail(stack, applicant.user["email"], "password_reset")
    assert mail.subject == "Parooli lähtestamine" and "Tere, Mari Maasikas!" in mail.text
    assert "1 tund" in mail.text
    token = reset_token(mail, stack.gateway_url)
    assert f'href="{stack.gateway_url}/reset-password?token={token}"' in mail.html

    too_short = confirm(client, token, "short")
    assert too_short.status_code == 422 and too_short.json()["fieldCodes"]["password"] == "password_too_short"
    assert confirm(client, token).status_code == 200
    again = confirm(client, token, "another-secret-9")
    assert again.status_code == 400 and again.json()["code"] == "invalid_token"

    assert applicant.client.get("/api/user").status_code == 401
    assert elsewhere.get("/api/user").status_code == 401
    login = {"username": applicant.user["username"], "password": applicant.password}
    assert client.post("/api/login", json=login).status_code == 401
    assert client.post("/api/login", json={**login, "password": NEW_PASSWORD}).status_code == 200
    [notice] = wait_for_mail(stack, applicant.user["email"], "password_changed")
    assert notice.subject == "Teie parool on muudetud" and "lähtestamise lingi kaudu" in notice.text
    elsewhere.close()


def test_a_reset_by_e_mail_address_in_english_links_the_english_page(
        make_applicant: Any, client: httpx.Client, stack: Any) -> None:
    applicant: Applicant = make_applicant(fullName="John Smith", language="en")
    ask_reset(client, applicant.user["email"].upper())
    [mail] = wait_for_mail(stack, applicant.user["email"], "password_reset")
    assert mail.subject == "Reset your password" and "Hello John Smith," in mail.text
    token = reset_token(mail, stack.gateway_url)
    assert f"/reset-password?token={token}&lng=en" in mail.text
    assert confirm(client, token).status_code == 200


def test_only_the_hash_of_the_token_is_stored_and_an_expired_link_is_refused(
        make_applicant: Any, client: httpx.Client, stack: Any) -> None:
    """The link is valid for 1 hour; only its hash is stored."""
    applicant: Applicant = make_applicant()
    ask_reset(client, applicant.user["username"])
    token = reset_token(wait_for_mail(stack, applicant.user["email"], "password_reset")[0], stack.gateway_url)
    with identity_db(stack) as db:
        [(stored, valid_for)] = db.execute(
            "SELECT token_hash, expires_at - created_at FROM password_reset_tokens WHERE user_id = %s",
            (applicant.user["id"],)).fetchall()
        assert token not in stored and len(stored) == 64
        assert valid_for.total_seconds() == 3600
        db.execute("UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE user_id = %s",
                   (applicant.user["id"],))
    expired = confirm(client, token)
    assert expired.status_code == 400 and expired.json()["code"] == "invalid_token"
    unknown = confirm(client, "no-such-token")
    assert unknown.status_code == 400 and unknown.json()["code"] == "invalid_token"
    assert applicant.client.get("/api/user").status_code == 200


def test_an_unknown_login_gets_the_same_answer_in_about_the_same_time(
        make_applicant: Any, client: httpx.Client, stack: Any) -> None:
    """'The answer is always the same ... in the same time': the median of five requests for existing accounts
    (each sends a link) and of five for unknown logins differ by less than 50 ms."""
    applicants = [make_applicant() for _ in range(5)]
    known, unknown = [], []
    for applicant in applicants:
        for login, times in ((applicant.user["username"], known), (f"nobody-{uuid.uuid4().hex}", unknown)):
            started = time.perf_counter()
            ask_reset(client, login)
            times.append(time.perf_counter() - started)
    assert abs(statistics.median(known) - statistics.median(unknown)) < 0.05, (known, unknown)
    for applicant in applicants:
        wait_for_mail(stack, applicant.user["email"], "password_reset")


def test_an_account_is_sent_at_most_three_links_an_hour_and_the_answer_does_not_tell(
        make_applicant: Any, client: httpx.Client, stack: Any) -> None:
    """Rate-limited per account (IDENTITY_PASSWORD_RESETS_PER_HOUR, 3): the fourth and fifth requests are
    answered alike and send nothing."""
    applicant: Applicant = make_applicant()
    for _ in range(5):
        ask_reset(client, applicant.user["username"])
    wait_for_mail(stack, applicant.user["email"], "password_reset", count=3)
    with identity_db(stack) as db:
        [(links,)] = db.execute("SELECT count(*) FROM password_reset_tokens WHERE user_id = %s",
                                (applicant.user["id"],)).fetchall()
    assert links == 3
    time.sleep(3)  # what a fourth e-mail would have needed to arrive
    assert len(mail_to(stack, applicant.user["email"], "password_reset")) == 3


def test_reset_requests_are_rate_limited_per_ip_at_the_gateway(gateway: str) -> None:
    """Rate-limited per IP: the gateway's rate_limited route (identity-links)."""
    def attempt(_: int) -> int:
        return httpx.post(f"{gateway}/api/password-reset", json={"login": ""},
                          headers={"Origin": gateway}).status_code

    # Nearly all at once, so they arrive faster than a loaded machine answers them.
    with ThreadPoolExecutor(max_workers=100) as pool:
        statuses = list(pool.map(attempt, range(150)))
    assert 429 in statuses
    assert 422 in statuses  # the first ones went through to identity
    time.sleep(4)  # the bucket refills (10 a second, 30 at once in tests) for the tests that follow
