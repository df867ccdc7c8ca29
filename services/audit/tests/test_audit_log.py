"""Issue 15, Audit log: records travel as events through a service's outbox to the audit store, and admins read
them at GET /api/admin/audit?actor=&applicant=&action=&from=&to=&limit=&offset= (X-Total-Count, newest first),
with the names of the people in them."""

from datetime import UTC, datetime
from typing import Any

import httpx

from conftest import Applicant, browser_client, eventually
from services.audit.tests.support import audit_event, envelope, recorded, stage

AUDIT = "/api/admin/audit"
# 21:30 UTC on 1 January is 23:30 in Tallinn (UTC+2), still the 1st there; 22:30 UTC is already the 2nd.
LATE_ON_THE_FIRST = datetime(2031, 1, 1, 21, 30, tzinfo=UTC)
EARLY_ON_THE_SECOND = datetime(2031, 1, 1, 22, 30, tzinfo=UTC)
LATER_ON_THE_SECOND = datetime(2031, 1, 2, 12, 0, tzinfo=UTC)


def listed(admin: httpx.Client, **query: Any) -> tuple[list[dict[str, Any]], int]:
    response = admin.get(AUDIT, params=query)
    assert response.status_code == 200, response.text
    return response.json(), int(response.headers["X-Total-Count"])


def test_recorded_actions_are_listed_newest_first_with_names_and_every_filter(
        admin_client: httpx.Client, make_applicant: Any, stack: Any) -> None:
    """Issue 15, Audit log: time, actor, action, target type and id, the applicant concerned, IP, user agent and
    request id, with the actor's and the applicant's names; filtered by actor, applicant, action (exact or a
    prefix ending in '.') and Tallinn days, paged with X-Total-Count."""
    applicant: Applicant = make_applicant(fullName="Ülle-Mai Auditeeritav")
    applicant_id = applicant.user["id"]
    admin_id = admin_client.get("/api/user").json()["id"]
    viewed = envelope(audit_event(admin_id, "application.viewed", applicant_id, "41"), LATE_ON_THE_FIRST)
    downloaded = envelope(audit_event(admin_id, "document.downloaded", applicant_id, "42", name="passport.pdf"),
                          EARLY_ON_THE_SECOND)
    reviewed = envelope(audit_event(None, "document.reviewed", applicant_id, "43", status="approved"),
                        LATER_ON_THE_SECOND)
    stage(stack, viewed, downloaded, reviewed)
    recorded(stack, viewed, downloaded, reviewed)

    # The names come from identity's events, which may land a moment after the records.
    items, total = eventually(lambda: (page := listed(admin_client, applicant=applicant_id)) and all(
        item["applicantName"] and (item["actorId"] is None or item["actorName"]) for item in page[0]) and page,
        what="the names beside the records")
    assert total == 3
    assert [item["action"] for item in items] == ["document.reviewed", "document.downloaded", "application.viewed"]
    newest, middle, oldest = items
    assert set(oldest) == {"id", "occurredAt", "actorId", "actorName", "actorRole", "action", "targetType",
                           "targetId", "applicantId", "applicantName", "ipAddress", "userAgent", "requestId",
                           "details"}
    event = viewed.payload
    assert oldest["occurredAt"].startswith("2031-01-01T21:30:00")
    assert (oldest["actorId"], oldest["actorRole"], oldest["targetType"], oldest["targetId"]) == (
        admin_id, "admin", "application", "41")
    assert (oldest["applicantId"], oldest["applicantName"]) == (applicant_id, "Ülle-Mai Auditeeritav")
    assert (oldest["ipAddress"], oldest["userAgent"], oldest["requestId"]) == (
        "198.51.100.7", "pytest", event["requestId"])
    assert oldest["actorName"]  # the admin, as identity announced them
    assert middle["details"] == {"name": "passport.pdf"}
    assert (newest["actorId"], newest["actorName"]) == (None, None)  # a job or the command line

    assert listed(admin_client, applicant=applicant_id, action="document.")[1] == 2
    assert listed(admin_client, applicant=applicant_id, action="document")[1] == 0  # exact unless it ends in "."
    # NUL is taken out, as every list does (issue 37): Postgres text cannot hold it, and it was a 500.
    assert listed(admin_client, applicant=applicant_id, action="document.\x00")[1] == 2
    assert listed(admin_client, applicant=applicant_id, action="\x00")[1] == 3
    assert [i["id"] for i in listed(admin_client, applicant=applicant_id, action="application.viewed")[0]] == [
        oldest["id"]]
    assert [i["id"] for i in listed(admin_client, applicant=applicant_id, actor=admin_id)[0]] == [
        middle["id"], oldest["id"]]
    assert [i["id"] for i in listed(admin_client, applicant=applicant_id, **{"from": "2031-01-02"})[0]] == [
        newest["id"], middle["id"]]
    assert [i["id"] for i in listed(admin_client, applicant=applicant_id, to="2031-01-01")[0]] == [oldest["id"]]
    assert [i["id"] for i in listed(admin_client, applicant=applicant_id,
                                    **{"from": "2031-01-02", "to": "2031-01-02"})[0]] == [newest["id"], middle["id"]]
    page, total = listed(admin_client, applicant=applicant_id, limit=1, offset=1)
    assert ([i["id"] for i in page], total) == ([middle["id"]], 3)


def test_bad_filters_are_refused_with_field_codes_the_spa_translates(admin_client: httpx.Client) -> None:
    """Like every admin list: a 422 validation_error naming the field with a code (both languages in the SPA)."""
    for query, field in [({"from": "2031-13-01"}, "from"), ({"to": "yesterday"}, "to"), ({"actor": "0"}, "actor"),
                         ({"applicant": "x"}, "applicant"), ({"limit": "0"}, "limit"), ({"offset": "-1"}, "offset"),
                         ({"action": "a" * 101}, "action"), ({"from": "1999-12-31"}, "from"),
                         ({"from": "2031-01-02", "to": "2031-01-01"}, "to")]:
        response = admin_client.get(AUDIT, params=query)
        assert response.status_code == 422, (query, response.text)
        body = response.json()
        assert body["code"] == "validation_error" and field in body["fields"], (query, body)
        assert body["fieldCodes"][field] == "invalid_value", (query, body)


def test_only_admins_read_the_log(gateway: str, make_applicant: Any) -> None:
    applicant: Applicant = make_applicant()
    assert applicant.client.get(AUDIT).status_code == 403
    with browser_client(gateway) as anonymous:
        assert anonymous.get(AUDIT).status_code == 401
