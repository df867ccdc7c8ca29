"""Issue 16, Erasure (Art. 17) and retention, in payroll: after an approved erasure nothing payroll holds names a
person who was never paid (payout details, the name and ID code gone, the payments cancelled), and identity's
request completes only once payroll has answered."""

from typing import Any

import httpx
import psycopg
import pytest

from conftest import eventually
from services.payroll.tests.support import board_member, give_details

# Issue 32: a pay run takes every payment due, other tests' too: runs are made one at a time.
pytestmark = pytest.mark.one_at_a_time("pay_runs")


def _rows(stack: Any, query: str, *params: Any) -> list[tuple[Any, ...]]:
    with psycopg.connect(stack.database_url("payroll")) as db:
        return [tuple(row) for row in db.execute(query, params).fetchall()]


def test_an_erasure_leaves_nothing_of_a_person_never_paid(make_applicant: Any, admin_client: httpx.Client,
                                                          stack: Any) -> None:
    applicant, _ = board_member(make_applicant, admin_client, full_name="Ülle Kustutatav")
    give_details(applicant, accountHolder="Ülle Kustutatav")
    user_id = applicant.user["id"]
    id_code = _rows(stack, "select id_code from people where user_id = %s", user_id)[0][0]
    assert id_code and _rows(stack, "select 1 from payout_details where user_id = %s", user_id)

    asked = applicant.client.post("/api/privacy/erasure", json={"reason": "Please forget me"})
    assert asked.status_code == 202, asked.text
    approved = admin_client.post(f"/api/admin/erasure-requests/{asked.json()['id']}/approve")
    assert approved.status_code == 200, approved.text

    eventually(lambda: not _rows(stack, "select 1 from people where user_id = %s", user_id), timeout=30,
               what="payroll erasing the person")
    assert _rows(stack, "select 1 from payout_details where user_id = %s", user_id) == []
    assert {row[0] for row in _rows(stack, "select status from payments where user_id = %s", user_id)} == {
        "cancelled"}
    needles = ["Ülle Kustutatav", id_code]
    assert _rows(stack, "select id from pay_run_lines where full_name = any(%s) or id_code = any(%s)",
                 needles, needles) == []
    assert _rows(stack, "select id from outbox where position(%s in convert_from(body, 'UTF8')) > 0 "
                 "or position(%s in convert_from(body, 'UTF8')) > 0", *needles) == []
    eventually(lambda: next(r for r in admin_client.get("/api/admin/erasure-requests", params={"limit": 200}).json()
                            if r["id"] == asked.json()["id"])["status"] == "completed", timeout=60,
               what="every service, payroll too, answered")
