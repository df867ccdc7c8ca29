"""Issue 16, "Erasure (Art. 17) and retention", through the gateway on the real stack: an applicant asks, an admin
approves or refuses with a reason within 30 days; after an approved erasure no database and no bucket object
holds the person, their sign-in is refused as a wrong password is, and a signed employment record is held
(out of the admin contracts list, readable only in the legal-hold view)."""

import uuid
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import httpx
import psycopg
from minio import Minio
from psycopg import sql

from conftest import eventually, new_id_code
from gateway.routes import SERVICES
from services.identity.tests.erasure_support import (
    MakeApplicant,
    ask,
    drawn_signature,
    refused_like_a_wrong_password,
    unique_person,
    wait_for_projections,
)
from services.notifications.tests.support import mail_to

TALLINN = ZoneInfo("Europe/Tallinn")
# The stack makes one database per service (deploy/local/stack.py), payroll's among them (what it keeps of people
# it paid: services/payroll/tests/test_erasure.py). The other databases on the server are other tests' scratch
# copies, made and dropped while this test runs beside them (run 32 found one dropped between listing and scanning).
TEXT_TYPES = ("text", "character varying", "character", "json", "jsonb", "tsvector", "bytea", "ARRAY")


def requests_of(admin: httpx.Client, **params: Any) -> list[dict[str, Any]]:
    response = admin.get("/api/admin/erasure-requests", params=params)
    assert response.status_code == 200, response.text
    assert int(response.headers["X-Total-Count"]) >= len(response.json())
    listed: list[dict[str, Any]] = response.json()
    return listed


def service_databases(stack: Any) -> list[str]:
    with psycopg.connect(stack.database_url("postgres")) as db:
        names = {row[0] for row in db.execute("select datname from pg_database where not datistemplate")}
    assert set(SERVICES) <= names, f"a service's database is missing: {sorted(set(SERVICES) - names)}"
    return list(SERVICES)


def text_columns(db: psycopg.Connection[Any]) -> list[tuple[str, str, str, str]]:
    rows = db.execute("select table_schema, table_name, column_name, data_type from information_schema.columns "
                      "where table_schema not in ('pg_catalog', 'information_schema')").fetchall()
    return [(schema, table, column, kind) for schema, table, column, kind in rows if kind in TEXT_TYPES]


def where_found(stack: Any, needles: list[str], file_bytes: bytes) -> list[str]:
    """Every database, table and column (text, varchar, json, jsonb, tsvector, arrays, bytea) holding a needle or
    the file's bytes."""
    found = []
    for database in service_databases(stack):
        with psycopg.connect(stack.database_url(database)) as db:
            for schema, table, column, kind in text_columns(db):
                name = sql.SQL("{}.{}").format(sql.Identifier(schema), sql.Identifier(table))
                if kind == "bytea":
                    query = sql.SQL("select count(*) from {t} where position(%s in {c}) > 0").format(
                        t=name, c=sql.Identifier(column))
                    values: list[str | bytes] = [file_bytes, *(needle.encode() for needle in needles)]
                else:
                    query = sql.SQL("select count(*) from {t} where strpos(lower({c}::text), lower(%s)) > 0").format(
                        t=name, c=sql.Identifier(column))
                    values = [*needles, file_bytes.decode()]
                found += [f"{database}.{table}.{column}: {value!r}" for value in values
                          if db.execute(query, (value,)).fetchone() != (0,)]
    return found


def bucket_objects_holding(stack: Any, needles: list[bytes]) -> list[str]:
    env = stack.env
    client = Minio(env["S3_ENDPOINT"], access_key=env["S3_ACCESS_KEY"], secret_key=env["S3_SECRET_KEY"],
                   secure=False)
    holding = []
    for bucket in client.list_buckets():
        for item in client.list_objects(bucket.name, recursive=True):
            assert item.object_name is not None
            response = client.get_object(bucket.name, item.object_name)
            try:
                data = response.read()
            finally:
                response.close()
                response.release_conn()
            holding += [f"{bucket.name}/{item.object_name}" for needle in needles if needle in data]
    return holding


def test_an_applicant_asks_once_and_sees_the_due_date(make_applicant: MakeApplicant) -> None:
    """The request is answered within 30 days (spec §1); one open request per person."""
    applicant = make_applicant()
    answer = ask(applicant)
    assert answer.status_code == 202, answer.text
    body = answer.json()
    requested = datetime.fromisoformat(body["requestedAt"])
    assert body["status"] == "pending" and body["reason"] == "I no longer want an account"
    assert date.fromisoformat(body["dueDate"]) == requested.astimezone(TALLINN).date() + timedelta(days=30)
    assert "userId" not in body and body["decidedAt"] is None
    again = ask(applicant, "once more")
    assert again.status_code == 409 and again.json()["code"] == "erasure_already_requested"
    own = applicant.client.get("/api/privacy/erasure")
    assert own.status_code == 200 and own.json()["id"] == body["id"]


def test_no_request_is_404_and_a_reason_is_required(make_applicant: MakeApplicant) -> None:
    applicant = make_applicant()
    assert applicant.client.get("/api/privacy/erasure").status_code == 404
    empty = ask(applicant, "  ")
    assert empty.status_code == 422 and "reason" in empty.json()["fields"]
    assert ask(applicant, "x" * 1001).status_code == 422


def test_applicants_cannot_decide_and_admins_cannot_ask(make_applicant: MakeApplicant,
                                                         admin_client: httpx.Client) -> None:
    applicant = make_applicant()
    request_id = ask(applicant).json()["id"]
    assert applicant.client.get("/api/admin/erasure-requests").status_code == 403
    assert applicant.client.post(f"/api/admin/erasure-requests/{request_id}/approve").status_code == 403
    assert applicant.client.post(f"/api/admin/erasure-requests/{request_id}/refuse",
                                 json={"reason": "no"}).status_code == 403
    assert admin_client.post("/api/privacy/erasure", json={"reason": "me"}).status_code == 403


def test_a_refusal_carries_its_reason_and_a_decided_request_is_409(make_applicant: MakeApplicant,
                                                                   admin_client: httpx.Client) -> None:
    applicant = make_applicant()
    request_id = ask(applicant).json()["id"]
    listed = {r["id"]: r for r in requests_of(admin_client, status="pending", limit=200)}
    assert listed[request_id]["userId"] == applicant.user["id"]
    assert listed[request_id]["email"] == applicant.user["email"]
    refused = admin_client.post(f"/api/admin/erasure-requests/{request_id}/refuse",
                                json={"reason": "Your contract obliges us to keep your data"})
    assert refused.status_code == 200, refused.text
    assert refused.json()["status"] == "refused"
    own = applicant.client.get("/api/privacy/erasure").json()
    assert own["decisionReason"] == "Your contract obliges us to keep your data" and own["decidedAt"]
    for decision, body in (("approve", None), ("refuse", {"reason": "again"})):
        again = admin_client.post(f"/api/admin/erasure-requests/{request_id}/{decision}", json=body)
        assert again.status_code == 409 and again.json()["code"] == "erasure_not_pending"
    assert applicant.client.get("/api/user").status_code == 200  # a refusal erases nothing
    assert request_id not in {r["id"] for r in requests_of(admin_client, status="pending", limit=200)}
    assert ask(applicant).status_code == 202  # and the person may ask again
    assert admin_client.post(f"/api/admin/erasure-requests/{uuid.uuid4()}/approve").status_code == 404


def test_an_approved_erasure_leaves_nothing_of_an_applicant_without_a_contract(
        stack: Any, gateway: str, make_applicant: MakeApplicant, admin_client: httpx.Client) -> None:
    """Issue 16's test: after an approved erasure of an applicant without a contract (who registered, has an
    application with notes, uploaded a document, sent a contact message and got e-mails), no database (every
    text, varchar, json, jsonb column of every table) and no bucket object holds their name, e-mail, phone, ID code
    or their file's bytes; their sign-in is refused as a wrong password is."""
    person = unique_person()
    id_code = new_id_code()
    applicant = make_applicant(**person, idCode=id_code)
    application = wait_for_projections(applicant)
    file_bytes = f"Passport scan of {person['fullName']} {uuid.uuid4()}\n".encode()
    uploaded = applicant.client.post("/api/documents", files={"file": ("passport.txt", file_bytes)})
    assert uploaded.status_code == 201, uploaded.text
    with httpx.Client(base_url=gateway, headers={"Origin": gateway}, timeout=15) as visitor:
        sent = visitor.post("/api/contact", json={"name": person["fullName"], "email": person["email"].upper(),
                                                  "subject": "About my data", "message": f"I am {person['fullName']}"})
    assert sent.status_code in (200, 201, 202), sent.text
    changed = admin_client.put(f"/api/admin/applications/{application['id']}/status", json={
        "status": "rejected", "notes": f"Sorry {person['fullName']}, not this time",
        "internalNote": f"{person['fullName']} ({id_code}) did not fit"})
    assert changed.status_code == 200, changed.text
    eventually(lambda: mail_to(stack, person["email"]), timeout=30, what="an e-mail to the applicant")
    needles = [person["fullName"], person["email"], person["phone"], id_code]
    assert where_found(stack, needles, file_bytes), "the scan finds the person before the erasure"

    request_id = ask(applicant).json()["id"]
    approved = admin_client.post(f"/api/admin/erasure-requests/{request_id}/approve")
    assert approved.status_code == 200, approved.text
    assert approved.json()["status"] in ("approved", "completed")
    assert applicant.client.get("/api/user").status_code == 401  # every session has ended
    eventually(lambda: next(r for r in requests_of(admin_client, limit=200) if r["id"] == request_id)["status"]
               == "completed", timeout=60, what="every service answered")
    try:
        eventually(lambda: where_found(stack, needles, file_bytes) == [], timeout=30, what="nothing left")
    except AssertionError as failed:
        raise AssertionError(f"{failed}; still there: {where_found(stack, needles, file_bytes)}") from None
    assert bucket_objects_holding(stack, [file_bytes, *(n.encode() for n in needles)]) == []
    refused_like_a_wrong_password(gateway, applicant.user["username"], applicant.password)


def test_a_signed_contract_is_held_out_of_the_lists_and_shown_in_legal_holds(
        make_applicant: MakeApplicant, gateway: str, admin_client: httpx.Client) -> None:
    """Employment records are kept 7 years after the contract ends, restricted: out of the admin contracts list
    and its search, readable only from GET /api/admin/legal-holds."""
    person = unique_person()
    applicant = make_applicant(**person)
    wait_for_projections(applicant)
    created = admin_client.post("/api/contracts", json={
        "userId": applicant.user["id"], "applicationId": None, "title": "Board member agreement",
        "content": f"Section 1\n{person['fullName']} serves 6 months."})
    assert created.status_code == 201, created.text
    contract_id = created.json()["id"]
    signed = applicant.client.post(f"/api/contracts/{contract_id}/sign", json={"signatureData": drawn_signature()})
    assert signed.status_code == 200, signed.text

    request_id = ask(applicant).json()["id"]
    assert admin_client.post(f"/api/admin/erasure-requests/{request_id}/approve").status_code == 200

    def held() -> dict[str, Any] | None:
        holds = admin_client.get("/api/admin/legal-holds", params={"limit": 200})
        assert holds.status_code == 200, holds.text
        return next((h for h in holds.json() if h["id"] == contract_id), None)
    hold = eventually(held, timeout=30, what="the contract under legal hold")
    assert hold["signerName"] == person["fullName"] and hold["userId"] == applicant.user["id"]
    until = datetime.fromisoformat(hold["legalHoldUntil"])
    assert until.year - datetime.now(TALLINN).year == 7
    listed = admin_client.get("/api/admin/contracts", params={"userId": applicant.user["id"]}).json()
    assert listed == []
    searched = admin_client.get("/api/admin/contracts", params={"q": person["fullName"]}).json()
    assert all(c["id"] != contract_id for c in searched)
    assert admin_client.get(f"/api/contracts/{contract_id}/pdf").status_code == 404
    refused_like_a_wrong_password(gateway, applicant.user["username"], applicant.password)
