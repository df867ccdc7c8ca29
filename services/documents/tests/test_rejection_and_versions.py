"""Rejection reasons and uploading again (issue 17, Documents): rejecting needs a reason, which the applicant
sees; a rejected document, loose or answering a request, can be uploaded again, and the earlier versions stay
stored, listed inside their successor for the admin and downloadable."""

from collections.abc import Callable
from typing import Any

import httpx
import psycopg
import pytest
from minio import Minio

from conftest import Applicant

PDF = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
Upload = Callable[..., httpx.Response]


def status_of(admin: httpx.Client, document_id: int, **body: Any) -> httpx.Response:
    return admin.put(f"/api/admin/documents/{document_id}/status", json=body)


def row(db: psycopg.Connection[Any], document_id: int) -> tuple[Any, ...]:
    found = db.execute("select status, rejection_reason, reviewed_by, replaced_by_id from documents where id = %s",
                       (document_id,)).fetchone()
    assert found is not None
    return tuple(found)


def admin_items(admin: httpx.Client, user_id: int) -> dict[int, dict[str, Any]]:
    response = admin.get("/api/admin/documents", params={"userId": user_id})
    assert response.status_code == 200, response.text
    return {item["id"]: item for item in response.json()}


def object_count(s3: Minio, bucket: str) -> int:
    return sum(1 for _ in s3.list_objects(bucket, recursive=True))


# ---- the reason --------------------------------------------------------------------------------------------

def test_rejecting_without_a_reason_is_422_and_changes_nothing(make_applicant: Any, upload: Upload,
                                                               admin_client: httpx.Client, documents_db: Any) -> None:
    applicant: Applicant = make_applicant()
    document = upload(applicant.client, "a.pdf", PDF).json()
    for body in ({"status": "rejected"}, {"status": "rejected", "reason": None},
                 {"status": "rejected", "reason": "   \n\t "}):
        response = status_of(admin_client, document["id"], **body)
        assert response.status_code == 422, body
        assert response.json()["fields"] == {"reason": "Please give a reason for the rejection"}
        assert response.json()["fieldCodes"] == {"reason": "rejection_reason_required"}
    too_long = status_of(admin_client, document["id"], status="rejected", reason="x" * 1001)
    assert too_long.status_code == 422 and too_long.json()["fieldCodes"] == {"reason": "too_long"}
    assert row(documents_db, document["id"]) == ("pending", None, None, None)
    assert applicant.client.get("/api/documents").json()[0]["status"] == "pending"


def test_the_reason_is_stored_trimmed_and_shown_to_the_applicant_and_the_admin(
        make_applicant: Any, upload: Upload, admin_client: httpx.Client) -> None:
    applicant: Applicant = make_applicant()
    document = upload(applicant.client, "a.pdf", PDF).json()
    reason = "  The photo is blurred; please send a sharper scan.  "
    rejected = status_of(admin_client, document["id"], status="rejected", reason=reason)
    assert rejected.status_code == 200, rejected.text
    assert rejected.json()["rejectionReason"] == reason.strip()
    [own] = applicant.client.get("/api/documents").json()
    assert (own["status"], own["rejectionReason"]) == ("rejected", reason.strip())
    admin_item = admin_items(admin_client, applicant.user["id"])[document["id"]]
    assert admin_item["rejectionReason"] == reason.strip()
    exactly = status_of(admin_client, upload(applicant.client, "b.pdf", PDF).json()["id"], status="rejected",
                        reason="y" * 1000)
    assert exactly.status_code == 200 and exactly.json()["rejectionReason"] == "y" * 1000


def test_approving_ignores_a_reason(make_applicant: Any, upload: Upload, admin_client: httpx.Client,
                                    documents_db: Any) -> None:
    applicant: Applicant = make_applicant()
    document = upload(applicant.client, "a.pdf", PDF).json()
    approved = status_of(admin_client, document["id"], status="approved", reason="Looks fine")
    assert approved.status_code == 200 and approved.json()["rejectionReason"] is None
    assert row(documents_db, document["id"])[:2] == ("approved", None)


def test_a_requests_rejection_reason_reaches_the_applicants_request_row(
        make_applicant: Any, upload: Upload, admin_client: httpx.Client, application_of: Any) -> None:
    applicant: Applicant = make_applicant()
    created = admin_client.post("/api/document-requests", json={
        "userId": applicant.user["id"], "applicationId": application_of(applicant), "name": "ID card"}).json()
    document = upload(applicant.client, "id.pdf", PDF, requestId=str(created["id"])).json()
    status_of(admin_client, document["id"], status="rejected", reason="Expired")
    [request] = applicant.client.get("/api/document-requests").json()
    assert (request["status"], request["rejectionReason"], request["documentId"]) == (
        "rejected", "Expired", document["id"])


# ---- uploading again ---------------------------------------------------------------------------------------

def test_uploading_again_for_a_request_makes_the_rejected_one_an_earlier_version(
        make_applicant: Any, upload: Upload, admin_client: httpx.Client, application_of: Any) -> None:
    applicant: Applicant = make_applicant()
    user_id = applicant.user["id"]
    created = admin_client.post("/api/document-requests", json={
        "userId": user_id, "applicationId": application_of(applicant), "name": "ID card"}).json()
    first = upload(applicant.client, "first.pdf", PDF, requestId=str(created["id"])).json()
    status_of(admin_client, first["id"], status="rejected", reason="Blurred")
    second = upload(applicant.client, "second.pdf", PDF, requestId=str(created["id"]))
    assert second.status_code == 201, second.text
    second_doc = second.json()
    assert (second_doc["replacesId"], second_doc["requestId"], second_doc["status"]) == (
        first["id"], created["id"], "pending")
    [request] = applicant.client.get("/api/document-requests").json()
    assert (request["status"], request["documentId"], request["rejectionReason"]) == (
        "submitted", second_doc["id"], None)
    status_of(admin_client, second_doc["id"], status="rejected", reason="Still blurred")
    third = upload(applicant.client, "third.pdf", PDF + b"3", requestId=str(created["id"])).json()

    items = admin_items(admin_client, user_id)
    assert list(items) == [third["id"]]  # current versions only
    earlier = items[third["id"]]["earlierVersions"]
    assert [(v["id"], v["fileName"], v["status"], v["rejectionReason"]) for v in earlier] == [
        (first["id"], "first.pdf", "rejected", "Blurred"),
        (second_doc["id"], "second.pdf", "rejected", "Still blurred")]
    assert all(v["uploadedAt"] and v["filePath"] == f"/api/documents/{v['id']}/download" for v in earlier)
    assert items[third["id"]]["requestName"] == "ID card"
    download = admin_client.get(earlier[0]["filePath"])  # an earlier version stays downloadable
    assert download.status_code == 200 and download.content == PDF
    own = {d["id"]: d for d in applicant.client.get("/api/documents").json()}
    assert own[first["id"]]["replacedById"] == second_doc["id"] and own[third["id"]]["replacedById"] is None


def test_a_loose_rejected_document_is_replaced_with_replaces_document_id(
        make_applicant: Any, upload: Upload, admin_client: httpx.Client) -> None:
    applicant: Applicant = make_applicant()
    old = upload(applicant.client, "lease.pdf", PDF, name="Lease").json()
    status_of(admin_client, old["id"], status="rejected", reason="Unsigned")
    new = upload(applicant.client, "lease-signed.pdf", PDF, name="Lease", replacesDocumentId=str(old["id"]))
    assert new.status_code == 201, new.text
    assert (new.json()["replacesId"], new.json()["requestId"]) == (old["id"], None)
    items = admin_items(admin_client, applicant.user["id"])
    assert list(items) == [new.json()["id"]]
    assert [v["id"] for v in items[new.json()["id"]]["earlierVersions"]] == [old["id"]]
    # Once replaced, it is not replaced again.
    twice = upload(applicant.client, "again.pdf", PDF, replacesDocumentId=str(old["id"]))
    assert twice.status_code == 422 and twice.json()["fieldCodes"] == {"replacesDocumentId": "document_not_replaceable"}


def test_a_rejected_requests_document_named_as_replaced_answers_its_request(
        make_applicant: Any, upload: Upload, admin_client: httpx.Client, application_of: Any) -> None:
    applicant: Applicant = make_applicant()
    created = admin_client.post("/api/document-requests", json={
        "userId": applicant.user["id"], "applicationId": application_of(applicant), "name": "Diploma"}).json()
    first = upload(applicant.client, "d.pdf", PDF, requestId=str(created["id"])).json()
    status_of(admin_client, first["id"], status="rejected", reason="Wrong file")
    again = upload(applicant.client, "d2.pdf", PDF, replacesDocumentId=str(first["id"]))
    assert again.status_code == 201, again.text
    assert (again.json()["requestId"], again.json()["replacesId"]) == (created["id"], first["id"])
    assert applicant.client.get("/api/document-requests").json()[0]["status"] == "submitted"


@pytest.mark.exclusive  # issue 32: counts every object in the bucket, which other tests' uploads change
def test_only_ones_own_rejected_document_can_be_replaced(make_applicant: Any, upload: Upload,
                                                         admin_client: httpx.Client, s3: Minio, bucket: str,
                                                         documents_db: Any) -> None:
    owner, stranger = make_applicant(), make_applicant()
    rejected = upload(owner.client, "a.pdf", PDF).json()
    status_of(admin_client, rejected["id"], status="rejected", reason="No")
    pending = upload(owner.client, "b.pdf", PDF).json()
    objects = object_count(s3, bucket)

    someone_elses = upload(stranger.client, "x.pdf", PDF, replacesDocumentId=str(rejected["id"]))
    assert someone_elses.status_code == 404 and someone_elses.json()["code"] == "not_found"
    not_rejected = upload(owner.client, "x.pdf", PDF, replacesDocumentId=str(pending["id"]))
    assert not_rejected.status_code == 422
    assert not_rejected.json()["fieldCodes"] == {"replacesDocumentId": "document_not_replaceable"}
    for bad in ("abc", "0", "-1", "99999999999"):
        response = upload(owner.client, "x.pdf", PDF, replacesDocumentId=bad)
        assert response.status_code == 422 and list(response.json()["fields"]) == ["replacesDocumentId"], bad
    missing = upload(owner.client, "x.pdf", PDF, replacesDocumentId="999999999")
    assert missing.status_code == 404
    assert object_count(s3, bucket) == objects  # nothing stored for a refused replacement
    assert stranger.client.get("/api/documents").json() == []
    assert row(documents_db, rejected["id"])[3] is None  # still not replaced


@pytest.mark.exclusive  # issue 32: counts every object in the bucket, which other tests' uploads change
def test_a_replacement_named_after_the_file_is_checked_and_its_file_removed(
        make_applicant: Any, admin_client: httpx.Client, multipart: Any, upload: Upload, s3: Minio,
        bucket: str) -> None:
    owner, stranger = make_applicant(), make_applicant()
    rejected = upload(owner.client, "a.pdf", PDF).json()
    status_of(admin_client, rejected["id"], status="rejected", reason="No")
    objects = object_count(s3, bucket)
    content_type, body = multipart("x.pdf", PDF, fields_after={"replacesDocumentId": str(rejected["id"])})
    refused = stranger.client.post("/api/documents", content=body, headers={"Content-Type": content_type})
    assert refused.status_code == 404
    assert object_count(s3, bucket) == objects


def test_a_replacement_for_another_request_is_refused(make_applicant: Any, upload: Upload,
                                                      admin_client: httpx.Client, application_of: Any) -> None:
    applicant: Applicant = make_applicant()
    application_id = application_of(applicant)
    first, second = (admin_client.post("/api/document-requests", json={
        "userId": applicant.user["id"], "applicationId": application_id, "name": n}).json() for n in ("A", "B"))
    document = upload(applicant.client, "a.pdf", PDF, requestId=str(first["id"])).json()
    status_of(admin_client, document["id"], status="rejected", reason="No")
    crossed = upload(applicant.client, "b.pdf", PDF, requestId=str(second["id"]),
                     replacesDocumentId=str(document["id"]))
    assert crossed.status_code == 422 and list(crossed.json()["fields"]) == ["replacesDocumentId"]
    assert [r["status"] for r in applicant.client.get("/api/document-requests").json()] == ["requested", "rejected"]
