"""Issue 37, Applying again (spec §1: "The person may apply again"), through the gateway with every service real:
a second application after a completed term gets its own employment contract, signed from the dashboard, and its
own payment schedule once a company is assigned; a completed application moved back to an open status brings its
employment contract (and its payments) back, or is refused with a code saying why; a document request may name
any of the applicant's applications."""

import random
from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import httpx

from conftest import Applicant, eventually
from services.contracts.tests.test_api import MakeApplicant, registered
from services.contracts.tests.test_signing_and_expiry import sign
from testkit.handover import approved_client_id

TALLINN = ZoneInfo("Europe/Tallinn")


def employment_contracts(client: httpx.Client) -> dict[int | None, dict[str, Any]]:
    """The applicant's employment contracts by application id."""
    return {c["applicationId"]: c for c in client.get("/api/contracts").json() if c["kind"] == "employment"}


def set_status(admin: httpx.Client, application_id: int, status: str, client_id: int | None = None) -> httpx.Response:
    """``client_id``: whom the company is handed over to, when completing hands one over (issue 35, Handover gate)."""
    body: dict[str, Any] = {"status": status} | ({"clientId": client_id} if client_id is not None else {})
    return admin.put(f"/api/admin/applications/{application_id}/status", json=body)


def assign_company(admin: httpx.Client, application_id: int, registered_on: date) -> int:
    """What an admin does in the panel: approve, add a registered company and assign it."""
    assert set_status(admin, application_id, "approved").status_code == 200
    company = admin.post("/api/admin/companies", json={
        "name": "Teine Ring OÜ", "registrationCode": str(random.randint(10_000_000, 99_999_999))})
    assert company.status_code == 201, company.text
    assigned = admin.put(f"/api/admin/applications/{application_id}/company",
                         json={"companyId": company.json()["id"], "registrationDate": registered_on.isoformat()})
    assert assigned.status_code == 200, assigned.text
    company_id: int = company.json()["id"]
    return company_id


def end_of_term(registered_on: date) -> datetime:
    """Six months on, to the end of that day in Tallinn (the same day of the month; none of the tests' dates clamp)."""
    month = registered_on.month + 6
    last_day = registered_on.replace(year=registered_on.year + (month - 1) // 12, month=(month - 1) % 12 + 1)
    return datetime.combine(last_day + timedelta(days=1), time(), TALLINN).astimezone(UTC)


def payments(admin: httpx.Client, application_id: int) -> list[dict[str, Any]]:
    response = admin.get(f"/api/admin/applications/{application_id}/payments")
    assert response.status_code == 200, response.text
    found: list[dict[str, Any]] = response.json()
    return found


def completed_and_applied_again(admin: httpx.Client, applicant: Applicant) -> tuple[int, int]:
    first_id = applicant.client.get("/api/application").json()["application"]["id"]
    assert set_status(admin, first_id, "completed").status_code == 200
    created = applicant.client.post("/api/application")
    assert created.status_code == 201, created.text
    second_id: int = created.json()["application"]["id"]
    return first_id, second_id


def recent_registration() -> date:
    """A registration date whose term is running today, early enough in a month that no date clamps."""
    today = datetime.now(TALLINN).date()
    return (today - timedelta(days=40)).replace(day=3)


def test_a_second_application_gets_its_own_employment_contract_signed_from_the_dashboard_and_its_own_schedule(
        make_applicant: MakeApplicant, admin_client: httpx.Client) -> None:
    applicant = registered(make_applicant)
    first_id, second_id = completed_and_applied_again(admin_client, applicant)

    contracts = eventually(lambda: (found := employment_contracts(applicant.client)).get(second_id) and found,
                           what="the second application's employment contract")
    first, second = contracts[first_id], contracts[second_id]
    assert first["status"] == "expired" and first["signedAt"] is not None  # ended with the first term
    assert (second["kind"], second["status"], second["signedAt"]) == ("employment", "pending", None)
    profile = applicant.client.get("/api/profile").json()
    assert profile["fullName"] in second["content"] and profile["idCode"] in second["content"]

    # Signed on the dashboard like any contract awaiting a signature.
    signed = sign(applicant.client, second["id"])
    assert signed.status_code == 200, signed.text
    assert signed.json()["status"] == "signed"

    registered_on = recent_registration()
    assign_company(admin_client, second_id, registered_on)
    eventually(lambda: employment_contracts(applicant.client)[second_id]["expiresAt"] is not None,
               what="the second term's end on its contract")
    ends = datetime.fromisoformat(employment_contracts(applicant.client)[second_id]["expiresAt"])
    assert ends == end_of_term(registered_on)
    assert employment_contracts(applicant.client)[first_id]["status"] == "expired"  # the first stays ended

    schedule = eventually(lambda: payments(admin_client, second_id) or None, what="the second term's schedule")
    assert [p["sequence"] for p in schedule] == [1, 2, 3, 4, 5, 6]
    assert {p["applicationId"] for p in schedule} == {second_id}
    assert schedule[0]["period"]["start"] == registered_on.isoformat()
    assert payments(admin_client, first_id) == []


def test_a_completed_application_moved_back_to_active_brings_its_contract_and_payments_back(
        stack: Any, make_applicant: MakeApplicant, admin_client: httpx.Client) -> None:
    applicant = registered(make_applicant)
    application_id = applicant.client.get("/api/application").json()["application"]["id"]
    registered_on = recent_registration()
    assign_company(admin_client, application_id, registered_on)
    assert set_status(admin_client, application_id, "active").status_code == 200
    eventually(lambda: employment_contracts(applicant.client)[application_id]["expiresAt"] is not None,
               what="the term's end on the contract")
    planned = eventually(lambda: payments(admin_client, application_id) or None, what="the schedule")
    assert len(planned) == 6

    assert set_status(admin_client, application_id, "completed", approved_client_id(stack)).status_code == 200
    eventually(lambda: employment_contracts(applicant.client)[application_id]["status"] == "expired",
               what="the contract ending with the handover")
    eventually(lambda: any(p["status"] == "cancelled" for p in payments(admin_client, application_id)),
               what="the payments after the handover cancelled")

    back = set_status(admin_client, application_id, "active")
    assert back.status_code == 200, back.text
    eventually(lambda: employment_contracts(applicant.client)[application_id]["status"] == "signed",
               what="the contract back")
    contract = employment_contracts(applicant.client)[application_id]
    assert datetime.fromisoformat(contract["expiresAt"]) == end_of_term(registered_on)
    eventually(lambda: [p["status"] for p in payments(admin_client, application_id)] == [
        p["status"] for p in planned], what="the payments back as they were")
    assert applicant.client.get(f"/api/contracts/{contract['id']}/pdf").status_code == 200


def test_moving_back_is_refused_once_the_person_has_applied_again(
        make_applicant: MakeApplicant, admin_client: httpx.Client) -> None:
    applicant = registered(make_applicant)
    first_id, _ = completed_and_applied_again(admin_client, applicant)
    refused = set_status(admin_client, first_id, "active")
    assert refused.status_code == 409, refused.text
    assert refused.json()["code"] == "reopen_superseded"
    assert "applied again" in refused.json()["message"]
    detail = admin_client.get(f"/api/admin/applications/{first_id}").json()
    assert detail["status"] == "completed"
    assert [u["newStatus"] for u in detail["statusUpdates"]] == ["completed"]
    # Rejecting it stays possible: nothing comes back with that.
    assert set_status(admin_client, first_id, "rejected").status_code == 200
    assert employment_contracts(applicant.client)[first_id]["status"] == "expired"


def test_moving_back_is_refused_once_the_term_is_over(stack: Any, make_applicant: MakeApplicant,
                                                      admin_client: httpx.Client) -> None:
    applicant = registered(make_applicant)
    application_id = applicant.client.get("/api/application").json()["application"]["id"]
    assign_company(admin_client, application_id, date(2020, 1, 10))
    assert set_status(admin_client, application_id, "completed", approved_client_id(stack)).status_code == 200
    refused = set_status(admin_client, application_id, "active")
    assert refused.status_code == 409, refused.text
    assert refused.json()["code"] == "reopen_term_ended"
    assert "2020-07-10" in refused.json()["message"]
    assert admin_client.get(f"/api/admin/applications/{application_id}").json()["status"] == "completed"


def test_a_document_request_may_name_any_of_the_applicants_applications(
        make_applicant: MakeApplicant, admin_client: httpx.Client) -> None:
    applicant = registered(make_applicant)
    first_id, second_id = completed_and_applied_again(admin_client, applicant)
    user_id = applicant.user["id"]

    def request(application_id: int, for_user: int = user_id) -> httpx.Response:
        return admin_client.post("/api/document-requests", json={
            "userId": for_user, "applicationId": application_id, "name": f"Statement for {application_id}"})

    older = request(first_id)
    assert older.status_code == 201, older.text
    assert older.json()["applicationId"] == first_id
    newer = request(second_id)
    assert newer.status_code == 201, newer.text
    assert newer.json()["applicationId"] == second_id
    listed = admin_client.get("/api/admin/document-requests", params={"userId": user_id}).json()
    assert sorted(r["applicationId"] for r in listed) == sorted([first_id, second_id])
    # The applicant sees both requests.
    assert {r["applicationId"] for r in applicant.client.get("/api/document-requests").json()} == {first_id, second_id}

    other = registered(make_applicant)
    refused = request(first_id, other.user["id"])
    assert refused.status_code == 422, refused.text
    assert refused.json()["fieldCodes"] == {"applicationId": "not_users_application"}
