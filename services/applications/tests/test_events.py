"""Registration reaches applications through real NATS: the application and the applicant projection appear,
nothing is lost while the service is down, and GET /api/application never says "no application"."""

import asyncio
import random
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from typing import Any

import httpx
import nats
import psycopg

from conftest import Applicant, nats_login, new_id_code
from portal_common.events import ContractAcceptance, EventEnvelope, EventPayload, ProfileUpdated, UserRegistered

PROFILE_FIELDS = {"fullName", "email", "phone", "dateOfBirth", "idCode", "city", "address"}
USER_FIELDS = {"fullName", "username", "email", "phone"}


def rows_for(db: psycopg.Connection[Any], user_id: int) -> int:
    row = db.execute("select count(*) from applications where user_id = %s", (user_id,)).fetchone()
    assert row is not None
    return int(row[0])


def unregistered_user_id() -> int:
    # Far above identity's serial ids, so no real registration ever collides with it.
    return random.randint(1_000_000_000, 2_000_000_000)


def registered_event(user_id: int, **changes: Any) -> UserRegistered:
    fields: dict[str, Any] = {
        "user_id": user_id, "username": f"event{user_id}", "full_name": "Peeter Paju",
        "email": f"p{user_id}@example.com", "phone": "+372 5000 0000", "date_of_birth": date(1975, 5, 5),
        "id_code": new_id_code(), "city": "Tartu",
        "address": None, "language": "en",
        "contract": ContractAcceptance(full_name="Peeter Paju", id_code="37505050000", accepted_at=datetime.now(UTC),
                                       language="en")}
    return UserRegistered(**{**fields, **changes})


async def _publish(stack: Any, envelopes: list[EventEnvelope]) -> None:
    # The events these tests send are identity's, which only identity may publish.
    connection = await nats.connect(stack.env["PORTAL_NATS_URL"], **nats_login(stack, "identity"))
    try:
        for envelope in envelopes:
            await connection.jetstream().publish(envelope.type, envelope.to_bytes(),
                                                 headers={"Nats-Msg-Id": str(envelope.id)})
    finally:
        await connection.close()


def publish(stack: Any, *payloads: EventPayload, occurred_at: datetime | None = None) -> list[str]:
    envelopes = [EventEnvelope.wrap(p) for p in payloads]
    if occurred_at is not None:
        envelopes = [e.model_copy(update={"occurred_at": occurred_at}) for e in envelopes]
    asyncio.run(_publish(stack, envelopes))
    return [str(e.id) for e in envelopes]


def processed(db: psycopg.Connection[Any], event_ids: list[str]) -> bool:
    found = db.execute("select count(*) from processed_events where event_id = any(%s::uuid[])", (event_ids,))
    row = found.fetchone()
    return row is not None and row[0] == len(event_ids)


def test_registration_makes_a_pending_application_with_the_applicant(
        make_applicant: Any, own_application: Callable[[httpx.Client], dict[str, Any]],
        applications_db: psycopg.Connection[Any]) -> None:
    id_code = new_id_code(born=date(1984, 7, 1))  # identity takes only the date the code carries
    applicant: Applicant = make_applicant(fullName="Liis Lepik", city="Tartu", idCode=id_code,
                                          dateOfBirth="1984-07-01")
    first = applicant.client.get("/api/application")
    assert first.status_code == 200  # at once, whether or not the event is in yet
    assert first.json()["application"]["status"] == "pending"
    body = own_application(applicant.client)
    application = body["application"]
    assert application["id"] == first.json()["application"]["id"]
    assert application["userId"] == applicant.user["id"]
    assert (application["status"], application["notes"]) == ("pending", None)
    assert "adminNotes" not in application  # issue 16, What each role sees
    assert application["user"] == {"fullName": "Liis Lepik", "username": applicant.user["username"],
                                   "email": applicant.user["email"], "phone": applicant.user["phone"]}
    assert application["profile"] == {"fullName": "Liis Lepik", "email": applicant.user["email"],
                                      "phone": applicant.user["phone"], "dateOfBirth": "1984-07-01",
                                      "idCode": id_code, "city": "Tartu", "address": None}
    assert (body["statusUpdates"], body["company"]) == ([], None)
    assert rows_for(applications_db, applicant.user["id"]) == 1


def test_profile_changes_reach_the_projection(eventually: Any, make_applicant: Any,
                                              own_application: Callable[[httpx.Client], dict[str, Any]]) -> None:
    applicant: Applicant = make_applicant()
    own_application(applicant.client)
    assert applicant.client.put("/api/profile", json={"city": "Pärnu", "address": "Rüütli 1"}).status_code == 200

    def moved() -> dict[str, Any] | None:
        profile: dict[str, Any] = applicant.client.get("/api/application").json()["application"]["profile"]
        return profile if profile["city"] == "Pärnu" else None

    assert eventually(moved, what="profile event")["address"] == "Rüütli 1"


def test_get_or_create_answers_before_the_event_and_the_event_then_fills_it(eventually: Any,
        stack: Any, direct: Callable[..., httpx.Client], applications_db: psycopg.Connection[Any]) -> None:
    user_id = unregistered_user_id()
    client = direct(user_id)
    early = client.get("/api/application")
    assert early.status_code == 200
    application = early.json()["application"]
    assert (application["userId"], application["status"]) == (user_id, "pending")
    assert application["user"] == dict.fromkeys(USER_FIELDS)
    assert application["profile"] == dict.fromkeys(PROFILE_FIELDS)
    assert client.get("/api/application").json()["application"]["id"] == application["id"]

    publish(stack, registered_event(user_id))
    filled = eventually(lambda: client.get("/api/application").json()["application"]["user"]["fullName"],
                        what="registration event")
    assert filled == "Peeter Paju"
    # A redelivered registration under a new event id finds the application already there.
    publish(stack, registered_event(user_id, full_name="Peeter Paju"))
    assert client.get("/api/application").json()["application"]["id"] == application["id"]
    assert rows_for(applications_db, user_id) == 1


def test_an_older_event_arriving_late_does_not_undo_a_newer_one(eventually: Any,
        stack: Any, direct: Callable[..., httpx.Client], applications_db: psycopg.Connection[Any]) -> None:
    user_id = unregistered_user_id()
    now = datetime.now(UTC)
    update = ProfileUpdated(user_id=user_id, full_name="Peeter Paju", email="new@example.com", phone="5551111",
                            date_of_birth=date(1975, 5, 5), id_code=None, city="Narva", address="Uus 2")
    newer = publish(stack, update, occurred_at=now)
    older = publish(stack, registered_event(user_id, city="Tartu", email="old@example.com"),
                    occurred_at=now - timedelta(minutes=5))
    # The two subjects have separate consumers: wait until both events are handled, in whatever order.
    eventually(lambda: processed(applications_db, newer + older), what="both events")
    application = direct(user_id).get("/api/application").json()["application"]
    assert application["user"]["username"] == f"event{user_id}"  # the registration's own facts still count
    assert (application["profile"]["city"], application["profile"]["email"]) == ("Narva", "new@example.com")


def test_nothing_is_lost_while_applications_is_down(eventually: Any,
        applications_service: Any, make_applicant: Any, applications_db: psycopg.Connection[Any],
        own_application: Callable[[httpx.Client], dict[str, Any]]) -> None:
    applications_service.stop()
    applicant: Applicant = make_applicant(fullName="Olev Ootaja")
    assert applicant.client.get("/api/application").status_code >= 500  # really down
    assert rows_for(applications_db, applicant.user["id"]) == 0
    applications_service.start()

    def projected() -> Any:
        return applications_db.execute(
            "select p.full_name, a.status from applications a join applicants p using (user_id) "
            "where a.user_id = %s", (applicant.user["id"],)).fetchone()

    # Made by the consumer catching up, not by a GET: nobody has asked yet.
    assert eventually(projected, what="application after restart") == ("Olev Ootaja", "pending")
    assert own_application(applicant.client)["application"]["user"]["fullName"] == "Olev Ootaja"
    assert rows_for(applications_db, applicant.user["id"]) == 1


def test_an_admin_without_an_application_gets_404_not_a_new_one(
        admin_client: httpx.Client, applications_db: psycopg.Connection[Any]) -> None:
    admin_id = admin_client.get("/api/user").json()["id"]
    response = admin_client.get("/api/application")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"
    assert rows_for(applications_db, admin_id) == 0
