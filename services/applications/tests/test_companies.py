"""Shelf companies: created and assigned by admins; the applicant sees the term and payment schedule
(spec §1, §9)."""

import random
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from conftest import Applicant, eventually
from testkit.handover import approved_client_id

COMPANY_LIST_FIELDS = {"id", "name", "registrationCode", "registrationDate", "monthlyPayment", "status",
                       "applicationId", "applicantName", "client", "createdAt"}


def registry_code() -> str:
    return str(random.randint(10_000_000, 99_999_999))


def create_company(admin: httpx.Client, **body: Any) -> dict[str, Any]:
    response = admin.post("/api/admin/companies", json={"name": "Riiul OÜ", "registrationCode": registry_code(),
                                                         **body})
    assert response.status_code == 201, response.text
    company: dict[str, Any] = response.json()
    return company


@pytest.fixture
def approved_application(make_applicant: Any, own_application: Callable[[httpx.Client], dict[str, Any]],
                         admin_client: httpx.Client) -> Callable[..., tuple[Applicant, int]]:
    def make(status: str = "approved") -> tuple[Applicant, int]:
        applicant: Applicant = make_applicant(fullName="Kalle Kuusk")
        application_id: int = own_application(applicant.client)["application"]["id"]
        if status != "pending":
            response = admin_client.put(f"/api/admin/applications/{application_id}/status", json={"status": status})
            assert response.status_code == 200
        return applicant, application_id
    return make


def assign(admin: httpx.Client, application_id: int, **body: Any) -> httpx.Response:
    return admin.put(f"/api/admin/applications/{application_id}/company", json=body)


def test_create_and_list_companies(admin_client: httpx.Client) -> None:
    code = registry_code()
    created = create_company(admin_client, name="  Põhja Riiul OÜ ", registrationCode=code)
    assert set(created) == COMPANY_LIST_FIELDS
    assert {k: created[k] for k in COMPANY_LIST_FIELDS - {"id", "createdAt"}} == {
        "name": "Põhja Riiul OÜ", "registrationCode": code, "registrationDate": None, "monthlyPayment": 500,
        "status": "available", "applicationId": None, "applicantName": None, "client": None}
    listed = admin_client.get("/api/admin/companies").json()
    assert listed[0] == created  # newest first


def test_a_registry_code_is_unique_and_eight_digits(admin_client: httpx.Client) -> None:
    code = registry_code()
    create_company(admin_client, registrationCode=code)
    duplicate = admin_client.post("/api/admin/companies", json={"name": "Teine OÜ", "registrationCode": code})
    assert duplicate.status_code == 409
    assert duplicate.json()["code"] == "registration_code_taken" and "registrationCode" in duplicate.json()["fields"]
    for bad in ("1234567", "123456789", "1234567a", ""):
        response = admin_client.post("/api/admin/companies", json={"name": "Vale OÜ", "registrationCode": bad})
        assert response.status_code == 422
        assert response.json()["fields"] == {"registrationCode": "The registry code must be 8 digits"}
    assert admin_client.post("/api/admin/companies", json={"name": "X", "registrationCode": registry_code()}
                             ).status_code == 422


@pytest.mark.parametrize("status", ["pending", "in_review", "rejected", "completed"])
def test_only_an_approved_or_active_application_gets_a_company(
        admin_client: httpx.Client, approved_application: Callable[..., tuple[Applicant, int]], status: str) -> None:
    _, application_id = approved_application(status)
    company = create_company(admin_client)
    response = assign(admin_client, application_id, companyId=company["id"])
    assert response.status_code == 409 and response.json()["code"] == "not_assignable"
    assert admin_client.get("/api/admin/companies").json()[0]["status"] == "available"


ISSUE_13_SCHEDULES = {
    "2026-12-23": ("2027-06-23", ["2027-01-04", "2027-01-29", "2027-02-26", "2027-03-31", "2027-04-30", "2027-05-31"]),
    "2027-03-24": ("2027-09-24", ["2027-04-01", "2027-04-30", "2027-05-31", "2027-06-30", "2027-07-30", "2027-08-31"]),
}


@pytest.mark.parametrize("registered", sorted(ISSUE_13_SCHEDULES))
def test_assigning_shows_the_term_and_payment_schedule_to_the_applicant(
        admin_client: httpx.Client, approved_application: Callable[..., tuple[Applicant, int]],
        registered: str) -> None:
    """Issue 13's examples (spec §1, §9): the first payment within 5 banking days after the registration,
    then the last banking day of every month of the term (29 January, 30 April were missing) and none after
    the term's end (30 June 2027 was scheduled after a term ending on 23 June). Issue 23: applications shows the
    term only; the schedule is payroll's, made from the assignment's event (GET /api/payments)."""
    end, due_dates = ISSUE_13_SCHEDULES[registered]
    applicant, application_id = approved_application()
    company = create_company(admin_client, name="Lõuna Riiul OÜ")
    response = assign(admin_client, application_id, companyId=company["id"], registrationDate=registered)
    assert response.status_code == 200, response.text
    assert response.json()["company"]["id"] == company["id"]

    own = applicant.client.get("/api/application").json()["company"]
    assert own == {
        "id": company["id"], "name": "Lõuna Riiul OÜ", "registrationCode": company["registrationCode"],
        "startDate": registered, "endDate": end, "monthlyPayment": 500, "status": "assigned"}
    # The admins see the client it is handed over to beside it (issue 35): none yet.
    assert admin_client.get(f"/api/admin/applications/{application_id}").json()["company"] == own | {"client": None}
    payments = eventually(lambda: (found := applicant.client.get("/api/payments").json()) and found,
                          what="payroll's schedule of the term")
    assert [(p["dueDate"], p["gross"]) for p in payments] == [(d, "500.00") for d in due_dates]
    listed = next(c for c in admin_client.get("/api/admin/companies").json() if c["id"] == company["id"])
    assert (listed["status"], listed["applicationId"], listed["applicantName"], listed["registrationDate"]) == (
        "assigned", application_id, "Kalle Kuusk", registered)


def test_a_company_without_a_registration_date_has_no_schedule_yet(
        admin_client: httpx.Client, approved_application: Callable[..., tuple[Applicant, int]]) -> None:
    applicant, application_id = approved_application("active")
    company = create_company(admin_client)
    assert assign(admin_client, application_id, companyId=company["id"]).status_code == 200
    own = applicant.client.get("/api/application").json()["company"]
    assert (own["startDate"], own["endDate"], "paymentSchedule" in own) == (None, None, False)
    # Assigning the same company again with the date registers it.
    again = assign(admin_client, application_id, companyId=company["id"], registrationDate="2026-08-31")
    assert again.status_code == 200
    assert (again.json()["company"]["startDate"], again.json()["company"]["endDate"]) == ("2026-08-31", "2027-02-28")


def test_a_company_serves_one_application(
        admin_client: httpx.Client, approved_application: Callable[..., tuple[Applicant, int]]) -> None:
    _, first_id = approved_application()
    _, second_id = approved_application()
    company = create_company(admin_client, registrationDate="2026-03-02")
    assert assign(admin_client, first_id, companyId=company["id"]).status_code == 200
    taken = assign(admin_client, second_id, companyId=company["id"])
    assert taken.status_code == 409 and taken.json()["code"] == "company_taken"
    assert assign(admin_client, second_id, companyId=2_000_000_000).status_code == 404

    # Replacing the first application's company frees the old one.
    replacement = create_company(admin_client)
    assert assign(admin_client, first_id, companyId=replacement["id"]).status_code == 200
    companies = {c["id"]: c for c in admin_client.get("/api/admin/companies").json()}
    assert (companies[company["id"]]["status"], companies[company["id"]]["applicationId"]) == ("available", None)
    assert assign(admin_client, second_id, companyId=company["id"]).status_code == 200


def test_completing_the_application_marks_the_company_transferred(
        stack: Any, admin_client: httpx.Client, approved_application: Callable[..., tuple[Applicant, int]]) -> None:
    applicant, application_id = approved_application()
    company = create_company(admin_client, registrationDate="2026-03-02")
    assign(admin_client, application_id, companyId=company["id"])
    completed = admin_client.put(f"/api/admin/applications/{application_id}/status",
                                 json={"status": "completed", "clientId": approved_client_id(stack)})
    assert completed.status_code == 200, completed.text
    assert applicant.client.get("/api/application").json()["company"]["status"] == "transferred"
