"""contracts' calls (spec §7) through the gateway, against real Postgres and NATS: creating, listing, signing,
the registration contract, the audit trail, the immutability of signed text and the PDF."""

import asyncio
import base64
import hashlib
import io
import json
import time
import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import nats
import psycopg
import pytest
from PIL import Image, ImageDraw
from pyhanko.pdf_utils.reader import PdfFileReader

from conftest import Applicant, client_address, eventually, nats_login, new_id_code
from portal_common.auth import ASSERTION_HEADER, sign_assertion
from portal_common.events import (
    ApplicationStatusChanged,
    ContractAcceptance,
    EventEnvelope,
    EventPayload,
    UserRegistered,
)

CANVAS = (500, 200)
CONTRACT_FIELDS = {"id", "applicationId", "userId", "kind", "title", "content", "status", "createdAt", "signedAt",
                   "expiresAt", "signatureData", "signatureMethod"}
MakeApplicant = Callable[..., Applicant]


# ---- helpers ------------------------------------------------------------------------------------------

def png_bytes(size: tuple[int, int] = CANVAS, drawn: bool = True, background: tuple[int, int, int, int] = (0, 0, 0, 0),
              image_format: str = "PNG") -> bytes:
    """What the web canvas sends: 2 px black strokes on a transparent (or white) 500x200 image."""
    image = Image.new("RGBA", size, background)
    if drawn:
        ImageDraw.Draw(image).line([(30, 150), (120, 40), (220, 160), (330, 50), (460, 140)], fill=(0, 0, 0, 255),
                                   width=2)
    out = io.BytesIO()
    (image.convert("RGB") if image_format == "JPEG" else image).save(out, image_format)
    return out.getvalue()


def data_url(data: bytes, mime: str = "image/png") -> str:
    return f"data:{mime};base64,{base64.b64encode(data).decode()}"


SIGNATURE = data_url(png_bytes())


def wait_for_contracts(client: httpx.Client, count: int = 1, timeout: float = 10) -> list[dict[str, Any]]:
    """The registration contract arrives by event: poll until the list holds ``count`` contracts."""
    deadline = time.monotonic() + timeout
    while True:
        response = client.get("/api/contracts")
        assert response.status_code == 200, response.text
        contracts: list[dict[str, Any]] = response.json()
        if len(contracts) >= count or time.monotonic() > deadline:
            return contracts
        time.sleep(0.1)


def registered(make_applicant: MakeApplicant, **overrides: Any) -> Applicant:
    """A new applicant whose registration has reached contracts (so admins can make them contracts)."""
    applicant = make_applicant(**overrides)
    assert len(wait_for_contracts(applicant.client)) == 1, "the registration contract never arrived"
    return applicant


def application_of(stack: Any, applicant: Applicant) -> int:
    """The applicant's application id, once contracts has learnt from applications' event whose it is."""
    response = applicant.client.get("/api/application")
    assert response.status_code == 200, response.text
    application_id: int = response.json()["application"]["id"]
    eventually(lambda: db_row(stack, "select count(*) from applications where application_id = %s",
                              application_id)[0], what="contracts knows the application")
    return application_id


def create(admin: httpx.Client, user_id: int, **overrides: Any) -> dict[str, Any]:
    body = {"userId": user_id, "applicationId": None, "title": "Board member agreement",
            "content": "Section 1\nThe board member serves 6 months.\n\nSection 2\nPay: 500 EUR.", **overrides}
    response = admin.post("/api/contracts", json=body)
    assert response.status_code == 201, response.text
    contract: dict[str, Any] = response.json()
    return contract


def db_row(stack: Any, query: str, *params: Any) -> tuple[Any, ...]:
    with psycopg.connect(stack.database_url("contracts")) as db:
        row = db.execute(query, params).fetchone()
    assert row is not None
    return tuple(row)


def db_execute(stack: Any, query: str, *params: Any) -> None:
    with psycopg.connect(stack.database_url("contracts"), autocommit=True) as db:
        db.execute(query, params)


def publish_and_wait(stack: Any, payload: EventPayload) -> None:
    """Publishes an event as its service would and waits until contracts has handled it."""
    envelope = EventEnvelope.wrap(payload)

    async def publish() -> None:
        # Each service may publish only its own events: identity.* as identity, applications.* as applications.
        publisher = envelope.type.split(".", 1)[0]
        connection = await nats.connect(stack.env["PORTAL_NATS_URL"], **nats_login(stack, publisher))
        try:
            await connection.jetstream().publish(envelope.type, envelope.to_bytes(),
                                                 headers={"Nats-Msg-Id": str(envelope.id)})
        finally:
            await connection.close()

    asyncio.run(publish())
    eventually(lambda: db_row(stack, "select count(*) from processed_events where event_id = %s", envelope.id)[0],
               what=f"{envelope.type} handled")


async def _find_events(stack: Any, contract_id: int, wanted: set[str]) -> dict[str, dict[str, Any]]:
    connection = await nats.connect(stack.env["PORTAL_NATS_URL"], **nats_login(stack, "contracts"))
    found: dict[str, dict[str, Any]] = {}
    try:
        subscription = await connection.jetstream().subscribe("contracts.>", ordered_consumer=True)
        while set(found) != wanted:
            message = await subscription.next_msg(timeout=10)
            try:
                event = json.loads(message.data)
                ours = event["payload"]["contractId"] == contract_id
            except (ValueError, KeyError, TypeError):
                continue  # another suite's odd event on the shared stack (say, a consumer's poison message)
            if ours:
                assert message.headers and message.headers.get("Nats-Msg-Id") == event["id"]
                found[event["type"]] = event
        return found
    finally:
        await connection.close()


# ---- access -------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("method", "path"), [("GET", "/api/contracts"), ("POST", "/api/contracts"),
                                              ("POST", "/api/contracts/1/sign"), ("GET", "/api/contracts/1/pdf"),
                                              ("GET", "/api/admin/contracts"),
                                              ("PUT", "/api/admin/contracts/1/status")])
def test_signed_out_is_401(client: httpx.Client, method: str, path: str) -> None:
    response = client.request(method, path, json={})
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"


def test_applicants_cannot_create_or_list_all_contracts(make_applicant: MakeApplicant) -> None:
    applicant = make_applicant()
    created = applicant.client.post("/api/contracts", json={"userId": applicant.user["id"], "title": "Mine",
                                                            "content": "I give myself a contract"})
    assert created.status_code == 403 and created.json()["code"] == "forbidden"
    assert applicant.client.get("/api/admin/contracts").status_code == 403
    assert applicant.client.put("/api/admin/contracts/1/status", json={"status": "cancelled"}).status_code == 403


def test_the_service_itself_refuses_an_applicants_contract(stack: Any) -> None:
    """issue 12: the admin dependency guards POST /api/contracts behind the gateway's check too."""
    applicant = sign_assertion(stack.env["PORTAL_ASSERTION_SECRET"], 1, "applicant", "et")
    response = httpx.post(f"{stack.service_url('contracts')}/api/contracts",
                          json={"userId": 1, "title": "T", "content": "C"},
                          headers={ASSERTION_HEADER: applicant, "Sec-Fetch-Site": "same-origin"})
    assert response.status_code == 403 and response.json()["code"] == "forbidden"


def test_a_forged_identity_header_is_refused_by_the_service(stack: Any) -> None:
    forged = sign_assertion("not-the-secret", 1, "admin", "et")
    response = httpx.get(f"{stack.service_url('contracts')}/api/admin/contracts", headers={ASSERTION_HEADER: forged})
    assert response.status_code == 401


# ---- the registration contract ------------------------------------------------------------------------

@pytest.mark.parametrize(("language", "title", "heading", "payment", "name_label"), [
    ("en", "Employment contract", "Employment Contract — Board Member Services", "5. Payment terms", "Name: "),
    ("et", "Tööleping", "Tööleping — juhatuse liikme teenused", "5. Maksetingimused", "Nimi: "),
])
def test_the_registration_contract_is_the_first_contract_already_signed_in_the_applicants_language(
        stack: Any, make_applicant: MakeApplicant, language: str, title: str, heading: str, payment: str,
        name_label: str) -> None:
    id_code = new_id_code()
    applicant = make_applicant(language=language, fullName="Õie Šaržant", idCode=id_code,
                               contractSignedName="Õie Šaržant", contractSignedIdCode=id_code)
    contracts = wait_for_contracts(applicant.client)
    assert len(contracts) == 1
    contract = contracts[0]
    assert set(contract) == CONTRACT_FIELDS
    assert (contract["title"], contract["status"], contract["kind"], contract["userId"]) == (
        title, "signed", "employment", applicant.user["id"])
    assert contract["signedAt"] is not None and contract["signatureData"] is None and contract["expiresAt"] is None
    content = contract["content"]
    assert content.startswith(heading + "\n\n")
    assert "Shelf Board Services OÜ" in content and "16543210" in content and "Narva mnt 5, 10117 Tallinn" in content
    assert f"{name_label}Õie Šaržant" in content and id_code in content
    for number in range(1, 11):
        assert f"\n{number}. " in content
    section_5 = content.split(f"\n{payment}\n")[1].split("\n\n")[0]
    assert section_5.count("\n• ") == 3
    audit = db_row(stack, "select method, typed_name, typed_id_code, content_sha256, signer_user_id, ip_address, "
                          "user_agent from signature_audit where contract_id = %s", contract["id"])
    assert audit[:5] == ("registration-dialog", "Õie Šaržant", id_code, hashlib.sha256(content.encode()).hexdigest(),
                         applicant.user["id"])
    assert audit[5] == client_address() and audit[6].startswith("python-httpx")  # carried over from identity


def test_the_registration_contract_is_made_once_even_if_the_event_comes_again(stack: Any,
                                                                               make_applicant: MakeApplicant) -> None:
    applicant = registered(make_applicant)
    user_id = applicant.user["id"]
    again = UserRegistered(
        user_id=user_id, username=applicant.user["username"], full_name="Mari Maasikas", email=applicant.user["email"],
        phone="+372 5551 2345", date_of_birth=datetime(1980, 4, 12).date(), id_code="37605030299", city="Tallinn",
        address=None, language="en",
        contract=ContractAcceptance(full_name="Someone Else", id_code="37605030299", accepted_at=datetime.now(UTC),
                                    language="en"))
    publish_and_wait(stack, again)  # a new event id, so only the unique index can stop a second contract
    contracts = applicant.client.get("/api/contracts").json()
    assert len(contracts) == 1 and contracts[0]["title"] == "Tööleping"


OLDER_CONNECTIONS = ("from pg_stat_activity where datname = 'contracts' and pid <> pg_backend_pid() "
                     "and backend_start < %s")


def reconnect_contracts_services(stack: Any) -> None:
    """Closes every connection the service held to contracts' database, each while it sits idle in the pool
    (no query is cut short); the pool opens new ones (pre-ping), which take the database's settings."""
    with psycopg.connect(stack.database_url("contracts"), autocommit=True) as db:
        started = db.execute("select clock_timestamp()").fetchone()

        def all_reconnected() -> bool:
            db.execute(f"select pg_terminate_backend(pid) {OLDER_CONNECTIONS} and state = 'idle'", started)
            left = db.execute(f"select count(*) {OLDER_CONNECTIONS}", started).fetchone()
            return left is not None and left[0] == 0

        eventually(all_reconnected, what="the service's connections replaced")


@pytest.fixture
def generic_plans_only(stack: Any, admin_client: httpx.Client) -> Iterator[None]:
    """Every connection to contracts' database plans statements generically, as a statement psycopg has
    prepared (after five executions) may come to; the database setting reaches the service's new connections."""
    db_execute(stack, "alter database contracts set plan_cache_mode = force_generic_plan")
    try:
        reconnect_contracts_services(stack)
        eventually(lambda: admin_client.get("/api/admin/contracts").status_code == 200, what="contracts answering")
        yield
    finally:
        db_execute(stack, "alter database contracts reset plan_cache_mode")
        reconnect_contracts_services(stack)


def test_every_registration_is_handled_on_first_delivery_with_generic_plans(
        stack: Any, make_applicant: MakeApplicant, generic_plans_only: None) -> None:
    """Honest outages: "Every first delivery must succeed; a test forces the generic plan." The employment
    contract's ON CONFLICT named its partial index's predicate with a bound parameter, which a generic plan
    cannot match to the index (InvalidColumnReference), so those deliveries failed and were retried."""
    log = stack.logs / "contracts.log"
    logged_before = log.stat().st_size
    applicants = [make_applicant() for _ in range(8)]
    for applicant in applicants:
        assert [c["kind"] for c in wait_for_contracts(applicant.client)] == ["employment"]
    logged = log.read_bytes()[logged_before:].decode(errors="replace")
    assert "handler failed" not in logged and "InvalidColumnReference" not in logged


# ---- creating -----------------------------------------------------------------------------------------

def test_admin_creates_a_contract_the_applicant_sees_it_pending(stack: Any, make_applicant: MakeApplicant,
                                                                 admin_client: httpx.Client) -> None:
    applicant = registered(make_applicant)
    application_id = application_of(stack, applicant)
    contract = create(admin_client, applicant.user["id"], applicationId=application_id, expiresAt="2099-12-31",
                      content="Line one\r\nLine two")
    assert set(contract) == CONTRACT_FIELDS | {"createdBy", "user"}
    assert (contract["status"], contract["kind"], contract["applicationId"], contract["content"]) == (
        "pending", "admin", application_id, "Line one\nLine two")
    assert contract["user"] == {"fullName": "Mari Maasikas", "username": applicant.user["username"],
                                "email": applicant.user["email"]}
    # A date means the end of that day in Tallinn (EET in winter, UTC+2).
    assert datetime.fromisoformat(contract["expiresAt"]) == datetime(2099, 12, 31, 21, 59, 59, tzinfo=UTC)
    mine = applicant.client.get("/api/contracts").json()
    assert [c["id"] for c in mine][:1] == [contract["id"]]  # newest first, before the registration contract
    assert mine[0] == {k: v for k, v in contract.items() if k in CONTRACT_FIELDS}
    assert mine[1]["kind"] == "employment"


def test_create_validates_with_field_messages(make_applicant: MakeApplicant, admin_client: httpx.Client) -> None:
    empty = admin_client.post("/api/contracts", json={"title": " ", "content": ""})
    assert empty.status_code == 422
    assert empty.json()["fields"] == {"userId": "Please select a user", "title": "Title is required",
                                      "content": "Content is required"}
    unknown = admin_client.post("/api/contracts", json={"userId": 1_999_999_999, "title": "T", "content": "C"})
    assert unknown.status_code == 422 and unknown.json()["fields"] == {"userId": "User not found"}
    applicant = registered(make_applicant)
    past = admin_client.post("/api/contracts", json={"userId": applicant.user["id"], "title": "T", "content": "C",
                                                     "expiresAt": "2020-01-01"})
    assert past.status_code == 422 and past.json()["fields"] == {"expiresAt": "The expiry date must be in the future"}
    garbage = admin_client.post("/api/contracts", json={"userId": applicant.user["id"], "title": "T", "content": "C",
                                                        "expiresAt": "soon"})
    assert garbage.json()["fields"] == {"expiresAt": "Please enter a valid expiry date"}


def contracts_and_events(stack: Any, title: str) -> tuple[Any, ...]:
    """The contracts titled ``title`` and the events that name it: other tests write theirs meanwhile (issue 32)."""
    return db_row(stack, "select (select count(*) from contracts where title = %s), (select count(*) "
                         "from outbox where position(%s in convert_from(body, 'UTF8')) > 0)", title, title)


def test_a_contract_names_a_known_user_and_that_users_application(stack: Any, make_applicant: MakeApplicant,
                                                                   admin_client: httpx.Client) -> None:
    """Closed internals: "Admin writes check what they reference: a ... contract for a user who does not exist
    (user 999999 was accepted), or with an applicationId that is not that user's, answers 422 naming the
    field." Nothing is written, no event goes out."""
    owner, other = registered(make_applicant), registered(make_applicant)
    own_application, others_application = application_of(stack, owner), application_of(stack, other)
    owner_id = owner.user["id"]
    title = f"Refused {uuid.uuid4().hex}"
    for references, fields in [
        ({"userId": 999999}, {"userId": "User not found"}),
        ({"userId": 999999, "applicationId": own_application}, {"userId": "User not found"}),
        ({"userId": owner_id, "applicationId": others_application},
         {"applicationId": "This application belongs to another user"}),
        ({"userId": owner_id, "applicationId": 999999}, {"applicationId": "Application not found"}),
    ]:
        response = admin_client.post("/api/contracts", json={"title": title, "content": "C", **references})
        assert response.status_code == 422, (references, response.text)
        assert response.json()["code"] == "validation_error" and response.json()["fields"] == fields
    assert contracts_and_events(stack, title) == (0, 0)
    assert [c["kind"] for c in owner.client.get("/api/contracts").json()] == ["employment"]
    assert create(admin_client, owner_id, applicationId=own_application)["applicationId"] == own_application
    assert create(admin_client, owner_id)["applicationId"] is None


def test_an_application_named_by_a_status_change_is_known_too(stack: Any, make_applicant: MakeApplicant,
                                                               admin_client: httpx.Client) -> None:
    """Applications made before applications.created existed become known from their status changes, which
    JetStream replays to a new consumer; the first event to name an application decides whose it is."""
    owner, other = registered(make_applicant), registered(make_applicant)
    older_application = 2_000_000_000 - owner.user["id"]  # far above the ids the test stack hands out
    body = {"userId": owner.user["id"], "applicationId": older_application, "title": "T", "content": "C"}
    assert admin_client.post("/api/contracts", json=body).status_code == 422
    publish_and_wait(stack, ApplicationStatusChanged(application_id=older_application, user_id=owner.user["id"],
                                                     old_status="pending", new_status="approved", notes=None,
                                                     changed_by=1))
    publish_and_wait(stack, ApplicationStatusChanged(application_id=older_application, user_id=other.user["id"],
                                                     old_status="approved", new_status="active", notes=None,
                                                     changed_by=1))
    assert create(admin_client, owner.user["id"], applicationId=older_application)["applicationId"] == older_application
    refused = admin_client.post("/api/contracts", json={**body, "userId": other.user["id"]})
    assert refused.status_code == 422 and set(refused.json()["fields"]) == {"applicationId"}


def test_admin_list_is_newest_first_with_the_users_names(make_applicant: MakeApplicant,
                                                         admin_client: httpx.Client) -> None:
    first = registered(make_applicant, fullName="Kalle Kask")
    second = registered(make_applicant, fullName="Liisa Lepp")
    a = create(admin_client, first.user["id"], title="First")
    b = create(admin_client, second.user["id"], title="Second")
    listed = admin_client.get("/api/admin/contracts").json()
    ids = [c["id"] for c in listed]
    assert ids.index(b["id"]) < ids.index(a["id"])
    assert ids == sorted(ids, key=lambda i: next(c["createdAt"] for c in listed if c["id"] == i), reverse=True)
    by_id = {c["id"]: c for c in listed}
    assert by_id[a["id"]]["user"]["fullName"] == "Kalle Kask"
    assert by_id[b["id"]]["user"] == {"fullName": "Liisa Lepp", "username": second.user["username"],
                                      "email": second.user["email"]}
    assert by_id[a["id"]]["createdBy"] is not None


def test_created_and_signed_events_are_published(stack: Any, make_applicant: MakeApplicant,
                                                 admin_client: httpx.Client) -> None:
    applicant = registered(make_applicant)
    application_id = application_of(stack, applicant)
    contract = create(admin_client, applicant.user["id"], applicationId=application_id)
    signed = applicant.client.post(f"/api/contracts/{contract['id']}/sign", json={"signatureData": SIGNATURE}).json()
    events = asyncio.run(_find_events(stack, contract["id"],
                                      {"contracts.created", "contracts.signed"}))
    assert events["contracts.created"]["payload"] == {"contractId": contract["id"], "userId": applicant.user["id"],
                                                      "applicationId": application_id,
                                                      "title": "Board member agreement", "kind": "admin"}
    payload = events["contracts.signed"]["payload"]
    assert payload["contentSha256"] == hashlib.sha256(contract["content"].encode()).hexdigest()
    assert datetime.fromisoformat(payload["signedAt"]) == datetime.fromisoformat(signed["signedAt"])


# ---- signing ------------------------------------------------------------------------------------------

def test_signing_stores_the_signature_and_a_full_audit_record(stack: Any, make_applicant: MakeApplicant,
                                                              admin_client: httpx.Client) -> None:
    applicant = registered(make_applicant, fullName="Tõnu Türk")
    contract = create(admin_client, applicant.user["id"], content="Tekst õäöüšž\nteine rida")
    before = datetime.now(UTC)
    response = applicant.client.post(f"/api/contracts/{contract['id']}/sign", json={"signatureData": SIGNATURE},
                                     headers={"User-Agent": "ContractsTest/1.0 (signing)"})
    assert response.status_code == 200, response.text
    signed = response.json()
    assert (signed["status"], signed["signatureData"], signed["content"]) == ("signed", SIGNATURE, contract["content"])
    assert before - timedelta(seconds=5) <= datetime.fromisoformat(signed["signedAt"]) <= datetime.now(UTC)
    assert applicant.client.get("/api/contracts").json()[0] == signed
    audit = db_row(stack, "select signer_user_id, ip_address, user_agent, content_sha256, signature_sha256, method, "
                          "signer_name, signed_at from signature_audit where contract_id = %s", contract["id"])
    content_hash = hashlib.sha256("Tekst õäöüšž\nteine rida".encode()).hexdigest()
    assert audit[:7] == (applicant.user["id"], client_address(), "ContractsTest/1.0 (signing)", content_hash,
                         hashlib.sha256(png_bytes()).hexdigest(), "drawn", "Tõnu Türk")
    assert audit[7] == datetime.fromisoformat(signed["signedAt"])
    assert db_row(stack, "select content_sha256 from contracts where id = %s", contract["id"]) == (content_hash,)


def test_a_spoofed_forwarded_for_does_not_become_the_audit_ip(stack: Any, make_applicant: MakeApplicant,
                                                              admin_client: httpx.Client) -> None:
    applicant = registered(make_applicant)
    contract = create(admin_client, applicant.user["id"])
    response = applicant.client.post(f"/api/contracts/{contract['id']}/sign", json={"signatureData": SIGNATURE},
                                     headers={"X-Forwarded-For": "203.0.113.9"})
    assert response.status_code == 200
    ip = db_row(stack, "select ip_address from signature_audit where contract_id = %s", contract["id"])[0]
    assert ip == client_address()  # the gateway does not trust the client's header


def test_signing_twice_is_409_and_keeps_the_first_signature(make_applicant: MakeApplicant,
                                                            admin_client: httpx.Client) -> None:
    applicant = registered(make_applicant)
    contract = create(admin_client, applicant.user["id"])
    first = applicant.client.post(f"/api/contracts/{contract['id']}/sign", json={"signatureData": SIGNATURE}).json()
    other = data_url(png_bytes(background=(255, 255, 255, 255)))
    again = applicant.client.post(f"/api/contracts/{contract['id']}/sign", json={"signatureData": other})
    assert again.status_code == 409 and again.json()["code"] == "conflict"
    assert applicant.client.get("/api/contracts").json()[0] == first


def test_the_registration_contract_cannot_be_signed_again(make_applicant: MakeApplicant) -> None:
    applicant = registered(make_applicant)
    contract = applicant.client.get("/api/contracts").json()[0]
    response = applicant.client.post(f"/api/contracts/{contract['id']}/sign", json={"signatureData": SIGNATURE})
    assert response.status_code == 409


def test_an_expired_contract_shows_expired_and_cannot_be_signed(stack: Any, make_applicant: MakeApplicant,
                                                                admin_client: httpx.Client) -> None:
    applicant = registered(make_applicant)
    contract = create(admin_client, applicant.user["id"], expiresAt="2099-01-01T12:00:00Z")
    db_execute(stack, "update contracts set expires_at = now() - interval '1 minute' where id = %s", contract["id"])
    assert applicant.client.get("/api/contracts").json()[0]["status"] == "expired"
    listed = {c["id"]: c for c in admin_client.get("/api/admin/contracts").json()}
    assert listed[contract["id"]]["status"] == "expired"
    response = applicant.client.post(f"/api/contracts/{contract['id']}/sign", json={"signatureData": SIGNATURE})
    assert response.status_code == 409 and response.json()["code"] == "conflict"
    assert db_row(stack, "select status, signed_at from contracts where id = %s", contract["id"]) == ("expired", None)


def test_admin_sends_and_cancels_and_a_cancelled_contract_cannot_be_signed(make_applicant: MakeApplicant,
                                                                           admin_client: httpx.Client) -> None:
    applicant = registered(make_applicant)
    sent = create(admin_client, applicant.user["id"])
    response = admin_client.put(f"/api/admin/contracts/{sent['id']}/status", json={"status": "sent"})
    assert response.status_code == 200 and response.json()["status"] == "sent"
    assert applicant.client.post(f"/api/contracts/{sent['id']}/sign",
                                 json={"signatureData": SIGNATURE}).json()["status"] == "signed"
    assert admin_client.put(f"/api/admin/contracts/{sent['id']}/status",
                            json={"status": "cancelled"}).status_code == 409

    cancelled = create(admin_client, applicant.user["id"])
    response = admin_client.put(f"/api/admin/contracts/{cancelled['id']}/status", json={"status": "cancelled"})
    assert response.status_code == 200 and response.json()["status"] == "cancelled"
    refused = applicant.client.post(f"/api/contracts/{cancelled['id']}/sign", json={"signatureData": SIGNATURE})
    assert refused.status_code == 409
    assert admin_client.put(f"/api/admin/contracts/{cancelled['id']}/status",
                            json={"status": "sent"}).status_code == 409
    bad = admin_client.put(f"/api/admin/contracts/{cancelled['id']}/status", json={"status": "signed"})
    assert bad.status_code == 422 and "status" in bad.json()["fields"]
    assert admin_client.put("/api/admin/contracts/999999999/status", json={"status": "sent"}).status_code == 404


def test_someone_elses_or_a_missing_contract_is_404(make_applicant: MakeApplicant, admin_client: httpx.Client) -> None:
    owner = registered(make_applicant)
    intruder = make_applicant()
    contract = create(admin_client, owner.user["id"])
    response = intruder.client.post(f"/api/contracts/{contract['id']}/sign", json={"signatureData": SIGNATURE})
    assert response.status_code == 404 and response.json()["code"] == "not_found"
    assert contract["id"] not in [c["id"] for c in intruder.client.get("/api/contracts").json()]
    assert owner.client.post("/api/contracts/999999999/sign", json={"signatureData": SIGNATURE}).status_code == 404
    # Admins create contracts; they do not sign applicants' contracts.
    assert admin_client.post(f"/api/contracts/{contract['id']}/sign",
                             json={"signatureData": SIGNATURE}).status_code == 404


BLANK = data_url(png_bytes(drawn=False))
WHITE = data_url(png_bytes(drawn=False, background=(255, 255, 255, 255)))


@pytest.mark.parametrize(("signature_data", "message"), [
    ("not a data url", "The signature must be a PNG image"),
    (data_url(b"plain text, not an image", "image/png"), "The signature must be a PNG image"),
    (data_url(png_bytes(image_format="JPEG")), "The signature must be a PNG image"),
    (data_url(png_bytes(), "image/jpeg"), "The signature must be a PNG image"),
    ("data:image/png;base64,@@@not-base64@@@", "The signature must be a PNG image"),
    (data_url(png_bytes()[:300]), "The signature must be a PNG image"),
    (BLANK, "Please draw your signature"),
    (WHITE, "Please draw your signature"),
    (data_url(png_bytes(size=(2500, 200))), "The signature image is too large"),
    ("data:image/png;base64," + "A" * 400_000, "The signature image is too large"),
    ("", "The signature must be a PNG image"),
    (None, "The signature must be a PNG image"),
    (12, "The signature must be a PNG image"),
])
def test_signature_must_be_a_drawn_png(make_applicant: MakeApplicant, admin_client: httpx.Client,
                                       signature_data: Any, message: str) -> None:
    applicant = registered(make_applicant)
    contract = create(admin_client, applicant.user["id"])
    response = applicant.client.post(f"/api/contracts/{contract['id']}/sign", json={"signatureData": signature_data})
    assert response.status_code == 422
    assert response.json()["fields"] == {"signatureData": message}
    assert applicant.client.get("/api/contracts").json()[0]["status"] == "pending"


# ---- signed text never changes ------------------------------------------------------------------------

def test_the_database_refuses_to_change_or_delete_a_signed_contract(stack: Any, make_applicant: MakeApplicant,
                                                                    admin_client: httpx.Client) -> None:
    applicant = registered(make_applicant)
    contract = create(admin_client, applicant.user["id"])
    applicant.client.post(f"/api/contracts/{contract['id']}/sign", json={"signatureData": SIGNATURE})
    for statement in ("update contracts set content = 'forged' where id = %s",
                      "update contracts set title = 'forged' where id = %s",
                      "update contracts set status = 'pending', signed_at = null where id = %s",
                      "delete from contracts where id = %s",
                      "update signature_audit set ip_address = '10.0.0.1' where contract_id = %s"):
        with pytest.raises(psycopg.errors.IntegrityConstraintViolation):
            db_execute(stack, statement, contract["id"])
    assert applicant.client.get("/api/contracts").json()[0]["content"] == contract["content"]
    # An unsigned contract is still an ordinary row.
    unsigned = create(admin_client, applicant.user["id"])
    db_execute(stack, "update contracts set content = 'edited before signing' where id = %s", unsigned["id"])


# ---- PDF ----------------------------------------------------------------------------------------------

def pdf_title(pdf: bytes) -> str:
    """The document title as a PDF reader shows it: from the newest Info dictionary, which the seal's update
    rewrites (issue 13), in whichever string encoding that revision uses."""
    return str(PdfFileReader(io.BytesIO(pdf)).trailer_view["/Info"]["/Title"])


def test_signed_contract_pdf_for_the_owner_and_admins_only(make_applicant: MakeApplicant,
                                                           admin_client: httpx.Client) -> None:
    applicant = registered(make_applicant)
    contract = create(admin_client, applicant.user["id"], title="Juhatuse liikme leping õäöüšž",
                      content="\n".join(f"Punkt {i}: õäöüšž ÕÄÖÜŠŽ" for i in range(120)))
    unsigned = applicant.client.get(f"/api/contracts/{contract['id']}/pdf")
    assert unsigned.status_code == 409 and unsigned.json()["code"] == "conflict"
    applicant.client.post(f"/api/contracts/{contract['id']}/sign", json={"signatureData": SIGNATURE})
    for client in (applicant.client, admin_client):
        response = client.get(f"/api/contracts/{contract['id']}/pdf")
        assert response.status_code == 200
        assert response.headers["content-type"] == "application/pdf"
        assert response.headers["content-disposition"].startswith(f'attachment; filename="contract-{contract["id"]}-')
        pdf = response.content
        assert pdf.startswith(b"%PDF-") and pdf.rstrip().endswith(b"%%EOF")
        assert pdf_title(pdf) == "Juhatuse liikme leping õäöüšž"
        assert pdf.count(b"/Type /Page\n") >= 2  # 120 lines of text do not fit on one page
        assert b"/FontFile2" in pdf  # the TrueType font is embedded
        assert b"/Subtype /Image" in pdf  # the drawn signature
    assert make_applicant().client.get(f"/api/contracts/{contract['id']}/pdf").status_code == 404


def test_the_registration_contract_has_a_pdf(make_applicant: MakeApplicant) -> None:
    applicant = registered(make_applicant, language="en")
    contract = applicant.client.get("/api/contracts").json()[0]
    response = applicant.client.get(f"/api/contracts/{contract['id']}/pdf")
    assert response.status_code == 200 and response.content.startswith(b"%PDF-")
    assert pdf_title(response.content) == "Employment contract"
    assert b"/Subtype /Image" not in response.content  # accepted by typing name and ID code, nothing drawn


async def test_the_service_layer_refuses_to_flush_a_change_to_signed_text(stack: Any, make_applicant: MakeApplicant,
                                                                         admin_client: httpx.Client) -> None:
    from contracts.models import Contract, SignedContractChanged
    from portal_common.db import Database

    applicant = await asyncio.to_thread(registered, make_applicant)
    contract = await asyncio.to_thread(create, admin_client, applicant.user["id"])
    await asyncio.to_thread(applicant.client.post, f"/api/contracts/{contract['id']}/sign",
                            json={"signatureData": SIGNATURE})
    database = Database(stack.database_url("contracts"), pool_size=1)
    try:
        async with database.session() as session:
            row = await session.get(Contract, contract["id"])
            assert row is not None and row.signed_at is not None
            row.content = "forged"
            session.add(row)
            with pytest.raises(SignedContractChanged):
                await session.flush()
    finally:
        await database.dispose()
