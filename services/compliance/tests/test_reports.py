"""Issue 35, Suspicion reports and records: any admin raises a report and an applicant reports a concern; only
compliance officers list, work and export them (audited), due two Estonian banking days later; nothing is shown to
the subject; an erasure leaves the AML record."""

import asyncio
import secrets
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

import httpx
from sqlalchemy import delete, text
from sqlalchemy.dialects.postgresql import insert
from sqlmodel import col

from compliance import reports
from compliance.models import Applicant
from conftest import eventually
from portal_common.banking_days import banking_days_after
from portal_common.db import Database
from services.compliance.tests.support import create_client, fresh_lists
from services.compliance.tests.test_screening import hits_of
from services.identity.tests.erasure_support import ask
from services.identity.tests.test_erasure import requests_of
from testkit.accounts import id_codes_born


def today() -> date:
    return datetime.now(ZoneInfo("Europe/Tallinn")).date()


def test_an_admin_raises_a_report_and_only_officers_work_it(plain_admin_client: httpx.Client,
                                                             officer_client: httpx.Client) -> None:
    case = create_client(plain_admin_client)
    raised = plain_admin_client.post("/api/admin/suspicion-reports", json={
        "subjectType": "client", "subjectId": case["id"],
        "description": "The representative asked to keep the owner's name out of every document"})
    assert raised.status_code == 201, raised.text
    report_id = raised.json()["id"]
    for path in ("/api/admin/suspicion-reports", f"/api/admin/suspicion-reports/{report_id}",
                 f"/api/admin/suspicion-reports/{report_id}/export"):
        refused = plain_admin_client.get(path)
        assert (refused.status_code, refused.json()["code"]) == (403, "not_compliance_officer"), path

    listed = officer_client.get("/api/admin/suspicion-reports", params={"status": "open"})
    assert listed.status_code == 200
    [report] = [r for r in listed.json() if r["id"] == report_id]
    assert (report["subjectType"], report["subjectName"], report["raisedByRole"]) == ("client", case["name"], "admin")
    assert report["dueDate"] == banking_days_after(today(), 2).isoformat() and report["overdue"] is False

    worked = officer_client.put(f"/api/admin/suspicion-reports/{report_id}", json={
        "status": "reported", "officerNotes": "Relationship paused", "fiuReference": "RAB-2026-0042"})
    assert worked.status_code == 200 and worked.json()["status"] == "reported", worked.text
    exported = officer_client.get(f"/api/admin/suspicion-reports/{report_id}/export").json()
    assert exported["reportType"] == "SAR" and exported["internalReference"] == f"SR-{report_id}"
    assert exported["subject"] == {"kind": "legal_person", "name": case["name"], "dateOfBirth": None,
                                   "country": "CY", "registryCode": "HE 401234"}
    assert exported["groundsForSuspicion"].startswith("The representative asked")
    assert (exported["measuresTaken"], exported["fiuReference"]) == ("Relationship paused", "RAB-2026-0042")

    # Every view and decision is in the audit log.
    officer_id = officer_client.get("/api/user").json()["id"]
    eventually(lambda: {r["action"] for r in officer_client.get(
        "/api/admin/audit", params={"actor": officer_id, "limit": 50}).json()} >= {
        "suspicion_report.listed", "suspicion_report.updated", "suspicion_report.exported"}, what="audited")


def test_an_applicants_concern_reaches_the_officers_only(make_applicant: Any, officer_client: httpx.Client) -> None:
    applicant = make_applicant()
    sent = applicant.client.post("/api/concerns", json={
        "description": "I was asked to sign a board resolution I have not seen"})
    assert sent.status_code == 201, sent.text
    assert set(sent.json()) == {"receivedAt"}  # nothing about the report itself
    assert applicant.client.get("/api/admin/suspicion-reports").status_code == 403
    empty = applicant.client.post("/api/concerns", json={"description": "  "})
    assert (empty.status_code, empty.json()["fieldCodes"]) == (422, {"description": "required"})
    mine = [r for r in officer_client.get("/api/admin/suspicion-reports", params={"limit": 200}).json()
            if r["raisedByRole"] == "applicant" and r["raisedBy"] == applicant.user["id"]]
    assert [r["description"] for r in mine] == ["I was asked to sign a board resolution I have not seen"]


async def test_a_concern_sent_while_identitys_event_adds_the_applicant_is_received(stack: Any) -> None:
    """A new applicant's concern can meet identity's registration event adding the same applicant (a 500 in a
    test run): the event's row, written but not yet committed, makes the concern wait, then it is received."""
    database = Database(stack.database_url("compliance"))
    user_id = -secrets.randbelow(10**9) - 1  # no real account's id
    try:
        async with database.session() as event, database.session() as concern:
            await event.execute(insert(Applicant).values(user_id=user_id, full_name="Mari Maasikas"))
            concern_pid = (await concern.execute(text("select pg_backend_pid()"))).scalar_one()
            sent = asyncio.create_task(reports.raise_concern(concern, user_id, "Asked to sign unseen papers"))
            waiting = text("select wait_event_type is not distinct from 'Lock' from pg_stat_activity where pid = :pid")
            for _ in range(100):
                if (await event.execute(waiting, {"pid": concern_pid})).scalar_one() or sent.done():
                    break
                await asyncio.sleep(0.1)
            assert not sent.done() and (await event.execute(waiting, {"pid": concern_pid})).scalar_one(), \
                "the concern should wait on the event's row"
            await event.commit()
            report = await asyncio.wait_for(sent, timeout=10)
            assert (report.subject_id, report.subject_name) == (user_id, "Mari Maasikas")
            await concern.rollback()
            await event.execute(delete(Applicant).where(col(Applicant.user_id) == user_id))
            await event.commit()
    finally:
        await database.dispose()


def test_an_unknown_subject_is_a_field_error(plain_admin_client: httpx.Client) -> None:
    refused = plain_admin_client.post("/api/admin/suspicion-reports", json={
        "subjectType": "person", "subjectId": 2147483647, "description": "x"})
    assert (refused.status_code, refused.json()["fieldCodes"]) == (422, {"subjectId": "invalid_value"})


def test_an_erasure_leaves_the_aml_record(make_applicant: Any, officer_client: httpx.Client,
                                          admin_client: httpx.Client) -> None:
    fresh_lists(officer_client)
    [code] = id_codes_born(date(1971, 3, 14), 1)
    applicant = make_applicant(fullName="Ivan Petrovski", idCode=code, dateOfBirth="1971-03-14")
    user_id = applicant.user["id"]
    [hit] = eventually(lambda: hits_of(officer_client, "applicant", user_id), what="the applicant's hit")
    eventually(lambda: applicant.client.get("/api/application").json().get("application"), what="the application")
    request_id = ask(applicant).json()["id"]
    approved = admin_client.post(f"/api/admin/erasure-requests/{request_id}/approve")
    assert approved.status_code == 200, approved.text
    eventually(lambda: next(r for r in requests_of(admin_client, limit=200) if r["id"] == request_id)["status"]
               == "completed", timeout=60, what="every service answered, compliance too")
    [kept] = hits_of(officer_client, "applicant", user_id)
    assert (kept["id"], kept["subjectName"], kept["status"]) == (hit["id"], "Ivan Petrovski", "open")
