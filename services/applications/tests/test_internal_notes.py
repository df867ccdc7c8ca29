"""Issue 16, "What each role sees": internal notes stay internal. A status update carries a note to the applicant
(their timeline and e-mail) and an internal one that only admins see; ``adminNotes`` stays admin-only."""

import asyncio
import json
import uuid
from collections.abc import Callable
from typing import Any

import httpx
import nats

from conftest import Applicant, nats_login

OwnApplication = Callable[[httpx.Client], dict[str, Any]]


def put_status(admin: httpx.Client, application_id: int, body: dict[str, Any]) -> dict[str, Any]:
    response = admin.put(f"/api/admin/applications/{application_id}/status", json=body)
    assert response.status_code == 200, response.text
    detail: dict[str, Any] = response.json()
    return detail


def secret() -> str:
    return f"internal note {uuid.uuid4().hex}"


def test_the_applicant_never_sees_the_internal_note_while_admins_see_both(
        make_applicant: Any, admin_client: httpx.Client, own_application: OwnApplication) -> None:
    """issue 16, What each role sees: "A test reads the applicant's raw JSON and finds no internal text." Both
    applicant-facing bodies that hold a status history (GET and POST /api/application, the latter with the
    earlier application's history) are read as raw text; the admin detail shows both notes."""
    applicant: Applicant = make_applicant()
    application_id: int = own_application(applicant.client)["application"]["id"]
    first_secret, second_secret = secret(), secret()

    put_status(admin_client, application_id,
               {"status": "in_review", "notes": "Approved: see you soon", "internalNote": first_secret})
    put_status(admin_client, application_id, {"status": "in_review", "internalNote": second_secret})
    detail = put_status(admin_client, application_id, {"status": "rejected", "notes": "Not this time"})

    assert [(u["newStatus"], u["notes"], u["internalNote"]) for u in detail["statusUpdates"]] == [
        ("rejected", "Not this time", None), ("in_review", None, second_secret),
        ("in_review", "Approved: see you soon", first_secret)]
    assert admin_client.get(f"/api/admin/applications/{application_id}").json() == detail
    assert "adminNotes" in detail

    own = applicant.client.get("/api/application")
    assert own.status_code == 200, own.text
    for raw in (own.text, json.dumps(own.json(), ensure_ascii=False)):
        assert first_secret not in raw and second_secret not in raw
    assert "internalNote" not in own.text and "adminNotes" not in own.text
    # The internal-only update says nothing to the applicant, so their timeline leaves it out.
    assert [(u["newStatus"], u["notes"]) for u in own.json()["statusUpdates"]] == [
        ("rejected", "Not this time"), ("in_review", "Approved: see you soon")]

    again = applicant.client.post("/api/application")
    assert again.status_code == 201, again.text
    assert first_secret not in again.text and second_secret not in again.text
    assert "internalNote" not in again.text
    [earlier] = again.json()["earlierApplications"]
    assert [u["notes"] for u in earlier["statusUpdates"]] == ["Not this time", "Approved: see you soon"]
    assert first_secret not in applicant.client.get("/api/application").text


def test_an_internal_note_alone_is_an_update_and_keeps_the_applicant_note(
        make_applicant: Any, admin_client: httpx.Client, own_application: OwnApplication) -> None:
    """issue 16, What each role sees: the same status with only an internal note is a valid update (spec §4's
    rule counts either note); ``adminNotes`` keeps the last note to the applicant, never the internal one."""
    applicant: Applicant = make_applicant()
    application_id: int = own_application(applicant.client)["application"]["id"]
    put_status(admin_client, application_id, {"status": "pending", "notes": "Please wait"})
    detail = put_status(admin_client, application_id, {"status": "pending", "internalNote": "  Call them  "})
    assert detail["adminNotes"] == "Please wait"
    assert (detail["statusUpdates"][0]["notes"], detail["statusUpdates"][0]["internalNote"]) == (None, "Call them")
    refused = admin_client.put(f"/api/admin/applications/{application_id}/status",
                               json={"status": "pending", "notes": " ", "internalNote": "   "})
    assert refused.status_code == 422 and refused.json()["code"] == "nothing_to_update"
    too_long = admin_client.put(f"/api/admin/applications/{application_id}/status",
                                json={"status": "approved", "internalNote": "x" * 5001})
    assert too_long.status_code == 422 and "internalNote" in too_long.json()["fields"]


def test_the_status_event_carries_only_the_note_to_the_applicant(
        stack: Any, make_applicant: Any, admin_client: httpx.Client, own_application: OwnApplication) -> None:
    """issue 16, What each role sees: events reach services that write to the applicant, so the internal note
    stays out of applications.status.changed entirely."""
    applicant: Applicant = make_applicant()
    application_id: int = own_application(applicant.client)["application"]["id"]
    internal = secret()
    put_status(admin_client, application_id, {"status": "approved", "notes": "Welcome", "internalNote": internal})
    raw = asyncio.run(_raw_status_event(stack, application_id))
    assert internal not in raw
    payload = json.loads(raw)["payload"]
    assert (payload["newStatus"], payload["notes"]) == ("approved", "Welcome")
    assert set(payload) == {"applicationId", "userId", "oldStatus", "newStatus", "notes", "changedBy"}


async def _raw_status_event(stack: Any, application_id: int) -> str:
    connection = await nats.connect(stack.env["PORTAL_NATS_URL"], **nats_login(stack, "applications"))
    try:
        subscription = await connection.jetstream().subscribe("applications.status.changed", ordered_consumer=True)
        for _ in range(1000):
            message = await subscription.next_msg(timeout=10)
            raw: str = message.data.decode()
            if json.loads(raw)["payload"]["applicationId"] == application_id:
                return raw
        raise AssertionError("event not found")
    finally:
        await connection.close()
