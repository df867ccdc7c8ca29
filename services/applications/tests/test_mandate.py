"""Issue 36, The mandate, tracked, through the gateway: the admin records the Business Register's appointment and
removal dates (not in the future, the removal not before the appointment), and only the owner and admins read a
mandate, with its planned end, the shareholders' removal deadline and its status."""

import random
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

import httpx
import pytest

from applications.mandate import removal_deadline
from applications.term import add_months, term_end, today_in_tallinn
from conftest import Applicant, eventually

MandateOwner = tuple[Applicant, int, dict[str, Any]]


def create_company(admin: httpx.Client, **body: Any) -> dict[str, Any]:
    response = admin.post("/api/admin/companies", json={
        "name": "Riiul OÜ", "registrationCode": str(random.randint(10_000_000, 99_999_999)), **body})
    assert response.status_code == 201, response.text
    company: dict[str, Any] = response.json()
    return company


def audit_of(admin: httpx.Client, **filters: Any) -> list[dict[str, Any]]:
    response = admin.get("/api/admin/audit", params=filters)
    assert response.status_code == 200, response.text
    records: list[dict[str, Any]] = response.json()
    return records


@pytest.fixture
def with_company(make_applicant: Any, own_application: Callable[[httpx.Client], dict[str, Any]],
                 admin_client: httpx.Client) -> Callable[[date | None], MandateOwner]:
    """An approved applicant with a company registered on ``registered``: the applicant, the application's id
    and the company."""
    def make(registered: date | None) -> MandateOwner:
        applicant: Applicant = make_applicant(fullName="Mari Maasikas")
        application_id: int = own_application(applicant.client)["application"]["id"]
        approved = admin_client.put(f"/api/admin/applications/{application_id}/status", json={"status": "approved"})
        assert approved.status_code == 200, approved.text
        company = create_company(admin_client, name="Mandaat OÜ",
                                 **({"registrationDate": registered.isoformat()} if registered else {}))
        assigned = admin_client.put(f"/api/admin/applications/{application_id}/company",
                                    json={"companyId": company["id"]})
        assert assigned.status_code == 200, assigned.text
        return applicant, application_id, company
    return make


def record(admin: httpx.Client, application_id: int, **dates: str | None) -> httpx.Response:
    return admin.put(f"/api/admin/applications/{application_id}/mandate", json=dates)


def test_the_applicant_follows_the_mandate_the_admin_records(
        admin_client: httpx.Client, with_company: Callable[[date | None], MandateOwner]) -> None:
    today = today_in_tallinn()
    registered = today - timedelta(days=30)
    applicant, application_id, company = with_company(registered)
    end = term_end(registered)
    expected = {"company": "Mandaat OÜ", "registryCode": company["registrationCode"], "appointedOn": None,
                "plannedEnd": end.isoformat(), "removalDeadline": removal_deadline(end).isoformat(),
                "removedOn": None, "status": "awaiting_appointment"}
    own = applicant.client.get("/api/mandate")
    assert own.status_code == 200, own.text
    assert own.json() == expected
    assert admin_client.get(f"/api/admin/applications/{application_id}/mandate").json() == expected

    appointed = (registered + timedelta(days=3)).isoformat()
    response = record(admin_client, application_id, appointedOn=appointed)
    assert response.status_code == 200, response.text
    assert response.json() == {**expected, "appointedOn": appointed, "status": "active"}
    assert applicant.client.get("/api/mandate").json() == response.json()

    # Leaving the appointment out keeps it; the removal may be early (for cause) but not before the appointment.
    removed = record(admin_client, application_id, removedOn=today.isoformat())
    assert removed.status_code == 200, removed.text
    assert removed.json() == {**expected, "appointedOn": appointed, "removedOn": today.isoformat(),
                              "status": "removed"}
    assert applicant.client.get("/api/mandate").json()["status"] == "removed"
    # null clears a date the admin entered by mistake.
    cleared = record(admin_client, application_id, removedOn=None)
    assert cleared.json()["removedOn"] is None and cleared.json()["status"] == "active"
    # Each change is in the audit log with the dates it set ("" for a date cleared), newest first.
    def all_three() -> list[dict[str, str]] | None:
        found = audit_of(admin_client, action="application.mandate_recorded", applicant=applicant.user["id"])
        return [record["details"] for record in found] if len(found) == 3 else None
    details = eventually(all_three, what="three mandate records in the audit")
    assert details == [{"removedOn": ""}, {"removedOn": today.isoformat()}, {"appointedOn": appointed}]


def test_the_admins_date_rules(admin_client: httpx.Client,
                               with_company: Callable[[date | None], MandateOwner]) -> None:
    today = today_in_tallinn()
    applicant, application_id, _ = with_company(today - timedelta(days=60))
    tomorrow = (today + timedelta(days=1)).isoformat()

    future = record(admin_client, application_id, appointedOn=tomorrow, removedOn=tomorrow)
    assert future.status_code == 422
    assert future.json()["fieldCodes"] == {"appointedOn": "date_in_future", "removedOn": "date_in_future"}
    assert future.json()["fields"]["appointedOn"] == "The date cannot be in the future"

    without = record(admin_client, application_id, removedOn=today.isoformat())
    assert without.status_code == 422 and without.json()["fieldCodes"] == {"removedOn": "appointment_required"}

    appointed = (today - timedelta(days=10)).isoformat()
    assert record(admin_client, application_id, appointedOn=appointed).status_code == 200
    before = record(admin_client, application_id, removedOn=(today - timedelta(days=11)).isoformat())
    assert before.status_code == 422
    assert before.json()["fieldCodes"] == {"removedOn": "removal_before_appointment"}
    # Moving the appointment after a recorded removal is refused the same way.
    assert record(admin_client, application_id, removedOn=appointed).status_code == 200
    later = record(admin_client, application_id, appointedOn=today.isoformat())
    assert later.status_code == 422 and later.json()["fieldCodes"] == {"removedOn": "removal_before_appointment"}

    bad = record(admin_client, application_id, appointedOn="2026-02-30")
    assert bad.status_code == 422 and "appointedOn" in bad.json()["fields"]

    # Nothing refused changed anything.
    mandate = applicant.client.get("/api/mandate").json()
    assert (mandate["appointedOn"], mandate["removedOn"], mandate["status"]) == (appointed, appointed, "removed")


def test_the_status_follows_the_term(admin_client: httpx.Client,
                                     with_company: Callable[[date | None], MandateOwner]) -> None:
    today = today_in_tallinn()
    # The term ends in two days: within 10 banking days of the end.
    ending_start = add_months(today + timedelta(days=2), -6)
    # The term ended over a month ago: 5 banking days are long past.
    overdue_start = add_months(today - timedelta(days=40), -6)
    for start, status in ((ending_start, "ending"), (overdue_start, "removal_overdue")):
        applicant, application_id, _ = with_company(start)
        response = record(admin_client, application_id, appointedOn=start.isoformat())
        assert response.status_code == 200, response.text
        assert applicant.client.get("/api/mandate").json()["status"] == status
    # Without a registration date there is no end yet.
    applicant, application_id, _ = with_company(None)
    unknown = applicant.client.get("/api/mandate").json()
    assert (unknown["plannedEnd"], unknown["removalDeadline"], unknown["status"]) == (
        None, None, "awaiting_appointment")


def test_only_the_owner_and_admins_read_a_mandate(
        admin_client: httpx.Client, make_applicant: Callable[..., Applicant], client: httpx.Client,
        own_application: Callable[[httpx.Client], dict[str, Any]],
        with_company: Callable[[date | None], MandateOwner]) -> None:
    owner, application_id, _ = with_company(today_in_tallinn() - timedelta(days=5))
    other = make_applicant()
    other_application: int = own_application(other.client)["application"]["id"]
    # Another applicant has no company, so no mandate, and cannot reach the owner's through the admin paths.
    assert other.client.get("/api/mandate").status_code == 404
    assert other.client.get(f"/api/admin/applications/{application_id}/mandate").status_code == 403
    assert owner.client.get(f"/api/admin/applications/{application_id}/mandate").status_code == 403
    assert record(owner.client, application_id, appointedOn=today_in_tallinn().isoformat()).status_code == 403
    assert client.get("/api/mandate").status_code == 401
    # An application without a company has no mandate for the admins either.
    assert admin_client.get(f"/api/admin/applications/{other_application}/mandate").status_code == 404
    assert record(admin_client, other_application, appointedOn="2026-01-05").status_code == 404
    assert owner.client.get("/api/mandate").json()["appointedOn"] is None


def overdue_ids(admin: httpx.Client) -> tuple[set[int], int]:
    """The applications the admins' removal_overdue filter shows (their ids on a big page) and its total."""
    response = admin.get("/api/admin/applications", params={"status": "removal_overdue", "limit": 100})
    assert response.status_code == 200, response.text
    return {item["id"] for item in response.json()}, int(response.headers["X-Total-Count"])


def test_overdue_removals_appear_in_the_admins_list_filter(
        admin_client: httpx.Client, with_company: Callable[[date | None], MandateOwner]) -> None:
    """Issue 36: 'an overview tile and a filter for overdue removals': ?status=removal_overdue lists exactly the
    applications whose mandate status is removal_overdue (its X-Total-Count is the admins' overview tile)."""
    today = today_in_tallinn()
    overdue_start = add_months(today - timedelta(days=40), -6)
    ending_start = add_months(today + timedelta(days=2), -6)
    overdue_owner, overdue, _ = with_company(overdue_start)
    _, ending, _ = with_company(ending_start)
    _, not_appointed, _ = with_company(overdue_start)
    for application_id, start in ((overdue, overdue_start), (ending, ending_start)):
        response = record(admin_client, application_id, appointedOn=start.isoformat())
        assert response.status_code == 200, response.text
    assert overdue_owner.client.get("/api/mandate").json()["status"] == "removal_overdue"

    listed, total = overdue_ids(admin_client)
    assert overdue in listed
    assert ending not in listed and not_appointed not in listed
    assert total >= 1
    # Only admins list applications.
    assert overdue_owner.client.get("/api/admin/applications", params={"status": "removal_overdue"}).status_code == 403

    # Once the removal is entered it leaves the list.
    removed = record(admin_client, overdue, removedOn=today.isoformat())
    assert removed.status_code == 200 and removed.json()["status"] == "removed"
    assert overdue not in overdue_ids(admin_client)[0]
