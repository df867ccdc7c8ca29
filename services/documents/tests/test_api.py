"""documents's calls (spec §3, §4, §5, §7) through the gateway, against real Postgres, NATS and SeaweedFS."""

import asyncio
import hashlib
import json
import os
from collections.abc import Callable
from typing import Any

import httpx
import nats
import psycopg
import pytest
from minio import Minio

from conftest import Applicant, nats_login
from portal_common.auth import ASSERTION_HEADER, sign_assertion

PDF = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89"
JPEG = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xd9"
OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 504
ZIP = b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00" + b"[Content_Types].xml" + b"\x00" * 64
ELF = b"\x7fELF\x02\x01\x01\x00" + b"\x00" * 56
PE = b"MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00" + b"\x00" * 48
DOCUMENT_FIELDS = {"id", "applicationId", "requestId", "name", "description", "fileType", "filePath", "status",
                   "createdAt", "size", "rejectionReason", "replacesId", "replacedById"}
REQUEST_FIELDS = {"id", "userId", "applicationId", "name", "description", "dueDate", "status", "createdAt",
                  "documentId", "overdue", "rejectionReason"}
Upload = Callable[..., httpx.Response]


def object_key(db: psycopg.Connection[Any], document_id: int) -> str:
    row = db.execute("select object_key from documents where id = %s", (document_id,)).fetchone()
    assert row is not None
    return str(row[0])


def object_count(s3: Minio, bucket: str) -> int:
    return sum(1 for _ in s3.list_objects(bucket, recursive=True))


def row_count(db: psycopg.Connection[Any]) -> int:
    row = db.execute("select count(*) from documents").fetchone()
    assert row is not None
    return int(row[0])


# ---- upload, list, download ------------------------------------------------------------------------------

def test_upload_list_and_download_return_the_same_bytes(make_applicant: Any, upload: Upload, s3: Minio,
                                                         bucket: str, documents_db: Any) -> None:
    applicant: Applicant = make_applicant()
    content = PDF + os.urandom(300_000)
    response = upload(applicant.client, "../../etc/Passi koopia.pdf", content, name="Passport",
                      description="Both pages")
    assert response.status_code == 201, response.text
    document = response.json()
    assert set(document) == DOCUMENT_FIELDS
    assert (document["name"], document["description"], document["fileType"], document["status"],
            document["size"], document["requestId"]) == (
        "Passport", "Both pages", "application/pdf", "pending", len(content), None)
    assert document["filePath"] == f"/api/documents/{document['id']}/download"

    listed = applicant.client.get("/api/documents").json()
    assert listed == [document]

    download = applicant.client.get(document["filePath"])
    assert download.status_code == 200
    assert hashlib.sha256(download.content).hexdigest() == hashlib.sha256(content).hexdigest()
    assert download.headers["content-type"] == "application/pdf"
    assert download.headers["content-length"] == str(len(content))
    assert download.headers["x-content-type-options"] == "nosniff"
    # The path is gone from the name; the name is offered for saving, never shown inline.
    assert download.headers["content-disposition"] == (
        "attachment; filename=\"Passi koopia.pdf\"; filename*=UTF-8''Passi%20koopia.pdf")

    key = object_key(documents_db, document["id"])
    assert len(key) == 32 and "Passi" not in key  # random, not the user's name
    stored = s3.get_object(bucket, key)
    try:
        assert hashlib.sha256(stored.read()).digest() == hashlib.sha256(content).digest()
    finally:
        stored.close()
        stored.release_conn()


def test_documents_are_listed_newest_first_and_only_the_owners(make_applicant: Any, upload: Upload) -> None:
    first, other = make_applicant(), make_applicant()
    ids = [upload(first.client, f"file{n}.txt", f"text number {n}\n".encode()).json()["id"] for n in range(3)]
    upload(other.client, "other.txt", b"not yours")
    assert [d["id"] for d in first.client.get("/api/documents").json()] == ids[::-1]
    assert [d["name"] for d in other.client.get("/api/documents").json()] == ["other.txt"]


def test_an_empty_name_becomes_the_file_name_and_names_are_cleaned(make_applicant: Any, upload: Upload) -> None:
    applicant: Applicant = make_applicant()
    response = upload(applicant.client, "C:\\Users\\mari\\ülevaade\u202egpj.pdf", PDF, name="  ")
    assert response.status_code == 201, response.text
    assert response.json()["name"] == "ülevaadegpj.pdf"  # no directories, no bidi override
    download = applicant.client.get(response.json()["filePath"])
    assert download.headers["content-disposition"] == (
        "attachment; filename=\"ulevaadegpj.pdf\"; filename*=UTF-8''%C3%BClevaadegpj.pdf")


@pytest.mark.parametrize(("file_name", "content", "file_type"), [
    ("scan.png", PNG, "image/png"),
    ("photo.JPG", JPEG, "image/jpeg"),
    ("photo.jpeg", JPEG, "image/jpeg"),
    ("old.doc", OLE2, "application/msword"),
    ("old.xls", OLE2, "application/vnd.ms-excel"),
    ("cv.docx", ZIP, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
    ("table.xlsx", ZIP, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    ("notes.txt", "Tere, õun ja šokolaad\n".encode(), "text/plain"),
])
def test_every_accepted_type_is_stored_with_its_mime_type(make_applicant: Any, upload: Upload, file_name: str,
                                                          content: bytes, file_type: str) -> None:
    applicant: Applicant = make_applicant()
    response = upload(applicant.client, file_name, content)
    assert response.status_code == 201, response.text
    assert response.json()["fileType"] == file_type
    download = applicant.client.get(response.json()["filePath"])
    assert download.content == content
    assert download.headers["content-type"].split(";")[0] == file_type


@pytest.mark.parametrize(("file_name", "content"), [
    ("invoice.pdf", ELF),        # an executable renamed to .pdf
    ("invoice.pdf", PE),
    ("setup.exe", PE),
    ("photo.png", JPEG),         # the bytes are another accepted type
    ("notes.txt", b"plain text\x00\x01\x02binary"),
    ("notes.txt", b"\xff\xfe\xfa not utf-8"),
    ("report.docx", PDF),
    ("archive.zip", ZIP),
    ("page.html", b"<html><script>alert(1)</script></html>"),
    ("noextension", PDF),
])
@pytest.mark.exclusive  # issue 32: counts every object in the bucket, which other tests' uploads change
def test_refused_types_are_415_and_leave_nothing_behind(make_applicant: Any, upload: Upload, s3: Minio, bucket: str,
                                                       documents_db: Any, file_name: str, content: bytes) -> None:
    applicant: Applicant = make_applicant()
    objects, rows = object_count(s3, bucket), row_count(documents_db)
    response = upload(applicant.client, file_name, content)
    assert response.status_code == 415, response.text
    assert response.json()["code"] == "unsupported_type"
    assert applicant.client.get("/api/documents").json() == []
    assert (object_count(s3, bucket), row_count(documents_db)) == (objects, rows)


@pytest.mark.exclusive  # issue 32: counts every object in the bucket, which other tests' uploads change
def test_binary_after_the_first_bytes_of_a_text_file_is_refused(make_applicant: Any, upload: Upload, s3: Minio,
                                                                bucket: str) -> None:
    applicant: Applicant = make_applicant()
    objects = object_count(s3, bucket)
    response = upload(applicant.client, "notes.txt", b"a" * 100_000 + b"\x00\x7fELF")
    assert response.status_code == 415
    assert object_count(s3, bucket) == objects


def test_an_upload_needs_a_file_and_a_multipart_body(make_applicant: Any, upload: Upload) -> None:
    applicant: Applicant = make_applicant()
    missing = applicant.client.post("/api/documents", files={"name": (None, "Passport")})
    assert missing.status_code == 422
    assert missing.json()["fields"] == {"file": "Please select a file to upload."}
    none_chosen = applicant.client.post("/api/documents", files={"file": ("", b"")})
    assert none_chosen.status_code == 422
    assert none_chosen.json()["fields"] == {"file": "Please select a file to upload."}
    empty = upload(applicant.client, "empty.pdf", b"")
    assert empty.status_code == 422 and empty.json()["fields"] == {"file": "The file is empty"}
    not_multipart = applicant.client.post("/api/documents", json={"name": "x"})
    assert not_multipart.status_code == 400 and not_multipart.json()["code"] == "bad_request"
    too_long = upload(applicant.client, "a.pdf", PDF, name="x" * 201)
    assert too_long.status_code == 422 and "name" in too_long.json()["fields"]
    assert applicant.client.get("/api/documents").json() == []


@pytest.mark.exclusive  # issue 32: counts every object in the bucket, which other tests' uploads change
def test_a_malformed_body_is_400_and_stores_nothing(make_applicant: Any, s3: Minio, bucket: str) -> None:
    applicant: Applicant = make_applicant()
    objects = object_count(s3, bucket)
    body = (b"--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.pdf\"\r\n\r\n" + PDF * 200
            + b"\r\n--b")  # the upload ends before the closing boundary
    response = applicant.client.post("/api/documents", content=body,
                                     headers={"Content-Type": "multipart/form-data; boundary=b"})
    assert response.status_code == 400
    assert object_count(s3, bucket) == objects
    assert applicant.client.get("/api/documents").json() == []


@pytest.mark.parametrize(("field", "value"), [
    ("name", "Pass\x00port"),
    ("name", "Pass\x1b[31mport"),
    ("name", "Pass\x7fport"),
    ("description", "Both\x00pages"),
    ("description", "A bell\x07"),
    ("description", "A C1 control \u0085 too"),
])
@pytest.mark.exclusive  # issue 32: counts every object in the bucket, which other tests' uploads change
def test_control_characters_in_name_or_description_are_422_and_store_nothing(
        make_applicant: Any, upload: Upload, s3: Minio, bucket: str, documents_db: Any, field: str,
        value: str) -> None:
    """Issue 11: NUL or control characters in the multipart name/description answer 422 naming the field,
    never 500 and never stored."""
    applicant: Applicant = make_applicant()
    objects, rows = object_count(s3, bucket), row_count(documents_db)
    response = upload(applicant.client, "a.pdf", PDF, **{field: value})
    assert response.status_code == 422, response.text
    assert response.json()["code"] == "validation_error"
    assert list(response.json()["fields"]) == [field]
    assert (object_count(s3, bucket), row_count(documents_db)) == (objects, rows)


@pytest.mark.exclusive  # issue 32: counts every object in the bucket, which other tests' uploads change
def test_a_control_character_sent_after_the_file_removes_the_stored_file(
        make_applicant: Any, multipart: Any, s3: Minio, bucket: str) -> None:
    applicant: Applicant = make_applicant()
    objects = object_count(s3, bucket)
    content_type, body = multipart("a.pdf", PDF, fields_after={"description": "late\x00"})
    response = applicant.client.post("/api/documents", content=body, headers={"Content-Type": content_type})
    assert response.status_code == 422 and list(response.json()["fields"]) == ["description"]
    assert object_count(s3, bucket) == objects
    assert applicant.client.get("/api/documents").json() == []


def test_a_name_that_is_not_utf8_is_422(make_applicant: Any) -> None:
    applicant: Applicant = make_applicant()
    body = (b"--b\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nPass\xff\xfeport\r\n"
            b"--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.pdf\"\r\n\r\n" + PDF
            + b"\r\n--b--\r\n")
    response = applicant.client.post("/api/documents", content=body,
                                     headers={"Content-Type": "multipart/form-data; boundary=b"})
    assert response.status_code == 422 and list(response.json()["fields"]) == ["name"]


def test_tabs_and_line_breaks_are_fine(make_applicant: Any, upload: Upload) -> None:
    applicant: Applicant = make_applicant()
    response = upload(applicant.client, "a.pdf", PDF, name="Passi\tkoopia", description="Line one\r\nLine two\tend")
    assert response.status_code == 201, response.text
    assert (response.json()["name"], response.json()["description"]) == ("Passi koopia", "Line one\r\nLine two\tend")


# ---- who may do what --------------------------------------------------------------------------------------

def test_downloads_are_for_the_owner_and_admins_only(make_applicant: Any, upload: Upload, client: httpx.Client,
                                                     admin_client: httpx.Client) -> None:
    owner, stranger = make_applicant(), make_applicant()
    document = upload(owner.client, "secret.pdf", PDF).json()
    assert stranger.client.get(document["filePath"]).status_code == 404
    assert stranger.client.get(document["filePath"]).json()["code"] == "not_found"
    assert client.get(document["filePath"]).status_code == 401
    assert stranger.client.get("/api/documents/999999999/download").status_code == 404
    as_admin = admin_client.get(document["filePath"])
    assert as_admin.status_code == 200 and as_admin.content == PDF


def test_anonymous_calls_are_401(client: httpx.Client) -> None:
    for method, path in [("GET", "/api/documents"), ("POST", "/api/documents"), ("GET", "/api/document-requests"),
                         ("POST", "/api/document-requests"), ("GET", "/api/admin/documents"),
                         ("GET", "/api/admin/document-requests"),
                         ("PUT", "/api/admin/documents/1/status")]:
        assert client.request(method, path).status_code == 401, (method, path)


def test_applicants_cannot_use_the_admin_calls(make_applicant: Any, upload: Upload) -> None:
    applicant: Applicant = make_applicant()
    document = upload(applicant.client, "a.pdf", PDF).json()
    assert applicant.client.get("/api/admin/documents").status_code == 403
    review = applicant.client.put(f"/api/admin/documents/{document['id']}/status", json={"status": "approved"})
    assert review.status_code == 403
    request = applicant.client.post("/api/document-requests", json={"userId": applicant.user["id"], "name": "x"})
    assert request.status_code == 403 and request.json()["code"] == "forbidden"
    assert applicant.client.get("/api/document-requests").json() == []
    assert applicant.client.get("/api/documents").json()[0]["status"] == "pending"


def test_the_service_itself_refuses_an_applicants_document_request(stack: Any) -> None:
    """issue 12: the admin dependency guards POST /api/document-requests behind the gateway's check too."""
    applicant = sign_assertion(stack.env["PORTAL_ASSERTION_SECRET"], 1, "applicant", "et")
    response = httpx.post(f"{stack.service_url('documents')}/api/document-requests",
                          json={"userId": 1, "name": "x"},
                          headers={ASSERTION_HEADER: applicant, "Sec-Fetch-Site": "same-origin"})
    assert response.status_code == 403 and response.json()["code"] == "forbidden"


def test_a_forged_identity_header_is_ignored(gateway: str, client: httpx.Client) -> None:
    forged = client.get("/api/documents", headers={"X-Portal-Identity": "v1.eyJzdWIiOjF9.forged"})
    assert forged.status_code == 401


def test_a_cross_site_upload_is_refused(make_applicant: Any) -> None:
    applicant: Applicant = make_applicant()
    response = applicant.client.post("/api/documents", files={"file": ("a.pdf", PDF)},
                                     headers={"Origin": "https://evil.example"})
    assert response.status_code == 403 and response.json()["code"] == "csrf_failed"


# ---- requests and review ----------------------------------------------------------------------------------

def request_document(admin: httpx.Client, user_id: int, application_id: int | None, **body: Any) -> dict[str, Any]:
    response = admin.post("/api/document-requests", json={"userId": user_id, "applicationId": application_id,
                                                          "name": "ID card", "description": "Both sides",
                                                          "dueDate": "2030-01-31", **body})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def test_a_request_is_fulfilled_reviewed_and_refulfilled_after_rejection(
        make_applicant: Any, admin_client: httpx.Client, upload: Upload, application_of: Any) -> None:
    applicant: Applicant = make_applicant()
    application_id = application_of(applicant)
    created = request_document(admin_client, applicant.user["id"], application_id)
    assert set(created) == REQUEST_FIELDS
    assert (created["name"], created["description"], created["dueDate"], created["status"], created["documentId"],
            created["applicationId"], created["userId"]) == (
        "ID card", "Both sides", "2030-01-31", "requested", None, application_id, applicant.user["id"])
    assert applicant.client.get("/api/document-requests").json() == [created]

    first = upload(applicant.client, "id.png", PNG, requestId=str(created["id"]))
    assert first.status_code == 201, first.text
    first_doc = first.json()
    assert (first_doc["requestId"], first_doc["applicationId"]) == (created["id"], application_id)
    [request] = applicant.client.get("/api/document-requests").json()
    assert (request["status"], request["documentId"]) == ("submitted", first_doc["id"])
    # While a document waits for review, the request takes no other.
    waiting = upload(applicant.client, "id.png", PNG, requestId=str(created["id"]))
    assert waiting.status_code == 409 and waiting.json()["code"] == "conflict"

    rejected = admin_client.put(f"/api/admin/documents/{first_doc['id']}/status",
                                json={"status": "rejected", "reason": "Blurred"})
    assert rejected.status_code == 200 and rejected.json()["status"] == "rejected"
    assert applicant.client.get("/api/document-requests").json()[0]["status"] == "rejected"

    second = upload(applicant.client, "id-again.png", PNG, requestId=str(created["id"]))
    assert second.status_code == 201, second.text
    [request] = applicant.client.get("/api/document-requests").json()
    assert (request["status"], request["documentId"]) == ("submitted", second.json()["id"])

    approved = admin_client.put(f"/api/admin/documents/{second.json()['id']}/status", json={"status": "approved"})
    assert approved.status_code == 200 and approved.json()["status"] == "approved"
    assert applicant.client.get("/api/document-requests").json()[0]["status"] == "approved"
    statuses = {d["id"]: d["status"] for d in applicant.client.get("/api/documents").json()}
    assert statuses == {first_doc["id"]: "rejected", second.json()["id"]: "approved"}

    again = admin_client.put(f"/api/admin/documents/{second.json()['id']}/status",
                             json={"status": "rejected", "reason": "Too late"})
    assert again.status_code == 409 and again.json()["code"] == "conflict"
    closed = upload(applicant.client, "late.png", PNG, requestId=str(created["id"]))
    assert closed.status_code == 409


def test_the_review_is_recorded(make_applicant: Any, admin_client: httpx.Client, upload: Upload,
                                documents_db: Any) -> None:
    applicant: Applicant = make_applicant()
    document = upload(applicant.client, "a.pdf", PDF).json()
    admin_client.put(f"/api/admin/documents/{document['id']}/status", json={"status": "approved"})
    row = documents_db.execute("select status, reviewed_by, reviewed_at from documents where id = %s",
                               (document["id"],)).fetchone()
    admin_id = admin_client.get("/api/user").json()["id"]
    assert row[0] == "approved" and row[1] == admin_id and row[2] is not None


@pytest.mark.exclusive  # issue 32: counts every object in the bucket, which other tests' uploads change
def test_a_request_id_from_someone_else_is_404_and_stores_nothing(
        make_applicant: Any, admin_client: httpx.Client, upload: Upload, s3: Minio, bucket: str,
        application_of: Any) -> None:
    owner, other = make_applicant(), make_applicant()
    created = request_document(admin_client, owner.user["id"], application_of(owner))
    objects = object_count(s3, bucket)
    response = upload(other.client, "a.pdf", PDF, requestId=str(created["id"]))
    assert response.status_code == 404 and response.json()["code"] == "not_found"
    assert object_count(s3, bucket) == objects
    assert other.client.get("/api/documents").json() == []
    assert owner.client.get("/api/document-requests").json()[0]["status"] == "requested"


@pytest.mark.exclusive  # issue 32: counts every object in the bucket, which other tests' uploads change
def test_a_request_id_sent_after_the_file_is_checked_too(make_applicant: Any, admin_client: httpx.Client,
                                                         s3: Minio, bucket: str, multipart: Any,
                                                         application_of: Any) -> None:
    owner, other = make_applicant(), make_applicant()
    created = request_document(admin_client, owner.user["id"], application_of(owner))
    objects = object_count(s3, bucket)
    content_type, body = multipart("a.pdf", PDF, fields_after={"requestId": str(created["id"])})
    refused = other.client.post("/api/documents", content=body, headers={"Content-Type": content_type})
    assert refused.status_code == 404
    assert object_count(s3, bucket) == objects  # stored while streaming, removed when the form proved wrong
    content_type, body = multipart("a.pdf", PDF, fields_after={"requestId": str(created["id"]), "name": "Late"})
    accepted = owner.client.post("/api/documents", content=body, headers={"Content-Type": content_type})
    assert accepted.status_code == 201 and accepted.json()["name"] == "Late"
    assert owner.client.get("/api/document-requests").json()[0]["status"] == "submitted"


def test_a_request_needs_a_user_and_a_name(admin_client: httpx.Client) -> None:
    response = admin_client.post("/api/document-requests", json={"applicationId": None, "name": " ",
                                                                 "description": "", "dueDate": None})
    assert response.status_code == 422
    assert response.json()["fields"] == {"userId": "User is required", "name": "Name is required"}
    bad_date = admin_client.post("/api/document-requests", json={"userId": 1, "name": "x", "dueDate": "31.01.2030"})
    assert bad_date.status_code == 422 and "dueDate" in bad_date.json()["fields"]


def test_a_request_without_due_date_or_description(make_applicant: Any, admin_client: httpx.Client,
                                                   application_of: Any) -> None:
    applicant: Applicant = make_applicant()
    application_of(applicant)  # documents knows the user
    response = admin_client.post("/api/document-requests", json={"userId": str(applicant.user["id"]),
                                                                 "applicationId": None, "name": "Bank statement",
                                                                 "description": "", "dueDate": None})
    assert response.status_code == 201
    assert (response.json()["dueDate"], response.json()["description"]) == (None, None)
    assert applicant.client.get("/api/document-requests").json()[0]["name"] == "Bank statement"


def test_a_request_for_a_user_who_does_not_exist_is_422(admin_client: httpx.Client, documents_db: Any) -> None:
    """Issue 11: admin writes check what they reference (user 999999 was accepted)."""
    response = admin_client.post("/api/document-requests", json={"userId": 999999, "applicationId": None,
                                                                 "name": "ID card"})
    assert response.status_code == 422, response.text
    assert response.json()["fields"] == {"userId": "User not found"}
    with_app = admin_client.post("/api/document-requests", json={"userId": 999999, "applicationId": 5,
                                                                 "name": "ID card"})
    assert with_app.status_code == 422 and list(with_app.json()["fields"]) == ["userId"]
    assert documents_db.execute("select count(*) from document_requests where user_id = 999999").fetchone() == (0,)
    assert documents_db.execute("select count(*) from applicants where user_id = 999999").fetchone() == (0,)


def test_a_request_names_only_the_users_own_application(make_applicant: Any, admin_client: httpx.Client,
                                                        application_of: Any) -> None:
    """Issue 11: an applicationId that is not that user's answers 422 naming the field."""
    applicant, other = make_applicant(), make_applicant()
    own, others = application_of(applicant), application_of(other)
    for wrong in (others, own + 1_000_000):
        response = admin_client.post("/api/document-requests", json={
            "userId": applicant.user["id"], "applicationId": wrong, "name": "ID card"})
        assert response.status_code == 422, (wrong, response.text)
        assert response.json()["fields"] == {"applicationId": "This is not the user's application"}
    assert applicant.client.get("/api/document-requests").json() == []
    created = request_document(admin_client, applicant.user["id"], own)
    assert created["applicationId"] == own


def test_review_accepts_only_approved_or_rejected_and_known_documents(admin_client: httpx.Client,
                                                                      make_applicant: Any, upload: Upload) -> None:
    applicant: Applicant = make_applicant()
    document = upload(applicant.client, "a.pdf", PDF).json()
    wrong = admin_client.put(f"/api/admin/documents/{document['id']}/status", json={"status": "submitted"})
    assert wrong.status_code == 422 and "status" in wrong.json()["fields"]
    missing = admin_client.put("/api/admin/documents/999999999/status", json={"status": "approved"})
    assert missing.status_code == 404


def test_the_admin_list_shows_everyones_documents_with_user_names(make_applicant: Any, upload: Upload,
                                                                  admin_client: httpx.Client,
                                                                  eventually: Any) -> None:
    applicant: Applicant = make_applicant(fullName="Kati Karu")
    document = upload(applicant.client, "a.pdf", PDF, name="Lease").json()

    def listed() -> dict[str, Any] | None:
        entries = admin_client.get("/api/admin/documents").json()
        entry = next(e for e in entries if e["id"] == document["id"])
        return entry if entry["user"]["fullName"] else None

    entry = eventually(listed, what="the registration event reached documents")
    assert entry == {**document, "userId": applicant.user["id"], "reviewedAt": None, "fileName": "a.pdf",
                     "requestName": None, "earlierVersions": [],
                     "user": {"fullName": "Kati Karu", "username": applicant.user["username"],
                              "email": applicant.user["email"]}}
    assert admin_client.get("/api/admin/documents").json()[0]["id"] >= document["id"]  # newest first


def test_an_upload_outside_a_request_names_the_users_application(make_applicant: Any, upload: Upload,
                                                                  admin_client: httpx.Client, eventually: Any) -> None:
    applicant: Applicant = make_applicant()
    application_id = applicant.client.get("/api/application").json()["application"]["id"]
    changed = admin_client.put(f"/api/admin/applications/{application_id}/status",
                               json={"status": "in_review", "notes": "Looking at it"})
    assert changed.status_code == 200, changed.text

    def named() -> Any:  # applications.status.changed reached documents' projection
        response = upload(applicant.client, "a.pdf", PDF)
        assert response.status_code == 201
        return response.json()["applicationId"] == application_id

    eventually(named, what="the status event reached documents")


# ---- events -----------------------------------------------------------------------------------------------

async def find_event(stack: Any, subject: str, match: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    connection = await nats.connect(stack.env["PORTAL_NATS_URL"], **nats_login(stack, "documents"))
    try:
        subscription = await connection.jetstream().subscribe(subject, ordered_consumer=True)
        for _ in range(1000):
            message = await subscription.next_msg(timeout=5)
            event: dict[str, Any] = json.loads(message.data)
            if match(event):
                assert message.headers and message.headers.get("Nats-Msg-Id") == event["id"]
                return event
        raise AssertionError("event not found")
    finally:
        await connection.close()


def test_upload_request_and_review_are_announced(stack: Any, make_applicant: Any, admin_client: httpx.Client,
                                                 upload: Upload, application_of: Any) -> None:
    applicant: Applicant = make_applicant()
    user_id = applicant.user["id"]
    application_id = application_of(applicant)
    created = request_document(admin_client, user_id, application_id, dueDate=None)
    document = upload(applicant.client, "a.png", PNG, name="Photo", requestId=str(created["id"])).json()
    admin_client.put(f"/api/admin/documents/{document['id']}/status", json={"status": "approved"})
    requested = asyncio.run(find_event(stack, "documents.requested",
                                       lambda e: e["payload"]["requestId"] == created["id"]))
    assert requested["payload"] == {"requestId": created["id"], "userId": user_id, "applicationId": application_id,
                                    "name": "ID card", "dueDate": None, "description": "Both sides"}
    uploaded = asyncio.run(find_event(stack, "documents.uploaded",
                                      lambda e: e["payload"]["documentId"] == document["id"]))
    assert uploaded["payload"] == {"documentId": document["id"], "userId": user_id,
                                   "applicationId": application_id,
                                   "requestId": created["id"], "name": "Photo", "fileType": "image/png",
                                   "size": len(PNG)}
    reviewed = asyncio.run(find_event(stack, "documents.reviewed",
                                      lambda e: e["payload"]["documentId"] == document["id"]))
    admin_id = admin_client.get("/api/user").json()["id"]
    assert reviewed["payload"] == {"documentId": document["id"], "userId": user_id, "status": "approved",
                                   "reviewedBy": admin_id, "name": "Photo", "reason": None,
                                   "requestId": created["id"]}
