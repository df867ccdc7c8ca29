"""Issue 35, Clients and their people: cases made, changed while draft and submitted through the gateway; the risk
from the dated tables, each factor with its weight."""

import asyncio
import json
from datetime import date
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest

from compliance.models import Client
from compliance.risk import assess
from portal_common.db import Database
from services.compliance.tests.support import add_person, company_body, create_client, factors, owner_body

LOCALES = Path(__file__).resolve().parents[3] / "web" / "public" / "locales"


def test_a_company_case_is_made_changed_and_submitted_with_a_beneficial_owner(admin_client: httpx.Client) -> None:
    case = create_client(admin_client)
    assert (case["status"], case["riskLevel"]) == ("draft", "medium")
    # The board-member service is a high-risk factor of every case; a company adds its own.
    assert factors(case) == {"board_member_service": 40, "company_client": 10} and case["riskScore"] == 50
    assert [h["action"] for h in case["history"]] == ["created"]

    changed = admin_client.put(f"/api/admin/clients/{case['id']}", json=company_body(name="Northwind Trading Ltd"))
    assert changed.status_code == 200 and changed.json()["name"] == "Northwind Trading Ltd", changed.text

    # A representative is no beneficial owner, nor is an owner of less than 25% without control.
    add_person(admin_client, case["id"], role="representative", fullName="John Smith")
    small = add_person(admin_client, case["id"], fullName="Kalle Kask", ownershipPercent=10)
    refused = admin_client.post(f"/api/admin/clients/{case['id']}/submit")
    assert (refused.status_code, refused.json()["code"]) == (409, "beneficial_owner_missing")
    assert admin_client.delete(f"/api/admin/clients/{case['id']}/people/{small['id']}").status_code == 204
    add_person(admin_client, case["id"], ownershipPercent=25)

    submitted = admin_client.post(f"/api/admin/clients/{case['id']}/submit")
    assert submitted.status_code == 200, submitted.text
    assert submitted.json()["status"] == "in_review"
    assert [h["action"] for h in submitted.json()["history"]] == [
        "created", "updated", "person_added", "person_added", "person_removed", "person_added", "submitted"]

    # Submitted: no longer changed, nor its people.
    late = admin_client.put(f"/api/admin/clients/{case['id']}", json=company_body())
    assert (late.status_code, late.json()["code"]) == (409, "client_not_draft")
    late_person = admin_client.post(f"/api/admin/clients/{case['id']}/people", json=owner_body())
    assert (late_person.status_code, late_person.json()["code"]) == (409, "client_not_draft")

    found = admin_client.get("/api/admin/clients", params={"q": "northwind trad", "status": "in_review"})
    assert found.status_code == 200 and [c["id"] for c in found.json()] == [case["id"]]
    assert found.headers["X-Total-Count"] == "1"
    assert found.json()[0]["openHits"] == 0


def test_a_person_client_is_its_own_beneficial_owner(admin_client: httpx.Client) -> None:
    case = create_client(admin_client, kind="person", name="Jaan Tamm", registryCode=None, country="EE",
                         dateOfBirth="1975-02-03")
    assert factors(case) == {"board_member_service": 40} and case["riskLevel"] == "medium"
    submitted = admin_client.post(f"/api/admin/clients/{case['id']}/submit")
    assert submitted.status_code == 200 and submitted.json()["status"] == "in_review", submitted.text


def test_a_pep_a_high_risk_country_and_deep_ownership_are_factors_with_weights(admin_client: httpx.Client) -> None:
    case = create_client(admin_client, country="IR", ownershipLayers=3)
    owner = add_person(admin_client, case["id"], pep=True, pepDetails="Deputy minister until 2024",
                       nationality="EE", countryOfResidence="EE")
    assert owner["pep"] is True
    assessed = admin_client.get(f"/api/admin/clients/{case['id']}").json()
    assert factors(assessed) == {"board_member_service": 40, "company_client": 10, "ownership_layers": 30,
                                 "pep": 40, "high_risk_country": 40}
    country = next(f for f in assessed["riskFactors"] if f["factor"] == "high_risk_country")
    assert country["details"]["country"] == "IR" and country["rating"] == "high"
    assert (assessed["riskLevel"], assessed["riskScore"]) == ("high", 160)


def test_the_uae_left_the_eu_high_risk_list_on_5_august_2025(stack: Any) -> None:
    """The EU's list is data with dates: a client in the UAE had the factor until 4 August 2025, not after."""
    async def country_factors(day: date) -> list[dict[str, Any]]:
        database = Database(stack.database_url("compliance"))
        try:
            async with database.session() as session:
                client = Client(kind="company", name="Gulf Trading FZE", country="AE", address="Dubai", purpose="x",
                                source_of_funds="x", created_by=1)
                assessment = await assess(session, client, [], day)
        finally:
            await database.dispose()
        return [f for f in assessment.factors if f["factor"] == "high_risk_country"]

    assert [f["country"] for f in asyncio.run(country_factors(date(2025, 8, 4)))] == ["AE"]
    assert asyncio.run(country_factors(date(2025, 8, 5))) == []
    # Listed by Delegated Regulation (EU) 2023/410, in force 16 March 2023 (migration e4b7c2a9f153); Barbados,
    # Jamaica and Panama by 2020/855, applying from 1 October 2020.
    with psycopg.connect(stack.database_url("compliance"), autocommit=True) as db:
        rows = db.execute("select country, effective_from, effective_to from country_risk "
                          "where country in ('AE', 'BB', 'JM', 'PA') order by country").fetchall()
    assert rows == [("AE", date(2023, 3, 16), date(2025, 8, 4)), *(
        (country, date(2020, 10, 1), date(2025, 8, 4)) for country in ("BB", "JM", "PA"))]


@pytest.mark.parametrize(("body", "field", "code"), [
    (company_body(country="XX"), "country", "invalid_country"),
    (company_body(country="Estonia"), "country", "invalid_country"),
    (company_body(kind="person", dateOfBirth=None), "dateOfBirth", "date_of_birth_required"),
    (company_body(purpose="  "), "purpose", "required"),
    (company_body(kind="trust"), "kind", "invalid_value"),
])
def test_bad_client_values_are_422_with_a_field_code(admin_client: httpx.Client, body: dict[str, Any], field: str,
                                                     code: str) -> None:
    before = admin_client.get("/api/admin/clients").headers["X-Total-Count"]
    refused = admin_client.post("/api/admin/clients", json=body)
    assert refused.status_code == 422, refused.text
    assert refused.json()["fieldCodes"] == {field: code}
    texts = {lang: json.loads((LOCALES / lang / "common.json").read_text())["errors"]["codes"][code]
             for lang in ("et", "en")}
    assert all(texts.values()) and texts["et"] != texts["en"]
    assert admin_client.get("/api/admin/clients").headers["X-Total-Count"] == before


@pytest.mark.parametrize(("overrides", "field", "code"), [
    ({"pep": True}, "pepDetails", "pep_details_required"),
    ({"ownershipPercent": 120}, "ownershipPercent", "invalid_ownership"),
    ({"nationality": "ZZ"}, "nationality", "invalid_country"),
    ({"role": "shareholder"}, "role", "invalid_value"),
])
def test_bad_people_are_422_and_nothing_is_added(admin_client: httpx.Client, overrides: dict[str, Any], field: str,
                                                 code: str) -> None:
    case = create_client(admin_client)
    refused = admin_client.post(f"/api/admin/clients/{case['id']}/people", json=owner_body(**overrides))
    assert (refused.status_code, refused.json()["fieldCodes"]) == (422, {field: code}), refused.text
    assert admin_client.get(f"/api/admin/clients/{case['id']}").json()["people"] == []


def test_an_unknown_client_is_404(admin_client: httpx.Client) -> None:
    missing = admin_client.get("/api/admin/clients/2147483647")
    assert (missing.status_code, missing.json()["code"]) == (404, "not_found")
