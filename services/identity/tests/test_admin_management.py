"""Issue 15, "Admin management", through the gateway: an admin invites another by e-mail (the link arrives in the
mail catcher in the invitee's language), the invitee sets a username and password and is signed in without a
second factor until they enrol; an invitation is good once and for a while; deactivating an admin ends their
sessions at once and they cannot sign in; resetting an admin's second factor makes them enrol again. Each of
these admin actions is staged for the audit log (identity's outbox, audit.recorded)."""

import json
import re
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import psycopg
import pytest
from sqlalchemy import text, update
from sqlmodel import col

from conftest import ADMIN_USERNAME, browser_client, totp_code
from identity import admins
from identity.models import User
from portal_common.clock import utcnow
from portal_common.db import Database
from portal_common.errors import ApiError
from services.notifications.tests.support import wait_for_mail

INVITEE_PASSWORD = "a-long-admin-password-1"


@dataclass
class InvitedAdmin:
    client: httpx.Client
    user: dict[str, Any]
    username: str
    password: str
    totp_secret: str = ""

    def login(self, gateway: str) -> httpx.Response:
        with browser_client(gateway) as fresh:
            body = {"username": self.username, "password": self.password}
            if self.totp_secret:
                body["otp"] = totp_code(self.totp_secret)
            return fresh.post("/api/login", json=body)


def new_address() -> str:
    return f"admin.{uuid.uuid4().hex[:10]}@example.com"


def invite(admin_client: httpx.Client, email: str, full_name: str = "Kadri Kask", language: str = "et") -> Any:
    response = admin_client.post("/api/admin/admin-invitations",
                                 json={"fullName": full_name, "email": email, "language": language})
    assert response.status_code == 201, response.text
    return response.json()


def emailed_token(stack: Any, email: str, count: int = 1) -> str:
    mail = wait_for_mail(stack, email, "admin_invitation", count=count)[-1]
    found = re.search(re.escape(stack.gateway_url) + r"/admin-invitation\?token=([A-Za-z0-9_-]+)", mail.text)
    assert found, mail.text
    return found.group(1)


def accept(client: httpx.Client, token: str, username: str, password: str = INVITEE_PASSWORD) -> httpx.Response:
    return client.post("/api/admin-invitations/accept",
                       json={"token": token, "username": username, "password": password, "confirmPassword": password})


def enrol(client: httpx.Client) -> str:
    """Sets up the authenticator app (the enrolment page's calls); returns its secret."""
    started = client.post("/api/second-factor/totp/start")
    assert started.status_code == 200, started.text
    secret: str = started.json()["secret"]
    confirmed = client.post("/api/second-factor/totp/confirm", json={"code": totp_code(secret)})
    assert confirmed.status_code == 200, confirmed.text
    return secret


def new_admin(stack: Any, admin_client: httpx.Client, enrolled: bool = True) -> InvitedAdmin:
    email, username = new_address(), f"adm{uuid.uuid4().hex[:8]}"
    invite(admin_client, email)
    client = browser_client(stack.gateway_url)
    accepted = accept(client, emailed_token(stack, email), username)
    assert accepted.status_code == 201, accepted.text
    admin = InvitedAdmin(client, accepted.json(), username, INVITEE_PASSWORD)
    if enrolled:
        admin.totp_secret = enrol(client)
    return admin


@pytest.fixture
def make_admin(stack: Any, admin_client: httpx.Client, retire_admins: list[int]) -> Iterator[Any]:
    made: list[InvitedAdmin] = []

    def make(enrolled: bool = True) -> InvitedAdmin:
        made.append(new_admin(stack, admin_client, enrolled))
        retire_admins.append(made[-1].user["id"])
        return made[-1]

    yield make
    for admin in made:
        admin.client.close()


def listed(admin_client: httpx.Client, user_id: int) -> dict[str, Any]:
    response = admin_client.get("/api/admin/admins")
    assert response.status_code == 200, response.text
    [row] = [row for row in response.json() if row["id"] == user_id]
    return dict(row)


def audit_records(stack: Any, action: str, target_id: int) -> list[dict[str, Any]]:
    """The audit records identity staged for ``action`` on ``target_id`` (its outbox, audit.recorded)."""
    with psycopg.connect(stack.database_url("identity")) as db:
        rows = db.execute("select convert_from(body, 'UTF8') from outbox where subject = 'audit.recorded'"
                          " order by created_at").fetchall()
    payloads = [json.loads(body)["payload"] for (body,) in rows]
    return [p for p in payloads if p["action"] == action and p["targetId"] == str(target_id)]


def main_admin_id(admin_client: httpx.Client) -> int:
    user = admin_client.get("/api/user").json()
    assert user["username"] == ADMIN_USERNAME
    return int(user["id"])


def test_an_invitation_arrives_in_the_invitees_language_and_makes_an_admin_who_must_enrol(
        stack: Any, admin_client: httpx.Client, retire_admins: list[int]) -> None:
    """Admin management: invite by e-mail (the link in the invitee's language), the invitee sets a username and
    password and is signed in; the admin routes refuse them until they enrol a second factor; then they are
    listed with their last sign-in and second factor, and the invitation is used up."""
    email, username = new_address(), f"adm{uuid.uuid4().hex[:8]}"
    invitation = invite(admin_client, email, "John Admin", "en")
    assert invitation["email"] == email and invitation["fullName"] == "John Admin"
    pending = admin_client.get("/api/admin/admin-invitations").json()
    assert [row["email"] for row in pending if row["id"] == invitation["id"]] == [email]

    [mail] = wait_for_mail(stack, email, "admin_invitation")
    assert mail.subject == "An invitation to become a Shelf Board admin" and "Hello John Admin," in mail.text
    token = emailed_token(stack, email)
    assert f"/admin-invitation?token={token}&lng=en" in mail.text
    with browser_client(stack.gateway_url) as anyone:
        preview = anyone.get(f"/api/admin-invitations/{token}")
    assert preview.status_code == 200, preview.text
    assert (preview.json()["fullName"], preview.json()["email"]) == ("John Admin", email)

    with browser_client(stack.gateway_url) as invitee:
        accepted = accept(invitee, token, username)
        assert accepted.status_code == 201, accepted.text
        user = accepted.json()
        retire_admins.append(user["id"])
        assert (user["role"], user["username"], user["email"], user["language"]) == ("admin", username, email, "en")
        assert user["secondFactorPassed"] is False
        refused = invitee.get("/api/admin/admins")
        assert refused.status_code == 403 and refused.json()["code"] == "mfa_required"
        enrol(invitee)
        assert invitee.get("/api/admin/admins").status_code == 200

    row = listed(admin_client, user["id"])
    assert row["lastLoginAt"] is not None and row["secondFactor"] is True and row["active"] is True
    assert (row["fullName"], row["email"], row["username"]) == ("John Admin", email, username)
    assert all(p["id"] != invitation["id"] for p in admin_client.get("/api/admin/admin-invitations").json())
    [record] = audit_records(stack, "admin.invited", invitation["id"])
    assert (record["actorId"], record["targetType"]) == (main_admin_id(admin_client), "admin")


def test_a_used_an_expired_and_an_unknown_invitation_are_refused_with_their_own_codes(
        stack: Any, admin_client: httpx.Client, client: httpx.Client, retire_admins: list[int]) -> None:
    email = new_address()
    invitation = invite(admin_client, email)
    token = emailed_token(stack, email)
    with psycopg.connect(stack.database_url("identity"), autocommit=True) as db:
        db.execute("update admin_invitations set expires_at = now() - interval '1 minute' where id = %s",
                   (invitation["id"],))
    expired = client.get(f"/api/admin-invitations/{token}")
    assert expired.status_code == 410 and expired.json()["code"] == "admin_invitation_expired"
    refused = accept(client, token, f"adm{uuid.uuid4().hex[:8]}")
    assert refused.status_code == 410 and refused.json()["code"] == "admin_invitation_expired"

    unknown = client.get("/api/admin-invitations/not-a-real-token")
    assert unknown.status_code == 404 and unknown.json()["code"] == "admin_invitation_not_found"

    invite(admin_client, email)
    token = emailed_token(stack, email, count=2)
    accepted = accept(client, token, f"adm{uuid.uuid4().hex[:8]}")
    assert accepted.status_code == 201, accepted.text
    retire_admins.append(accepted.json()["id"])
    with browser_client(stack.gateway_url) as other:
        used = accept(other, token, f"adm{uuid.uuid4().hex[:8]}")
        assert used.status_code == 410 and used.json()["code"] == "admin_invitation_used"
        assert other.get(f"/api/admin-invitations/{token}").json()["code"] == "admin_invitation_used"


def test_a_new_invitation_to_the_same_address_replaces_the_pending_one(stack: Any, admin_client: httpx.Client,
                                                                       client: httpx.Client) -> None:
    email = new_address()
    invite(admin_client, email)
    first = emailed_token(stack, email)
    invite(admin_client, email)
    second = emailed_token(stack, email, count=2)
    assert client.get(f"/api/admin-invitations/{first}").json()["code"] == "admin_invitation_expired"
    assert client.get(f"/api/admin-invitations/{second}").status_code == 200
    assert [row["email"] for row in admin_client.get("/api/admin/admin-invitations").json()].count(email) == 1


def test_invitations_and_acceptances_are_checked(stack: Any, admin_client: httpx.Client, client: httpx.Client,
                                                 make_applicant: Any) -> None:
    bad = admin_client.post("/api/admin/admin-invitations", json={"fullName": "K", "email": "nope", "language": "fi"})
    assert bad.status_code == 422
    assert bad.json()["fieldCodes"] == {"fullName": "full_name_too_short", "email": "invalid_email",
                                        "language": "invalid_value"}
    applicant = make_applicant()
    taken = admin_client.post("/api/admin/admin-invitations",
                              json={"fullName": "Kadri Kask", "email": applicant.user["email"], "language": "et"})
    assert taken.status_code == 409 and taken.json()["fieldCodes"] == {"email": "email_taken"}

    email = new_address()
    invite(admin_client, email)
    token = emailed_token(stack, email)
    short = accept(client, token, f"adm{uuid.uuid4().hex[:8]}", "eleven-char")
    assert short.status_code == 422 and short.json()["fieldCodes"] == {"password": "admin_password_too_short"}
    name_taken = accept(client, token, applicant.user["username"].upper())
    assert name_taken.status_code == 409 and name_taken.json()["fieldCodes"] == {"username": "username_taken"}
    assert client.get(f"/api/admin-invitations/{token}").status_code == 200  # refusals leave it usable


def test_a_deactivated_admins_session_dies_at_once_and_they_cannot_sign_in(
        stack: Any, admin_client: httpx.Client, make_admin: Any) -> None:
    """Admin management: deactivate an admin (their sessions end at once); a deactivated account is refused
    exactly as a wrong password."""
    other = make_admin()
    assert other.client.get("/api/admin/admins").status_code == 200
    with browser_client(stack.gateway_url) as second_session:
        assert second_session.post("/api/login", json={
            "username": other.username, "password": other.password,
            "otp": totp_code(other.totp_secret)}).status_code == 200

        deactivated = admin_client.post(f"/api/admin/admins/{other.user['id']}/deactivate")
        assert deactivated.status_code == 200, deactivated.text
        assert deactivated.json()["active"] is False and deactivated.json()["deactivatedAt"] is not None

        assert other.client.get("/api/admin/admins").status_code == 401
        assert second_session.get("/api/admin/admins").status_code == 401
        assert other.client.get("/api/user").status_code == 401
    refused = other.login(stack.gateway_url)
    assert refused.status_code == 401 and refused.json()["code"] == "invalid_credentials"
    assert listed(admin_client, other.user["id"])["active"] is False
    [record] = audit_records(stack, "admin.deactivated", other.user["id"])
    assert record["actorId"] == main_admin_id(admin_client)


def test_an_admin_cannot_deactivate_themselves(admin_client: httpx.Client) -> None:
    own_id = main_admin_id(admin_client)
    refused = admin_client.post(f"/api/admin/admins/{own_id}/deactivate")
    assert refused.status_code == 409 and refused.json()["code"] == "cannot_deactivate_self"
    assert admin_client.post("/api/admin/admins/999999999/deactivate").status_code == 404


def test_an_admin_cannot_reset_their_own_second_factor(admin_client: httpx.Client) -> None:
    """A session alone must not swap its admin's second factor; and the admin stays enrolled (issue 15)."""
    own_id = main_admin_id(admin_client)
    refused = admin_client.post(f"/api/admin/admins/{own_id}/reset-second-factor")
    assert refused.status_code == 409 and refused.json()["code"] == "cannot_reset_own_second_factor"
    assert admin_client.get("/api/admin/admins?limit=1").status_code == 200  # the session still passes
    me = next(a for a in admin_client.get("/api/admin/admins").json() if a["id"] == own_id)
    assert me["secondFactor"] is True


async def test_the_last_active_admin_cannot_be_deactivated(stack: Any, admin_client: httpx.Client,
                                                           make_admin: Any) -> None:
    """Two admins deactivating each other at once: the second finds the target the last active admin (its
    row lock makes them wait for each other). Played in one transaction that is rolled back afterwards. The
    table is locked against writes first: an admin another test worker makes meanwhile would be a second active
    one (CI failed on exactly that)."""
    target, actor = make_admin(), make_admin()
    database = Database(stack.database_url("identity"))
    try:
        async with database.session() as db:
            await (await db.connection()).execute(text("LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE"))
            others = update(User).where(col(User.role) == "admin", col(User.id) != target.user["id"])
            await (await db.connection()).execute(others.values(deactivated_at=utcnow()))
            with pytest.raises(ApiError) as refused:
                await admins.deactivate(db, target.user["id"], actor.user["id"])
            assert (refused.value.status, refused.value.code) == (409, "last_active_admin")
            await db.rollback()
    finally:
        await database.dispose()
    assert listed(admin_client, target.user["id"])["active"] is True


def test_resetting_an_admins_second_factor_makes_them_enrol_again(
        stack: Any, admin_client: httpx.Client, make_admin: Any) -> None:
    """Admin management: reset an admin's second factor (they enrol again at next sign-in)."""
    other = make_admin()
    assert listed(admin_client, other.user["id"])["secondFactor"] is True
    reset = admin_client.post(f"/api/admin/admins/{other.user['id']}/reset-second-factor")
    assert reset.status_code == 200, reset.text
    assert reset.json()["secondFactor"] is False and reset.json()["active"] is True
    assert other.client.get("/api/admin/admins").status_code == 401

    with browser_client(stack.gateway_url) as again:
        signed_in = again.post("/api/login", json={"username": other.username, "password": other.password})
        assert signed_in.status_code == 200, signed_in.text
        assert signed_in.json()["secondFactor"] is False and signed_in.json()["secondFactorPassed"] is False
        refused = again.get("/api/admin/admins")
        assert refused.status_code == 403 and refused.json()["code"] == "mfa_required"
        enrol(again)
        assert again.get("/api/admin/admins").status_code == 200
    assert listed(admin_client, other.user["id"])["secondFactor"] is True
    [record] = audit_records(stack, "admin.second_factor_reset", other.user["id"])
    assert record["actorId"] == main_admin_id(admin_client)


def test_admin_management_is_for_admins_only(make_applicant: Any, client: httpx.Client) -> None:
    applicant = make_applicant()
    assert applicant.client.get("/api/admin/admins").status_code == 403
    assert applicant.client.post("/api/admin/admin-invitations",
                                 json={"fullName": "Kadri Kask", "email": new_address()}).status_code == 403
    assert client.get("/api/admin/admin-invitations").status_code == 401


def test_the_command_lines_admin_is_listed_as_active_with_a_second_factor(admin_client: httpx.Client) -> None:
    row = listed(admin_client, main_admin_id(admin_client))
    assert (row["username"], row["active"], row["secondFactor"]) == (ADMIN_USERNAME, True, True)
