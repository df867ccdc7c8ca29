"""Issue 35, Handover gate: completing an application hands its company over to a client (spec §1); the admin names
the client, and the handover is refused (409 client_not_approved) unless the client's compliance case is approved
and not past its periodic review date, with nothing changed. applications knows the case from compliance's
``compliance.client.changed`` events (its client_cases projection); the company's card and the application show
the client's name and case status only."""

import random
import uuid
from collections.abc import Callable
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import httpx
import psycopg
import pytest

from conftest import Applicant, eventually
from services.compliance.tests.support import add_person, create_client, fresh_lists

MakeApplicant = Callable[..., Applicant]


def current_lists(officer: httpx.Client) -> None:
    """fresh_lists unless each source's newest version is already today's: fewer imports beside the tests that
    count list versions."""
    today = datetime.now(ZoneInfo("Europe/Tallinn")).date().isoformat()
    newest: dict[str, dict[str, Any]] = {}
    for version in officer.get("/api/admin/screening/lists", params={"limit": 100}).json():
        newest.setdefault(version["source"], version)
    if any(newest.get(source, {}).get("publicationDate") != today for source in ("eu", "un", "uk")):
        fresh_lists(officer)


def case_in(officer: httpx.Client, status: str) -> dict[str, Any]:
    """A client case brought to ``status`` through compliance's API, as an officer does it."""
    case = create_client(officer, name=f"Handover Holdings {uuid.uuid4().hex[:6]} Ltd")
    add_person(officer, case["id"], fullName="Mari Maasikas", dateOfBirth="1980-05-17")
    if status == "draft":
        return case
    submitted = officer.post(f"/api/admin/clients/{case['id']}/submit")
    assert submitted.status_code == 200, submitted.text
    if status == "in_review":
        return submitted.json()
    if status == "rejected":
        rejected = officer.post(f"/api/admin/clients/{case['id']}/reject", json={"reason": "Source of funds unclear"})
        assert rejected.status_code == 200, rejected.text
        return rejected.json()
    current_lists(officer)
    approved = officer.post(f"/api/admin/clients/{case['id']}/approve")
    assert approved.status_code == 200, approved.text
    if status == "closed":
        closed = officer.post(f"/api/admin/clients/{case['id']}/close", json={})
        assert closed.status_code == 200, closed.text
        return closed.json()
    return approved.json()


def projected(stack: Any, client_id: int) -> tuple[Any, ...] | None:
    with psycopg.connect(stack.database_url("applications"), autocommit=True) as db:
        return db.execute("select name, status, review_due, relationship_ended_on from client_cases "
                          "where client_id = %s", (client_id,)).fetchone()


def application_with_company(make_applicant: MakeApplicant, admin: httpx.Client) -> tuple[Applicant, int, int]:
    applicant = make_applicant(fullName="Kalle Kuusk")
    application_id: int = eventually(lambda: applicant.client.get("/api/application").json()["application"]["id"],
                                     what="the application")
    assert admin.put(f"/api/admin/applications/{application_id}/status",
                     json={"status": "active"}).status_code == 200
    company = admin.post("/api/admin/companies", json={
        "name": f"Riiul {uuid.uuid4().hex[:6]} OÜ", "registrationCode": str(random.randint(10_000_000, 99_999_999))})
    assert company.status_code == 201, company.text
    assigned = admin.put(f"/api/admin/applications/{application_id}/company", json={"companyId": company.json()["id"]})
    assert assigned.status_code == 200, assigned.text
    return applicant, application_id, company.json()["id"]


def hand_over(admin: httpx.Client, application_id: int, client_id: int | None) -> httpx.Response:
    body: dict[str, Any] = {"status": "completed", "notes": "Handed over"}
    if client_id is not None:
        body["clientId"] = client_id
    return admin.put(f"/api/admin/applications/{application_id}/status", json=body)


def company_row(admin: httpx.Client, company_id: int) -> dict[str, Any]:
    listed = admin.get("/api/admin/companies", params={"limit": 200})
    assert listed.status_code == 200, listed.text
    row: dict[str, Any] = next(c for c in listed.json() if c["id"] == company_id)
    return row


def test_a_company_is_handed_over_to_an_approved_client_and_shows_its_name_and_status(
        stack: Any, officer_client: httpx.Client, admin_client: httpx.Client, make_applicant: MakeApplicant) -> None:
    case = case_in(officer_client, "approved")
    eventually(lambda: (projected(stack, case["id"]) or (None, None))[1] == "approved", what="the projection")
    assert projected(stack, case["id"]) == (case["name"], "approved", date.fromisoformat(case["reviewDue"]), None)
    offered = admin_client.get("/api/admin/companies/handover-clients")
    assert offered.status_code == 200, offered.text
    assert {"id": case["id"], "name": case["name"], "status": "approved", "reviewDue": case["reviewDue"],
            "expired": False} in offered.json()

    applicant, application_id, company_id = application_with_company(make_applicant, admin_client)
    handed = hand_over(admin_client, application_id, case["id"])
    assert handed.status_code == 200, handed.text
    detail = handed.json()
    assert detail["status"] == "completed" and detail["company"]["status"] == "transferred"
    assert detail["company"]["client"] == {"id": case["id"], "name": case["name"], "status": "approved",
                                           "reviewDue": case["reviewDue"], "expired": False}
    assert company_row(admin_client, company_id)["client"]["name"] == case["name"]
    # The applicant's own view says nothing of the client or its case.
    assert "client" not in applicant.client.get("/api/application").json()["company"]
    eventually(lambda: any(r["targetId"] == str(application_id) and r["details"].get("client") == str(case["id"])
                           for r in admin_client.get("/api/admin/audit", params={
                               "action": "application.status_changed", "limit": 50}).json()),
               what="the handover's audit record naming the client")

    # The case's later states reach the card: closed once the relationship ends, and no new handover to it.
    closed = officer_client.post(f"/api/admin/clients/{case['id']}/close", json={})
    assert closed.status_code == 200 and closed.json()["status"] == "closed", closed.text
    assert closed.json()["relationshipEndedOn"] == closed.json()["history"][-1]["details"]["endedOn"]
    eventually(lambda: company_row(admin_client, company_id)["client"]["status"] == "closed",
               what="the closed case on the company's card")
    assert case["id"] not in {c["id"] for c in admin_client.get("/api/admin/companies/handover-clients").json()}


@pytest.mark.parametrize("state", ["none", "unknown", "draft", "in_review", "rejected", "expired", "closed"])
def test_a_handover_to_a_client_not_approved_is_refused_and_changes_nothing(
        state: str, stack: Any, officer_client: httpx.Client, admin_client: httpx.Client,
        make_applicant: MakeApplicant) -> None:
    client_id: int | None = None
    if state == "unknown":
        client_id = 2_147_000_000
    elif state != "none":
        case = case_in(officer_client, "approved" if state == "expired" else state)
        client_id = case["id"]
        expected = "approved" if state == "expired" else state
        eventually(lambda: (projected(stack, case["id"]) or (None, None))[1] == expected, what="the projection")
        if state == "expired":  # its periodic review fell due yesterday
            with psycopg.connect(stack.database_url("applications"), autocommit=True) as db:
                db.execute("update client_cases set review_due = %s where client_id = %s",
                           (date.today() - timedelta(days=1), client_id))
    _, application_id, company_id = application_with_company(make_applicant, admin_client)
    before = admin_client.get(f"/api/admin/applications/{application_id}").json()

    refused = hand_over(admin_client, application_id, client_id)
    assert refused.status_code == 409, refused.text
    assert refused.json()["code"] == "client_not_approved"
    assert refused.json()["fieldCodes"] == {"clientId": "client_not_approved"}
    assert {"none": "Name the client", "unknown": "no such client", "expired": "periodic review",
            }.get(state, state.replace("_", " ")) in refused.json()["message"]
    after = admin_client.get(f"/api/admin/applications/{application_id}").json()
    assert after == before
    assert (after["status"], after["company"]["status"], after["company"]["client"]) == ("active", "assigned", None)
    assert company_row(admin_client, company_id)["client"] is None
    if client_id is not None and state != "unknown":
        assert client_id not in {c["id"] for c in admin_client.get("/api/admin/companies/handover-clients").json()}


def test_completing_an_application_without_a_company_needs_no_client(
        admin_client: httpx.Client, make_applicant: MakeApplicant) -> None:
    applicant = make_applicant()
    application_id = eventually(lambda: applicant.client.get("/api/application").json()["application"]["id"],
                                what="the application")
    done = admin_client.put(f"/api/admin/applications/{application_id}/status", json={"status": "completed"})
    assert done.status_code == 200 and done.json()["company"] is None, done.text


def test_a_rejected_case_ends_the_relationship_that_day_and_an_end_is_never_in_the_future(
        officer_client: httpx.Client, plain_admin_client: httpx.Client) -> None:
    rejected = case_in(officer_client, "rejected")
    assert rejected["relationshipEndedOn"] == datetime.now(ZoneInfo("Europe/Tallinn")).date().isoformat()
    again = officer_client.post(f"/api/admin/clients/{rejected['id']}/close", json={})
    assert (again.status_code, again.json()["code"]) == (409, "client_already_ended")

    case = case_in(officer_client, "in_review")
    future = officer_client.post(f"/api/admin/clients/{case['id']}/close",
                                 json={"endedOn": (date.today() + timedelta(days=2)).isoformat()})
    assert (future.status_code, future.json()["fieldCodes"]) == (422, {"endedOn": "ended_in_future"}), future.text
    refused = plain_admin_client.post(f"/api/admin/clients/{case['id']}/close", json={})
    assert (refused.status_code, refused.json()["code"]) == (403, "not_compliance_officer")
    assert officer_client.get(f"/api/admin/clients/{case['id']}").json()["status"] == "in_review"
