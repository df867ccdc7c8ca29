"""Issue 33 against the real stack: signing a contract with Smart-ID and Mobile-ID through the gateway, the SK
stand-in answering on SK's paths with real cryptography. The container each signing stores is VALID in
libdigidocpp (DigiDoc4's engine) against the test PKI's trusted list; every way a phone session can end leaves the
contract unsigned with the session's error code; SK in maintenance is a 503 with Retry-After."""

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from portal_eid import asice
from portal_eid.settings import EidSettings

from conftest import Applicant
from services.contracts.tests.test_api import MakeApplicant, create, db_execute, db_row, registered

PHONE = "+37255500001"


def new_contract(admin: httpx.Client, applicant: Applicant) -> int:
    contract_id: int = create(admin, applicant.user["id"], title="Board member agreement")["id"]
    return contract_id


def esign(applicant: Applicant, contract_id: int, **body: Any) -> httpx.Response:
    return applicant.client.post(f"/api/contracts/{contract_id}/esign", json=body)


def contract_of(applicant: Applicant, contract_id: int) -> dict[str, Any]:
    [contract] = [c for c in applicant.client.get("/api/contracts").json() if c["id"] == contract_id]
    return contract


def until_finished(applicant: Applicant, contract_id: int, session_id: str, timeout: float = 20) -> dict[str, Any]:
    """Polls as the sign dialog does; each GET asks SK once (a long poll of at most a second)."""
    deadline = time.monotonic() + timeout
    while True:
        response = applicant.client.get(f"/api/contracts/{contract_id}/esign/{session_id}")
        assert response.status_code == 200, response.text
        session: dict[str, Any] = response.json()
        if session["state"] != "running" or time.monotonic() > deadline:
            return session
        time.sleep(0.2)


def verdict(stack: Any, container: bytes) -> asice.Verdict:
    env = stack.env
    trust = EidSettings(trust_anchors_dir=Path(env["EID_TRUST_ANCHORS_DIR"]),
                        trusted_list_path=Path(env["EID_TRUSTED_LIST_PATH"]),
                        trusted_list_signer_path=Path(env["EID_TRUSTED_LIST_SIGNER_PATH"])).trust()
    return asyncio.run(asice.verify(container, trust))


@pytest.mark.parametrize(("method", "body", "signature_method"), [
    ("smart_id", {}, "http://www.w3.org/2007/05/xmldsig-more#sha256-rsa-MGF1"),
    ("mobile_id", {"phone": PHONE}, "http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256"),
])
def test_signing_on_the_phone_stores_a_container_libdigidocpp_finds_valid(
        stack: Any, make_applicant: MakeApplicant, admin_client: httpx.Client, method: str, body: dict[str, Any],
        signature_method: str) -> None:
    applicant = registered(make_applicant)
    contract_id = new_contract(admin_client, applicant)

    started = esign(applicant, contract_id, method=method, **body)
    assert started.status_code == 201, started.text
    session = started.json()
    assert session["method"] == method and session["state"] == "running"
    assert len(session["verificationCode"]) == 4 and session["verificationCode"].isdigit()

    finished = until_finished(applicant, contract_id, session["sessionId"])
    assert finished["state"] == "signed", finished
    contract = contract_of(applicant, contract_id)
    assert contract["status"] == "signed" and contract["signatureMethod"] == method

    download = applicant.client.get(f"/api/contracts/{contract_id}/asice")
    assert download.status_code == 200
    assert download.headers["content-type"] == asice.MIMETYPE
    result = verdict(stack, download.content)
    assert result.valid, result.problems
    assert result.profile is not None and "time-stamp" in result.profile.lower()
    assert result.signature_method == signature_method
    [id_code] = db_row(stack, "select id_code from applicants where user_id = %s", applicant.user["id"])
    assert result.signer is not None and result.signer.id_code == id_code

    # Polling a finished session changes nothing and asks SK nothing.
    assert until_finished(applicant, contract_id, session["sessionId"])["state"] == "signed"


@pytest.mark.parametrize(("phone", "code"), [
    ("+37201100266", "refused"),
    ("+37213100266", "phone_unreachable"),
    ("+37207110066", "phone_unreachable"),
    ("+37201200266", "sim_error"),
    ("+37200000666", "account_unusable"),
    ("+37066000266", "timeout"),
])
def test_every_way_a_mobile_id_session_ends_leaves_the_contract_unsigned(
        stack: Any, make_applicant: MakeApplicant, admin_client: httpx.Client, phone: str, code: str) -> None:
    applicant = registered(make_applicant)
    contract_id = new_contract(admin_client, applicant)
    started = esign(applicant, contract_id, method="mobile_id", phone=phone)
    assert started.status_code == 201, started.text
    finished = until_finished(applicant, contract_id, started.json()["sessionId"])
    assert finished["state"] == "failed" and finished["error"] == {"code": code}
    assert contract_of(applicant, contract_id)["status"] == "pending"
    assert applicant.client.get(f"/api/contracts/{contract_id}/asice").status_code == 409
    # and the person may try again at once
    again = esign(applicant, contract_id, method="mobile_id", phone=PHONE)
    assert again.status_code == 201, again.text
    assert until_finished(applicant, contract_id, again.json()["sessionId"])["state"] == "signed"


def test_someone_without_mobile_id_is_told_so_at_once(stack: Any, make_applicant: MakeApplicant,
                                                       admin_client: httpx.Client) -> None:
    applicant = registered(make_applicant)
    contract_id = new_contract(admin_client, applicant)
    started = esign(applicant, contract_id, method="mobile_id", phone="+37200000366")
    assert started.status_code == 201, started.text
    assert started.json()["state"] == "failed" and started.json()["error"] == {"code": "not_a_customer"}


@pytest.mark.parametrize(("demo_id_code", "code"), [
    ("30403039917", "refused"),
    ("30403039972", "wrong_verification_code"),
    ("30403039983", "timeout"),
])
def test_sks_smart_id_demo_accounts_end_as_on_sks_demo(stack: Any, make_applicant: MakeApplicant,
                                                       admin_client: httpx.Client, demo_id_code: str,
                                                       code: str) -> None:
    applicant = registered(make_applicant)
    contract_id = new_contract(admin_client, applicant)
    # The person asked is the one whose ID code contracts has on file: here one of SK's demo accounts. (An
    # account cannot be registered with it twice, and the suite runs on one stack, so it is set where contracts
    # keeps it.)
    db_execute(stack, "update applicants set id_code = %s where user_id = %s", demo_id_code, applicant.user["id"])
    started = esign(applicant, contract_id, method="smart_id")
    assert started.status_code == 201, started.text
    finished = until_finished(applicant, contract_id, started.json()["sessionId"])
    assert finished["state"] == "failed" and finished["error"] == {"code": code}
    assert contract_of(applicant, contract_id)["status"] == "pending"


@pytest.mark.parametrize(("body", "field", "code"), [
    ({"method": "mobile_id"}, "phone", "required"),
    ({"method": "mobile_id", "phone": "5550001"}, "phone", "invalid_value"),
])
def test_a_mobile_id_request_without_a_usable_phone_is_refused(stack: Any, make_applicant: MakeApplicant,
                                                               admin_client: httpx.Client, body: dict[str, Any],
                                                               field: str, code: str) -> None:
    applicant = registered(make_applicant)
    contract_id = new_contract(admin_client, applicant)
    refused = esign(applicant, contract_id, **body)
    assert refused.status_code == 422, refused.text
    assert refused.json()["fieldCodes"] == {field: code}


def test_anothers_session_is_not_found(stack: Any, make_applicant: MakeApplicant,
                                       admin_client: httpx.Client) -> None:
    owner, other = registered(make_applicant), registered(make_applicant)
    contract_id = new_contract(admin_client, owner)
    session_id = esign(owner, contract_id, method="mobile_id", phone=PHONE).json()["sessionId"]
    assert other.client.get(f"/api/contracts/{contract_id}/esign/{session_id}").status_code == 404


@pytest.mark.exclusive
def test_sk_in_maintenance_is_a_503_with_retry_after_and_changes_nothing(
        stack: Any, make_applicant: MakeApplicant, admin_client: httpx.Client) -> None:
    applicant = registered(make_applicant)
    contract_id = new_contract(admin_client, applicant)
    switch = f"{stack.sk_standin_url}/standin/maintenance"
    try:
        httpx.put(switch, json={"smart_id": True, "mobile_id": True}).raise_for_status()
        for body in ({"method": "smart_id"}, {"method": "mobile_id", "phone": PHONE}):
            refused = esign(applicant, contract_id, **body)
            assert refused.status_code == 503, refused.text
            assert refused.json()["code"] == "unavailable" and int(refused.headers["Retry-After"]) > 0
    finally:
        httpx.put(switch, json={"smart_id": False, "mobile_id": False}).raise_for_status()
    assert contract_of(applicant, contract_id)["status"] == "pending"
    started = esign(applicant, contract_id, method="smart_id")
    assert started.status_code == 201
    assert until_finished(applicant, contract_id, started.json()["sessionId"])["state"] == "signed"


def test_sessions_waiting_on_phones_hold_no_worker(stack: Any, make_applicant: MakeApplicant,
                                                   admin_client: httpx.Client) -> None:
    """People wait on their phones at once (SK's demo number that does not answer), each poll a long poll of a
    second at SK: meanwhile the service answers another call at once, before those polls return."""
    applicant = registered(make_applicant)
    sessions = []
    for _ in range(6):
        contract_id = new_contract(admin_client, applicant)
        started = esign(applicant, contract_id, method="mobile_id", phone="+37066000266")
        assert started.status_code == 201, started.text
        sessions.append((contract_id, started.json()["sessionId"]))

    def poll(contract_id: int, session_id: str) -> tuple[float, str]:
        response = applicant.client.get(f"/api/contracts/{contract_id}/esign/{session_id}")
        assert response.status_code == 200, response.text
        return time.monotonic(), response.json()["state"]

    with ThreadPoolExecutor(len(sessions)) as pool:
        polls = [pool.submit(poll, contract_id, session_id) for contract_id, session_id in sessions]
        time.sleep(0.2)  # the polls are waiting at SK now
        listed = applicant.client.get("/api/contracts")
        answered = time.monotonic()
        assert listed.status_code == 200
        # Those that waited the whole long poll (the stack's stand-in times a session out after 3 s, so the first
        # ones started may have ended already) returned after the other call was answered.
        waited = [finished for finished, state in (p.result() for p in polls) if state == "running"]
    assert waited, "no poll waited at SK"
    assert answered < min(waited)
