"""The admins' lists of documents and document requests, paged, sorted, filtered and searched on the server
(issue 17, Lists; portal_common.listing's contract): GET /api/admin/documents and GET
/api/admin/document-requests through the gateway. Other tests' rows share the database, so every check here
narrows the list to this test's own applicants (userId, or a search for a unique word)."""

import uuid
from collections.abc import Callable
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import httpx
import pytest

from conftest import Applicant

PDF = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
Upload = Callable[..., httpx.Response]


def tallinn_today() -> date:
    return datetime.now(ZoneInfo("Europe/Tallinn")).date()


def unique_word() -> str:
    return f"zq{uuid.uuid4().hex[:10]}"


@pytest.fixture
def known(documents_db: Any, eventually: Any) -> Callable[[Applicant], int]:
    def wait(applicant: Applicant) -> int:
        """The applicant's user id, once identity's registration event has reached documents."""
        user_id = int(applicant.user["id"])

        def arrived() -> bool:
            row = documents_db.execute("select full_name from applicants where user_id = %s", (user_id,)).fetchone()
            return row is not None and row[0] is not None
        eventually(arrived, what="the registration reached documents")
        return user_id
    return wait


def request_for(admin: httpx.Client, user_id: int, name: str, due: date | None = None) -> dict[str, Any]:
    response = admin.post("/api/document-requests", json={"userId": user_id, "name": name,
                                                          "dueDate": due.isoformat() if due else None})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def id_code_of(applicant: Applicant) -> str:
    id_code: str = applicant.client.get("/api/profile").json()["idCode"]
    return id_code


def ids(response: httpx.Response) -> list[int]:
    assert response.status_code == 200, response.text
    return [item["id"] for item in response.json()]


def reject(admin: httpx.Client, document_id: int, reason: str = "Unreadable") -> None:
    response = admin.put(f"/api/admin/documents/{document_id}/status", json={"status": "rejected", "reason": reason})
    assert response.status_code == 200, response.text


def approve(admin: httpx.Client, document_id: int) -> None:
    response = admin.put(f"/api/admin/documents/{document_id}/status", json={"status": "approved"})
    assert response.status_code == 200, response.text


# ---- documents ---------------------------------------------------------------------------------------------

def test_documents_are_paged_with_the_total_in_a_header(make_applicant: Any, upload: Upload,
                                                        admin_client: httpx.Client, known: Any) -> None:
    applicant: Applicant = make_applicant()
    user_id = known(applicant)
    uploaded = [upload(applicant.client, f"page{n}.pdf", PDF).json()["id"] for n in range(5)]
    first = admin_client.get("/api/admin/documents", params={"userId": user_id, "limit": 2})
    assert ids(first) == uploaded[::-1][:2]  # newest first
    assert first.headers["x-total-count"] == "5"
    last = admin_client.get("/api/admin/documents", params={"userId": user_id, "limit": 2, "offset": 4})
    assert ids(last) == [uploaded[0]] and last.headers["x-total-count"] == "5"
    beyond = admin_client.get("/api/admin/documents", params={"userId": user_id, "offset": 10})
    assert ids(beyond) == [] and beyond.headers["x-total-count"] == "5"
    everyone = admin_client.get("/api/admin/documents")
    assert len(everyone.json()) <= 50 and int(everyone.headers["x-total-count"]) >= 5


def test_documents_sort_by_name_and_status_both_ways(make_applicant: Any, upload: Upload,
                                                     admin_client: httpx.Client, known: Any) -> None:
    applicant: Applicant = make_applicant()
    user_id = known(applicant)
    by_name = {name: upload(applicant.client, "a.pdf", PDF, name=name).json()["id"]
               for name in ("Beta", "Alfa", "Gamma")}
    approve(admin_client, by_name["Gamma"])
    reject(admin_client, by_name["Alfa"])
    listed = admin_client.get("/api/admin/documents", params={"userId": user_id, "sort": "name"})
    assert ids(listed) == [by_name["Alfa"], by_name["Beta"], by_name["Gamma"]]
    desc = admin_client.get("/api/admin/documents", params={"userId": user_id, "sort": "name", "order": "desc"})
    assert ids(desc) == [by_name["Gamma"], by_name["Beta"], by_name["Alfa"]]
    status = admin_client.get("/api/admin/documents", params={"userId": user_id, "sort": "status"})
    assert [d["status"] for d in status.json()] == ["approved", "pending", "rejected"]
    oldest = admin_client.get("/api/admin/documents", params={"userId": user_id, "sort": "createdAt", "order": "asc"})
    assert ids(oldest) == [by_name["Beta"], by_name["Alfa"], by_name["Gamma"]]
    # A sort key is the name of the field it sorts (spec §3's createdAt; issue 37): the old name is refused.
    renamed = admin_client.get("/api/admin/documents", params={"userId": user_id, "sort": "uploadedAt"})
    assert renamed.status_code == 422 and renamed.json()["fieldCodes"] == {"sort": "invalid_value"}, renamed.text


def test_documents_filter_by_status(make_applicant: Any, upload: Upload, admin_client: httpx.Client,
                                    known: Any) -> None:
    applicant: Applicant = make_applicant()
    user_id = known(applicant)
    pending, approved, rejected = (upload(applicant.client, f"{n}.pdf", PDF).json()["id"] for n in range(3))
    approve(admin_client, approved)
    reject(admin_client, rejected, "Expired card")
    for status, expected in (("pending", pending), ("approved", approved), ("rejected", rejected)):
        response = admin_client.get("/api/admin/documents", params={"userId": user_id, "status": status})
        assert ids(response) == [expected] and response.headers["x-total-count"] == "1"
    [item] = admin_client.get("/api/admin/documents", params={"userId": user_id, "status": "rejected"}).json()
    assert item["rejectionReason"] == "Expired card"
    everyone_pending = admin_client.get("/api/admin/documents", params={"status": "pending", "limit": 200}).json()
    assert all(d["status"] == "pending" for d in everyone_pending)


def test_documents_are_found_by_their_names_and_their_applicant(make_applicant: Any, upload: Upload,
                                                                admin_client: httpx.Client, known: Any) -> None:
    surname = unique_word()
    applicant: Applicant = make_applicant(fullName=f"Ülle-Mai {surname.capitalize()}")
    other: Applicant = make_applicant()
    known(applicant)
    known(other)
    word = unique_word()
    by_name = upload(other.client, "scan.pdf", PDF, name=f"Passi koopia {word}").json()["id"]
    by_file = upload(other.client, f"lease-{word}.pdf", PDF, name="Lease").json()["id"]
    mine = upload(applicant.client, "x.pdf", PDF, name="Something").json()["id"]

    def found(q: str) -> list[int]:
        response = admin_client.get("/api/admin/documents", params={"q": q, "limit": 200})
        assert int(response.headers["x-total-count"]) == len(response.json())
        return ids(response)

    assert found(word) == [by_file, by_name]
    assert found(f"passi {word[:6]}") == [by_name]  # every word, each as a beginning
    assert found(surname[:7].upper()) == [mine]  # the applicant's name, case-folded
    assert found(f"ülle {surname}") == [mine]
    assert found(applicant.user["email"].split("@")[0]) == [mine]  # e-mail
    assert found(id_code_of(applicant)) == [mine]  # ID code
    # issue 16, What each role sees: found by the whole ID code, which the list's JSON does not hold.
    listed = admin_client.get("/api/admin/documents", params={"q": id_code_of(applicant)})
    assert listed.json() and id_code_of(applicant) not in listed.text
    assert found(f"{surname} {word}") == []  # every word, of the document or of its applicant
    assert found("%'\"&|!:*()") != []  # nothing but punctuation: no filter, never an error


def test_document_list_parameters_are_checked(admin_client: httpx.Client) -> None:
    for params in ({"status": "submitted"}, {"sort": "size"}, {"order": "up"}, {"limit": 0}, {"limit": 201},
                   {"offset": -1}, {"userId": 0}, {"q": "x" * 201}):
        response = admin_client.get("/api/admin/documents", params=params)
        assert response.status_code == 422, params
        assert response.json()["code"] == "validation_error" and response.json()["fields"], params


def test_the_admin_item_names_the_request_it_answers(make_applicant: Any, upload: Upload,
                                                     admin_client: httpx.Client, known: Any) -> None:
    applicant: Applicant = make_applicant()
    user_id = known(applicant)
    created = request_for(admin_client, user_id, "Bank statement")
    answer = upload(applicant.client, "bank.pdf", PDF, requestId=str(created["id"])).json()
    loose = upload(applicant.client, "loose.pdf", PDF).json()
    items = {d["id"]: d for d in admin_client.get("/api/admin/documents", params={"userId": user_id}).json()}
    assert (items[answer["id"]]["requestId"], items[answer["id"]]["requestName"]) == (created["id"], "Bank statement")
    assert (items[loose["id"]]["requestId"], items[loose["id"]]["requestName"]) == (None, None)


# ---- document requests ---------------------------------------------------------------------------------------

def test_requests_are_listed_paged_and_sorted_with_the_applicants_name(make_applicant: Any,
                                                                      admin_client: httpx.Client,
                                                                      known: Any) -> None:
    """GET /api/document-requests answered an admin []: the admins' own list shows everyone's."""
    name = f"Kati {unique_word().capitalize()}"
    applicant: Applicant = make_applicant(fullName=name)
    user_id = known(applicant)
    today = tallinn_today()
    made = [request_for(admin_client, user_id, title, due) for title, due in (
        ("Bravo", today + timedelta(days=30)), ("Alfa", None), ("Charlie", today + timedelta(days=3)))]
    newest = admin_client.get("/api/admin/document-requests", params={"userId": user_id})
    assert ids(newest) == [r["id"] for r in made[::-1]] and newest.headers["x-total-count"] == "3"
    item = newest.json()[0]
    assert (item["name"], item["userId"], item["user"]["fullName"], item["overdue"], item["documentId"]) == (
        "Charlie", user_id, name, False, None)
    due = admin_client.get("/api/admin/document-requests", params={"userId": user_id, "sort": "dueDate"})
    assert [r["name"] for r in due.json()] == ["Charlie", "Bravo", "Alfa"]  # soonest first, undated last
    due_desc = admin_client.get("/api/admin/document-requests",
                                params={"userId": user_id, "sort": "dueDate", "order": "desc"})
    assert [r["name"] for r in due_desc.json()] == ["Bravo", "Charlie", "Alfa"]
    by_name = admin_client.get("/api/admin/document-requests", params={"userId": user_id, "sort": "name",
                                                                       "limit": 2, "offset": 1})
    assert [r["name"] for r in by_name.json()] == ["Bravo", "Charlie"] and by_name.headers["x-total-count"] == "3"
    assert applicant.client.get("/api/admin/document-requests").status_code == 403


def test_requests_filter_by_status(make_applicant: Any, upload: Upload, admin_client: httpx.Client,
                                   known: Any) -> None:
    applicant: Applicant = make_applicant()
    user_id = known(applicant)
    open_, submitted, approved, rejected = (request_for(admin_client, user_id, n)["id"]
                                            for n in ("Open", "Submitted", "Approved", "Rejected"))
    for request_id in (submitted, approved, rejected):
        document = upload(applicant.client, "a.pdf", PDF, requestId=str(request_id)).json()["id"]
        if request_id == approved:
            approve(admin_client, document)
        elif request_id == rejected:
            reject(admin_client, document, "Wrong page")
    for status, expected in (("open", open_), ("submitted", submitted), ("approved", approved),
                             ("rejected", rejected)):
        response = admin_client.get("/api/admin/document-requests", params={"userId": user_id, "status": status})
        assert ids(response) == [expected], status
    [item] = admin_client.get("/api/admin/document-requests", params={"userId": user_id, "status": "rejected"}).json()
    assert item["rejectionReason"] == "Wrong page" and item["documentId"] is not None


def test_overdue_means_past_the_due_date_in_tallinn_and_still_owed(make_applicant: Any, upload: Upload,
                                                                   admin_client: httpx.Client, known: Any) -> None:
    """Overdue: the due date is before today's date in Europe/Tallinn (the due date itself is the last day),
    and the applicant still owes the document: nothing uploaded, or the last upload rejected. Around midnight
    UTC, Tallinn is already a day ahead: its date decides."""
    applicant: Applicant = make_applicant()
    user_id = known(applicant)
    today = tallinn_today()
    yesterday, tomorrow, long_ago = today - timedelta(days=1), today + timedelta(days=1), today - timedelta(days=40)
    late = request_for(admin_client, user_id, "Late", yesterday)["id"]
    due_today = request_for(admin_client, user_id, "Today", today)["id"]
    request_for(admin_client, user_id, "Tomorrow", tomorrow)
    request_for(admin_client, user_id, "Undated", None)
    delivered = request_for(admin_client, user_id, "Delivered", long_ago)["id"]
    accepted = request_for(admin_client, user_id, "Accepted", long_ago)["id"]
    refused = request_for(admin_client, user_id, "Refused", long_ago)["id"]
    upload(applicant.client, "a.pdf", PDF, requestId=str(delivered))
    approve(admin_client, upload(applicant.client, "a.pdf", PDF, requestId=str(accepted)).json()["id"])
    reject(admin_client, upload(applicant.client, "a.pdf", PDF, requestId=str(refused)).json()["id"])

    response = admin_client.get("/api/admin/document-requests", params={"userId": user_id, "status": "overdue",
                                                                        "sort": "name"})
    assert ids(response) == [late, refused] and response.headers["x-total-count"] == "2"
    flags = {r["id"]: r["overdue"] for r in admin_client.get("/api/admin/document-requests",
                                                             params={"userId": user_id}).json()}
    assert {request_id for request_id, overdue in flags.items() if overdue} == {late, refused}
    assert not flags[due_today]
    # The applicant sees the same.
    own = {r["id"]: r["overdue"] for r in applicant.client.get("/api/document-requests").json()}
    assert own == flags
    everyone = admin_client.get("/api/admin/document-requests", params={"status": "overdue", "limit": 200}).json()
    assert all(r["overdue"] for r in everyone)


def test_requests_are_found_by_name_and_applicant(make_applicant: Any, admin_client: httpx.Client,
                                                  known: Any) -> None:
    surname = unique_word()
    applicant: Applicant = make_applicant(fullName=f"Jaan {surname.capitalize()}")
    user_id = known(applicant)
    word = unique_word()
    named = request_for(admin_client, user_id, f"Diploma {word}")["id"]
    other = request_for(admin_client, user_id, "Reference letter")["id"]

    def found(q: str) -> list[int]:
        return ids(admin_client.get("/api/admin/document-requests", params={"q": q, "limit": 200}))

    assert found(word[:8]) == [named]
    assert found(f"diploma {word}") == [named]
    assert found(surname) == [other, named]
    assert found(id_code_of(applicant)) == [other, named]
    # issue 16, What each role sees: found by the whole ID code, which the list's JSON does not hold.
    listed = admin_client.get("/api/admin/document-requests", params={"q": id_code_of(applicant)})
    assert listed.json() and id_code_of(applicant) not in listed.text
    assert found(f"jaan {surname}") == [other, named]
    assert found(f"reference letter {word}") == []  # every word, of the request or of its applicant


def test_request_list_parameters_are_checked(admin_client: httpx.Client) -> None:
    for params in ({"status": "requested"}, {"status": "pending"}, {"sort": "status"}, {"order": "sideways"},
                   {"limit": 500}, {"offset": "x"}, {"userId": "me"}):
        response = admin_client.get("/api/admin/document-requests", params=params)
        assert response.status_code == 422, params
        assert response.json()["code"] == "validation_error" and response.json()["fields"], params
