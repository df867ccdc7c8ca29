"""Issue 35, records: a client case is kept five years after the business relationship ends (closed by a
compliance officer, or rejected), then erased by the retention job (``python -m compliance retention``, the
service's daily job), audited, with applications' projection told. The clock is fixed with ``--now``, in the past,
so the run reaches only the cases this test ended on an old day and none of the other tests' cases."""

import subprocess
import sys
import uuid
from typing import Any

import httpx
import psycopg

from conftest import eventually
from services.compliance.tests.support import ROOT, add_person, create_client
from services.compliance.tests.test_handover_gate import current_lists
from services.compliance.tests.test_screening import hits_of

ENDED_ON = "2019-03-14"


def retention(stack: Any, now: str, *flags: str) -> str:
    done = subprocess.run([sys.executable, "-m", "compliance", "retention", "--now", now, *flags], env=stack.env,
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def rows(stack: Any, database: str, query: str, *params: Any) -> list[tuple[Any, ...]]:
    with psycopg.connect(stack.database_url(database), autocommit=True) as db:
        return db.execute(query, params).fetchall()


def ended_case(officer: httpx.Client, ended_on: str, person: str = "Mari Maasikas",
               dob: str = "1980-05-17") -> tuple[dict[str, Any], dict[str, Any]]:
    case = create_client(officer, name=f"Retired Holdings {uuid.uuid4().hex[:6]} Ltd")
    owner = add_person(officer, case["id"], fullName=person, dateOfBirth=dob)
    closed = officer.post(f"/api/admin/clients/{case['id']}/close", json={"endedOn": ended_on})
    assert closed.status_code == 200 and closed.json()["relationshipEndedOn"] == ended_on, closed.text
    return closed.json(), owner


def test_a_case_is_kept_five_years_after_the_relationship_ends_then_erased_and_audited(
        stack: Any, officer_client: httpx.Client, admin_client: httpx.Client) -> None:
    current_lists(officer_client)
    # Its owner's name is on the EU list: the hit is part of the record and goes with it.
    case, owner = ended_case(officer_client, ENDED_ON, person="Ivan Petrovsky", dob="1971-03-14")
    assert hits_of(officer_client, "person", owner["id"])
    held, _ = ended_case(officer_client, ENDED_ON)
    report = officer_client.post("/api/admin/suspicion-reports", json={
        "subjectType": "client", "subjectId": held["id"], "description": "Payments through a third country"})
    assert report.status_code == 201, report.text
    eventually(lambda: rows(stack, "applications", "select status from client_cases where client_id = %s",
                            case["id"]) == [("closed",)], what="the closed case in applications' projection")

    # Five years to the day: still kept.
    kept = retention(stack, "2024-03-14T12:00+02:00", "--dry-run")
    assert f"client {case['id']}\t" not in kept
    # A day later it is due; a dry run only lists it (the case with an open report is held).
    listed = retention(stack, "2024-03-15T12:00+02:00", "--dry-run")
    assert f"client {case['id']}\tended {ENDED_ON}" in listed and "would erase" in listed
    assert f"client {held['id']}\t" not in listed
    assert officer_client.get(f"/api/admin/clients/{case['id']}").status_code == 200

    erased = retention(stack, "2024-03-15T12:00+02:00")
    assert f"client {case['id']}\tended {ENDED_ON}" in erased and f"client {held['id']}\t" not in erased
    assert officer_client.get(f"/api/admin/clients/{case['id']}").status_code == 404
    assert officer_client.get(f"/api/admin/clients/{held['id']}").status_code == 200
    assert rows(stack, "compliance", "select count(*) from client_people where client_id = %s", case["id"]) == [(0,)]
    assert rows(stack, "compliance", "select count(*) from client_events where client_id = %s", case["id"]) == [(0,)]
    assert rows(stack, "compliance", "select count(*) from screening_hits where subject_type = 'person' "
                "and subject_id = %s", owner["id"]) == [(0,)]
    # Its names are gone from the outbox copies of the events too.
    assert rows(stack, "compliance", "select count(*) from outbox where position(%s in convert_from(body, 'UTF8')) > 0",
                case["name"]) == [(0,)]
    eventually(lambda: rows(stack, "applications", "select name, status from client_cases where client_id = %s",
                            case["id"]) == [("", "erased")], what="applications told of the erasure")
    eventually(lambda: any(r["targetId"] == str(case["id"]) and r["actorRole"] == "system"
                           and r["details"]["reason"] == "aml_retention"
                           for r in admin_client.get("/api/admin/audit", params={
                               "action": "client.erased", "limit": 50}).json()),
               what="the erasure in the audit log")
    # Run again (another replica, the next day): nothing more to do.
    assert f"client {case['id']}\t" not in retention(stack, "2024-03-16T12:00+02:00")
