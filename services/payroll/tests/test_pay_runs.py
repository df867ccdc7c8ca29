"""Issue 23, The pay run, through the gateway: bank details, a run with its lines and totals, approval, the SEPA
file, paying, the applicant's payments and payslip, failed lines, deleting a draft, the audit log and who may do
what."""

from concurrent.futures import ThreadPoolExecutor
from datetime import date, timedelta
from typing import Any

import httpx
import psycopg
import pytest
from lxml import etree

from conftest import Applicant, eventually
from payroll.sepa import validate
from services.payroll.tests.support import (
    FIRST_DUE,
    IBAN,
    IBAN_MASKED,
    board_member,
    cents,
    create_run,
    give_details,
    lines_of,
    next_banking_day,
)
from testkit.handover import approved_client_id

# Issue 32: a pay run takes every payment due, other tests' too: runs are made one at a time.
pytestmark = pytest.mark.one_at_a_time("pay_runs")

PAIN = {"p": "urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"}
MONEY = ("gross", "pension", "unemploymentInsurance", "incomeTax", "net", "socialTax")


def _sums_of(run: dict[str, Any]) -> dict[str, int]:
    paying = [line for line in run["lines"] if line["status"] in ("ready", "paid")]
    return {key: sum(cents(line[key]) for line in paying) for key in MONEY}


def _audited(admin: httpx.Client, run_id: int) -> set[str]:
    records = admin.get("/api/admin/audit", params={"action": "pay_run.", "limit": 200}).json()
    return {record["action"] for record in records if record["targetId"] == str(run_id)}


def test_the_whole_run_from_bank_details_to_payslip(make_applicant: Any, admin_client: httpx.Client,
                                                    unenrolled_admin_client: httpx.Client) -> None:
    """Issue 23: bank details, a draft with a line per due payment and totals, approve, the SEPA file (schema
    valid, the same bytes twice, 409 before approval), paid, the applicant's payment paid with its payslip."""
    applicant, application_id = board_member(make_applicant, admin_client)
    give_details(applicant, pensionRate=2, basicExemption=True)
    unpaid, _ = board_member(make_applicant, admin_client, full_name="Tiit Tamm")  # no bank details
    unpaid_application = unpaid.client.get("/api/application").json()["application"]["id"]

    run = create_run(admin_client)
    assert run["status"] == "draft"
    [line] = [line for line in lines_of(run, application_id) if line["dueDate"] == FIRST_DUE]
    assert {key: line[key] for key in ("fullName", "gross", "pension", "unemploymentInsurance", "incomeTax", "net",
                                       "socialTax", "status", "reason", "ibanMasked")} == {
        "fullName": "Kadri Kask", "gross": "500.00", "pension": "10.00", "unemploymentInsurance": "0.00",
        "incomeTax": "0.00", "net": "490.00", "socialTax": "165.00", "status": "ready", "reason": None,
        "ibanMasked": IBAN_MASKED}
    [blocked] = [line for line in lines_of(run, unpaid_application) if line["dueDate"] == FIRST_DUE]
    assert (blocked["status"], blocked["reason"], blocked["ibanMasked"]) == ("blocked", "no_bank_account", None)
    totals = run["totals"]
    assert {key: cents(totals[key]) for key in MONEY} == _sums_of(run)
    assert totals["lineCount"] == len(run["lines"])
    assert totals["blockedCount"] == sum(1 for line in run["lines"] if line["status"] == "blocked") >= 1
    assert admin_client.get(f"/api/admin/pay-runs/{run['id']}").json() == run
    listed = admin_client.get("/api/admin/pay-runs")
    assert int(listed.headers["X-Total-Count"]) >= 1
    assert next(item for item in listed.json() if item["id"] == run["id"])["totals"] == totals

    early = admin_client.get(f"/api/admin/pay-runs/{run['id']}/sepa")
    assert (early.status_code, early.json()["code"]) == (409, "pay_run_not_approved")
    approved = admin_client.post(f"/api/admin/pay-runs/{run['id']}/approve")
    assert (approved.status_code, approved.json()["status"]) == (200, "approved")
    assert approved.json()["approvedAt"] is not None

    sepa = admin_client.get(f"/api/admin/pay-runs/{run['id']}/sepa")
    assert sepa.status_code == 200, sepa.text
    assert admin_client.get(f"/api/admin/pay-runs/{run['id']}/sepa").content == sepa.content
    validate(sepa.content)  # the ISO pain.001.001.09 schema
    document = etree.fromstring(sepa.content)
    transfers = document.findall(".//p:CdtTrfTxInf", PAIN)
    assert len(transfers) == sum(1 for line in run["lines"] if line["status"] == "ready")
    end_to_end = f"PAYROLL-LINE-{line['id']}"
    [ours] = [t for t in transfers if t.findtext("p:PmtId/p:EndToEndId", namespaces=PAIN) == end_to_end]
    assert ours.findtext("p:Amt/p:InstdAmt", namespaces=PAIN) == "490.00"
    assert ours.findtext("p:CdtrAcct/p:Id/p:IBAN", namespaces=PAIN) == IBAN
    blocked_ids = {f"PAYROLL-LINE-{blocked['id']}"}
    assert not blocked_ids & {t.findtext("p:PmtId/p:EndToEndId", namespaces=PAIN) for t in transfers}
    tsd = admin_client.get(f"/api/admin/pay-runs/{run['id']}/tsd")
    assert tsd.status_code == 200 and tsd.headers["content-type"].startswith("text/csv")

    paid = admin_client.post(f"/api/admin/pay-runs/{run['id']}/paid",
                             json={"executionDate": next_banking_day().isoformat()})
    assert (paid.status_code, paid.json()["status"]) == (200, "paid"), paid.text
    [own] = [p for p in applicant.client.get("/api/payments").json() if p["dueDate"] == FIRST_DUE]
    assert (own["status"], own["net"], own["incomeTax"], own["pension"]) == ("paid", "490.00", "0.00", "10.00")
    assert own["paidAt"] is not None and own["payslipUrl"] == f"/api/payments/{own['id']}/payslip"
    assert own["company"]["name"].startswith("Riiul ")

    payslip = applicant.client.get(own["payslipUrl"])
    assert payslip.status_code == 200 and payslip.headers["content-type"] == "application/pdf"
    assert payslip.content.startswith(b"%PDF")
    english = applicant.client.get(own["payslipUrl"], params={"lang": "en"})
    assert english.status_code == 200 and english.content != payslip.content
    assert admin_client.get(own["payslipUrl"]).status_code == 200
    assert unpaid.client.get(own["payslipUrl"]).status_code == 404  # another applicant's
    assert unenrolled_admin_client.get(own["payslipUrl"]).status_code == 404  # no second factor: no admin (issue 37)
    assert eventually(lambda: {"pay_run.created", "pay_run.approved", "pay_run.sepa_downloaded",
                               "pay_run.tsd_downloaded", "pay_run.paid"} <= _audited(admin_client, run["id"]),
                      what="every run action in the audit log")


def test_applicants_get_403_on_every_admin_payroll_call(make_applicant: Any) -> None:
    applicant: Applicant = make_applicant()
    calls = [("GET", "/api/admin/pay-runs"), ("POST", "/api/admin/pay-runs"), ("GET", "/api/admin/pay-runs/1"),
             ("DELETE", "/api/admin/pay-runs/1"), ("POST", "/api/admin/pay-runs/1/approve"),
             ("POST", "/api/admin/pay-runs/1/paid"), ("POST", "/api/admin/pay-runs/1/lines/1/failed"),
             ("GET", "/api/admin/pay-runs/1/sepa"), ("GET", "/api/admin/pay-runs/1/tsd"),
             ("GET", "/api/admin/applications/1/payments")]
    for method, path in calls:
        response = applicant.client.request(method, path, json={})
        assert response.status_code == 403, (method, path, response.text)


def test_a_failed_line_goes_back_to_the_pool_with_its_reason(make_applicant: Any,
                                                            admin_client: httpx.Client) -> None:
    applicant, application_id = board_member(make_applicant, admin_client)
    give_details(applicant, pensionRate=0, basicExemption=False)
    run = create_run(admin_client)
    [line] = [line for line in lines_of(run, application_id) if line["dueDate"] == FIRST_DUE]
    assert (line["incomeTax"], line["net"]) == ("110.00", "390.00")  # issue 23: 0 % pension, no exemption
    too_early = admin_client.post(f"/api/admin/pay-runs/{run['id']}/lines/{line['id']}/failed",
                                  json={"reason": "Account closed"})
    assert (too_early.status_code, too_early.json()["code"]) == (409, "pay_run_line_not_payable")
    assert admin_client.post(f"/api/admin/pay-runs/{run['id']}/approve").status_code == 200

    failed = admin_client.post(f"/api/admin/pay-runs/{run['id']}/lines/{line['id']}/failed",
                               json={"reason": "Account closed"})
    assert failed.status_code == 200, failed.text
    [shown] = [shown for shown in failed.json()["lines"] if shown["id"] == line["id"]]
    assert (shown["status"], shown["reason"]) == ("failed", "Account closed")
    [own] = [p for p in applicant.client.get("/api/payments").json() if p["dueDate"] == FIRST_DUE]
    assert (own["status"], own["failureReason"]) == ("failed", "Account closed")
    admin_view = admin_client.get(f"/api/admin/applications/{application_id}/payments").json()
    assert next(p for p in admin_view if p["id"] == own["id"])["failureReason"] == "Account closed"

    again = create_run(admin_client)  # back in the pool: the next run pays it
    assert [line["paymentId"] for line in lines_of(again, application_id) if line["status"] == "ready"].count(
        own["id"]) == 1
    assert admin_client.delete(f"/api/admin/pay-runs/{again['id']}").status_code == 204


def test_deleting_a_draft_returns_its_payments_to_the_pool(make_applicant: Any,
                                                           admin_client: httpx.Client) -> None:
    applicant, application_id = board_member(make_applicant, admin_client)
    give_details(applicant)
    run = create_run(admin_client)
    [line] = [line for line in lines_of(run, application_id) if line["dueDate"] == FIRST_DUE]
    [own] = [p for p in applicant.client.get("/api/payments").json() if p["dueDate"] == FIRST_DUE]
    assert own["status"] == "in_run"

    assert admin_client.delete(f"/api/admin/pay-runs/{run['id']}").status_code == 204
    assert admin_client.get(f"/api/admin/pay-runs/{run['id']}").status_code == 404
    [own] = [p for p in applicant.client.get("/api/payments").json() if p["dueDate"] == FIRST_DUE]
    assert own["status"] == "scheduled"
    again = create_run(admin_client)
    assert line["paymentId"] in {line["paymentId"] for line in lines_of(again, application_id)}
    approved = admin_client.post(f"/api/admin/pay-runs/{again['id']}/approve")
    assert approved.status_code == 200
    refused = admin_client.delete(f"/api/admin/pay-runs/{again['id']}")
    assert (refused.status_code, refused.json()["code"]) == (409, "pay_run_not_draft")
    assert eventually(lambda: "pay_run.deleted" in _audited(admin_client, run["id"]), what="the deletion audited")


@pytest.mark.parametrize(("offset_days", "code"), [(-1, "pay_date_in_past"), (None, "not_a_banking_day")])
def test_the_pay_date_is_a_banking_day_today_or_later(admin_client: httpx.Client, offset_days: int | None,
                                                      code: str) -> None:
    today = next_banking_day()
    if offset_days is None:
        day = today + timedelta(days=1)
        while next_banking_day(day) == day:
            day += timedelta(days=1)
    else:
        day = today + timedelta(days=offset_days)
        while next_banking_day(day) != day:
            day -= timedelta(days=1)
    refused = admin_client.post("/api/admin/pay-runs", json={"payDate": day.isoformat()})
    assert refused.status_code == 422, refused.text
    assert refused.json()["fieldCodes"] == {"payDate": code}


def test_two_runs_made_at_once_never_hold_the_same_payment(make_applicant: Any, admin_client: httpx.Client,
                                                          stack: Any) -> None:
    """Issue 23: "No payment is ever in two runs that are not cancelled, whatever two admins do at the same
    moment (a database constraint, with a test that races two creations)"."""
    for _ in range(3):
        applicant, _ = board_member(make_applicant, admin_client)
        give_details(applicant)
    pay_date = next_banking_day().isoformat()

    def create(_: int) -> httpx.Response:
        return admin_client.post("/api/admin/pay-runs", json={"payDate": pay_date})

    for _ in range(3):
        with ThreadPoolExecutor(2) as pool:
            answers = list(pool.map(create, range(2)))
        assert {answer.status_code for answer in answers} <= {201, 409}, [a.text for a in answers]
        made = [answer.json() for answer in answers if answer.status_code == 201]
        assert made
        held = [line["paymentId"] for run in made for line in run["lines"] if line["status"] == "ready"]
        assert len(held) == len(set(held))
        for run in made:
            assert admin_client.delete(f"/api/admin/pay-runs/{run['id']}").status_code == 204

    kept = create_run(admin_client)
    [held_line] = [line["id"] for line in kept["lines"] if line["status"] == "ready"][:1]
    with psycopg.connect(stack.database_url("payroll")) as db:
        duplicated = db.execute("select payment_id from pay_run_lines join pay_runs on pay_runs.id = run_id "
                                "where pay_run_lines.status in ('ready', 'paid') and pay_runs.status <> 'cancelled' "
                                "group by payment_id having count(*) > 1").fetchall()
        assert duplicated == []
        # The constraint itself: a second line holding the same payment is refused by the database.
        with pytest.raises(psycopg.errors.UniqueViolation):
            db.execute("insert into pay_run_lines (run_id, payment_id, user_id, application_id, full_name, id_code, "
                       "company_name, period_start, period_end, due_date, gross_cents, pension_cents, "
                       "unemployment_insurance_cents, income_tax_cents, net_cents, social_tax_cents, "
                       "basic_exemption_cents, status, holds_payment) select run_id, payment_id, user_id, "
                       "application_id, full_name, id_code, company_name, period_start, period_end, due_date, "
                       "0, 0, 0, 0, 0, 0, 0, 'ready', true from pay_run_lines where id = %s", (held_line,))
    assert admin_client.delete(f"/api/admin/pay-runs/{kept['id']}").status_code == 204


def test_a_transfer_cancels_the_payments_due_after_it(stack: Any, make_applicant: Any,
                                                     admin_client: httpx.Client) -> None:
    """Issue 23: "When the contract ends early (company transferred), the payments due after its end are
    cancelled"; the payments due by then stay."""
    applicant, application_id = board_member(make_applicant, admin_client)
    completed = admin_client.put(f"/api/admin/applications/{application_id}/status",
                                 json={"status": "completed", "clientId": approved_client_id(stack)})
    assert completed.status_code == 200, completed.text
    today = date.today()

    def statuses() -> dict[str, str]:
        return {p["dueDate"]: p["status"] for p in applicant.client.get("/api/payments").json()}

    eventually(lambda: "cancelled" in statuses().values(), what="payroll cancelling the payments")
    for due, status in statuses().items():
        assert status == ("cancelled" if date.fromisoformat(due) > today else "scheduled"), (due, status)
