"""Board members with a company and a term, through the gateway as an admin would make them, for payroll's tests.
Every test's run takes every payment due by its pay date (other tests' too), so tests look at their own lines."""

import random
import uuid
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import httpx

from conftest import Applicant, eventually
from portal_common.banking_days import is_banking_day

# A valid Estonian IBAN (the national check digit too), and its masked form in admin lists.
IBAN = "EE382200221020145685"
IBAN_MASKED = "EE38 **** **** **** 5685"
# Registered on 1 October 2026: payment 1 was due on 8 October (issue 23's example), before today.
REGISTERED = "2026-10-01"
FIRST_DUE = "2026-10-08"


def next_banking_day(start: date | None = None) -> date:
    """Today in Tallinn, or the next banking day after it."""
    day = start or datetime.now(ZoneInfo("Europe/Tallinn")).date()
    while not is_banking_day(day):
        day += timedelta(days=1)
    return day


def board_member(make_applicant: Any, admin: httpx.Client, registered: str = REGISTERED,
                 full_name: str = "Kadri Kask") -> tuple[Applicant, int]:
    """An applicant whose approved application has a company registered on ``registered``, once payroll has
    scheduled the term's payments."""
    applicant: Applicant = make_applicant(fullName=full_name)
    application_id: int = eventually(lambda: applicant.client.get("/api/application").json()["application"]["id"],
                                     what="the application")
    approved = admin.put(f"/api/admin/applications/{application_id}/status", json={"status": "approved"})
    assert approved.status_code == 200, approved.text
    company = admin.post("/api/admin/companies", json={
        "name": f"Riiul {uuid.uuid4().hex[:6]} OÜ", "registrationCode": str(random.randint(10_000_000, 99_999_999))})
    assert company.status_code == 201, company.text
    assigned = admin.put(f"/api/admin/applications/{application_id}/company",
                         json={"companyId": company.json()["id"], "registrationDate": registered})
    assert assigned.status_code == 200, assigned.text
    eventually(lambda: len(applicant.client.get("/api/payments").json()) == 6, what="payroll's schedule")
    return applicant, application_id


def give_details(applicant: Applicant, **overrides: Any) -> dict[str, Any]:
    body = {"iban": "ee38 2200 2210 2014 5685", "accountHolder": "Kadri Kask",
            "basicExemption": True, "pensionRate": 2, **overrides}
    response = applicant.client.put("/api/payout-details", json=body)
    assert response.status_code == 200, response.text
    details: dict[str, Any] = response.json()
    return details


def create_run(admin: httpx.Client, pay_date: date | None = None) -> dict[str, Any]:
    response = admin.post("/api/admin/pay-runs", json={"payDate": (pay_date or next_banking_day()).isoformat()})
    assert response.status_code == 201, response.text
    run: dict[str, Any] = response.json()
    return run


def lines_of(run: dict[str, Any], application_id: int) -> list[dict[str, Any]]:
    return [line for line in run["lines"] if line["applicationId"] == application_id]


def cents(money: str) -> int:
    euros, _, hundredths = money.partition(".")
    return int(euros) * 100 + int(hundredths)
