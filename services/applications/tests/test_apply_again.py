"""'The person may apply again' (spec §1, issue 13): once the current application is rejected or completed the
applicant starts a new one (POST /api/application, 201); while it is open the answer is 409. Earlier
applications and their status history stay visible to the applicant and the admin, and documents and
contracts accept the new application as the user's."""

import asyncio
import json
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import psycopg
import pytest

from conftest import Applicant, eventually

OwnApplication = Callable[[httpx.Client], dict[str, Any]]
OPEN_STATUSES = ["pending", "in_review", "approved", "active"]
PDF = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


@pytest.fixture
def applicant_in(make_applicant: Any, own_application: OwnApplication,
                 admin_client: httpx.Client) -> Callable[..., tuple[Applicant, int]]:
    """An applicant whose (first) application has been given ``status`` by the admin, with ``notes``."""
    def make(status: str, notes: str | None = None) -> tuple[Applicant, int]:
        applicant: Applicant = make_applicant()
        application_id: int = own_application(applicant.client)["application"]["id"]
        if status != "pending":
            set_status(admin_client, application_id, status, notes)
        return applicant, application_id
    return make


def set_status(admin: httpx.Client, application_id: int, status: str, notes: str | None = None) -> None:
    response = admin.put(f"/api/admin/applications/{application_id}/status", json={"status": status, "notes": notes})
    assert response.status_code == 200, response.text


def count_applications(db: psycopg.Connection[Any], user_id: int) -> int:
    row = db.execute("select count(*) from applications where user_id = %s", (user_id,)).fetchone()
    assert row is not None
    return int(row[0])


@pytest.mark.parametrize("closed", ["rejected", "completed"])
def test_a_closed_application_lets_the_applicant_apply_again(
        admin_client: httpx.Client, applicant_in: Callable[..., tuple[Applicant, int]], closed: str) -> None:
    applicant, first_id = applicant_in(closed, "Not this time")

    created = applicant.client.post("/api/application")
    assert created.status_code == 201, created.text
    body = created.json()
    second_id = body["application"]["id"]
    assert second_id != first_id
    assert (body["application"]["status"], body["application"]["userId"]) == ("pending", applicant.user["id"])
    assert (body["statusUpdates"], body["company"]) == ([], None)
    [earlier] = body["earlierApplications"]
    assert (earlier["id"], earlier["status"]) == (first_id, closed)
    assert [(u["oldStatus"], u["newStatus"], u["notes"]) for u in earlier["statusUpdates"]] == [
        ("pending", closed, "Not this time")]

    # GET /api/application now answers the new (current) application, with the earlier one beside it.
    assert applicant.client.get("/api/application").json() == body

    # The admin sees both, each naming the other.
    new_detail = admin_client.get(f"/api/admin/applications/{second_id}").json()
    old_detail = admin_client.get(f"/api/admin/applications/{first_id}").json()
    assert [(a["id"], a["status"]) for a in new_detail["otherApplications"]] == [(first_id, closed)]
    assert [(a["id"], a["status"]) for a in old_detail["otherApplications"]] == [(second_id, "pending")]
    assert [u["newStatus"] for u in old_detail["statusUpdates"]] == [closed]
    listed = admin_client.get("/api/admin/applications", params={"q": applicant.user["email"]}).json()
    assert [(item["id"], item["status"]) for item in listed] == [(second_id, "pending"), (first_id, closed)]


@pytest.mark.parametrize("status", OPEN_STATUSES)
def test_no_second_application_while_one_is_open(
        applicant_in: Callable[..., tuple[Applicant, int]], applications_db: psycopg.Connection[Any],
        status: str) -> None:
    applicant, application_id = applicant_in(status)
    refused = applicant.client.post("/api/application")
    assert refused.status_code == 409, refused.text
    assert refused.json()["code"] == "application_open"
    assert refused.json()["message"] == (
        "You can apply again once your current application is rejected or completed")
    assert applicant.client.get("/api/application").json()["application"]["id"] == application_id
    assert count_applications(applications_db, applicant.user["id"]) == 1


def test_the_new_application_is_open_until_it_is_closed_in_turn(
        admin_client: httpx.Client, applicant_in: Callable[..., tuple[Applicant, int]]) -> None:
    applicant, first_id = applicant_in("rejected")
    second_id = applicant.client.post("/api/application").json()["application"]["id"]
    assert applicant.client.post("/api/application").status_code == 409

    set_status(admin_client, second_id, "completed")
    third = applicant.client.post("/api/application")
    assert third.status_code == 201, third.text
    assert [(a["id"], a["status"]) for a in third.json()["earlierApplications"]] == [
        (second_id, "completed"), (first_id, "rejected")]


async def _post_at_once(gateway: str, cookies: httpx.Cookies, times: int) -> list[int]:
    async with httpx.AsyncClient(base_url=gateway, headers={"Origin": gateway}, cookies=cookies,
                                 timeout=30) as client:
        responses = await asyncio.gather(*(client.post("/api/application") for _ in range(times)))
    return sorted(response.status_code for response in responses)


def test_concurrent_requests_make_one_new_application(
        gateway: str, applicant_in: Callable[..., tuple[Applicant, int]],
        applications_db: psycopg.Connection[Any]) -> None:
    applicant, _ = applicant_in("rejected")
    assert asyncio.run(_post_at_once(gateway, applicant.client.cookies, 8)) == [201] + [409] * 7
    assert count_applications(applications_db, applicant.user["id"]) == 2


def test_an_admin_does_not_apply(admin_client: httpx.Client, applications_db: psycopg.Connection[Any]) -> None:
    admin_id = admin_client.get("/api/user").json()["id"]
    response = admin_client.post("/api/application")
    assert response.status_code == 403 and response.json()["code"] == "forbidden"
    assert count_applications(applications_db, admin_id) == 0


@pytest.fixture
def documents_db(stack: Any) -> Iterator[psycopg.Connection[Any]]:
    with psycopg.connect(stack.database_url("documents"), autocommit=True) as connection:
        yield connection


def status_event_id(db: psycopg.Connection[Any], application_id: int, notes: str) -> str:
    """The id of applications' outbox row announcing this status change (its Nats-Msg-Id and event id)."""
    rows = db.execute("select id, body from outbox where subject = 'applications.status.changed'"
                      " order by created_at desc limit 200").fetchall()
    return next(str(row_id) for row_id, body in rows
                if (payload := json.loads(body)["payload"])["applicationId"] == application_id
                and payload["notes"] == notes)


def documents_application(db: psycopg.Connection[Any], user_id: int) -> int | None:
    row = db.execute("select application_id from applicants where user_id = %s", (user_id,)).fetchone()
    return None if row is None else int(row[0])


def test_documents_names_the_new_application_whatever_order_events_arrive_in(
        admin_client: httpx.Client, applicant_in: Callable[..., tuple[Applicant, int]],
        applications_db: psycopg.Connection[Any], documents_db: psycopg.Connection[Any]) -> None:
    """documents keeps each user's current application (from applications' events) for uploads made outside
    a request; an event about the earlier application arriving after the new one's must not bring it back."""
    applicant, first_id = applicant_in("rejected")
    user_id = applicant.user["id"]
    second_id = applicant.client.post("/api/application").json()["application"]["id"]
    eventually(lambda: documents_application(documents_db, user_id) == second_id,
               what="documents learning the new application")

    notes = f"Reviewed again after application {second_id}"
    set_status(admin_client, first_id, "rejected", notes)
    event_id = status_event_id(applications_db, first_id, notes)
    eventually(lambda: documents_db.execute("select 1 from processed_events where event_id = %s::uuid",
                                            (event_id,)).fetchone(), what="documents processing the later event")
    assert documents_application(documents_db, user_id) == second_id

    uploaded = applicant.client.post("/api/documents", data={"name": "Passport"},
                                     files={"file": ("passport.pdf", PDF, "application/pdf")})
    assert uploaded.status_code == 201, uploaded.text
    assert uploaded.json()["applicationId"] == second_id


def test_contracts_accept_either_of_the_users_applications_and_no_one_elses(
        admin_client: httpx.Client, applicant_in: Callable[..., tuple[Applicant, int]]) -> None:
    applicant, first_id = applicant_in("completed")
    second_id = applicant.client.post("/api/application").json()["application"]["id"]

    def contract_for(application_id: int, user_id: int) -> httpx.Response:
        return admin_client.post("/api/contracts", json={
            "userId": user_id, "applicationId": application_id, "title": "Second term", "content": "Terms"})

    def created_for_new_application() -> httpx.Response | None:
        response = contract_for(second_id, applicant.user["id"])
        return response if response.status_code == 201 else None

    created = eventually(created_for_new_application, what="contracts knowing the new application")
    assert created.json()["applicationId"] == second_id
    assert contract_for(first_id, applicant.user["id"]).status_code == 201
    other, _ = applicant_in("pending")
    refused = contract_for(second_id, other.user["id"])
    assert refused.status_code == 422 and refused.json()["fieldCodes"] == {"applicationId": "not_users_application"}
