"""Issue 23, "Payslips": "Paying a run emits payroll.payment.paid; once e-mail exists the applicant gets it in their
language": the net amount, the period and the payment date over real SMTP (the stack's mail catcher), linking the
dashboard's Payments tab."""

import random
from datetime import date
from typing import Any

import nats

from conftest import Applicant, nats_login
from portal_common.events import EventEnvelope, PaymentPaid
from services.notifications.tests.support import email_rows, wait_for_mail
from services.notifications.tests.test_emails import application_id_of

PERIOD = "2026-10-01 – 2026-10-31"


async def publish_as_payroll(stack: Any, event: PaymentPaid) -> EventEnvelope:
    """As the payroll service does, through its outbox, when an admin marks a run paid."""
    envelope = EventEnvelope.wrap(event)
    client = await nats.connect(f"nats://127.0.0.1:{stack.ports.nats}", **nats_login(stack, "payroll"))
    try:
        await client.jetstream().publish(envelope.type, envelope.to_bytes(), headers={"Nats-Msg-Id": str(envelope.id)})
    finally:
        await client.close()
    return envelope


def paid(applicant: Applicant, net: str) -> PaymentPaid:
    return PaymentPaid(payment_id=random.randrange(1, 2**31), user_id=applicant.user["id"],
                       application_id=application_id_of(applicant), pay_date=date(2026, 11, 30), net=net,
                       gross="500.00", period=PERIOD)


async def test_a_paid_payment_is_emailed_in_estonian(make_applicant: Any, stack: Any) -> None:
    applicant: Applicant = make_applicant(fullName="Õie Šaržant")
    envelope = await publish_as_payroll(stack, paid(applicant, "490.00"))
    [mail] = wait_for_mail(stack, applicant.user["email"], "payment_paid")
    assert mail.subject == "Tasu on välja makstud: 490,00 €"
    assert mail.message["Content-Language"] == "et"
    assert "Tere, Õie Šaržant!" in mail.text
    assert "Teie tasu 490,00 € perioodi 01.10.2026 – 31.10.2026 eest on välja makstud." in mail.text
    assert "Maksepäev: 30.11.2026" in mail.text
    assert f"{stack.gateway_url}/dashboard?tab=payments" in mail.text
    assert f'href="{stack.gateway_url}/dashboard?tab=payments"' in mail.html
    assert email_rows(stack, "select template from emails where event_id = %s", envelope.id) == [("payment_paid",)]


async def test_a_paid_payment_is_emailed_in_english(make_applicant: Any, stack: Any) -> None:
    applicant: Applicant = make_applicant(fullName="John Smith", language="en")
    await publish_as_payroll(stack, paid(applicant, "382.20"))
    [mail] = wait_for_mail(stack, applicant.user["email"], "payment_paid")
    assert mail.subject == "Your payment was paid: €382.20"
    assert mail.message["Content-Language"] == "en"
    assert "Your payment of €382.20 for 1 October 2026 – 31 October 2026 was paid." in mail.text
    assert "Payment date: 30 November 2026" in mail.text and "Payments tab" in mail.text
    assert f"{stack.gateway_url}/dashboard?tab=payments" in mail.text
