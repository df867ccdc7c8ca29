"""The contact form and the admin inbox (spec §3 Message, §4, §5 Contact, §7) through the gateway."""

import asyncio
import json
import uuid
from typing import Any

import httpx
import nats
import pytest

from conftest import nats_login

VALID = {"name": "Jaan Tamm", "email": "jaan@example.com", "subject": "Question",
         "message": "How long does the verification take?"}


def send(client: httpx.Client, **changes: str) -> httpx.Response:
    return client.post("/api/contact", json={**VALID, **changes})


def test_a_visitor_sends_a_message_and_the_admin_reads_it(client: httpx.Client, admin_client: httpx.Client) -> None:
    subject = f"Question {uuid.uuid4().hex[:8]}"
    response = send(client, subject=subject)
    assert response.status_code == 201
    message_id = response.json()["id"]
    inbox = admin_client.get("/api/admin/messages").json()
    assert inbox[0]["id"] == message_id  # newest first
    assert inbox[0] == {"id": message_id, "subject": subject, "name": "Jaan Tamm", "email": "jaan@example.com",
                        "message": VALID["message"], "isRead": False, "createdAt": inbox[0]["createdAt"]}
    read = admin_client.put(f"/api/admin/messages/{message_id}/read")
    assert read.status_code == 200 and read.json()["isRead"] is True
    again = admin_client.put(f"/api/admin/messages/{message_id}/read")
    assert again.status_code == 200 and again.json() == read.json()
    assert next(m for m in admin_client.get("/api/admin/messages").json() if m["id"] == message_id)["isRead"]


@pytest.mark.parametrize(("field", "value", "text"), [
    ("name", "J", "Name must be at least 2 characters"),
    ("email", "jaan@", "Please enter a valid email address"),
    ("subject", "Q", "Subject must be at least 2 characters"),
    ("message", "Too short", "Message must be at least 10 characters"),
])
def test_each_field_is_validated_with_the_spec_text(client: httpx.Client, field: str, value: str, text: str) -> None:
    response = send(client, **{field: value})
    assert response.status_code == 422
    assert response.json()["fields"] == {field: text}
    assert response.json()["message"] == text


def test_blank_padding_does_not_count(client: httpx.Client) -> None:
    assert send(client, name="  J  ").json()["fields"] == {"name": "Name must be at least 2 characters"}


def test_marking_an_unknown_message_is_404(admin_client: httpx.Client) -> None:
    response = admin_client.put("/api/admin/messages/999999/read")
    assert response.status_code == 404 and response.json()["code"] == "not_found"


def test_the_inbox_is_for_admins_only(client: httpx.Client, make_applicant: Any) -> None:
    assert client.get("/api/admin/messages").status_code == 401
    applicant = make_applicant()
    assert applicant.client.get("/api/admin/messages").status_code == 403
    assert applicant.client.put("/api/admin/messages/1/read").status_code == 403


def test_a_received_message_is_announced(stack: Any, client: httpx.Client) -> None:
    message_id = send(client, subject="Announce me").json()["id"]

    async def find() -> dict[str, Any]:
        connection = await nats.connect(stack.env["PORTAL_NATS_URL"], **nats_login(stack, "messages"))
        try:
            subscription = await connection.jetstream().subscribe("messages.received", ordered_consumer=True)
            while True:
                event = json.loads((await subscription.next_msg(timeout=5)).data)
                if event["payload"]["messageId"] == message_id:
                    return event
        finally:
            await connection.close()

    event = asyncio.run(find())
    assert event["payload"] == {"messageId": message_id, "name": "Jaan Tamm", "email": "jaan@example.com",
                                "subject": "Announce me"}
