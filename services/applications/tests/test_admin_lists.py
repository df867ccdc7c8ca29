"""The admin's applications and companies lists (issue 17, Lists): paged, sorted and searched on the server with
X-Total-Count; work sharing (assignment, 'Assigned to me') and the CSV export with the list's filters."""

import csv
import io
import random
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import psycopg
import pytest

from conftest import Applicant, new_id_code
from portal_common.auth import ASSERTION_HEADER, sign_assertion
from portal_common.privacy import mask_id_code

OwnApplication = Callable[[httpx.Client], dict[str, Any]]
CSV_HEADER_ET = ["ID", "Täisnimi", "E-post", "Isikukood", "Telefon", "Olek", "Esitatud", "Muudetud", "Vastutaja"]
CSV_HEADER_EN = ["ID", "Full name", "E-mail", "ID code", "Phone", "Status", "Created", "Updated", "Assignee"]


def new_tag() -> str:
    return "t" + uuid.uuid4().hex[:9]  # a word of its own: found by itself, finds nothing else


@pytest.fixture
def application_of(make_applicant: Any, own_application: OwnApplication) -> Callable[..., tuple[Applicant, int]]:
    def make(**overrides: Any) -> tuple[Applicant, int]:
        applicant: Applicant = make_applicant(**overrides)
        return applicant, own_application(applicant.client)["application"]["id"]
    return make


@pytest.fixture
def as_admin(stack: Any) -> Iterator[Callable[[int, str], httpx.Client]]:
    """Another admin, calling the service directly with an assertion we sign for any user id."""
    clients: list[httpx.Client] = []

    def make(user_id: int, language: str = "et") -> httpx.Client:
        token = sign_assertion(stack.env["PORTAL_ASSERTION_SECRET"], user_id, "admin", language, second_factor=True)
        client = httpx.Client(base_url=stack.service_url("applications"), timeout=15,
                              headers={ASSERTION_HEADER: token, "Sec-Fetch-Site": "same-origin"})
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.close()


def listed(admin: httpx.Client, path: str = "/api/admin/applications", **params: Any) -> tuple[list[int], int]:
    response = admin.get(path, params=params)
    assert response.status_code == 200, response.text
    return [item["id"] for item in response.json()], int(response.headers["X-Total-Count"])


def set_status(admin: httpx.Client, application_id: int, status: str) -> None:
    response = admin.put(f"/api/admin/applications/{application_id}/status", json={"status": status})
    assert response.status_code == 200, response.text


@pytest.fixture
def three(application_of: Callable[..., tuple[Applicant, int]], admin_client: httpx.Client) -> tuple[str, list[int]]:
    """Three applications made in the order Bbb, Ccc, Aaa, with statuses pending, approved, in_review; the
    first one's status changed last."""
    tag = new_tag()
    ids = [application_of(fullName=f"{name} {tag}")[1] for name in ("Bbb Mets", "Ccc Mets", "Aaa Mets")]
    set_status(admin_client, ids[1], "approved")
    set_status(admin_client, ids[2], "in_review")
    set_status(admin_client, ids[0], "in_review")
    set_status(admin_client, ids[0], "pending")
    return tag, ids


def test_pages_and_total(admin_client: httpx.Client, three: tuple[str, list[int]]) -> None:
    tag, ids = three
    newest_first = ids[::-1]
    assert listed(admin_client, q=tag, limit=2) == (newest_first[:2], 3)
    assert listed(admin_client, q=tag, limit=2, offset=2) == (newest_first[2:], 3)
    assert listed(admin_client, q=tag, limit=2, offset=4) == ([], 3)


@pytest.mark.parametrize(("sort", "ascending"), [
    ("createdAt", [0, 1, 2]), ("updatedAt", [1, 2, 0]), ("name", [2, 0, 1]), ("status", [1, 2, 0]),
])
def test_each_sort_both_ways(admin_client: httpx.Client, three: tuple[str, list[int]], sort: str,
                             ascending: list[int]) -> None:
    """statuses sort by their codes: approved, in_review, pending."""
    tag, ids = three
    in_order = [ids[i] for i in ascending]
    assert listed(admin_client, q=tag, sort=sort, order="asc")[0] == in_order
    assert listed(admin_client, q=tag, sort=sort, order="desc")[0] == in_order[::-1]


def test_default_directions(admin_client: httpx.Client, three: tuple[str, list[int]]) -> None:
    """Dates newest first, names and statuses A to Z, unless `order` says otherwise."""
    tag, ids = three
    assert listed(admin_client, q=tag)[0] == ids[::-1]
    assert listed(admin_client, q=tag, sort="name")[0] == [ids[2], ids[0], ids[1]]


def test_the_name_sort_ignores_case(admin_client: httpx.Client,
                                    application_of: Callable[..., tuple[Applicant, int]]) -> None:
    """Under Postgres's C collation "B" sorts before "a"; the list sorts the names case-folded."""
    tag = new_tag()
    ids = [application_of(fullName=f"{name} {tag}")[1] for name in ("bbb Mets", "Aaa Mets", "Ccc Mets")]
    assert listed(admin_client, q=tag, sort="name")[0] == [ids[1], ids[0], ids[2]]


def test_status_filter(admin_client: httpx.Client, three: tuple[str, list[int]]) -> None:
    tag, ids = three
    assert listed(admin_client, q=tag, status="in_review") == ([ids[2]], 1)
    assert listed(admin_client, q=tag, status="pending") == ([ids[0]], 1)
    assert listed(admin_client, q=tag, status="all")[1] == 3
    assert listed(admin_client, q=tag, status="rejected") == ([], 0)
    statuses = {item["status"] for item in admin_client.get("/api/admin/applications",
                                                            params={"status": "approved", "limit": 200}).json()}
    assert statuses == {"approved"}


def test_search_finds_word_beginnings_of_name_email_and_id_code(
        admin_client: httpx.Client, application_of: Callable[..., tuple[Applicant, int]]) -> None:
    tag = new_tag()
    id_code = new_id_code()
    _, ulle_id = application_of(fullName=f"Ülle-Mai Õunapuu {tag}", idCode=id_code,
                                email=f"jaan.kask.{tag}@example.com")
    _, other_id = application_of(fullName=f"Juhan Õun {tag}")
    assert listed(admin_client, q=tag) == ([other_id, ulle_id], 2)
    assert listed(admin_client, q=f"ülle {tag}") == ([ulle_id], 1)  # ülle finds Ülle
    assert listed(admin_client, q=f"ÜLLE-MAI {tag}") == ([ulle_id], 1)
    assert listed(admin_client, q=f"mai {tag}") == ([ulle_id], 1)
    assert listed(admin_client, q=f"õunap {tag}") == ([ulle_id], 1)  # a name prefix
    assert listed(admin_client, q=f"õun {tag}")[1] == 2
    assert listed(admin_client, q=f"kask.{tag}") == ([ulle_id], 1)  # part of the e-mail
    assert listed(admin_client, q=f"{tag} {id_code[:7]}") == ([ulle_id], 1)  # an ID code prefix
    assert ulle_id in listed(admin_client, q=id_code, limit=200)[0]
    assert listed(admin_client, q=f"{tag} unapuu") == ([], 0)  # word beginnings only


@pytest.mark.parametrize("params", [
    {"status": "archived"}, {"assignee": "someone"}, {"sort": "email"}, {"order": "up"}, {"limit": 0},
    {"limit": 201}, {"offset": -1}, {"q": "x" * 201},
])
def test_bad_parameters_are_422(admin_client: httpx.Client, params: dict[str, Any]) -> None:
    response = admin_client.get("/api/admin/applications", params=params)
    assert response.status_code == 422, params
    body = response.json()
    assert body["code"] == "validation_error" and set(body) >= {"message", "code", "fields"}


def test_without_parameters_the_list_is_spec_section_7s(admin_client: httpx.Client,
                                                        three: tuple[str, list[int]]) -> None:
    """Spec §7: a JSON array of applications, newest first; 50 at most."""
    response = admin_client.get("/api/admin/applications")
    items = response.json()
    assert isinstance(items, list) and len(items) == min(int(response.headers["X-Total-Count"]), 50)
    created = [item["createdAt"] for item in items]
    assert created == sorted(created, reverse=True)
    assert {"id", "userId", "user", "profile", "status", "createdAt"} <= set(items[0])


def admin_id(admin: httpx.Client) -> int:
    user_id: int = admin.get("/api/user").json()["id"]
    return user_id


def test_assign_to_me_and_unassign(admin_client: httpx.Client, three: tuple[str, list[int]],
                                   as_admin: Callable[..., httpx.Client],
                                   application_of: Callable[..., tuple[Applicant, int]]) -> None:
    """Issue 17, Work sharing: one click assigns to me; the list shows the assignee and filters by it."""
    tag, ids = three
    me = admin_id(admin_client)
    assert admin_client.get(f"/api/admin/applications/{ids[0]}").json()["assignee"] is None

    assigned = admin_client.post(f"/api/admin/applications/{ids[0]}/assign-to-me")
    assert assigned.status_code == 200, assigned.text
    assert assigned.json()["assignee"]["id"] == me and assigned.json()["assignee"]["name"]
    assert assigned.json()["id"] == ids[0] and "statusUpdates" in assigned.json()  # ApplicationDetail
    assert listed(admin_client, q=tag, assignee="me") == ([ids[0]], 1)
    assert listed(admin_client, q=tag, assignee="none") == ([ids[2], ids[1]], 2)
    rows = admin_client.get("/api/admin/applications", params={"q": tag}).json()
    assert {row["id"]: row["assignee"] and row["assignee"]["id"] for row in rows} == {
        ids[2]: None, ids[1]: None, ids[0]: me}

    # A colleague known to applications by name (they once registered) takes it over.
    colleague, colleague_application = application_of(fullName=f"Kolleeg Kati {tag}")
    other = as_admin(colleague.user["id"])
    taken = other.post(f"/api/admin/applications/{ids[0]}/assign-to-me")
    assert taken.status_code == 200, taken.text
    assert taken.json()["assignee"] == {"id": colleague.user["id"], "name": f"Kolleeg Kati {tag}"}
    assert listed(admin_client, q=tag, assignee="me") == ([], 0)
    assert listed(other, q=tag, assignee="me") == ([ids[0]], 1)

    # One applications has never heard of is shown by id.
    stranger = as_admin(2_000_000_000 - random.randint(0, 1_000_000))
    unknown = stranger.post(f"/api/admin/applications/{ids[1]}/assign-to-me").json()["assignee"]
    assert unknown["name"] == f"#{unknown['id']}"

    released = admin_client.delete(f"/api/admin/applications/{ids[0]}/assignee")
    assert released.status_code == 200, released.text
    assert released.json()["assignee"] is None
    assert listed(admin_client, q=tag, assignee="none") == ([colleague_application, ids[2], ids[0]], 3)


def test_assignment_needs_an_admin_and_an_application(admin_client: httpx.Client,
                                                      application_of: Callable[..., tuple[Applicant, int]]) -> None:
    applicant, application_id = application_of()
    assert applicant.client.post(f"/api/admin/applications/{application_id}/assign-to-me").status_code == 403
    assert applicant.client.delete(f"/api/admin/applications/{application_id}/assignee").status_code == 403
    assert admin_client.post("/api/admin/applications/999999999/assign-to-me").status_code == 404
    assert admin_client.delete("/api/admin/applications/999999999/assignee").status_code == 404


def export(admin: httpx.Client, **params: Any) -> tuple[httpx.Response, list[list[str]]]:
    response = admin.get("/api/admin/applications/export.csv", params=params)
    assert response.status_code == 200, response.text
    assert response.content.startswith(b"\xef\xbb\xbf")  # UTF-8's byte order mark
    return response, list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_csv_export_with_the_lists_filters(admin_client: httpx.Client,
                                           application_of: Callable[..., tuple[Applicant, int]]) -> None:
    """Issue 17, Work sharing: UTF-8 with a BOM, Estonian letters intact, the list's filters and sort."""
    tag = new_tag()
    id_code = new_id_code()
    _, ulle_id = application_of(fullName=f"Ülle Õunapuu-Šokk {tag}", idCode=id_code, phone="+372 5551 2345")
    _, jaan_id = application_of(fullName=f"Jaan Žukov {tag}")
    set_status(admin_client, jaan_id, "in_review")
    assignee = admin_client.post(f"/api/admin/applications/{ulle_id}/assign-to-me").json()["assignee"]

    response, rows = export(admin_client, q=tag, sort="name", order="asc")
    assert response.headers["content-type"].startswith("text/csv")
    disposition = response.headers["content-disposition"]
    assert disposition.startswith("attachment;") and ".csv" in disposition
    assert rows[0] == CSV_HEADER_ET
    assert [row[0] for row in rows[1:]] == [str(jaan_id), str(ulle_id)]
    jaan, ulle = rows[1], rows[2]
    # The ID code masked as in the list (issue 16, What each role sees).
    assert ulle[1:6] == [f"Ülle Õunapuu-Šokk {tag}", ulle[2], mask_id_code(id_code), "'+372 5551 2345",
                         "Ootab ülevaatust"]
    assert id_code not in response.text
    assert ulle[2].endswith("@example.com")
    assert ulle[8] == assignee["name"]
    assert (jaan[1], jaan[5], jaan[8]) == (f"Jaan Žukov {tag}", "Ülevaatamisel", "")
    assert len(ulle[6]) == len("2026-11-24 23:30") and ulle[6] <= ulle[7]

    assert [row[0] for row in export(admin_client, q=tag, status="in_review")[1][1:]] == [str(jaan_id)]
    assert [row[0] for row in export(admin_client, q=tag, assignee="me")[1][1:]] == [str(ulle_id)]
    assert [row[0] for row in export(admin_client, q=tag, sort="name", order="desc")[1][1:]] == [
        str(ulle_id), str(jaan_id)]
    assert admin_client.get("/api/admin/applications/export.csv", params={"sort": "email"}).status_code == 422


def test_csv_times_are_tallinns(admin_client: httpx.Client, application_of: Callable[..., tuple[Applicant, int]],
                                applications_db: psycopg.Connection[Any]) -> None:
    tag = new_tag()
    _, application_id = application_of(fullName=f"Aeg Kell {tag}")
    applications_db.execute("update applications set created_at = '2026-07-01 21:30:00+00', "
                            "updated_at = '2026-01-15 22:05:00+00' where id = %s", (application_id,))
    row = export(admin_client, q=tag)[1][1]
    assert (row[6], row[7]) == ("2026-07-02 00:30", "2026-01-16 00:05")  # summer +3, winter +2


def test_csv_cells_cannot_become_formulas(admin_client: httpx.Client, as_admin: Callable[..., httpx.Client],
                                          application_of: Callable[..., tuple[Applicant, int]],
                                          applications_db: psycopg.Connection[Any]) -> None:
    """OWASP CSV injection: a cell starting with = + - @ gets a leading apostrophe."""
    tag = new_tag()
    applicant, application_id = application_of(fullName=f"Mari Maasikas {tag}")
    formulas = {"full_name": f"=HYPERLINK(\"http://x\";\"{tag}\")", "email": "@SUM(1+1)@example.com",
                "phone": "-2+3", "id_code": "+1234567890"}
    applications_db.execute("update applicants set full_name = %(full_name)s, email = %(email)s, "
                            "phone = %(phone)s, id_code = %(id_code)s where user_id = %(user_id)s",
                            {**formulas, "user_id": applicant.user["id"]})
    other = as_admin(applicant.user["id"], "en")  # the applicant's name, a formula, is the assignee's too
    other.post(f"/api/admin/applications/{application_id}/assign-to-me")
    _, rows = export(other, q=tag)
    assert rows[0] == CSV_HEADER_EN
    row = rows[1]
    assert row[1:5] == ["'" + formulas["full_name"], "'" + formulas["email"], "'+••••••••90",  # masked, still safe
                        "'" + formulas["phone"]]
    assert (row[5], row[8]) == ("Pending Review", "'" + formulas["full_name"])


def test_csv_export_needs_an_admin(application_of: Callable[..., tuple[Applicant, int]],
                                   client: httpx.Client) -> None:
    applicant, _ = application_of()
    assert applicant.client.get("/api/admin/applications/export.csv").status_code == 403
    assert client.get("/api/admin/applications/export.csv").status_code == 401


def new_company(admin: httpx.Client, name: str, registration_date: str | None = None) -> dict[str, Any]:
    code = str(random.randint(10_000_000, 99_999_999))
    response = admin.post("/api/admin/companies", json={"name": name, "registrationCode": code,
                                                         "registrationDate": registration_date})
    assert response.status_code == 201, response.text
    company: dict[str, Any] = response.json()
    return company


def test_companies_paged_sorted_filtered_and_searched(admin_client: httpx.Client,
                                                      application_of: Callable[..., tuple[Applicant, int]]) -> None:
    tag = new_tag()
    path = "/api/admin/companies"
    made = [new_company(admin_client, f"{name} {tag} OÜ", day) for name, day in
            (("Põhja Riiul", "2026-03-01"), ("Ääre Riiul", None), ("Lõuna Riiul", "2026-01-15"))]
    ids = [company["id"] for company in made]
    assert listed(admin_client, path, q=tag) == (ids[::-1], 3)  # newest first
    assert listed(admin_client, path, q=tag, limit=1, offset=1) == ([ids[1]], 3)
    assert listed(admin_client, path, q=f"põhja {tag}") == ([ids[0]], 1)
    assert listed(admin_client, path, q=f"ääre {tag}") == ([ids[1]], 1)
    assert listed(admin_client, path, q=made[2]["registrationCode"][:6])[0].count(ids[2]) == 1  # by registry code
    assert listed(admin_client, path, q=f"{tag} {made[2]['registrationCode']}") == ([ids[2]], 1)
    assert listed(admin_client, path, q=tag, sort="createdAt", order="asc")[0] == ids
    # Names sort by code point (Postgres's C collation): "Ä" after "P"; unknown dates last either way.
    assert listed(admin_client, path, q=tag, sort="name")[0] == [ids[2], ids[0], ids[1]]
    assert listed(admin_client, path, q=tag, sort="name", order="desc")[0] == [ids[1], ids[0], ids[2]]
    assert listed(admin_client, path, q=tag, sort="registrationDate")[0] == [ids[0], ids[2], ids[1]]
    assert listed(admin_client, path, q=tag, sort="registrationDate", order="asc")[0] == [ids[2], ids[0], ids[1]]

    _, application_id = application_of()
    set_status(admin_client, application_id, "approved")
    assert admin_client.put(f"/api/admin/applications/{application_id}/company",
                            json={"companyId": ids[0]}).status_code == 200
    assert listed(admin_client, path, q=tag, status="assigned") == ([ids[0]], 1)
    assert listed(admin_client, path, q=tag, status="available") == ([ids[2], ids[1]], 2)
    assert listed(admin_client, path, q=tag, status="transferred") == ([], 0)
    for params in ({"status": "taken"}, {"sort": "code"}, {"limit": 500}, {"order": "sideways"}):
        assert admin_client.get(path, params=params).status_code == 422, params
