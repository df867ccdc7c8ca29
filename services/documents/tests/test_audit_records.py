"""Issue 15, Audit log: an admin's document request, review and download are recorded with actor, target and the
applicant concerned, and reach the audit store's GET /api/admin/audit; an applicant's own download is not."""

import time
import uuid
from collections.abc import Callable
from typing import Any

import httpx

from conftest import Applicant, eventually

PDF = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
AuditRecord = dict[str, Any]
Upload = Callable[..., httpx.Response]


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


def test_an_admins_download_is_recorded_and_the_owners_is_not(make_applicant: Any, upload: Upload,
                                                               admin_client: httpx.Client) -> None:
    """Audit log: "every admin view of an applicant's personal data (... document download)"; applicants
    downloading their own documents are not admins and are not recorded."""
    applicant: Applicant = make_applicant()
    document = upload(applicant.client, "passport.pdf", PDF).json()
    admin_id = admin_client.get("/api/user").json()["id"]
    own = applicant.client.get(document["filePath"])
    assert own.status_code == 200 and own.content == PDF

    request_id = uuid.uuid4().hex
    as_admin = admin_client.get(document["filePath"], headers={"X-Request-Id": request_id})
    assert as_admin.status_code == 200 and as_admin.content == PDF

    [record] = recorded(admin_client, "document.downloaded", applicant=applicant.user["id"])
    assert (record["actorId"], record["actorRole"], record["targetType"], record["targetId"], record["applicantId"],
            record["requestId"]) == (admin_id, "admin", "document", str(document["id"]), applicant.user["id"],
                                     request_id)
    assert record["ipAddress"] and record["userAgent"]
    time.sleep(1)  # the owner's download came first (maybe through the other replica): its record would be in
    assert audit_of(admin_client, applicant=applicant.user["id"]) == [record]  # nothing for the owner's download


def test_a_download_of_a_missing_document_records_nothing(make_applicant: Any, upload: Upload,
                                                          admin_client: httpx.Client) -> None:
    applicant: Applicant = make_applicant()
    document = upload(applicant.client, "a.pdf", PDF).json()
    assert admin_client.get("/api/documents/999999999/download").status_code == 404
    admin_client.put(f"/api/admin/documents/{document['id']}/status", json={"status": "approved"})

    recorded(admin_client, "document.reviewed", applicant=applicant.user["id"])
    assert audit_of(admin_client, action="document.downloaded", applicant=applicant.user["id"]) == []


def test_a_request_and_a_review_are_recorded_without_the_reason(make_applicant: Any, upload: Upload,
                                                                 admin_client: httpx.Client) -> None:
    """Audit log: "document request, review"; a rejection's reason is free text and stays out of the record."""
    applicant: Applicant = make_applicant()
    user_id = applicant.user["id"]
    created = admin_client.post("/api/document-requests", json={"userId": user_id, "name": "ID card"})
    assert created.status_code == 201, created.text
    document = upload(applicant.client, "id.pdf", PDF, requestId=str(created.json()["id"])).json()
    rejected = admin_client.put(f"/api/admin/documents/{document['id']}/status",
                                json={"status": "rejected", "reason": "Isikukood pole loetav"})
    assert rejected.status_code == 200, rejected.text

    [request_record] = recorded(admin_client, "document.requested", applicant=user_id)
    assert (request_record["targetType"], request_record["targetId"]) == ("document_request",
                                                                          str(created.json()["id"]))
    [review] = recorded(admin_client, "document.reviewed", applicant=user_id)
    assert (review["targetType"], review["targetId"], review["details"]) == (
        "document", str(document["id"]), {"decision": "rejected"})
