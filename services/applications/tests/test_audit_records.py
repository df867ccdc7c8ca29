"""Issue 15, Audit log: every admin action on an application and every admin view of one is recorded (actor,
target, the applicant concerned, IP, user agent, request id) and reaches the audit store's
GET /api/admin/audit through the outbox."""

import random
import uuid
from collections.abc import Callable
from typing import Any

import httpx

from conftest import Applicant, eventually

AuditRecord = dict[str, Any]
OwnApplication = Callable[[httpx.Client], dict[str, Any]]




def audit_of(admin: httpx.Client, **filters: Any) -> list[AuditRecord]:
    """GET /api/admin/audit as ``admin``: the audit store's records matching ``filters``, newest first."""
    response = admin.get("/api/admin/audit", params=filters)
    assert response.status_code == 200, response.text
    records: list[AuditRecord] = response.json()
    return records


def recorded(admin: httpx.Client, action: str, **query: Any) -> list[AuditRecord]:
    """The audit's records of ``action`` matching ``query`` (newest first), once there is at least one."""
    found: list[AuditRecord] = eventually(lambda: audit_of(admin, action=action, **query),
                                          what=f"{action} in the audit")
    return found


def new_application(make_applicant: Any, own_application: OwnApplication) -> tuple[Applicant, int]:
    applicant: Applicant = make_applicant()
    return applicant, own_application(applicant.client)["application"]["id"]


def test_an_application_detail_view_is_recorded_with_actor_target_and_applicant(
        admin_client: httpx.Client, make_applicant: Any, own_application: OwnApplication) -> None:
    """Audit log: "every admin view of an applicant's personal data (application detail ...)"."""
    applicant, application_id = new_application(make_applicant, own_application)
    admin_id = admin_client.get("/api/user").json()["id"]
    request_id = uuid.uuid4().hex
    assert admin_client.get(f"/api/admin/applications/{application_id}",
                            headers={"User-Agent": "audit-test/1.0", "X-Request-Id": request_id}).status_code == 200

    [record] = recorded(admin_client, "application.viewed", applicant=applicant.user["id"])
    assert (record["actorId"], record["actorRole"], record["targetType"], record["targetId"],
            record["applicantId"]) == (admin_id, "admin", "application", str(application_id), applicant.user["id"])
    assert (record["userAgent"], record["requestId"], record["details"]) == ("audit-test/1.0", request_id, {})
    assert record["ipAddress"]


def test_a_status_change_is_recorded_with_both_statuses_and_without_the_notes(
        admin_client: httpx.Client, make_applicant: Any, own_application: OwnApplication) -> None:
    """Audit log: a status change and a rejection; the admin's notes (free text) stay out of the record."""
    applicant, application_id = new_application(make_applicant, own_application)
    for status in ("in_review", "rejected"):
        changed = admin_client.put(f"/api/admin/applications/{application_id}/status",
                                   json={"status": status, "notes": "Ebaselge isikut tõendav dokument"})
        assert changed.status_code == 200, changed.text

    records = eventually(lambda: len(found := audit_of(admin_client, action="application.status_changed",
                                                       applicant=applicant.user["id"])) == 2 and found,
                         what="both status changes in the audit")
    assert [(r["targetId"], r["details"]) for r in records] == [
        (str(application_id), {"from": "in_review", "to": "rejected"}),
        (str(application_id), {"from": "pending", "to": "in_review"})]


def test_a_refused_status_change_records_nothing(admin_client: httpx.Client, make_applicant: Any,
                                                 own_application: OwnApplication) -> None:
    """The record is staged in the action's own transaction: an action that fails leaves none."""
    applicant, application_id = new_application(make_applicant, own_application)
    refused = admin_client.put(f"/api/admin/applications/{application_id}/status", json={"status": "pending"})
    assert refused.status_code == 422
    admin_client.get(f"/api/admin/applications/{application_id}")  # a later record, to know the earlier arrived

    recorded(admin_client, "application.viewed", applicant=applicant.user["id"])
    assert audit_of(admin_client, action="application.status_changed", applicant=applicant.user["id"]) == []


def test_a_company_assignment_and_an_export_are_recorded(admin_client: httpx.Client, make_applicant: Any,
                                                         own_application: OwnApplication) -> None:
    applicant, application_id = new_application(make_applicant, own_application)
    admin_id = admin_client.get("/api/user").json()["id"]
    assert admin_client.put(f"/api/admin/applications/{application_id}/status",
                            json={"status": "approved"}).status_code == 200
    company = admin_client.post("/api/admin/companies", json={
        "name": "Auditi Riiul OÜ", "registrationCode": str(random.randint(10_000_000, 99_999_999))}).json()
    assigned = admin_client.put(f"/api/admin/applications/{application_id}/company",
                                json={"companyId": company["id"]})
    assert assigned.status_code == 200, assigned.text
    [assignment] = recorded(admin_client, "application.company_assigned", applicant=applicant.user["id"])
    assert (assignment["actorId"], assignment["targetId"], assignment["details"]) == (
        admin_id, str(application_id), {"company": str(company["id"])})

    request_id = uuid.uuid4().hex
    export = admin_client.get("/api/admin/applications/export.csv", params={"status": "approved", "q": "Maasikas"},
                              headers={"X-Request-Id": request_id})
    assert export.status_code == 200
    export_record = eventually(lambda: next((r for r in audit_of(admin_client, action="application.exported",
                                                                   actor=admin_id, limit=10)
                                             if r["requestId"] == request_id), None), what="the export in the audit")
    # The filters, not the search text (it may be a name); an export concerns no one applicant.
    assert (export_record["targetType"], export_record["applicantId"], export_record["details"]) == (
        "application", None, {"status": "approved", "assignee": "", "sort": "createdAt"})


def by_request(admin: httpx.Client, action: str, request_id: str, **query: Any) -> AuditRecord:
    """The record of ``action`` made by the request ``request_id``, once it is in the audit."""
    found: AuditRecord = eventually(lambda: next((r for r in audit_of(admin, action=action, limit=50, **query)
                                                  if r["requestId"] == request_id), None),
                                    what=f"{action} in the audit")
    return found


def test_a_page_of_the_list_is_recorded_with_its_filters_and_the_applications_it_showed(
        admin_client: httpx.Client, make_applicant: Any, own_application: OwnApplication) -> None:
    """Issue 37: the list shows names, e-mail addresses and (masked) ID codes: each page viewed is recorded, with
    the filters and which applications it showed, but not the search text (it may be a name or an ID code)."""
    applicant, application_id = new_application(make_applicant, own_application)
    admin_id = admin_client.get("/api/user").json()["id"]
    request_id = uuid.uuid4().hex
    page = admin_client.get("/api/admin/applications", params={
        "status": "pending", "sort": "name", "order": "asc", "limit": 5, "q": applicant.user["email"]},
        headers={"X-Request-Id": request_id})
    assert page.status_code == 200, page.text
    assert [item["id"] for item in page.json()] == [application_id]

    record = by_request(admin_client, "application.listed", request_id, actor=admin_id)
    assert (record["targetType"], record["targetId"], record["applicantId"]) == ("application", "*", None)
    assert record["details"] == {"status": "pending", "assignee": "", "sort": "name", "order": "asc", "offset": "0",
                                 "searched": "yes", "shown": str(application_id)}
    assert applicant.user["email"] not in str(record)

    request_id = uuid.uuid4().hex
    shown = [item["id"] for item in admin_client.get("/api/admin/applications", params={"limit": 3},
                                                     headers={"X-Request-Id": request_id}).json()]
    record = by_request(admin_client, "application.listed", request_id)
    assert record["details"]["shown"] == ",".join(map(str, shown)) and record["details"]["searched"] == ""


def test_taking_an_application_on_and_giving_it_up_are_recorded(
        admin_client: httpx.Client, make_applicant: Any, own_application: OwnApplication) -> None:
    """Issue 37: assigning and unassigning (issue 17, Work sharing) are admin actions on the applicant's file."""
    applicant, application_id = new_application(make_applicant, own_application)
    admin_id = admin_client.get("/api/user").json()["id"]
    assert admin_client.post(f"/api/admin/applications/{application_id}/assign-to-me").status_code == 200
    assert admin_client.delete(f"/api/admin/applications/{application_id}/assignee").status_code == 200

    [assigned] = recorded(admin_client, "application.assigned", applicant=applicant.user["id"])
    assert (assigned["actorId"], assigned["targetId"], assigned["details"]) == (
        admin_id, str(application_id), {"assignee": str(admin_id), "previous": ""})
    [unassigned] = recorded(admin_client, "application.unassigned", applicant=applicant.user["id"])
    assert (unassigned["actorId"], unassigned["targetId"], unassigned["details"]) == (
        admin_id, str(application_id), {"previous": str(admin_id)})
    assert [r["action"] for r in audit_of(admin_client, applicant=applicant.user["id"], action="application.")][:2] == [
        "application.unassigned", "application.assigned"]


def test_replacing_a_company_records_the_one_it_freed(admin_client: httpx.Client, make_applicant: Any,
                                                      own_application: OwnApplication) -> None:
    applicant, application_id = new_application(make_applicant, own_application)
    assert admin_client.put(f"/api/admin/applications/{application_id}/status",
                            json={"status": "approved"}).status_code == 200
    first, second = (admin_client.post("/api/admin/companies", json={
        "name": f"Vahetuse Riiul {n} OÜ", "registrationCode": str(random.randint(10_000_000, 99_999_999))}).json()
        for n in (1, 2))
    for company in (first, second):
        assigned = admin_client.put(f"/api/admin/applications/{application_id}/company",
                                    json={"companyId": company["id"]})
        assert assigned.status_code == 200, assigned.text
    records = eventually(lambda: len(found := audit_of(admin_client, action="application.company_assigned",
                                                       applicant=applicant.user["id"])) == 2 and found,
                         what="both assignments in the audit")
    assert [r["details"] for r in records] == [
        {"company": str(second["id"]), "previous_company": str(first["id"])}, {"company": str(first["id"])}]
