"""Client cases as an admin makes them through the gateway, for compliance's tests."""

import uuid
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import httpx

from testkit import accounts
from testkit.accounts import ADMIN_PASSWORD, ADMIN_TOTP_SECRET, admin_otp, browser_client

ROOT = Path(__file__).resolve().parents[3]


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


def fresh_lists(admin: httpx.Client) -> None:
    """Each source's list published today, so a case may be approved (COMPLIANCE_MAX_LIST_AGE_DAYS)."""
    from services.compliance.tests.list_files import PETROVSKY, SHIPPING, UK_CSV, UN_XML, eu_xml

    today = datetime.now(ZoneInfo("Europe/Tallinn")).date()
    files = {"eu": eu_xml([PETROVSKY, SHIPPING], generated=f"{today.isoformat()}T06:00:00.000+02:00"),
             "un": UN_XML.replace(b"2026-11-26T10:00:02.513Z", f"{today.isoformat()}T04:00:00.000Z".encode()),
             "uk": UK_CSV.replace(b"Last Updated,25/11/2026", f"Last Updated,{today:%d/%m/%Y}".encode())}
    for source, content in files.items():
        response = admin.post("/api/admin/screening/lists", data={"source": source},
                              files={"file": ("list", content, "application/octet-stream")})
        assert response.status_code == 201 and response.json()["publicationDate"] == today.isoformat(), response.text


def admin_on_the_command_line(stack: Any, *flags: str) -> str:
    """A new admin made with `python -m identity create-admin` (enrolled with the tests' TOTP secret); its name."""
    name = f"co{uuid.uuid4().hex[:8]}"
    accounts.admin_on_the_command_line(stack.env, name, *flags, password=ADMIN_PASSWORD,
                                       totp_secret=ADMIN_TOTP_SECRET)
    return name


def admin_made_on_the_command_line(stack: Any, gateway: str, *flags: str) -> httpx.Client:
    """Such an admin, signed in with their second factor."""
    name = admin_on_the_command_line(stack, *flags)
    client = browser_client(gateway)
    signed_in = client.post("/api/login", json={"username": name, "password": ADMIN_PASSWORD, "otp": admin_otp(name)})
    assert signed_in.status_code == 200 and signed_in.json()["secondFactorPassed"] is True, signed_in.text
    return client
