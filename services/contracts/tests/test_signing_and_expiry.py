"""Issue 13 against the real stack: a typed signature (the keyboard's way to sign, "Signer identity") is recorded
with method `typed` and only in the signer's own name; and "Contract lifecycle": a contract whose expiry passes is
stored as expired by the scheduled job, which publishes `contracts.expired` once, however many replicas run it, and
the employment contract ends when the company is handed over (spec §1: the application is completed)."""

import asyncio
import json
from datetime import UTC, datetime
from typing import Any

import httpx
import nats
import psycopg
import pytest

from conftest import eventually, nats_login
from portal_common.events import ApplicationStatusChanged
from services.contracts.tests.test_api import (
    SIGNATURE,
    MakeApplicant,
    create,
    db_execute,
    db_row,
    publish_and_wait,
    registered,
)

EXPIRED_EVENT = "contracts.expired"


def sign(client: httpx.Client, contract_id: int, **body: Any) -> httpx.Response:
    return client.post(f"/api/contracts/{contract_id}/sign", json={"signatureData": SIGNATURE, **body})


def audit_rows(stack: Any, contract_id: int) -> int:
    return int(db_row(stack, "select count(*) from signature_audit where contract_id = %s", contract_id)[0])


async def _expired_event(stack: Any, contract_id: int) -> list[dict[str, Any]]:
    """Every contracts.expired event of this contract on the stream (waits up to 10 s for the first)."""
    connection = await nats.connect(stack.env["PORTAL_NATS_URL"], **nats_login(stack, "contracts"))
    found: list[dict[str, Any]] = []
    try:
        subscription = await connection.jetstream().subscribe(EXPIRED_EVENT, ordered_consumer=True)
        while True:
            try:
                message = await subscription.next_msg(timeout=10 if not found else 1)
            except TimeoutError:
                return found
            event = json.loads(message.data)
            if event["payload"]["contractId"] == contract_id:
                assert message.headers and message.headers.get("Nats-Msg-Id") == event["id"]
                found.append(event)
    finally:
        await connection.close()


# ---- typed signatures ---------------------------------------------------------------------------------

def test_a_typed_signature_is_recorded_with_method_typed(stack: Any, make_applicant: MakeApplicant,
                                                         admin_client: httpx.Client) -> None:
    """Case and repeated spaces of the typed name do not matter; the audit keeps the method and the name."""
    applicant = registered(make_applicant, fullName="Tõnu Šärž-Müür")
    contract = create(admin_client, applicant.user["id"])
    response = sign(applicant.client, contract["id"], method="typed", typedName="  tõnu   ŠÄRŽ-müür ")
    assert response.status_code == 200, response.text
    assert (response.json()["status"], response.json()["signatureData"]) == ("signed", SIGNATURE)
    audit = db_row(stack, "select method, typed_name, signer_name from signature_audit where contract_id = %s",
                   contract["id"])
    assert audit == ("typed", "tõnu ŠÄRŽ-müür", "Tõnu Šärž-Müür")


def test_a_drawn_signature_is_still_the_default(stack: Any, make_applicant: MakeApplicant,
                                                admin_client: httpx.Client) -> None:
    applicant = registered(make_applicant)
    contract = create(admin_client, applicant.user["id"])
    assert sign(applicant.client, contract["id"]).status_code == 200
    audit = db_row(stack, "select method, typed_name from signature_audit where contract_id = %s", contract["id"])
    assert audit == ("drawn", None)


@pytest.mark.parametrize("typed_name", ["Someone Else Entirely", "Tonu Sarz-Muur", "Tõnu", "", "   ", None, 42,
                                        "Tõnu Šärž-Müür" * 20])
def test_a_typed_signature_in_any_name_but_the_signers_own_is_422(stack: Any, make_applicant: MakeApplicant,
                                                                   admin_client: httpx.Client,
                                                                   typed_name: Any) -> None:
    """Issue 13, Signer identity: the server checks the typed name against the profile, letters exact."""
    applicant = registered(make_applicant, fullName="Tõnu Šärž-Müür")
    contract = create(admin_client, applicant.user["id"])
    body: dict[str, Any] = {"method": "typed"} if typed_name is None else {"method": "typed", "typedName": typed_name}
    response = sign(applicant.client, contract["id"], **body)
    assert response.status_code == 422, response.text
    assert response.json()["fields"] == {"typedName": "The typed signature must be your full name as in your profile"}
    assert response.json()["fieldCodes"] == {"typedName": "typed_name_mismatch"}
    assert applicant.client.get("/api/contracts").json()[0]["status"] == "pending"
    assert audit_rows(stack, contract["id"]) == 0


@pytest.mark.parametrize("method", ["stamped", "registration-dialog", 1])
def test_a_signature_method_other_than_drawn_or_typed_is_422(make_applicant: MakeApplicant,
                                                            admin_client: httpx.Client, method: Any) -> None:
    applicant = registered(make_applicant)
    contract = create(admin_client, applicant.user["id"])
    response = sign(applicant.client, contract["id"], method=method)
    assert response.status_code == 422, response.text
    assert response.json()["fieldCodes"] == {"method": "invalid_signature_method"}
    assert applicant.client.get("/api/contracts").json()[0]["status"] == "pending"


# ---- expiry -------------------------------------------------------------------------------------------

def test_the_scheduled_job_stores_an_expired_contract_and_publishes_contracts_expired(
        stack: Any, make_applicant: MakeApplicant, admin_client: httpx.Client) -> None:
    """Issue 13, Contract lifecycle: stored as expired by the job (every second on the test stack), not only
    computed when someone reads it; nobody reads or signs it here."""
    applicant = registered(make_applicant)
    contract = create(admin_client, applicant.user["id"], expiresAt="2099-01-01T12:00:00Z")
    db_execute(stack, "update contracts set expires_at = now() - interval '1 second' where id = %s", contract["id"])
    expires_at = db_row(stack, "select expires_at from contracts where id = %s", contract["id"])[0]
    eventually(lambda: db_row(stack, "select status from contracts where id = %s", contract["id"]) == ("expired",),
               15, "the contract stored as expired")
    events = asyncio.run(_expired_event(stack, contract["id"]))
    assert len(events) == 1
    assert events[0]["payload"] == {"contractId": contract["id"], "userId": applicant.user["id"],
                                    "applicationId": None, "expiresAt": events[0]["payload"]["expiresAt"]}
    assert datetime.fromisoformat(events[0]["payload"]["expiresAt"]) == expires_at
    assert applicant.client.get("/api/contracts").json()[0]["status"] == "expired"
    assert sign(applicant.client, contract["id"]).status_code == 409


def test_signed_and_future_contracts_are_left_alone(stack: Any, make_applicant: MakeApplicant,
                                                    admin_client: httpx.Client) -> None:
    applicant = registered(make_applicant)
    signed = create(admin_client, applicant.user["id"], expiresAt="2099-01-01T12:00:00Z")
    assert sign(applicant.client, signed["id"]).status_code == 200
    future = create(admin_client, applicant.user["id"], expiresAt="2099-01-01T12:00:00Z")
    never = create(admin_client, applicant.user["id"])
    stale = create(admin_client, applicant.user["id"], expiresAt="2099-01-01T12:00:00Z")
    db_execute(stack, "update contracts set expires_at = now() - interval '1 second' where id = %s", stale["id"])
    eventually(lambda: db_row(stack, "select status from contracts where id = %s", stale["id"]) == ("expired",),
               15, "the stale contract stored as expired")
    statuses = {c["id"]: c["status"] for c in applicant.client.get("/api/contracts").json()}
    assert (statuses[signed["id"]], statuses[future["id"]], statuses[never["id"]]) == ("signed", "pending", "pending")


async def test_two_replicas_expiring_at_once_expire_a_contract_once(stack: Any, make_applicant: MakeApplicant,
                                                                    admin_client: httpx.Client) -> None:
    """Issue 13, "safe with several replicas": the second round waits for the first one's row lock, then finds the
    contract expired already, so it stages no second event. Run with a `now` far ahead, for this contract only,
    while its stored expiry is in the future: the stack's own job leaves it alone meanwhile."""
    from contracts.expiry import expire_due
    from portal_common.db import Database

    applicant = await asyncio.to_thread(registered, make_applicant)
    contract = await asyncio.to_thread(create, admin_client, applicant.user["id"], expiresAt="2098-06-01")
    later = datetime(2098, 12, 31, tzinfo=UTC)
    database = Database(stack.database_url("contracts"), pool_size=2)
    try:
        async with database.session() as first, database.session() as second:
            assert await expire_due(first, later, contract_id=contract["id"]) == [contract["id"]]
            racing = asyncio.create_task(expire_due(second, later, contract_id=contract["id"]))
            await asyncio.sleep(0.5)
            assert not racing.done(), "the second replica did not wait for the first one's lock"
            await first.commit()
            assert await racing == []
            await second.commit()
    finally:
        await database.dispose()
    events = await _expired_event(stack, contract["id"])
    assert len(events) == 1
    assert await asyncio.to_thread(db_row, stack, "select status from contracts where id = %s",
                                   contract["id"]) == ("expired",)


def completed(application_id: int, user_id: int, old_status: str = "active") -> ApplicationStatusChanged:
    return ApplicationStatusChanged(application_id=application_id, user_id=user_id, old_status=old_status,
                                    new_status="completed", notes=None, changed_by=1)


def test_the_employment_contract_ends_when_the_company_is_handed_over(stack: Any, make_applicant: MakeApplicant,
                                                                       admin_client: httpx.Client) -> None:
    """Spec §1 "The contract ends automatically on company transfer": applications completes the application when
    it hands the company over; the signed employment contract becomes expired, keeps its signature and PDF, and
    contracts.expired is published once, even if the application is completed again. Other contracts stay."""
    applicant = registered(make_applicant)
    employment = applicant.client.get("/api/contracts").json()[0]
    other = create(admin_client, applicant.user["id"])
    assert sign(applicant.client, other["id"]).status_code == 200
    application_id = applicant.client.get("/api/application").json()["application"]["id"]

    before = datetime.now(UTC)
    publish_and_wait(stack, completed(application_id, applicant.user["id"]))
    contracts = {c["id"]: c for c in applicant.client.get("/api/contracts").json()}
    ended = contracts[employment["id"]]
    assert (ended["status"], ended["signedAt"], ended["content"]) == ("expired", employment["signedAt"],
                                                                     employment["content"])
    assert ended["expiresAt"] is not None and datetime.fromisoformat(ended["expiresAt"]) >= before
    assert contracts[other["id"]]["status"] == "signed"
    assert applicant.client.get(f"/api/contracts/{employment['id']}/pdf").status_code == 200

    publish_and_wait(stack, completed(application_id, applicant.user["id"], old_status="completed"))
    events = asyncio.run(_expired_event(stack, employment["id"]))
    assert len(events) == 1
    assert events[0]["payload"]["userId"] == applicant.user["id"]
    assert datetime.fromisoformat(events[0]["payload"]["expiresAt"]) == datetime.fromisoformat(ended["expiresAt"])


def test_other_status_changes_leave_the_employment_contract_signed(stack: Any, make_applicant: MakeApplicant) -> None:
    applicant = registered(make_applicant)
    application_id = applicant.client.get("/api/application").json()["application"]["id"]
    for status in ("approved", "active", "rejected"):
        publish_and_wait(stack, ApplicationStatusChanged(
            application_id=application_id, user_id=applicant.user["id"], old_status="pending", new_status=status,
            notes=None, changed_by=1))
    assert applicant.client.get("/api/contracts").json()[0]["status"] == "signed"


def test_the_database_lets_a_signed_contract_only_end(stack: Any, make_applicant: MakeApplicant) -> None:
    """The trigger still refuses every other change of a signed contract, and an ended one changes no more but
    for coming back."""
    applicant = registered(make_applicant)
    contract_id = applicant.client.get("/api/contracts").json()[0]["id"]
    for change in ("update contracts set status = 'cancelled' where id = %s",
                   "update contracts set status = 'pending', signed_at = null where id = %s"):
        with pytest.raises(psycopg.errors.IntegrityConstraintViolation):
            db_execute(stack, change, contract_id)
    db_execute(stack, "update contracts set status = 'expired' where id = %s", contract_id)
    # An ended one changes no more, except that the employment contract may come back exactly as it was signed when
    # its completed application is reopened (issue 37, Applying again).
    for change in ("update contracts set status = 'cancelled' where id = %s",
                   "update contracts set status = 'signed', content = content || '.' where id = %s"):
        with pytest.raises(psycopg.errors.IntegrityConstraintViolation):
            db_execute(stack, change, contract_id)
    db_execute(stack, "update contracts set status = 'signed' where id = %s", contract_id)
    assert db_row(stack, "select status from contracts where id = %s", contract_id) == ("signed",)
