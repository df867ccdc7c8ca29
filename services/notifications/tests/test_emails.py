"""Issue 14, "What people receive": each event that concerns someone sends them one e-mail over real SMTP (the
stack's mail catcher), in their saved language (Estonian by default), with HTML and plain-text parts that look
like the portal and link to the right page and tab."""

import uuid
from datetime import UTC, date, datetime, timedelta
from typing import Any

import httpx
import nats

from conftest import Applicant, nats_login
from portal_common.events import ContractAcceptance, EventEnvelope, UserRegistered
from services.contracts.tests.test_api import SIGNATURE
from services.notifications.tests.support import create_admin, email_rows, mail_to, wait_for_mail, when

PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89"
PRIMARY_BLUE = "#0072ce"


def application_id_of(applicant: Applicant) -> int:
    response = applicant.client.get("/api/application")
    assert response.status_code == 200, response.text
    application_id: int = response.json()["application"]["id"]
    return application_id


def test_registration_sends_a_welcome_email_in_estonian_with_the_applicants_name(
        make_applicant: Any, stack: Any) -> None:
    """Issue 14 tests: registration → a welcome e-mail in Estonian with the applicant's name, linking the signed
    employment contract (the dashboard's contracts tab); HTML in the portal's blue with the company's details."""
    applicant: Applicant = make_applicant(fullName="Mari Maasikas")
    [mail] = wait_for_mail(stack, applicant.user["email"], "welcome")
    assert mail.subject == "Tere tulemast Shelf Boardi portaali"
    assert mail.message["Content-Language"] == "et"
    assert "Tere, Mari Maasikas!" in mail.text and "Mis edasi" in mail.text
    assert f"{stack.gateway_url}/dashboard?tab=contracts" in mail.text
    assert "Tere, Mari Maasikas!" in mail.html and PRIMARY_BLUE in mail.html
    assert "Shelf Board Services OÜ" in mail.html and "Registrikood 16543210" in mail.html
    assert f'href="{stack.gateway_url}/dashboard?tab=contracts"' in mail.html


def test_the_welcome_email_is_in_english_for_an_english_registration(make_applicant: Any, stack: Any) -> None:
    applicant: Applicant = make_applicant(fullName="John Smith", language="en")
    [mail] = wait_for_mail(stack, applicant.user["email"], "welcome")
    assert mail.subject == "Welcome to the Shelf Board portal"
    assert "Hello John Smith," in mail.text and "What happens next" in mail.text
    assert "Registry code 16543210" in mail.html


def test_a_names_markup_is_shown_as_text_in_the_html_part(make_applicant: Any, stack: Any) -> None:
    applicant: Applicant = make_applicant(fullName="Mari <b>Maasikas</b>")
    [mail] = wait_for_mail(stack, applicant.user["email"], "welcome")
    assert "Mari &lt;b&gt;Maasikas&lt;/b&gt;" in mail.html and "<b>Maasikas" not in mail.html
    assert "Tere, Mari <b>Maasikas</b>!" in mail.text


def test_a_document_request_sends_its_name_description_and_due_date(
        make_applicant: Any, admin_client: httpx.Client, stack: Any) -> None:
    """Issue 14 tests: an admin requests a document → its e-mail (name, description, due date)."""
    applicant: Applicant = make_applicant()
    response = admin_client.post("/api/document-requests", json={
        "userId": applicant.user["id"], "name": "ID-kaart", "description": "Mõlemad pooled, loetavalt",
        "dueDate": "2030-01-31"})
    assert response.status_code == 201, response.text
    [mail] = wait_for_mail(stack, applicant.user["email"], "document_requested")
    assert mail.subject == "Palun laadige üles: ID-kaart"
    for shown in ("Dokument: ID-kaart", "Kirjeldus: Mõlemad pooled, loetavalt", "Tähtaeg: 31.01.2030",
                  f"{stack.gateway_url}/dashboard?tab=documents"):
        assert shown in mail.text


def test_a_chosen_language_is_the_one_written_in_and_a_rejection_carries_its_reason(
        make_applicant: Any, admin_client: httpx.Client, stack: Any) -> None:
    """identity.language.changed: after /api/set-language the e-mails come in English; the rejection of an
    uploaded document says why (documents.reviewed carries the name and the reason)."""
    applicant: Applicant = make_applicant()
    assert applicant.client.post("/api/set-language", json={"language": "en"}).status_code == 200
    request = admin_client.post("/api/document-requests", json={
        "userId": applicant.user["id"], "name": "Passport", "dueDate": "2030-02-01"}).json()
    [requested] = wait_for_mail(stack, applicant.user["email"], "document_requested")
    assert requested.subject == "Please upload: Passport"
    assert "Due date: 1 February 2030" in requested.text and "Description" not in requested.text

    uploaded = applicant.client.post("/api/documents", data={"requestId": str(request["id"])},
                                     files={"file": ("passport.png", PNG, "image/png")})
    assert uploaded.status_code == 201, uploaded.text
    review = admin_client.put(f"/api/admin/documents/{uploaded.json()['id']}/status",
                              json={"status": "rejected", "reason": "The photo is blurred"})
    assert review.status_code == 200, review.text
    [rejected] = wait_for_mail(stack, applicant.user["email"], "document_rejected")
    assert rejected.subject == f"Document rejected: {uploaded.json()['name']}"
    assert "Reason: The photo is blurred" in rejected.text


def test_a_status_change_sends_the_new_status_translated_with_the_applicants_note(
        make_applicant: Any, admin_client: httpx.Client, stack: Any) -> None:
    """The note of a status change is the one the applicant sees in their timeline (spec §2, Application tab)."""
    applicant: Applicant = make_applicant()
    application_id = application_id_of(applicant)
    response = admin_client.put(f"/api/admin/applications/{application_id}/status",
                                json={"status": "in_review", "notes": "Vaatame dokumendid üle"})
    assert response.status_code == 200, response.text
    [mail] = wait_for_mail(stack, applicant.user["email"], "application_status")
    assert mail.subject == "Teie taotluse olek: Ülevaatamisel"
    assert "Uus olek: Ülevaatamisel" in mail.text and "Märkus: Vaatame dokumendid üle" in mail.text
    assert f"{stack.gateway_url}/dashboard?tab=application" in mail.text


def test_a_contract_to_sign_and_its_signature_each_send_an_email(
        make_applicant: Any, admin_client: httpx.Client, stack: Any) -> None:
    """contracts.created → ready to sign (not for the employment contract signed at registration, which the
    welcome e-mail covers); contracts.signed → a link to its PDF."""
    applicant: Applicant = make_applicant(language="en")
    created = admin_client.post("/api/contracts", json={
        "userId": applicant.user["id"], "title": "Board member agreement", "content": "Section 1\nSix months."})
    assert created.status_code == 201, created.text
    contract_id = created.json()["id"]
    [ready] = wait_for_mail(stack, applicant.user["email"], "contract_ready")
    assert ready.subject == "A contract is ready to sign: Board member agreement"
    assert f"{stack.gateway_url}/dashboard?tab=contracts" in ready.text

    signed = applicant.client.post(f"/api/contracts/{contract_id}/sign", json={"signatureData": SIGNATURE})
    assert signed.status_code == 200, signed.text
    [mail] = wait_for_mail(stack, applicant.user["email"], "contract_signed")
    assert mail.subject == "Contract signed: Board member agreement"
    assert f"{stack.gateway_url}/api/contracts/{contract_id}/pdf" in mail.text
    # Only the admin's contract: the employment contract made no "ready" or "signed" e-mail of its own.
    assert len(mail_to(stack, applicant.user["email"], "contract_ready")) == 1
    assert len(mail_to(stack, applicant.user["email"], "contract_signed")) == 1


def test_a_company_assignment_sends_the_company_term_and_payment_dates(
        make_applicant: Any, admin_client: httpx.Client, stack: Any) -> None:
    applicant: Applicant = make_applicant()
    application_id = application_id_of(applicant)
    assert admin_client.put(f"/api/admin/applications/{application_id}/status",
                            json={"status": "approved"}).status_code == 200
    name = f"Riiul {uuid.uuid4().hex[:6]} OÜ"
    company = admin_client.post("/api/admin/companies", json={
        "name": name, "registrationCode": str(uuid.uuid4().int % 90_000_000 + 10_000_000)})
    assert company.status_code == 201, company.text
    assigned = admin_client.put(f"/api/admin/applications/{application_id}/company",
                                json={"companyId": company.json()["id"], "registrationDate": "2030-03-15"})
    assert assigned.status_code == 200, assigned.text
    [mail] = wait_for_mail(stack, applicant.user["email"], "company_assigned")
    assert f"Ettevõte: {name}" in mail.text
    assert "Ametiaeg: 15.03.2030 – 15.09.2030" in mail.text
    # Issue 23: the payment dates are payroll's (payroll.schedule.changed), the schedule the company card shows.
    payments = admin_client.get(f"/api/admin/applications/{application_id}/payments").json()
    shown = ", ".join(f"{date.fromisoformat(p['dueDate']):%d.%m.%Y}" for p in payments)
    assert len(payments) == 6 and f"Maksepäevad: {shown}" in mail.text


def test_a_contact_message_and_a_new_application_go_to_every_admin(
        client: httpx.Client, make_applicant: Any, stack: Any, retire_admins: list[int]) -> None:
    """identity.admin.saved: admins made with an address each get both; the stack's admin (no address given,
    so one under .invalid) gets none."""
    tag = uuid.uuid4().hex[:8]
    admins = [f"admin-{tag}-{n}@example.com" for n in (1, 2)]
    for n, address in enumerate(admins, 1):
        create_admin(stack, retire_admins, f"boss{tag}{n}", address, "a long admin password")
    when(lambda: all(_admin_known(stack, a) for a in admins), "the admins reach notifications")

    subject = f"Question {tag}"
    sent = client.post("/api/contact", json={"name": "Visitor", "email": "visitor@example.com", "subject": subject,
                                              "message": "When does the term start?"})
    assert sent.status_code == 201, sent.text
    applicant: Applicant = make_applicant(fullName="Uus Taotleja")
    link = f"{stack.gateway_url}/admin/applications/{application_id_of(applicant)}"
    for address in admins:
        [message] = wait_for_mail(stack, address, "admin_new_message", timeout=30,
                                  where=lambda m: m.subject.endswith(subject))
        assert message.subject == f"Uus sõnum: {subject}"
        assert "Saatja: Visitor <visitor@example.com>" in message.text
        assert f"{stack.gateway_url}/admin?tab=messages" in message.text
        [new_application] = wait_for_mail(stack, address, "admin_new_application", where=lambda m: link in m.text)
        assert "Uus Taotleja" in new_application.subject
    assert mail_to(stack, "admin@admin.invalid") == []


def test_a_deactivated_admin_gets_no_more_admins_emails(client: httpx.Client, admin_client: httpx.Client,
                                                        stack: Any, retire_admins: list[int]) -> None:
    """Issue 37: notifications learns a deactivation from identity.admin.saved (active: false)."""
    tag = uuid.uuid4().hex[:8]
    kept, gone = (f"admin-{tag}-{n}@example.com" for n in ("kept", "gone"))
    create_admin(stack, retire_admins, f"kept{tag}", kept, "a long admin password")
    gone_id = create_admin(stack, retire_admins, f"gone{tag}", gone, "a long admin password")
    when(lambda: _admin_known(stack, kept) and _admin_known(stack, gone), "the admins reach notifications")
    deactivated = admin_client.post(f"/api/admin/admins/{gone_id}/deactivate")
    assert deactivated.status_code == 200, deactivated.text
    when(lambda: email_rows(stack, "select 1 from recipients where user_id = %s and not active", gone_id),
         "the deactivation reaches notifications")

    subject = f"After the deactivation {tag}"
    sent = client.post("/api/contact", json={"name": "Visitor", "email": "visitor@example.com", "subject": subject,
                                              "message": "Is anybody there to read this?"})
    assert sent.status_code == 201, sent.text
    assert wait_for_mail(stack, kept, "admin_new_message", timeout=30, where=lambda m: m.subject.endswith(subject))
    # Both would have been queued by the same event, in one transaction: the active admin's row is there, so the
    # other's never will be.
    [(event_id,)] = email_rows(stack, "select event_id from emails where template = 'admin_new_message' and "
                                      "context->>'subject' = %s and address = %s", subject, kept)
    assert email_rows(stack, "select user_id from emails where event_id = %s and user_id = %s", event_id,
                      gone_id) == []
    assert not [m for m in mail_to(stack, gone, "admin_new_message") if m.subject.endswith(subject)]


def _admin_known(stack: Any, address: str) -> bool:
    return bool(email_rows(stack, "select 1 from recipients where email = %s and is_admin", address))


async def test_an_old_event_feeds_the_projection_but_sends_nothing(stack: Any) -> None:
    """A new deployment reads the whole event history: nobody is welcomed again for last week's registration."""
    user_id = 1_900_000_000 + uuid.uuid4().int % 10_000_000
    occurred = datetime.now(UTC) - timedelta(days=3)
    registered = UserRegistered(
        user_id=user_id, username=f"old{user_id}", full_name="Vana Kasutaja", email=f"old{user_id}@example.com",
        phone="+372 5555 5555", date_of_birth=date(1980, 1, 1), id_code="38001010000", city="Tallinn",
        address=None, language="et", contract=ContractAcceptance(full_name="Vana Kasutaja", id_code="38001010000",
                                                                 accepted_at=occurred, language="et"))
    envelope = EventEnvelope.wrap(registered)
    envelope.occurred_at = occurred
    client = await nats.connect(f"nats://127.0.0.1:{stack.ports.nats}", **nats_login(stack, "identity"))
    try:
        await client.jetstream().publish(envelope.type, envelope.to_bytes(), headers={"Nats-Msg-Id": str(envelope.id)})
    finally:
        await client.close()
    when(lambda: email_rows(stack, "select 1 from recipients where user_id = %s", user_id), "the user is projected")
    when(lambda: email_rows(stack, "select 1 from processed_events where event_id = %s", envelope.id),
         "the event is processed")
    assert email_rows(stack, "select id from emails where user_id = %s", user_id) == []
