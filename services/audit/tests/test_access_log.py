"""Issue 16, Access transparency: "On the profile, 'Who has seen my data' lists the admin views and downloads of
the applicant's data from the audit log, with times (admins shown as 'Administrator')". The applicant reads them
at GET /api/privacy/access-log?limit=&offset= (X-Total-Count, newest first): only their own records, only the
views and downloads, and nothing that tells which admin it was or where they were."""

from typing import Any

import httpx

from conftest import Applicant, client_address, eventually
from services.audit.tests.support import audit_event, envelope, recorded, stage

ACCESS_LOG = "/api/privacy/access-log"
PDF = b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
ADMIN_USER_AGENT = "access-log-test-admin/7.1"


def access_log(client: httpx.Client, **query: Any) -> tuple[httpx.Response, list[dict[str, Any]], int]:
    response = client.get(ACCESS_LOG, params=query)
    assert response.status_code == 200, response.text
    return response, response.json(), int(response.headers["X-Total-Count"])


def own_application_id(applicant: Applicant) -> int:
    response = applicant.client.get("/api/application")
    assert response.status_code == 200, response.text
    application_id: int = response.json()["application"]["id"]
    return application_id


def test_an_applicant_sees_the_admins_views_and_downloads_of_their_data_without_the_admin(
        admin_client: httpx.Client, make_applicant: Any) -> None:
    """Access transparency: the admin opens the application detail and downloads a document; the applicant's
    list has both, newest first, as {occurredAt, action, targetType}, and its raw body names no admin: no name,
    username, id, IP address or user agent. Another applicant's list stays empty."""
    applicant: Applicant = make_applicant(fullName="Liisa Läbipaistev")
    other: Applicant = make_applicant()
    uploaded = applicant.client.post("/api/documents", files={"file": ("passport.pdf", PDF, "application/pdf")})
    assert uploaded.status_code == 201, uploaded.text
    admin = admin_client.get("/api/user").json()
    admin_headers = {"User-Agent": ADMIN_USER_AGENT}

    opened = admin_client.get(f"/api/admin/applications/{own_application_id(applicant)}", headers=admin_headers)
    assert opened.status_code == 200, opened.text
    downloaded = admin_client.get(uploaded.json()["filePath"], headers=admin_headers)
    assert downloaded.status_code == 200 and downloaded.content == PDF

    # The records travel through each service's outbox to the audit store.
    response, items, total = eventually(
        lambda: (page := access_log(applicant.client)) and page[2] == 2 and page, timeout=60,
        what="both admin accesses in the applicant's access log")
    assert total == 2
    assert [(item["action"], item["targetType"]) for item in items] == [
        ("document.downloaded", "document"), ("application.viewed", "application")]
    assert all(set(item) == {"occurredAt", "action", "targetType"} for item in items)
    assert items[0]["occurredAt"] >= items[1]["occurredAt"]
    body = response.text
    for revealing in (admin["username"], admin.get("fullName"), f"{admin['id']}", ADMIN_USER_AGENT, client_address(),
                      "actor", "ipAddress", "userAgent", "requestId"):
        if revealing:
            assert f'"{revealing}"' not in body, revealing

    _, page, paged_total = access_log(applicant.client, limit=1, offset=1)
    assert ([item["action"] for item in page], paged_total) == (["application.viewed"], 2)
    assert access_log(other.client)[1:] == ([], 0)


def test_only_views_and_downloads_of_the_callers_own_data_are_listed(
        admin_client: httpx.Client, make_applicant: Any, stack: Any) -> None:
    """Access transparency: an admin's change (a review, a status) or a record about someone else is not a view
    of the caller's data; contract PDFs opened are."""
    applicant: Applicant = make_applicant()
    other: Applicant = make_applicant()
    admin_id = admin_client.get("/api/user").json()["id"]
    mine, someone_elses, a_change = stage(
        stack,
        envelope(audit_event(admin_id, "contract.pdf_viewed", applicant.user["id"], "7")),
        envelope(audit_event(admin_id, "application.viewed", other.user["id"], "8")),
        envelope(audit_event(admin_id, "document.reviewed", applicant.user["id"], "9", decision="approved")))
    recorded(stack, mine, someone_elses, a_change)

    _, items, total = access_log(applicant.client)
    assert (items, total) == ([{"occurredAt": items[0]["occurredAt"], "action": "contract.pdf_viewed",
                                "targetType": "contract"}], 1)
    assert [item["action"] for item in access_log(other.client)[1]] == ["application.viewed"]
    assert access_log(admin_client)[1:] == ([], 0)  # an admin's own data, which no admin has looked at


def test_the_access_log_is_for_signed_in_users_and_pages_within_bounds(
        client: httpx.Client, make_applicant: Any) -> None:
    """Access transparency: anonymous callers get 401 at the gateway; a bad limit a 422 naming the field."""
    assert client.get(ACCESS_LOG).status_code == 401
    refused = make_applicant().client.get(ACCESS_LOG, params={"limit": 0})
    assert refused.status_code == 422
    assert refused.json()["code"] == "validation_error" and "limit" in refused.json()["fields"]
