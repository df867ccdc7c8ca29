"""Issue 15, Audit log: an admin creating, sending and cancelling a contract and opening a contract's PDF is
recorded with actor, target and the applicant concerned, and reaches the audit store's GET /api/admin/audit;
the applicant opening their own PDF is not."""

import time
from typing import Any

import httpx

from conftest import Applicant, eventually

AuditRecord = dict[str, Any]


def audit_of(admin: httpx.Client, **filters: Any) -> list[AuditRecord]:
    """GET /api/admin/audit as ``admin``: the audit store's records matching ``filters``, newest first."""
    response = admin.get("/api/admin/audit", params=filters)
    assert response.status_code == 200, response.text
    records: list[AuditRecord] = response.json()
    return records


def registration_contract(applicant: Applicant) -> dict[str, Any]:
    """The employment contract signed at registration, once it has reached contracts by event."""
    def signed() -> dict[str, Any] | None:
        response = applicant.client.get("/api/contracts")
        assert response.status_code == 200, response.text
        return next((c for c in response.json() if c["signedAt"]), None)
    found: dict[str, Any] = eventually(signed, what="the registration contract")
    return found


def create_contract(admin: httpx.Client, user_id: int) -> dict[str, Any]:
    response = admin.post("/api/contracts", json={"userId": user_id, "title": "Juhatuse liikme leping",
                                                  "content": "Punkt 1\nTähtaeg 6 kuud."})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def test_creating_sending_and_cancelling_a_contract_are_recorded(make_applicant: Any,
                                                                 admin_client: httpx.Client) -> None:
    applicant: Applicant = make_applicant()
    user_id = applicant.user["id"]
    registration_contract(applicant)
    admin_id = admin_client.get("/api/user").json()["id"]
    sent, cancelled = create_contract(admin_client, user_id), create_contract(admin_client, user_id)
    assert admin_client.put(f"/api/admin/contracts/{sent['id']}/status", json={"status": "sent"}).status_code == 200
    assert admin_client.put(f"/api/admin/contracts/{cancelled['id']}/status",
                            json={"status": "cancelled"}).status_code == 200

    records = eventually(lambda: len(found := audit_of(admin_client, action="contract.", applicant=user_id)) == 4
                         and found, what="four contract records in the audit")
    assert sorted((r["action"], r["targetId"]) for r in records) == sorted([
        ("contract.created", str(sent["id"])), ("contract.created", str(cancelled["id"])),
        ("contract.sent", str(sent["id"])), ("contract.cancelled", str(cancelled["id"]))])
    assert {(r["actorId"], r["targetType"], r["applicantId"]) for r in records} == {(admin_id, "contract", user_id)}


def test_an_admin_opening_a_contract_pdf_is_recorded_and_the_owner_is_not(make_applicant: Any,
                                                                          admin_client: httpx.Client) -> None:
    """Audit log: "contract ... PDF view"."""
    applicant: Applicant = make_applicant()
    contract = registration_contract(applicant)
    assert applicant.client.get(f"/api/contracts/{contract['id']}/pdf").status_code == 200
    assert admin_client.get(f"/api/contracts/{contract['id']}/pdf").status_code == 200

    records = eventually(lambda: audit_of(admin_client, applicant=applicant.user["id"]), what="the PDF view")
    time.sleep(1)  # the owner's view came first: had it been recorded, it would be there by now
    assert [(r["action"], r["targetId"]) for r in audit_of(admin_client, applicant=applicant.user["id"])] == [
        ("contract.pdf_viewed", str(contract["id"]))] == [(r["action"], r["targetId"]) for r in records]


def test_a_page_of_the_contract_list_is_recorded_for_the_applicant_it_shows(
        admin_client: httpx.Client, make_applicant: Any) -> None:
    """Issue 37: the list shows names, e-mail addresses and the contracts' texts: each page viewed is recorded with
    its filters and the contracts it showed; one applicant's list (their file page) is recorded for them."""
    applicant = make_applicant()
    contract = registration_contract(applicant)
    admin_id = admin_client.get("/api/user").json()["id"]
    page = admin_client.get("/api/admin/contracts", params={"userId": applicant.user["id"], "status": "signed"})
    assert page.status_code == 200, page.text
    assert [c["id"] for c in page.json()] == [contract["id"]]

    [record] = eventually(lambda: audit_of(admin_client, action="contract.listed", applicant=applicant.user["id"]),
                          what="the list view in the audit")
    assert (record["actorId"], record["targetType"], record["targetId"], record["applicantId"]) == (
        admin_id, "contract", "*", applicant.user["id"])
    assert record["details"] == {"status": "signed", "sort": "", "order": "", "offset": "0", "searched": "",
                                 "shown": str(contract["id"])}
