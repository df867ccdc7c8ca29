"""argon2id's cost comes from IDENTITY_PASSWORD_HASH_* (issue 32: the test stack hashes cheaply); production keeps
RFC 9106's second option, and a hash made at another cost still signs in and is made again at the current one."""

from typing import Any

import psycopg
from argon2 import PasswordHasher

from conftest import Applicant, browser_client
from identity.config import IdentitySettings
from testkit.suite_stack import TEST_PASSWORD_HASH_COST

STACK_COST = "m={IDENTITY_PASSWORD_HASH_MEMORY_KIB},t={IDENTITY_PASSWORD_HASH_TIME_COST}," \
             "p={IDENTITY_PASSWORD_HASH_PARALLELISM}".format(**TEST_PASSWORD_HASH_COST)


def test_production_hashes_at_rfc_9106s_second_option() -> None:
    fields = IdentitySettings.model_fields
    assert (fields["password_hash_time_cost"].default, fields["password_hash_memory_kib"].default,
            fields["password_hash_parallelism"].default) == (3, 65536, 4)


def _stored_hash(stack: Any, user_id: int) -> str:
    with psycopg.connect(stack.database_url("identity")) as db:
        row = db.execute("select password_hash from users where id = %s", (user_id,)).fetchone()
    assert row is not None
    return str(row[0])


def test_a_hash_at_another_cost_signs_in_and_is_made_again_at_the_configured_one(
        stack: Any, make_applicant: Any, gateway: str) -> None:
    applicant: Applicant = make_applicant()
    user_id = applicant.user["id"]
    assert _stored_hash(stack, user_id).startswith(f"$argon2id$v=19${STACK_COST}$")

    production = PasswordHasher().hash(applicant.password)  # as an account made before the change holds it
    with psycopg.connect(stack.database_url("identity"), autocommit=True) as db:
        db.execute("update users set password_hash = %s where id = %s", (production, user_id))
    with browser_client(gateway) as client:
        signed_in = client.post("/api/login", json={"username": applicant.user["username"],
                                                    "password": applicant.password})
        assert signed_in.status_code == 200, signed_in.text
    rehashed = _stored_hash(stack, user_id)
    assert rehashed != production and rehashed.startswith(f"$argon2id$v=19${STACK_COST}$")
