"""Issue 35, Sanctions screening, offline, from the official files: lists imported from files in the EU's, the UN's
and the UK's own formats (list_files.py), through the gateway and on the command line; applicants, clients and
people screened; hits explained, decided, and not raised again once cleared unless the entry changes."""

import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Any

import httpx
import pytest

from conftest import eventually
from services.compliance.tests.list_files import PETROVSKY, SHIPPING, UK_CSV, UN_XML, Listed, eu_xml
from services.compliance.tests.support import add_person, create_client
from testkit.accounts import id_codes_born

ROOT = Path(__file__).resolve().parents[3]
EU_LIST = eu_xml([PETROVSKY, SHIPPING])


def upload(admin: httpx.Client, source: str, content: bytes, name: str = "list.xml") -> httpx.Response:
    return admin.post("/api/admin/screening/lists", data={"source": source},
                      files={"file": (name, content, "application/octet-stream")})


def imported(admin: httpx.Client, source: str, content: bytes) -> dict[str, Any]:
    response = upload(admin, source, content)
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def hits_of(admin: httpx.Client, subject_type: str, subject_id: int, status: str | None = None) -> list[dict[str, Any]]:
    params = {"limit": 200, **({"status": status} if status else {})}
    found = admin.get("/api/admin/screening/hits", params=params)
    assert found.status_code == 200, found.text
    return [h for h in found.json() if (h["subjectType"], h["subjectId"]) == (subject_type, subject_id)]


def register(make_applicant: Any, full_name: str, born: date) -> int:
    [code] = id_codes_born(born, 1)
    applicant = make_applicant(fullName=full_name, idCode=code, dateOfBirth=born.isoformat())
    user_id: int = applicant.user["id"]
    return user_id


def test_each_official_format_is_imported_as_a_version(admin_client: httpx.Client) -> None:
    eu = imported(admin_client, "eu", EU_LIST)
    assert {k: eu[k] for k in ("source", "entries", "publicationDate")} == {
        "source": "eu", "entries": 2, "publicationDate": "2026-11-27"}
    un = imported(admin_client, "un", UN_XML)
    assert (un["source"], un["entries"], un["publicationDate"]) == ("un", 2, "2026-11-26")
    uk = imported(admin_client, "uk", UK_CSV)
    # The UK's rows are names: the two of group 15001 are one entry.
    assert (uk["source"], uk["entries"], uk["publicationDate"]) == ("uk", 3, "2026-11-25")
    versions = admin_client.get("/api/admin/screening/lists").json()
    assert [v["id"] for v in versions[:3]] == [uk["id"], un["id"], eu["id"]]


@pytest.mark.parametrize(("source", "content", "code", "says"), [
    ("eu", b"<export xmlns='http://eu.europa.ec/fpi/fsd/export' generationDate='2026-11-27'><sanctionEntity",
     "invalid_list_file", "well-formed"),
    ("un", EU_LIST, "invalid_list_file", "not the UN Security Council consolidated list"),
    ("uk", b"Name 6,Name 1\nPETRENKO,Olga\n", "invalid_list_file", "Last Updated"),
    ("eu", eu_xml([]), "list_file_empty", "no entries"),
    ("eu", eu_xml([Listed("EU.1.1", [])]), "invalid_list_file", "has no name"),
])
def test_a_broken_file_changes_nothing_and_says_why(admin_client: httpx.Client, source: str, content: bytes,
                                                      code: str, says: str) -> None:
    before = admin_client.get("/api/admin/screening/lists").headers["X-Total-Count"]
    refused = upload(admin_client, source, content)
    assert refused.status_code == 422, refused.text
    assert refused.json()["fieldCodes"] == {"file": code} and says in refused.json()["fields"]["file"]
    assert admin_client.get("/api/admin/screening/lists").headers["X-Total-Count"] == before


def test_an_unknown_source_is_a_field_error(admin_client: httpx.Client) -> None:
    refused = upload(admin_client, "ofac", EU_LIST)
    assert (refused.status_code, refused.json()["fieldCodes"]) == (422, {"source": "invalid_value"})


def test_an_applicant_registering_under_a_listed_name_is_a_hit_and_a_namesake_is_not(
        admin_client: httpx.Client, make_applicant: Any) -> None:
    imported(admin_client, "eu", EU_LIST)
    listed = register(make_applicant, "Ivan Petrovski", date(1971, 3, 14))
    namesake = register(make_applicant, "Ivan Petrovski", date(1981, 3, 14))
    [hit] = eventually(lambda: hits_of(admin_client, "applicant", listed), what="the applicant's hit")
    assert (hit["source"], hit["listReference"], hit["status"]) == ("eu", PETROVSKY.reference, "open")
    assert hit["listNames"] == PETROVSKY.names and hit["subjectName"] == "Ivan Petrovski"
    explanation = hit["explanation"]
    assert explanation["dateOfBirth"] == "born 1971-03-14, as listed" and explanation["dateAdjustment"] > 0
    assert {(p["word"], p["matched"], p["how"]) for p in explanation["pairs"]} == {
        ("ivan", "ivan", "exact"), ("petrovski", "petrovsky", "phonetic")}
    assert hit["score"] >= 85
    # The namesake born ten years later was screened too (the applicant above was, after them), without a hit.
    assert hits_of(admin_client, "applicant", namesake) == []


def test_a_transliterated_name_and_a_company_match(admin_client: httpx.Client) -> None:
    imported(admin_client, "eu", EU_LIST)
    case = create_client(admin_client, name="Black Sea Maritime Logistics")
    person = add_person(admin_client, case["id"], fullName="Иван Петровский", dateOfBirth="1971-03-14",
                        nationality="RU", countryOfResidence="RU")
    [person_hit] = hits_of(admin_client, "person", person["id"])
    assert person_hit["explanation"]["listedName"] in PETROVSKY.names
    [client_hit] = hits_of(admin_client, "client", case["id"])
    assert client_hit["listReference"] == SHIPPING.reference
    shown = admin_client.get(f"/api/admin/clients/{case['id']}").json()
    assert shown["openHits"] == 2 and {h["id"] for h in shown["hits"]} == {person_hit["id"], client_hit["id"]}


def test_a_cleared_hit_stays_cleared_until_the_entry_changes(officer_client: httpx.Client) -> None:
    # Decisions are an officer's (issue 35); the worker's own admin is one only if it was the stack's first.
    imported(officer_client, "eu", EU_LIST)
    case = create_client(officer_client)
    person = add_person(officer_client, case["id"], fullName="Ivan Petrovsky", dateOfBirth="1971-03-14")
    [hit] = hits_of(officer_client, "person", person["id"])

    no_reason = officer_client.post(f"/api/admin/screening/hits/{hit['id']}/decision",
                                  json={"decision": "false_positive", "reason": " "})
    assert (no_reason.status_code, no_reason.json()["fieldCodes"]) == (422, {"reason": "required"})
    cleared = officer_client.post(f"/api/admin/screening/hits/{hit['id']}/decision",
                                json={"decision": "false_positive", "reason": "A different person: passport seen"})
    assert cleared.status_code == 200, cleared.text
    assert (cleared.json()["status"], cleared.json()["decisionReason"]) == (
        "cleared", "A different person: passport seen")
    again = officer_client.post(f"/api/admin/screening/hits/{hit['id']}/decision",
                              json={"decision": "confirmed", "reason": "changed my mind"})
    assert (again.status_code, again.json()["code"]) == (409, "hit_already_decided")

    # The same list again: screened, but the cleared hit does not come back.
    imported(officer_client, "eu", EU_LIST)
    assert [h["status"] for h in hits_of(officer_client, "person", person["id"])] == ["cleared"]
    # The entry changed (another date of birth listed): a new hit, open.
    changed = Listed(PETROVSKY.reference, PETROVSKY.names, [*PETROVSKY.born, "1972-01-01"])
    imported(officer_client, "eu", eu_xml([changed, SHIPPING]))
    assert sorted(h["status"] for h in hits_of(officer_client, "person", person["id"])) == ["cleared", "open"]
    imported(officer_client, "eu", EU_LIST)  # as the other tests expect it


# Issue 32: alone on the stack, after the parallel part: it counts every list version, which the handover gate's and
# retention's tests add to when they import today's lists beside it.
@pytest.mark.exclusive
def test_the_command_line_imports_from_a_file_and_refuses_a_broken_one(stack: Any, tmp_path: Path,
                                                                      admin_client: httpx.Client) -> None:
    good, broken = tmp_path / "ConList.csv", tmp_path / "broken.csv"
    good.write_bytes(UK_CSV)
    broken.write_bytes(b"Last Updated,25/11/2026\nName 6,DOB\n")
    before = admin_client.get("/api/admin/screening/lists").headers["X-Total-Count"]
    ran = subprocess.run([sys.executable, "-m", "compliance", "import-list", "--source", "uk", "--file", str(good)],
                         env=stack.env, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0, ran.stderr
    assert "imported the uk list of 2026-11-25" in ran.stdout and "3 entries" in ran.stdout
    refused = subprocess.run([sys.executable, "-m", "compliance", "import-list", "--source", "uk", "--file",
                              str(broken)], env=stack.env, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert refused.returncode == 1 and "nothing was imported: not the UK consolidated list CSV" in refused.stderr
    assert int(admin_client.get("/api/admin/screening/lists").headers["X-Total-Count"]) == int(before) + 1
