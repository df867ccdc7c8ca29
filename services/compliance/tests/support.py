"""Client cases as an admin makes them through the gateway, for compliance's tests."""

import uuid
from typing import Any

import httpx


def company_body(**overrides: Any) -> dict[str, Any]:
    return {"kind": "company", "name": f"Northwind Holdings {uuid.uuid4().hex[:6]} Ltd", "registryCode": "HE 401234",
            "country": "CY", "address": "1 Archiepiskopou Makariou III, Nicosia", "purpose": "Holding a shelf company",
            "sourceOfFunds": "Dividends of the trading group", **overrides}


def owner_body(**overrides: Any) -> dict[str, Any]:
    return {"role": "beneficial_owner", "fullName": "Mari Maasikas", "dateOfBirth": "1980-05-17",
            "nationality": "EE", "countryOfResidence": "EE", "ownershipPercent": 60, "pep": False, **overrides}


def create_client(admin: httpx.Client, **overrides: Any) -> dict[str, Any]:
    created = admin.post("/api/admin/clients", json=company_body(**overrides))
    assert created.status_code == 201, created.text
    body: dict[str, Any] = created.json()
    return body


def add_person(admin: httpx.Client, client_id: int, **overrides: Any) -> dict[str, Any]:
    added = admin.post(f"/api/admin/clients/{client_id}/people", json=owner_body(**overrides))
    assert added.status_code == 201, added.text
    body: dict[str, Any] = added.json()
    return body


def factors(case: dict[str, Any]) -> dict[str, int]:
    return {f["factor"]: f["weight"] for f in case["riskFactors"]}
