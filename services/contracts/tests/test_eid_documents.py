"""Issues 33 and 36 against the real stack: the documents signed with eID only.

- The board member's consent for the register (issue 33): assigning a company gives the applicant a consent
  (kind board_consent) naming the company, its registry code, the person and the term in Estonian and English; a
  drawn or typed signature is refused (422 eid_signature_required); Smart-ID signs it into an ASiC-E container that
  libdigidocpp finds VALID; a redelivered assignment adds nothing, a reassigned company withdraws the unsigned one.
- Resigning (issue 36): POST /api/mandate/resignation makes a letter to the shareholders (kind resignation), before
  the term's last day only with a reason, one open at a time; it is signed with eID, the admins are told, and only
  its owner and the admins can read it (404 to anyone else)."""

import random
import uuid
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import httpx

from conftest import Applicant, eventually
from portal_common.events import CompanyAssigned
from services.contracts.tests.test_api import MakeApplicant, application_of, db_row, publish_and_wait, registered
from services.contracts.tests.test_esign_phone import esign, until_finished, verdict
from services.contracts.tests.test_signing_and_expiry import sign
from services.notifications.tests.support import create_admin, email_rows, wait_for_mail

TALLINN = ZoneInfo("Europe/Tallinn")


def today() -> date:
    return datetime.now(TALLINN).date()


def new_company(admin: httpx.Client, name: str) -> dict[str, Any]:
    company = admin.post("/api/admin/companies", json={
        "name": name, "registrationCode": str(random.randint(10_000_000, 99_999_999))})
    assert company.status_code == 201, company.text
    found: dict[str, Any] = company.json()
    return found


def assign(admin: httpx.Client, application_id: int, company_id: int, registered_on: date | None) -> None:
    body: dict[str, Any] = {"companyId": company_id}
    if registered_on is not None:
        body["registrationDate"] = registered_on.isoformat()
    assigned = admin.put(f"/api/admin/applications/{application_id}/company", json=body)
    assert assigned.status_code == 200, assigned.text


def approved(admin: httpx.Client, stack: Any, applicant: Applicant) -> int:
    application_id = application_of(stack, applicant)
    response = admin.put(f"/api/admin/applications/{application_id}/status", json={"status": "approved"})
    assert response.status_code == 200, response.text
    return application_id


def of_kind(applicant: Applicant, kind: str) -> list[dict[str, Any]]:
    response = applicant.client.get("/api/contracts")
    assert response.status_code == 200, response.text
    return [c for c in response.json() if c["kind"] == kind]


def consent_for(applicant: Applicant, company: dict[str, Any]) -> dict[str, Any]:
    def found() -> dict[str, Any] | None:
        return next((c for c in of_kind(applicant, "board_consent")
                     if company["registrationCode"] in c["title"]), None)
    consent: dict[str, Any] = eventually(found, what="the board member's consent arrives")
    return consent


def with_company(admin: httpx.Client, stack: Any, make_applicant: MakeApplicant,
                 registered_on: date | None) -> tuple[Applicant, int, dict[str, Any]]:
    applicant = registered(make_applicant)
    application_id = approved(admin, stack, applicant)
    company = new_company(admin, f"Nõusolek {random.randint(1000, 9999)} OÜ")
    assign(admin, application_id, company["id"], registered_on)
    return applicant, application_id, company


def sign_with_smart_id(applicant: Applicant, contract_id: int) -> None:
    started = esign(applicant, contract_id, method="smart_id")
    assert started.status_code == 201, started.text
    assert until_finished(applicant, contract_id, started.json()["sessionId"])["state"] == "signed"


# ---- the board member's consent (issue 33) --------------------------------------------------------------

def test_a_company_assignment_brings_a_consent_that_only_eid_signs(stack: Any, make_applicant: MakeApplicant,
                                                                  admin_client: httpx.Client) -> None:
    registered_on = today() - timedelta(days=10)
    applicant, application_id, company = with_company(admin_client, stack, make_applicant, registered_on)
    consent = consent_for(applicant, company)
    [id_code] = db_row(stack, "select id_code from applicants where user_id = %s", applicant.user["id"])
    assert consent["status"] == "pending" and consent["applicationId"] == application_id
    assert company["name"] in consent["title"] and company["registrationCode"] in consent["title"]
    text = consent["content"]
    for fact in (company["name"], company["registrationCode"], applicant.user["fullName"], id_code,
                 f"{registered_on:%d.%m.%Y}"):
        assert fact in text
    # Estonian and English, in one document.
    assert "Juhatuse liikme nõusolek" in text and "Consent of a member of the management board" in text
    assert "annan nõusoleku minu määramiseks" in text and "consent to being appointed a member" in text

    drawn = sign(applicant.client, consent["id"])
    assert drawn.status_code == 422 and drawn.json()["code"] == "eid_signature_required", drawn.text
    typed = sign(applicant.client, consent["id"], method="typed", typedName=applicant.user["fullName"])
    assert typed.status_code == 422 and typed.json()["code"] == "eid_signature_required", typed.text
    assert consent_for(applicant, company)["status"] == "pending"
    assert int(db_row(stack, "select count(*) from signature_audit where contract_id = %s", consent["id"])[0]) == 0

    sign_with_smart_id(applicant, consent["id"])
    signed = consent_for(applicant, company)
    assert signed["status"] == "signed" and signed["signatureMethod"] == "smart_id"
    container = applicant.client.get(f"/api/contracts/{consent['id']}/asice")
    assert container.status_code == 200
    result = verdict(stack, container.content)
    assert result.valid, result.problems
    assert result.signer is not None and result.signer.id_code == id_code
    # The admin files it with the register; nobody else reads it.
    assert admin_client.get(f"/api/contracts/{consent['id']}/asice").content == container.content
    stranger = make_applicant()
    assert stranger.client.get(f"/api/contracts/{consent['id']}/asice").status_code == 404

    # applications.company.assigned again for the same company (its registration date set again, or the event
    # delivered twice): still this one consent, signed.
    publish_and_wait(stack, CompanyAssigned(
        application_id=application_id, user_id=applicant.user["id"], company_id=company["id"],
        registration_date=registered_on, term_ends_on=registered_on + timedelta(days=182),
        company_name=company["name"], registry_code=company["registrationCode"]))
    [only] = of_kind(applicant, "board_consent")
    assert only["id"] == consent["id"] and only["status"] == "signed"


def test_a_reassigned_company_withdraws_the_unsigned_consent(stack: Any, make_applicant: MakeApplicant,
                                                             admin_client: httpx.Client) -> None:
    applicant, application_id, first = with_company(admin_client, stack, make_applicant, None)
    old = consent_for(applicant, first)
    second = new_company(admin_client, "Teine Nõusolek OÜ")
    assign(admin_client, application_id, second["id"], None)
    new = consent_for(applicant, second)
    assert new["id"] != old["id"] and new["status"] == "pending"
    eventually(lambda: consent_for(applicant, first)["status"] == "cancelled", what="the old consent withdrawn")
    assert [c["id"] for c in of_kind(applicant, "board_consent") if c["status"] == "pending"] == [new["id"]]
    # A withdrawn consent cannot be signed any more.
    assert esign(applicant, old["id"], method="smart_id").status_code == 409


# ---- the resignation letter (issue 36) ------------------------------------------------------------------

def resign(applicant: Applicant, **body: Any) -> httpx.Response:
    return applicant.client.post("/api/mandate/resignation", json=body)


def test_before_the_terms_end_a_resignation_needs_a_reason(stack: Any, make_applicant: MakeApplicant,
                                                           admin_client: httpx.Client) -> None:
    nobody = registered(make_applicant)
    refused = resign(nobody, reason="I am moving abroad")
    assert refused.status_code == 409 and refused.json()["code"] == "no_mandate", refused.text

    applicant, _, company = with_company(admin_client, stack, make_applicant, today() - timedelta(days=30))
    consent_for(applicant, company)  # contracts knows the company by now
    for body in ({}, {"reason": "   "}):
        without = resign(applicant, **body)
        assert without.status_code == 422, without.text
        assert without.json()["fieldCodes"] == {"reason": "reason_required"}
    assert of_kind(applicant, "resignation") == []
    too_long = resign(applicant, reason="x" * 2001)
    assert too_long.status_code == 422 and too_long.json()["fieldCodes"] == {"reason": "reason_too_long"}

    made = resign(applicant, reason="The company's shareholders ask me to sign documents I have not seen")
    assert made.status_code == 201, made.text
    letter = made.json()
    assert letter["kind"] == "resignation" and letter["status"] == "pending"
    assert company["name"] in letter["title"] and company["registrationCode"] in letter["title"]
    assert "documents I have not seen" in letter["content"]
    assert "osanikud" in letter["content"] and "The shareholders of" in letter["content"]
    assert "mõjuval põhjusel" in letter["content"] and "for cause" in letter["content"]
    assert applicant.client.get("/api/mandate/resignation").json()["id"] == letter["id"]

    again = resign(applicant, reason="Once more")
    assert again.status_code == 409 and again.json()["code"] == "resignation_open", again.text
    # Withdrawn before signing, it can be written again.
    assert applicant.client.delete("/api/mandate/resignation").status_code == 204
    assert applicant.client.get("/api/mandate/resignation").status_code == 404
    assert resign(applicant, reason="Written again").status_code == 201


def test_a_resignation_from_the_terms_end_is_signed_with_eid_and_read_by_its_owner_and_admins(
        stack: Any, make_applicant: MakeApplicant, admin_client: httpx.Client, retire_admins: list[int]) -> None:
    # An admin with an address that takes mail (the tests' own admin has none), known to notifications.
    tag = uuid.uuid4().hex[:8]
    admin_address = f"resign-{tag}@example.com"
    create_admin(stack, retire_admins, f"resign{tag}", admin_address, "a long admin password")
    eventually(lambda: email_rows(stack, "select 1 from recipients where email = %s and is_admin", admin_address),
               timeout=30, what="the admin reaches notifications")
    applicant, application_id, company = with_company(admin_client, stack, make_applicant,
                                                      today() - timedelta(days=200))
    consent_for(applicant, company)
    made = resign(applicant)
    assert made.status_code == 201, made.text
    letter = made.json()
    assert letter["applicationId"] == application_id
    assert "Minu ametiaeg lõppes" in letter["content"] and "My term ended on" in letter["content"]
    assert "for cause" not in letter["content"]

    drawn = sign(applicant.client, letter["id"])
    assert drawn.status_code == 422 and drawn.json()["code"] == "eid_signature_required", drawn.text
    stranger = registered(make_applicant)
    for path in ("asice", "pdf"):
        assert stranger.client.get(f"/api/contracts/{letter['id']}/{path}").status_code == 404
    assert stranger.client.get("/api/mandate/resignation").status_code == 404
    assert esign(stranger, letter["id"], method="smart_id").status_code == 404

    sign_with_smart_id(applicant, letter["id"])
    mine = applicant.client.get(f"/api/contracts/{letter['id']}/asice")
    assert mine.status_code == 200
    assert verdict(stack, mine.content).valid
    theirs = admin_client.get(f"/api/contracts/{letter['id']}/asice")
    assert theirs.status_code == 200 and theirs.content == mine.content
    assert applicant.client.get("/api/mandate/resignation").json()["status"] == "signed"
    # Resigned from this company already: no second letter.
    again = resign(applicant, reason="twice")
    assert again.status_code == 409 and again.json()["code"] == "already_resigned", again.text

    # The admins are told at once, in their language (Estonian by default), with the letter's title.
    [told] = wait_for_mail(stack, admin_address, "admin_resignation_signed", where=lambda m: letter["title"] in m.text)
    assert told.subject.startswith("Tagasiastumisavaldus allkirjastatud: ")
    assert f"{stack.gateway_url}/admin?tab=contracts" in told.text
