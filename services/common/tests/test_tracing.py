"""Issue 21, One trace from the browser to the last consumer: a registration is one trace, from the request
through identity, the outbox relay and every consumer of its event, and a request through ForwardAuth
continues the caller's trace in the service behind it; every JSON log line carries traceId and spanId, so
the trace id is found in the log lines of each service that handled it."""

import json
import secrets
from pathlib import Path
from typing import Any

from stack import Stack

from conftest import browser_client, eventually, registration

CONSUMERS_OF_A_REGISTRATION = ("applications", "documents", "contracts", "notifications", "audit")


def _traceparent() -> tuple[str, str]:
    trace_id = secrets.token_hex(16)
    return trace_id, f"00-{trace_id}-{secrets.token_hex(8)}-01"


def _lines_with(stack: Stack, service: str, trace_id: str) -> list[dict[str, Any]]:
    found = []
    for log in Path(stack.logs).glob(f"{service}*.log"):  # documents runs two replicas: documents, documents-2
        for line in log.read_text(errors="replace").splitlines():
            if trace_id in line and line.startswith("{"):
                entry = json.loads(line)
                if entry.get("traceId") == trace_id:
                    found.append(entry)
    return found


def _logged_request(stack: Stack, service: str, trace_id: str, path: str) -> list[dict[str, Any]]:
    """The service's lines under the trace once its request line is among them, else nothing: the request is
    logged when its handling ends, which may be just after the client has read the response."""
    lines = _lines_with(stack, service, trace_id)
    return lines if any(line.get("message") == "request" and line.get("path") == path for line in lines) else []


def test_one_registration_is_one_trace_in_identity_and_every_consumer(stack: Stack, gateway: str) -> None:
    trace_id, traceparent = _traceparent()
    with browser_client(gateway) as client:
        response = client.post("/api/register", json=registration(), headers={"traceparent": traceparent})
    assert response.status_code == 201, response.text

    identity_lines = eventually(lambda: _logged_request(stack, "identity", trace_id, "/api/register"),
                               what=f"identity logging POST /api/register under trace {trace_id}")
    assert all(len(line["spanId"]) == 16 for line in identity_lines)
    for service in CONSUMERS_OF_A_REGISTRATION:
        handled = eventually(lambda service=service: [
            line for line in _lines_with(stack, service, trace_id)
            if "identity.user.registered" in str(line.get("message"))], timeout=20,
            what=f"{service} logging its handling of the registration under trace {trace_id}")
        assert handled[0]["spanId"] not in {line["spanId"] for line in identity_lines}  # a span of its own


def test_a_request_through_forward_auth_continues_the_callers_trace(stack: Stack, gateway: str) -> None:
    with browser_client(gateway) as client:
        assert client.post("/api/register", json=registration()).status_code == 201
        trace_id, traceparent = _traceparent()
        response = client.get("/api/application", headers={"traceparent": traceparent})
    assert response.status_code == 200, response.text
    assert eventually(lambda: _logged_request(stack, "applications", trace_id, "/api/application"),
                      what=f"applications logging GET /api/application under trace {trace_id}")

