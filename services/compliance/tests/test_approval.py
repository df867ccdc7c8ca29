"""Issue 35: the compliance officer (an admin attribute, set in the Admins tab; the first admin made on the command
line is one), the approval gates of a case, and a confirmed hit blocking the applicant's approval."""

from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

import httpx

from conftest import eventually
from services.compliance.tests.list_files import PETROVSKY, SHIPPING, eu_xml
from services.compliance.tests.support import add_person, admin_made_on_the_command_line, create_client, fresh_lists
from services.compliance.tests.test_screening import hits_of
from testkit.accounts import id_codes_born


def admin_row(client: httpx.Client, admin_id: int) -> dict[str, Any]:
    row: dict[str, Any] = next(a for a in client.get("/api/admin/admins").json() if a["id"] == admin_id)
    return row


def test_only_an_officer_names_officers(stack: Any, gateway: str, officer_client: httpx.Client) -> None:
    # An admin of its own: it is made an officer and back, which the shared plain admin must never be meanwhile.
    plain_admin_client = admin_made_on_the_command_line(stack, gateway)
    try:
        plain_id = plain_admin_client.get("/api/user").json()["id"]
        officer_id = officer_client.get("/api/user").json()["id"]
        assert admin_row(officer_client, officer_id)["complianceOfficer"] is True
        assert admin_row(officer_client, plain_id)["complianceOfficer"] is False

        refused = plain_admin_client.put(f"/api/admin/admins/{plain_id}/compliance-officer",
                                         json={"complianceOfficer": True})
        assert (refused.status_code, refused.json()["code"]) == (403, "not_compliance_officer")
        named = officer_client.put(f"/api/admin/admins/{plain_id}/compliance-officer",
                                   json={"complianceOfficer": True})
        assert named.status_code == 200 and named.json()["complianceOfficer"] is True, named.text
        # The claim is read at every request: the new officer may decide at once.
        case = create_client(plain_admin_client)
        approving = plain_admin_client.post(f"/api/admin/clients/{case['id']}/approve")
        assert approving.json()["code"] == "client_not_in_review"
        removed = officer_client.put(f"/api/admin/admins/{plain_id}/compliance-officer",
                                     json={"complianceOfficer": False})
        assert removed.status_code == 200 and removed.json()["complianceOfficer"] is False
    finally:
        plain_admin_client.close()


def test_a_non_officer_admin_gets_403_on_approvals_and_decisions(admin_client: httpx.Client,
                                                                 plain_admin_client: httpx.Client) -> None:
    fresh_lists(plain_admin_client)  # any admin imports lists
    case = create_client(plain_admin_client)
    person = add_person(plain_admin_client, case["id"], fullName="Ivan Petrovsky", dateOfBirth="1971-03-14")
    assert plain_admin_client.post(f"/api/admin/clients/{case['id']}/submit").status_code == 200
    for path, body in ((f"/api/admin/clients/{case['id']}/approve", None),
                       (f"/api/admin/clients/{case['id']}/reject", {"reason": "no"})):
        refused = plain_admin_client.post(path, json=body)
        assert (refused.status_code, refused.json()["code"]) == (403, "not_compliance_officer"), path
    [hit] = hits_of(plain_admin_client, "person", person["id"])
    decided = plain_admin_client.post(f"/api/admin/screening/hits/{hit['id']}/decision",
                                      json={"decision": "false_positive", "reason": "x"})
    assert (decided.status_code, decided.json()["code"]) == (403, "not_compliance_officer")


def test_approval_waits_for_the_open_hit_and_a_current_list(officer_client: httpx.Client) -> None:
    fresh_lists(officer_client)
    case = create_client(officer_client)
    person = add_person(officer_client, case["id"], fullName="Ivan Petrovsky", dateOfBirth="1971-03-14")
    submitted = officer_client.post(f"/api/admin/clients/{case['id']}/submit")
    assert submitted.status_code == 200, submitted.text

    open_hit = officer_client.post(f"/api/admin/clients/{case['id']}/approve")
    assert (open_hit.status_code, open_hit.json()["code"]) == (409, "screening_hit_open")
    [hit] = hits_of(officer_client, "person", person["id"])
    cleared = officer_client.post(f"/api/admin/screening/hits/{hit['id']}/decision",
                                  json={"decision": "false_positive", "reason": "Born elsewhere; passport seen"})
    assert cleared.status_code == 200, cleared.text

    stale = eu_xml([PETROVSKY, SHIPPING], generated="2026-01-05T10:00:00.000+01:00")
    assert officer_client.post("/api/admin/screening/lists", data={"source": "eu"},
                               files={"file": ("eu.xml", stale, "text/xml")}).status_code == 201
    refused = officer_client.post(f"/api/admin/clients/{case['id']}/approve")
    assert (refused.status_code, refused.json()["code"]) == (409, "sanctions_list_stale")
    assert "eu" in refused.json()["message"]

    fresh_lists(officer_client)
    approved = officer_client.post(f"/api/admin/clients/{case['id']}/approve")
    assert approved.status_code == 200, approved.text
    today = datetime.now(ZoneInfo("Europe/Tallinn")).date()
    # Medium risk (the service and a company): reviewed again in 24 months.
    assert approved.json()["status"] == "approved" and approved.json()["riskLevel"] == "medium"
    assert approved.json()["reviewDue"] == date(today.year + 2, today.month, min(today.day, 28)).isoformat() \
        or approved.json()["reviewDue"].startswith(f"{today.year + 2}-{today.month:02d}")
    assert approved.json()["expired"] is False
    assert approved.json()["history"][-1]["action"] == "approved"
    again = officer_client.post(f"/api/admin/clients/{case['id']}/approve")
    assert (again.status_code, again.json()["code"]) == (409, "client_not_in_review")


def test_a_case_is_rejected_with_a_reason(officer_client: httpx.Client) -> None:
    case = create_client(officer_client, kind="person", name="Tiit Tamm", registryCode=None, country="EE",
                         dateOfBirth="1970-01-01")
    assert officer_client.post(f"/api/admin/clients/{case['id']}/submit").status_code == 200
    no_reason = officer_client.post(f"/api/admin/clients/{case['id']}/reject", json={"reason": ""})
    assert (no_reason.status_code, no_reason.json()["fieldCodes"]) == (422, {"reason": "required"})
    rejected = officer_client.post(f"/api/admin/clients/{case['id']}/reject",
                                   json={"reason": "The source of funds could not be shown"})
    assert rejected.status_code == 200, rejected.text
    assert (rejected.json()["status"], rejected.json()["decisionReason"]) == (
        "rejected", "The source of funds could not be shown")


def test_a_confirmed_hit_blocks_the_applicants_approval(officer_client: httpx.Client, make_applicant: Any) -> None:
    fresh_lists(officer_client)
    [code] = id_codes_born(date(1971, 3, 14), 1)
    applicant = make_applicant(fullName="Ivan Petrovski", idCode=code, dateOfBirth="1971-03-14")
    user_id = applicant.user["id"]
    [hit] = eventually(lambda: hits_of(officer_client, "applicant", user_id), what="the applicant's hit")
    application_id = eventually(lambda: applicant.client.get("/api/application").json()["application"]["id"],
                                what="the application")
    confirmed = officer_client.post(f"/api/admin/screening/hits/{hit['id']}/decision",
                                    json={"decision": "confirmed", "reason": "The same person: passport matches"})
    assert confirmed.status_code == 200 and confirmed.json()["status"] == "confirmed", confirmed.text

    def refused() -> bool:
        answer = officer_client.put(f"/api/admin/applications/{application_id}/status", json={"status": "approved"})
        assert answer.status_code in (200, 409), answer.text
        if answer.status_code == 200:  # before applications heard of the decision: put it back and try again
            officer_client.put(f"/api/admin/applications/{application_id}/status", json={"status": "pending"})
            return False
        return bool(answer.json()["code"] == "screening_hit")

    eventually(refused, what="the approval refused")
