"""Applicants registered with an eID through the gateway (issue 34), against the local SK stand-in: the identity
comes from the Smart-ID (or Mobile-ID) certificate of a fresh ID code, never from the body."""

import time
from typing import Any

import httpx

from testkit.accounts import Applicant, browser_client, new_id_code, registration

MOBILE_ID_PHONE = "+37255500001"  # a Mobile-ID phone the stand-in confirms (sk_standin/mobile_id.py)


def confirmed_eid(client: httpx.Client, method: str, id_code: str, timeout: float = 20) -> dict[str, Any]:
    """Starts the eID registration and polls it as the register tab does until the person confirmed."""
    body = {"method": method, "idCode": id_code, **({"phone": MOBILE_ID_PHONE} if method == "mobile_id" else {})}
    started = client.post("/api/register/eid", json=body)
    assert started.status_code == 201, started.text
    deadline = time.monotonic() + timeout
    while True:
        answer = client.get(f"/api/register/eid/{started.json()['sessionId']}")
        if answer.status_code != 202 or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert answer.status_code == 200, answer.text
    person: dict[str, Any] = answer.json()
    return person


def register_with_eid(gateway: str, method: str = "smart_id", id_code: str | None = None,
                      **overrides: Any) -> tuple[Applicant, dict[str, Any]]:
    """A new applicant registered with ``method`` (no password): the signed-in client, the account and the eID
    person (fullName, idCode, dateOfBirth) the server took from the certificate. The caller closes the client."""
    client = browser_client(gateway)
    person = confirmed_eid(client, method, id_code or new_id_code())
    body = registration(eidSessionId=person["sessionId"], **overrides)
    for typed in ("password", "confirmPassword", "fullName", "idCode", "dateOfBirth", "contractSignedName",
                  "contractSignedIdCode"):
        body.pop(typed)
    registered = client.post("/api/register", json=body)
    assert registered.status_code == 201, registered.text
    return Applicant(client, registered.json(), ""), person
