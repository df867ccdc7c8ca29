"""Issue 15, Audit log: an admin opening (marking read) a contact message is recorded and reaches the audit
store's GET /api/admin/audit. Messages come from the public form, tied to no account: no applicant is named."""

from typing import Any

import httpx

from conftest import eventually

AuditRecord = dict[str, Any]
MESSAGE = {"name": "Jaan Tamm", "email": "jaan@example.com", "subject": "Küsimus",
           "message": "Kui kaua kontroll aega võtab?"}


def audit_of(admin: httpx.Client, **filters: Any) -> list[AuditRecord]:
    """GET /api/admin/audit as ``admin``: the audit store's records matching ``filters``, newest first."""
    response = admin.get("/api/admin/audit", params=filters)
    assert response.status_code == 200, response.text
    records: list[AuditRecord] = response.json()
    return records


def test_reading_a_message_is_recorded_each_time(client: httpx.Client, admin_client: httpx.Client) -> None:
    message_id = client.post("/api/contact", json=MESSAGE).json()["id"]
    admin_id = admin_client.get("/api/user").json()["id"]
    for _ in range(2):
        assert admin_client.put(f"/api/admin/messages/{message_id}/read").status_code == 200

    def reads() -> list[AuditRecord]:
        return [r for r in audit_of(admin_client, action="message.read", actor=admin_id, limit=20)
                if r["targetId"] == str(message_id)]
    records = eventually(lambda: len(found := reads()) == 2 and found, what="both reads in the audit")
    assert {(r["actorRole"], r["targetType"], r["applicantId"]) for r in records} == {("admin", "message", None)}


def test_an_unknown_message_records_nothing(admin_client: httpx.Client) -> None:
    assert admin_client.put("/api/admin/messages/999999999/read").status_code == 404
    assert [r for r in audit_of(admin_client, action="message.read") if r["targetId"] == "999999999"] == []
