"""Issue 16, "Erasure (Art. 17) and retention": the scheduled retention erases, as an approved erasure would, the
rejected applications without a contract after APPLICATIONS_RETENTION_REJECTED_MONTHS (12) and the employment
records whose 7 years have ended; ``--dry-run`` lists what it would erase and changes nothing. The clock is the
real one: the records are made old by moving their dates back in the owning service's database."""

import subprocess
import sys
from typing import Any

import httpx
import psycopg
import pytest

from conftest import Applicant, eventually
from services.identity.tests.erasure_support import (
    MakeApplicant,
    ask,
    drawn_signature,
    refused_like_a_wrong_password,
    wait_for_projections,
)

# Issue 32: alone on the stack, after the parallel part: it erases every account past retention, at a clock of its
# own.
pytestmark = pytest.mark.exclusive


def run(stack: Any, service: str, *args: str) -> str:
    done = subprocess.run([sys.executable, "-m", service, "retention", *args], env=stack.env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def execute(stack: Any, database: str, query: str, *params: Any) -> list[tuple[Any, ...]]:
    with psycopg.connect(stack.database_url(database), autocommit=True) as db:
        cursor = db.execute(query, params)
        return cursor.fetchall() if cursor.description else []


def erasures_of(stack: Any, user_id: int) -> list[tuple[Any, ...]]:
    return execute(stack, "identity", "select origin, status from erasure_requests where user_id = %s", user_id)


def signed_admin_contract(applicant: Applicant, admin: httpx.Client) -> int:
    created = admin.post("/api/contracts", json={"userId": applicant.user["id"], "applicationId": None,
                                                 "title": "Board member agreement", "content": "Section 1\nTerms."})
    assert created.status_code == 201, created.text
    contract_id: int = created.json()["id"]
    signed = applicant.client.post(f"/api/contracts/{contract_id}/sign", json={"signatureData": drawn_signature()})
    assert signed.status_code == 200, signed.text
    return contract_id


def held_ids(admin: httpx.Client) -> set[int]:
    response = admin.get("/api/admin/legal-holds", params={"limit": 200})
    assert response.status_code == 200, response.text
    return {hold["id"] for hold in response.json()}


def test_a_rejected_application_past_its_months_is_erased_and_a_dry_run_changes_nothing(
        stack: Any, gateway: str, make_applicant: MakeApplicant, admin_client: httpx.Client) -> None:
    applicant = make_applicant()
    user_id = applicant.user["id"]
    application = wait_for_projections(applicant)
    rejected = admin_client.put(f"/api/admin/applications/{application['id']}/status", json={"status": "rejected"})
    assert rejected.status_code == 200, rejected.text
    assert f"user {user_id}\t" not in run(stack, "applications", "--dry-run")  # rejected today: kept
    execute(stack, "applications", "update applications set updated_at = now() - interval '13 months' "
            "where id = %s", application["id"])

    listed = run(stack, "applications", "--dry-run")
    assert f"user {user_id}\tapplication {application['id']}\t" in listed and "would erase" in listed
    assert applicant.client.get("/api/user").status_code == 200
    assert erasures_of(stack, user_id) == []
    assert execute(stack, "applications", "select count(*) from applications where user_id = %s", user_id) == [(1,)]

    assert f"user {user_id}\t" in run(stack, "applications")
    eventually(lambda: erasures_of(stack, user_id) == [("retention", "completed")], timeout=60,
               what="identity erased the person for retention")
    assert execute(stack, "applications", "select count(*) from applications where user_id = %s", user_id) == [(0,)]
    assert applicant.client.get("/api/user").status_code == 401
    refused_like_a_wrong_password(gateway, applicant.user["username"], applicant.password)


def test_a_held_contract_is_erased_when_its_hold_ends(stack: Any, gateway: str, make_applicant: MakeApplicant,
                                                      admin_client: httpx.Client) -> None:
    applicant = make_applicant()
    wait_for_projections(applicant)
    contract_id = signed_admin_contract(applicant, admin_client)
    request_id = ask(applicant).json()["id"]
    assert admin_client.post(f"/api/admin/erasure-requests/{request_id}/approve").status_code == 200
    eventually(lambda: contract_id in held_ids(admin_client), timeout=30, what="the contract held")
    assert f"contract {contract_id}\t" not in run(stack, "contracts", "--dry-run")  # held for 7 years
    execute(stack, "contracts", "update contracts set legal_hold_until = now() - interval '1 day' where id = %s",
            contract_id)

    assert f"contract {contract_id}\t" in run(stack, "contracts", "--dry-run")
    assert contract_id in held_ids(admin_client)
    assert f"contract {contract_id}\t" in run(stack, "contracts")
    assert contract_id not in held_ids(admin_client)
    assert execute(stack, "contracts", "select count(*) from signature_audit where contract_id = %s",
                   contract_id) == [(0,)]


def test_a_person_whose_records_ended_seven_years_ago_is_erased(stack: Any, gateway: str,
                                                                make_applicant: MakeApplicant,
                                                                admin_client: httpx.Client) -> None:
    applicant = make_applicant()
    user_id = applicant.user["id"]
    wait_for_projections(applicant)
    contract_id = signed_admin_contract(applicant, admin_client)
    execute(stack, "contracts", "update contracts set expires_at = now() - interval '8 years' where id = %s",
            contract_id)

    assert f"user {user_id}\t" in run(stack, "contracts", "--dry-run")
    assert erasures_of(stack, user_id) == [] and applicant.client.get("/api/user").status_code == 200

    assert f"user {user_id}\t" in run(stack, "contracts")
    eventually(lambda: erasures_of(stack, user_id) == [("retention", "completed")], timeout=60,
               what="identity erased the person for retention")
    assert execute(stack, "contracts", "select count(*) from contracts where user_id = %s", user_id) == [(0,)]
    assert contract_id not in held_ids(admin_client)
    refused_like_a_wrong_password(gateway, applicant.user["username"], applicant.password)
