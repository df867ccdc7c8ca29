"""Issue 13, "Contract lifecycle (spec §1)": the employment contract ends when the company is handed over or when
its 6-month term ends, whichever is first; the term comes from the company's registration date, which applications
announces (applications.company.assigned) when an admin assigns a registered company. And "Sealed PDFs": the
signing certificate lists the contract's events: created by an admin, sent, first viewed by the applicant, signed."""

import asyncio
import random
from datetime import UTC, date, datetime
from typing import Any

import httpx

from conftest import eventually
from contracts.models import Contract, SignatureAudit
from contracts.pdf import render_pdf
from services.contracts.tests.test_api import MakeApplicant, create, db_execute, db_row, registered
from services.contracts.tests.test_pdf import shown_text
from services.contracts.tests.test_signing_and_expiry import _expired_event, sign


def employment_contract(client: httpx.Client) -> dict[str, Any]:
    contract: dict[str, Any] = next(c for c in client.get("/api/contracts").json() if c["kind"] == "employment")
    return contract


def assign_registered_company(admin: httpx.Client, application_id: int, registered_on: date) -> None:
    """What an admin does in the panel: approve the application, add a company and assign it, registered."""
    approved = admin.put(f"/api/admin/applications/{application_id}/status", json={"status": "approved"})
    assert approved.status_code == 200, approved.text
    company = admin.post("/api/admin/companies", json={
        "name": "Tähtaja Riiul OÜ", "registrationCode": str(random.randint(10_000_000, 99_999_999))})
    assert company.status_code == 201, company.text
    assigned = admin.put(f"/api/admin/applications/{application_id}/company",
                         json={"companyId": company.json()["id"], "registrationDate": registered_on.isoformat()})
    assert assigned.status_code == 200, assigned.text


def test_the_employment_contract_ends_when_the_term_has_ended(stack: Any, make_applicant: MakeApplicant,
                                                              admin_client: httpx.Client) -> None:
    """A company registered on 2020-01-10 gives a term to the end of 2020-07-10 in Tallinn (summer time, UTC+3):
    the contract's expiry becomes 2020-07-10T21:00Z, the job stores it expired, contracts.expired goes out once,
    and the signature and the PDF stay."""
    applicant = registered(make_applicant)
    signed = employment_contract(applicant.client)
    application_id = applicant.client.get("/api/application").json()["application"]["id"]
    assign_registered_company(admin_client, application_id, date(2020, 1, 10))

    eventually(lambda: employment_contract(applicant.client)["status"] == "expired", 20,
               "the employment contract ended with its term")
    ended = employment_contract(applicant.client)
    assert datetime.fromisoformat(ended["expiresAt"]) == datetime(2020, 7, 10, 21, 0, tzinfo=UTC)
    assert (ended["signedAt"], ended["content"]) == (signed["signedAt"], signed["content"])
    eventually(lambda: db_row(stack, "select status from contracts where id = %s", ended["id"]) == ("expired",),
               15, "stored as expired")
    events = asyncio.run(_expired_event(stack, ended["id"]))
    assert len(events) == 1
    assert datetime.fromisoformat(events[0]["payload"]["expiresAt"]) == datetime(2020, 7, 10, 21, 0, tzinfo=UTC)
    assert applicant.client.get(f"/api/contracts/{ended['id']}/pdf").status_code == 200


def test_a_running_term_sets_the_end_and_leaves_the_contract_signed(stack: Any, make_applicant: MakeApplicant,
                                                                    admin_client: httpx.Client) -> None:
    """Registered 2099-03-31: the term ends on 2099-09-30 (the month has no 31st), so the contract ends at
    2099-09-30T21:00Z and is signed until then."""
    applicant = registered(make_applicant)
    application_id = applicant.client.get("/api/application").json()["application"]["id"]
    assign_registered_company(admin_client, application_id, date(2099, 3, 31))

    def term_set() -> bool:
        return employment_contract(applicant.client)["expiresAt"] is not None

    eventually(term_set, 20, "the term's end reached contracts")
    contract = employment_contract(applicant.client)
    assert datetime.fromisoformat(contract["expiresAt"]) == datetime(2099, 9, 30, 21, 0, tzinfo=UTC)
    assert contract["status"] == "signed"


def test_sending_and_the_first_view_are_recorded_once(stack: Any, make_applicant: MakeApplicant,
                                                      admin_client: httpx.Client) -> None:
    applicant = registered(make_applicant)
    contract = create(admin_client, applicant.user["id"])
    sent = admin_client.put(f"/api/admin/contracts/{contract['id']}/status", json={"status": "sent"})
    assert sent.status_code == 200, sent.text
    assert applicant.client.post(f"/api/contracts/{contract['id']}/viewed").status_code == 204
    first = db_row(stack, "select sent_at, first_viewed_at from contracts where id = %s", contract["id"])
    assert first[0] is not None and first[1] is not None and first[0] <= first[1]
    assert applicant.client.post(f"/api/contracts/{contract['id']}/viewed").status_code == 204
    assert db_row(stack, "select first_viewed_at from contracts where id = %s", contract["id"])[0] == first[1]

    other = make_applicant()
    assert other.client.post(f"/api/contracts/{contract['id']}/viewed").status_code == 404
    assert admin_client.post(f"/api/contracts/{contract['id']}/viewed").status_code == 404
    assert sign(applicant.client, contract["id"]).status_code == 200


def test_a_view_after_signing_is_not_an_event(stack: Any, make_applicant: MakeApplicant,
                                              admin_client: httpx.Client) -> None:
    applicant = registered(make_applicant)
    contract = create(admin_client, applicant.user["id"])
    assert sign(applicant.client, contract["id"]).status_code == 200
    assert applicant.client.post(f"/api/contracts/{contract['id']}/viewed").status_code == 204
    assert db_row(stack, "select first_viewed_at from contracts where id = %s", contract["id"]) == (None,)


def test_the_certificate_lists_sent_and_first_viewed_in_order() -> None:
    signed_at = datetime(2026, 2, 3, 10, 0, tzinfo=UTC)
    contract = Contract(id=9, user_id=1, title="Leping", content="Tekst", status="signed", signed_at=signed_at,
                        created_at=datetime(2026, 2, 1, 8, 0, tzinfo=UTC), created_by=1, content_sha256="cd" * 32,
                        sent_at=datetime(2026, 2, 1, 9, 0, tzinfo=UTC),
                        first_viewed_at=datetime(2026, 2, 2, 18, 5, tzinfo=UTC))
    audit = SignatureAudit(contract_id=9, signer_user_id=1, signed_at=signed_at, method="drawn",
                           content_sha256="cd" * 32, signer_name="Mari Maasikas", signer_id_code="49403136526")
    shown = shown_text(render_pdf(contract, audit, compress=False))
    events = shown[shown.index("Sündmused / Events"):]
    expected = ["01.02.2026 10:00 (Europe/Tallinn)", "Koostatud administraatori poolt / Created by an admin",
                "01.02.2026 11:00 (Europe/Tallinn)", "Saadetud allkirjastamiseks / Sent for signing",
                "02.02.2026 20:05 (Europe/Tallinn)",
                "Esimest korda avatud taotleja poolt / First viewed by the applicant",
                "03.02.2026 12:00 (Europe/Tallinn)", "Allkirjastatud / Signed: Mari Maasikas"]
    positions = [events.index(text) for text in expected]
    assert positions == sorted(positions)


def test_a_contract_for_someone_who_registered_a_moment_ago_waits_for_the_registration(
        stack: Any, admin_client: httpx.Client) -> None:
    """Issue 18, Between services: an admin acting at once on a new registration no longer gets 422 'User not
    found' while the event is on its way; the write waits for the projection (here written 0.7 s after the
    request was sent, as the consumer would), then succeeds. An id that never arrives is still refused."""
    import threading
    import time as clock

    user_id = random.randint(900_000_000, 999_999_999)
    projected = threading.Timer(0.7, lambda: db_execute(
        stack, "insert into applicants (user_id, full_name, email, updated_at) values (%s, 'Hiline Mari', "
               "'hiline@example.ee', now())", user_id))
    started = clock.monotonic()
    projected.start()
    try:
        response = admin_client.post("/api/contracts", json={"userId": user_id, "title": "T", "content": "C"})
    finally:
        projected.join()
    assert response.status_code == 201, response.text
    assert clock.monotonic() - started >= 0.7
    assert response.json()["user"]["fullName"] == "Hiline Mari"
    unknown = admin_client.post("/api/contracts", json={"userId": user_id + 1, "title": "T", "content": "C"})
    assert unknown.status_code == 422 and unknown.json()["fields"] == {"userId": "User not found"}
