"""Issue 15, "Two-factor sign-in": passkeys (WebAuthn) count as the second factor. Through the gateway, with a
FIDO2 authenticator in software (an ES256 key, "none" attestation) answering as the browser at the gateway's
origin would; Chromium's own virtual authenticator drives the same API in web/e2e/test_passkeys.py."""

import hashlib
import json
import secrets
import uuid
from base64 import urlsafe_b64decode, urlsafe_b64encode
from datetime import timedelta
from typing import Any

import httpx
import psycopg
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from webauthn.helpers import encode_cbor

from conftest import UNENROLLED_ADMIN_PASSWORD, Applicant, browser_client, new_admin
from portal_common.clock import utcnow

# Flags of the authenticator data: user present, user verified, attested credential data included.
PRESENT_AND_VERIFIED, WITH_CREDENTIAL = 0x05, 0x40


def b64url(data: bytes) -> str:
    return urlsafe_b64encode(data).rstrip(b"=").decode()


def from_b64url(text: str) -> bytes:
    return urlsafe_b64decode(text + "=" * (-len(text) % 4))


class SoftAuthenticator:
    """One passkey, kept in memory; `create` and `get` answer as navigator.credentials does (toJSON form)."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.credential_id = secrets.token_bytes(32)
        self.sign_count = 0

    def _client_data(self, kind: str, challenge: str) -> bytes:
        return json.dumps({"type": kind, "challenge": challenge, "origin": self.origin,
                           "crossOrigin": False}).encode()

    def _cose_key(self) -> bytes:
        numbers = self.key.public_key().public_numbers()
        return encode_cbor({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")})

    def create(self, options: dict[str, Any], challenge: str | None = None) -> dict[str, Any]:
        client_data = self._client_data("webauthn.create", challenge or options["challenge"])
        auth_data = (hashlib.sha256(options["rp"]["id"].encode()).digest()
                     + bytes([PRESENT_AND_VERIFIED | WITH_CREDENTIAL]) + self.sign_count.to_bytes(4, "big")
                     + bytes(16) + len(self.credential_id).to_bytes(2, "big") + self.credential_id + self._cose_key())
        attestation = encode_cbor({"fmt": "none", "attStmt": {}, "authData": auth_data})
        return {"id": b64url(self.credential_id), "rawId": b64url(self.credential_id), "type": "public-key",
                "response": {"clientDataJSON": b64url(client_data), "attestationObject": b64url(attestation),
                             "transports": ["internal"]},
                "clientExtensionResults": {}}

    def get(self, options: dict[str, Any], sign_count: int | None = None) -> dict[str, Any]:
        self.sign_count = self.sign_count + 1 if sign_count is None else sign_count
        client_data = self._client_data("webauthn.get", options["challenge"])
        auth_data = (hashlib.sha256(options["rpId"].encode()).digest() + bytes([PRESENT_AND_VERIFIED])
                     + self.sign_count.to_bytes(4, "big"))
        signature = self.key.sign(auth_data + hashlib.sha256(client_data).digest(), ec.ECDSA(hashes.SHA256()))
        return {"id": b64url(self.credential_id), "rawId": b64url(self.credential_id), "type": "public-key",
                "response": {"clientDataJSON": b64url(client_data), "authenticatorData": b64url(auth_data),
                             "signature": b64url(signature), "userHandle": None},
                "clientExtensionResults": {}}


def add_passkey(client: httpx.Client, authenticator: SoftAuthenticator, name: str = "Laptop") -> httpx.Response:
    options = client.post("/api/second-factor/passkeys/options")
    assert options.status_code == 200, options.text
    return client.post("/api/second-factor/passkeys",
                       json={"credential": authenticator.create(options.json()), "name": name})


def sign_in_options(client: httpx.Client, username: str, password: str) -> httpx.Response:
    return client.post("/api/login/passkey/options", json={"username": username, "password": password})


def passkey_sign_in(client: httpx.Client, username: str, password: str, authenticator: SoftAuthenticator,
                    sign_count: int | None = None) -> httpx.Response:
    options = sign_in_options(client, username, password)
    assert options.status_code == 200, options.text
    return client.post("/api/login/passkey", json={"username": username, "password": password,
                                                   "credential": authenticator.get(options.json(), sign_count)})


def identity_database(stack: Any) -> psycopg.Connection[Any]:
    return psycopg.connect(stack.database_url("identity"), autocommit=True)


def test_an_applicant_adds_a_passkey_and_signs_in_with_it(make_applicant: Any, gateway: str) -> None:
    """The first second factor brings ten recovery codes and counts for the session; afterwards the password
    alone opens nothing, the password and the passkey open a session that passed the second factor."""
    applicant: Applicant = make_applicant()
    username, password = applicant.user["username"], applicant.password
    authenticator = SoftAuthenticator(gateway)
    options = applicant.client.post("/api/second-factor/passkeys/options").json()
    assert options["rp"]["id"] == "localhost" and options["excludeCredentials"] == []
    assert options["authenticatorSelection"]["userVerification"] == "preferred"
    added = applicant.client.post("/api/second-factor/passkeys",
                                  json={"credential": authenticator.create(options), "name": "  My   laptop "})
    assert added.status_code == 201, added.text
    assert added.json()["name"] == "My laptop" and len(added.json()["recoveryCodes"]) == 10
    assert applicant.client.get("/api/user").json()["secondFactorPassed"] is True
    again = applicant.client.post("/api/second-factor/passkeys/options").json()
    assert [c["id"] for c in again["excludeCredentials"]] == [b64url(authenticator.credential_id)]
    second = add_passkey(applicant.client, SoftAuthenticator(gateway), "Phone")
    assert second.status_code == 201 and second.json()["recoveryCodes"] is None  # not the first factor

    with browser_client(gateway) as elsewhere:
        no_code = elsewhere.post("/api/login", json={"username": username, "password": password})
        assert no_code.status_code == 401 and no_code.json()["code"] == "mfa_required"
        wrong = sign_in_options(elsewhere, username, "not-the-password")
        assert wrong.status_code == 401 and wrong.json()["code"] == "invalid_credentials"
        allowed = sign_in_options(elsewhere, username, password).json()
        assert len(allowed["allowCredentials"]) == 2 and allowed["rpId"] == "localhost"
        signed_in = passkey_sign_in(elsewhere, username, password, authenticator)
        assert signed_in.status_code == 200, signed_in.text
        assert signed_in.json()["secondFactorPassed"] is True and signed_in.json()["secondFactor"] is True
        state = elsewhere.get("/api/second-factor").json()
        assert [p["name"] for p in state["passkeys"]] == ["My laptop", "Phone"]
        assert state["passkeys"][0]["lastUsedAt"] is not None and state["passkeys"][1]["lastUsedAt"] is None


def test_a_challenge_is_good_once_for_its_own_ceremony_and_five_minutes(
        make_applicant: Any, gateway: str, stack: Any) -> None:
    applicant: Applicant = make_applicant()
    authenticator = SoftAuthenticator(gateway)
    options = applicant.client.post("/api/second-factor/passkeys/options").json()
    made_up = authenticator.create(options, challenge=b64url(secrets.token_bytes(32)))
    refused = applicant.client.post("/api/second-factor/passkeys", json={"credential": made_up})
    assert refused.status_code == 400 and refused.json()["code"] == "passkey_challenge_expired"
    answer = authenticator.create(options)
    assert applicant.client.post("/api/second-factor/passkeys", json={"credential": answer}).status_code == 201
    reused = applicant.client.post("/api/second-factor/passkeys", json={"credential": answer})
    assert reused.status_code == 400 and reused.json()["code"] == "passkey_challenge_expired"

    other = SoftAuthenticator(gateway)
    late = applicant.client.post("/api/second-factor/passkeys/options").json()
    with identity_database(stack) as db:
        db.execute("UPDATE webauthn_challenges SET expires_at = %s WHERE challenge = %s",
                   (utcnow() - timedelta(seconds=1), late["challenge"]))
    expired = applicant.client.post("/api/second-factor/passkeys", json={"credential": other.create(late)})
    assert expired.status_code == 400 and expired.json()["code"] == "passkey_challenge_expired"

    # A sign-in challenge does not register, and a registration challenge does not sign in.
    username, password = applicant.user["username"], applicant.password
    sign_in = sign_in_options(applicant.client, username, password).json()
    wrong_ceremony = other.create({"rp": {"id": "localhost"}, "challenge": sign_in["challenge"]})
    assert applicant.client.post("/api/second-factor/passkeys",
                                 json={"credential": wrong_ceremony}).json()["code"] == "passkey_challenge_expired"
    register = applicant.client.post("/api/second-factor/passkeys/options").json()
    assertion = authenticator.get({"rpId": "localhost", "challenge": register["challenge"]})
    wrong_way = applicant.client.post("/api/login/passkey",
                                      json={"username": username, "password": password, "credential": assertion})
    assert wrong_way.status_code == 400 and wrong_way.json()["code"] == "passkey_challenge_expired"


def test_a_replayed_or_cloned_passkey_answer_is_refused_and_counted(make_applicant: Any, gateway: str,
                                                                    stack: Any) -> None:
    """A used assertion does not sign in again; a signature counter that does not grow means a copied key;
    each refusal counts as a failed sign-in (design.md: login slows down)."""
    applicant: Applicant = make_applicant()
    username, password = applicant.user["username"], applicant.password
    authenticator = SoftAuthenticator(gateway)
    assert add_passkey(applicant.client, authenticator).status_code == 201
    with browser_client(gateway) as client:
        options = sign_in_options(client, username, password).json()
        assertion = authenticator.get(options, sign_count=5)
        body = {"username": username, "password": password, "credential": assertion}
        assert client.post("/api/login/passkey", json=body).status_code == 200
        replayed = client.post("/api/login/passkey", json=body)
        assert replayed.status_code == 400 and replayed.json()["code"] == "passkey_challenge_expired"
        backwards = passkey_sign_in(client, username, password, authenticator, sign_count=3)
        assert backwards.status_code == 401 and backwards.json()["code"] == "passkey_not_verified"
        other_key = SoftAuthenticator(gateway)
        other_key.credential_id = authenticator.credential_id
        forged = passkey_sign_in(client, username, password, other_key, sign_count=9)
        assert forged.status_code == 401 and forged.json()["code"] == "passkey_not_verified"
        with identity_database(stack) as db:
            failures = db.execute("SELECT failures FROM login_failures WHERE username_key = %s",
                                  (username.lower(),)).fetchone()
            counter = db.execute("SELECT sign_count FROM passkeys WHERE credential_id = %s",
                                 (b64url(authenticator.credential_id),)).fetchone()
        assert failures == (3,) and counter == (5,)
        assert passkey_sign_in(client, username, password, authenticator, sign_count=6).status_code == 200


def test_options_need_the_password_and_a_failed_passkey_slows_sign_in_down(make_applicant: Any, gateway: str,
                                                                            stack: Any) -> None:
    """The password step answers as /api/login does (a wrong one, an unknown name or a deactivated account:
    invalid_credentials); an account without a passkey is told so; five refused passkeys make the next
    attempt wait (429)."""
    applicant: Applicant = make_applicant()
    username, password = applicant.user["username"], applicant.password
    deactivated: Applicant = make_applicant()
    assert add_passkey(deactivated.client, SoftAuthenticator(gateway)).status_code == 201
    with identity_database(stack) as db:
        db.execute("UPDATE users SET deactivated_at = now() WHERE id = %s", (deactivated.user["id"],))
    with browser_client(gateway) as client:
        for name, its_password in ((f"nobody{uuid.uuid4().hex[:8]}", password),
                                   (deactivated.user["username"], deactivated.password)):
            refused = sign_in_options(client, name, its_password)
            assert refused.status_code == 401 and refused.json()["code"] == "invalid_credentials"
        none_yet = sign_in_options(client, username, password)
        assert none_yet.status_code == 409 and none_yet.json()["code"] == "no_passkeys"
        authenticator = SoftAuthenticator(gateway)
        assert add_passkey(applicant.client, authenticator).status_code == 201
        stranger = SoftAuthenticator(gateway)
        for _ in range(5):
            refused = passkey_sign_in(client, username, password, stranger)
            assert refused.status_code == 401 and refused.json()["code"] == "passkey_not_verified"
        waiting = sign_in_options(client, username, password)
        assert waiting.status_code == 429 and waiting.json()["code"] == "too_many_attempts"


def test_a_session_that_skipped_the_second_factor_cannot_change_it(make_applicant: Any, gateway: str) -> None:
    applicant: Applicant = make_applicant()
    with browser_client(gateway) as older:
        login = {"username": applicant.user["username"], "password": applicant.password}
        assert older.post("/api/login", json=login).status_code == 200  # before any second factor
        added = add_passkey(applicant.client, SoftAuthenticator(gateway))
        assert added.status_code == 201
        for refused in (older.post("/api/second-factor/passkeys/options"),
                        older.delete(f"/api/second-factor/passkeys/{added.json()['id']}")):
            assert refused.status_code == 403 and refused.json()["code"] == "mfa_required"


def test_an_applicant_may_remove_their_last_passkey_an_admin_may_not(make_applicant: Any, gateway: str,
                                                                      stack: Any) -> None:
    """An admin without a second factor enrols with a passkey (the admin routes open), cannot remove the
    last one, and signs in with it; an applicant may remove theirs, and the recovery codes go with it."""
    applicant: Applicant = make_applicant()
    mine = add_passkey(applicant.client, SoftAuthenticator(gateway)).json()
    someone_elses = add_passkey(make_applicant().client, SoftAuthenticator(gateway)).json()
    assert applicant.client.delete(f"/api/second-factor/passkeys/{someone_elses['id']}").status_code == 404
    assert applicant.client.delete(f"/api/second-factor/passkeys/{mine['id']}").status_code == 204
    state = applicant.client.get("/api/second-factor").json()
    assert state["passkeys"] == [] and state["recoveryCodesLeft"] == 0

    name = new_admin(stack)
    authenticator = SoftAuthenticator(gateway)
    with browser_client(gateway) as admin:
        signed_in = admin.post("/api/login", json={"username": name, "password": UNENROLLED_ADMIN_PASSWORD})
        assert signed_in.status_code == 200
        assert admin.get("/api/admin/messages").status_code == 403
        added = add_passkey(admin, authenticator)
        assert added.status_code == 201 and len(added.json()["recoveryCodes"]) == 10
        assert admin.get("/api/admin/messages").status_code == 200
        kept = admin.delete(f"/api/second-factor/passkeys/{added.json()['id']}")
        assert kept.status_code == 403 and kept.json()["code"] == "second_factor_required_for_admins"
        assert admin.post("/api/logout").status_code == 200
    with browser_client(gateway) as admin:
        signed_in = passkey_sign_in(admin, name, UNENROLLED_ADMIN_PASSWORD, authenticator)
        assert signed_in.status_code == 200 and signed_in.json()["role"] == "admin"
        assert admin.get("/api/admin/messages").status_code == 200
        with identity_database(stack) as db:
            last_login = db.execute("SELECT last_login_at FROM users WHERE username = %s", (name,)).fetchone()
        assert last_login is not None and last_login[0] is not None
