"""Admin review through the gateway: status updates (spec §4 admin update rule), their event, the list's
search, filter and paging, and who may see what."""

import asyncio
import json
import uuid
from collections.abc import Callable
from typing import Any

import httpx
import nats
import pytest

from conftest import Applicant, nats_login, new_id_code
from portal_common.auth import ASSERTION_HEADER, sign_assertion
from portal_common.privacy import mask_id_code

# eidVerification: whether the identity was proven with an eID, by which method and when (issue 34).
LIST_FIELDS = {"id", "userId", "user", "profile", "status", "createdAt", "updatedAt", "assignee", "eidVerification"}
DETAIL_FIELDS = LIST_FIELDS | {"notes", "adminNotes", "statusUpdates", "company", "otherApplications"}
STATUSES = ["pending", "in_review", "approved", "rejected", "active", "completed"]
OwnApplication = Callable[[httpx.Client], dict[str, Any]]


@pytest.fixture
def applicant_with_application(make_applicant: Any, own_application: OwnApplication) -> Callable[..., Any]:
    def make(**overrides: Any) -> tuple[Applicant, int]:
        applicant: Applicant = make_applicant(**overrides)
        return applicant, own_application(applicant.client)["application"]["id"]
    return make


def put_status(admin: httpx.Client, application_id: int, body: dict[str, Any]) -> httpx.Response:
    return admin.put(f"/api/admin/applications/{application_id}/status", json=body)


def test_admin_status_updates_follow_the_update_rule(admin_client: httpx.Client,
                                                     applicant_with_application: Callable[..., Any]) -> None:
    applicant, application_id = applicant_with_application()
    admin_id = admin_client.get("/api/user").json()["id"]

    changed = put_status(admin_client, application_id, {"status": "in_review", "notes": "Documents look fine"})
    assert changed.status_code == 200, changed.text
    detail = changed.json()
    assert set(detail) == DETAIL_FIELDS
    assert (detail["status"], detail["adminNotes"]) == ("in_review", "Documents look fine")
    assert {k: v for k, v in detail["statusUpdates"][0].items() if k not in ("id", "createdAt")} == {
        "oldStatus": "pending", "newStatus": "in_review", "notes": "Documents look fine", "internalNote": None,
        "changedBy": admin_id}

    notes_only = put_status(admin_client, application_id, {"status": "in_review", "notes": "Waiting for an ID copy"})
    assert notes_only.status_code == 200
    assert notes_only.json()["adminNotes"] == "Waiting for an ID copy"

    for nothing in ({"status": "in_review"}, {"status": "in_review", "notes": "   "},
                    {"status": "in_review", "notes": None}):
        refused = put_status(admin_client, application_id, nothing)
        assert refused.status_code == 422
        assert refused.json()["code"] == "nothing_to_update"
        assert refused.json()["message"] == "Please either change the status or add notes."

    approved = put_status(admin_client, application_id, {"status": "approved"}).json()
    assert approved["adminNotes"] == "Waiting for an ID copy"  # a change without notes keeps the last ones
    history = [(u["oldStatus"], u["newStatus"], u["notes"]) for u in approved["statusUpdates"]]
    assert history == [("in_review", "approved", None), ("in_review", "in_review", "Waiting for an ID copy"),
                       ("pending", "in_review", "Documents look fine")]
    assert admin_client.get(f"/api/admin/applications/{application_id}").json() == approved

    own = applicant.client.get("/api/application").json()
    assert own["application"]["status"] == "approved" and "adminNotes" not in own["application"]  # issue 16
    assert [(u["newStatus"], u["notes"]) for u in own["statusUpdates"]] == [
        ("approved", None), ("in_review", "Waiting for an ID copy"), ("in_review", "Documents look fine")]
    assert set(own["statusUpdates"][0]) == {"id", "oldStatus", "newStatus", "notes", "createdAt"}
    times = [u["createdAt"] for u in own["statusUpdates"]]
    assert times == sorted(times, reverse=True)


def test_any_status_may_follow_any_other(admin_client: httpx.Client,
                                         applicant_with_application: Callable[..., Any]) -> None:
    _, application_id = applicant_with_application()
    for status in ["completed", "pending", "rejected", "active", "in_review", "approved", "pending"]:
        response = put_status(admin_client, application_id, {"status": status})
        assert response.status_code == 200 and response.json()["status"] == status


@pytest.mark.parametrize("body", [{"status": "archived"}, {"status": "Approved"}, {"status": ""}, {"status": 3},
                                  {"notes": "no status"}])
def test_an_unknown_status_is_422(admin_client: httpx.Client, applicant_with_application: Callable[..., Any],
                                  body: dict[str, Any]) -> None:
    _, application_id = applicant_with_application()
    response = put_status(admin_client, application_id, body)
    assert response.status_code == 422
    assert response.json()["code"] == "validation_error"
    assert "status" in response.json()["fields"]


def test_a_missing_application_is_404(admin_client: httpx.Client) -> None:
    for response in (admin_client.get("/api/admin/applications/2000000000"),
                     put_status(admin_client, 2000000000, {"status": "approved"})):
        assert response.status_code == 404
        assert response.json()["code"] == "not_found"
    assert admin_client.get("/api/admin/applications/abc").status_code == 422


def test_a_status_change_is_published(stack: Any, admin_client: httpx.Client,
                                      applicant_with_application: Callable[..., Any]) -> None:
    applicant, application_id = applicant_with_application()
    admin_id = admin_client.get("/api/user").json()["id"]
    put_status(admin_client, application_id, {"status": "rejected", "notes": "Application rejected by admin"})
    event, msg_id = asyncio.run(_status_event(stack, application_id))
    assert event["type"] == "applications.status.changed" and msg_id == event["id"]
    assert event["payload"] == {"applicationId": application_id, "userId": applicant.user["id"],
                                "oldStatus": "pending", "newStatus": "rejected",
                                "notes": "Application rejected by admin", "changedBy": admin_id}


async def _status_event(stack: Any, application_id: int) -> tuple[dict[str, Any], str | None]:
    connection = await nats.connect(stack.env["PORTAL_NATS_URL"], **nats_login(stack, "applications"))
    try:
        subscription = await connection.jetstream().subscribe("applications.status.changed", ordered_consumer=True)
        for _ in range(1000):
            message = await subscription.next_msg(timeout=10)
            event = json.loads(message.data)
            if event["payload"]["applicationId"] == application_id:
                return event, (message.headers or {}).get("Nats-Msg-Id")
        raise AssertionError("event not found")
    finally:
        await connection.close()


def search(admin: httpx.Client, **params: Any) -> tuple[list[dict[str, Any]], int]:
    response = admin.get("/api/admin/applications", params=params)
    assert response.status_code == 200, response.text
    return response.json(), int(response.headers["X-Total-Count"])


def test_search_by_name_email_and_id_code_ignoring_case(admin_client: httpx.Client,
                                                        applicant_with_application: Callable[..., Any]) -> None:
    tag = uuid.uuid4().hex[:8]
    id_code = new_id_code()
    ulle, ulle_id = applicant_with_application(fullName=f"Ülle Õunapuu {tag}", idCode=id_code)
    _, jaan_id = applicant_with_application(fullName=f"Jaan Kask {tag}")

    both, total = search(admin_client, q=tag.upper())
    assert [a["id"] for a in both] == [jaan_id, ulle_id] and total == 2  # newest first
    assert set(both[0]) == LIST_FIELDS
    assert both[1]["profile"]["idCode"] == mask_id_code(id_code)  # issue 16, What each role sees
    assert both[1]["user"]["fullName"] == f"Ülle Õunapuu {tag}"
    assert [a["id"] for a in search(admin_client, q=f"üLLE õUNAPUU {tag}")[0]] == [ulle_id]
    assert [a["id"] for a in search(admin_client, q=ulle.user["email"].upper())[0]] == [ulle_id]
    assert [a["id"] for a in search(admin_client, q=id_code)[0]] == [ulle_id]
    assert search(admin_client, q=f"nobody {tag}") == ([], 0)


def test_search_syntax_in_the_text_is_only_text(admin_client: httpx.Client,
                                                applicant_with_application: Callable[..., Any]) -> None:
    """Full-text operators and LIKE wildcards in `q` neither break the query nor widen it (issue 17, Lists)."""
    tag = uuid.uuid4().hex[:8]
    _, ann_id = applicant_with_application(fullName=f"Ann Ploom {tag}")
    applicant_with_application(fullName=f"Anne Kuusk {tag}")
    assert [a["id"] for a in search(admin_client, q=f"%{tag} ploom")[0]] == [ann_id]
    for operators in ("':* & | ! ( ) <->", f"{tag} & !ploom", f"{tag}:* | ploom"):
        response = admin_client.get("/api/admin/applications", params={"q": operators})
        assert response.status_code == 200, (operators, response.text)
    assert search(admin_client, q=f"{tag} !ploom")[1] == 1  # "!" is no NOT: the words must all match


def test_status_filter_and_paging(admin_client: httpx.Client, applicant_with_application: Callable[..., Any]) -> None:
    tag = uuid.uuid4().hex[:8]
    ids = [applicant_with_application(fullName=f"Paging {tag} {n}")[1] for n in range(3)]
    newest_first = ids[::-1]
    first_page, total = search(admin_client, q=tag, limit=2)
    assert [a["id"] for a in first_page] == newest_first[:2] and total == 3
    second_page, total = search(admin_client, q=tag, limit=2, offset=2)
    assert [a["id"] for a in second_page] == newest_first[2:] and total == 3

    put_status(admin_client, ids[1], {"status": "in_review"})
    assert [a["id"] for a in search(admin_client, q=tag, status="in_review")[0]] == [ids[1]]
    assert search(admin_client, q=tag, status="pending")[1] == 2
    assert search(admin_client, q=tag, status="all")[1] == 3
    assert {a["status"] for a in search(admin_client, status="in_review", limit=200)[0]} == {"in_review"}


@pytest.mark.parametrize("params", [{"status": "archived"}, {"limit": 0}, {"limit": 201}, {"offset": -1}])
def test_list_parameters_are_validated(admin_client: httpx.Client, params: dict[str, Any]) -> None:
    assert admin_client.get("/api/admin/applications", params=params).status_code == 422


def test_the_list_defaults_to_50(admin_client: httpx.Client) -> None:
    items, total = search(admin_client)
    assert len(items) == min(total, 50)


def test_an_applicant_sees_only_their_own_application(applicant_with_application: Callable[..., Any]) -> None:
    one, one_id = applicant_with_application()
    other, other_id = applicant_with_application()
    assert one.client.get("/api/application").json()["application"]["id"] == one_id
    assert other.client.get("/api/application").json()["application"]["id"] == other_id
    for path in (f"/api/admin/applications/{other_id}", "/api/admin/applications", "/api/admin/companies"):
        assert one.client.get(path).status_code == 403
    assert put_status(one.client, one_id, {"status": "approved"}).status_code == 403
    assert one.client.put(f"/api/admin/applications/{one_id}/company", json={"companyId": 1}).status_code == 403
    assert one.client.post("/api/admin/companies", json={"name": "Mine OÜ", "registrationCode": "12345678"}
                           ).status_code == 403


def test_signed_out_callers_are_401(client: httpx.Client) -> None:
    for path in ("/api/application", "/api/admin/applications", "/api/admin/applications/1", "/api/admin/companies"):
        assert client.get(path).status_code == 401
    assert client.put("/api/admin/applications/1/status", json={"status": "approved"}).status_code == 401
    assert client.post("/api/application").status_code == 401


def test_a_forged_identity_header_is_refused(stack: Any, gateway: str, make_applicant: Any) -> None:
    forged = sign_assertion("not-the-secret", 1, "admin", "et")
    assert httpx.get(f"{gateway}/api/admin/applications", headers={ASSERTION_HEADER: forged}).status_code == 401
    direct = httpx.get(f"{stack.service_url('applications')}/api/admin/applications",
                       headers={ASSERTION_HEADER: forged})
    assert direct.status_code == 401
    # A real applicant's session with a forged admin header added is still just that applicant.
    applicant: Applicant = make_applicant()
    assert applicant.client.get("/api/admin/applications", headers={ASSERTION_HEADER: forged}).status_code == 403
