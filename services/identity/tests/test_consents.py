"""Issue 16 "Consent": the versions (dates) of the terms, the privacy policy and the employment contract text
accepted at registration are stored with time, IP address and user agent; when a published version changes, a
signed-in applicant accepts the new one before going on (GET /api/user `consentRequired`). Through the gateway,
against the real stack; new versions are published with `python -m identity publish-policy`."""

import subprocess
import sys
from datetime import date, datetime, timedelta
from typing import Any

import httpx
import psycopg
import pytest

from conftest import ROOT, Applicant

# Issue 32: alone on the stack, after the parallel part: it publishes new terms, which every signed-in user must
# then accept.
pytestmark = pytest.mark.exclusive

DOCUMENTS = ("terms", "privacy", "contract")
BROWSER = "Mozilla/5.0 (X11; Linux x86_64) ConsentTest/16"


def publish(stack: Any, document: str, version: date) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "identity", "publish-policy", "--document", document,
                           "--version", version.isoformat()], env=stack.env, cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def current_policies(client: httpx.Client) -> dict[str, date]:
    response = client.get("/api/policies")
    assert response.status_code == 200, response.text
    return {document: date.fromisoformat(version) for document, version in response.json().items()}


def stored_consents(stack: Any, user_id: int) -> list[tuple[str, date, datetime, str | None, str | None]]:
    with psycopg.connect(stack.database_url("identity"), autocommit=True) as db:
        return db.execute("select document, version, accepted_at, ip_address, user_agent from consents "
                          "where user_id = %s order by document, version", (user_id,)).fetchall()


def test_policies_are_public_and_seeded_with_the_versions_of_todays_texts(client: httpx.Client) -> None:
    """Published versions: the migration seeds the version of the texts shown today (spec §2 Legal pages: last
    updated May 09, 2025); anyone may read them, signed in or not."""
    policies = current_policies(client)
    assert set(policies) == set(DOCUMENTS)
    assert all(version >= date(2025, 5, 9) for version in policies.values())


def test_registration_stores_the_accepted_versions_with_time_ip_and_user_agent(
        stack: Any, make_applicant: Any, client: httpx.Client) -> None:
    """Consent: 'The version (date) of the terms, the privacy policy and the employment contract text accepted at
    registration is stored with time, IP and user agent.'"""
    before = datetime.now().astimezone()
    applicant: Applicant = make_applicant()
    policies = current_policies(client)
    rows = stored_consents(stack, applicant.user["id"])

    assert [(document, version) for document, version, *_ in rows] == sorted(policies.items())
    for _, _, accepted_at, ip_address, user_agent in rows:
        assert before - timedelta(seconds=5) <= accepted_at <= datetime.now().astimezone() + timedelta(seconds=5)
        assert ip_address == "127.0.0.1"
        assert user_agent is not None and user_agent.startswith("python-httpx/")
    assert applicant.user["consentRequired"] is False
    consents = applicant.client.get("/api/consents").json()
    assert consents["required"] == []
    assert {(item["document"], item["version"]) for item in consents["accepted"]} == {
        (document, version.isoformat()) for document, version in policies.items()}


def test_a_new_version_must_be_accepted_and_only_the_current_one_is(
        stack: Any, make_applicant: Any, admin_client: httpx.Client) -> None:
    """Consent: 'When a published version changes, a signed-in applicant accepts the new one before going on.'
    After `publish-policy`, GET /api/user says consentRequired; the old version is refused with 422
    consent_version_outdated; accepting the new one (stored with IP and user agent) clears it."""
    applicant: Applicant = make_applicant()
    old = current_policies(applicant.client)["terms"]
    new = old + timedelta(days=1)
    published = publish(stack, "terms", new)
    assert published.returncode == 0, published.stderr
    assert f"published terms version {new.isoformat()}" in published.stdout

    assert current_policies(applicant.client)["terms"] == new
    user = applicant.client.get("/api/user").json()
    assert user["consentRequired"] is True
    assert applicant.client.get("/api/consents").json()["required"] == [{"document": "terms",
                                                                        "version": new.isoformat()}]
    assert admin_client.get("/api/user").json()["consentRequired"] is False  # admins accept no applicant texts

    refused = applicant.client.post("/api/consents", json={"documents": [{"document": "terms",
                                                                         "version": old.isoformat()}]})
    assert refused.status_code == 422, refused.text
    assert refused.json()["code"] == "consent_version_outdated"
    assert applicant.client.get("/api/user").json()["consentRequired"] is True

    accepted = applicant.client.post("/api/consents", json={"documents": [{"document": "terms",
                                                                          "version": new.isoformat()}]},
                                     headers={"User-Agent": BROWSER})
    assert accepted.status_code == 204, accepted.text
    assert applicant.client.get("/api/user").json()["consentRequired"] is False
    terms = [(version, ip, agent) for document, version, _, ip, agent in stored_consents(stack, applicant.user["id"])
             if document == "terms"]
    assert len(terms) == 2
    assert terms[0][0] == old
    assert terms[1] == (new, "127.0.0.1", BROWSER)


def test_publishing_refuses_a_version_that_is_not_later(stack: Any, client: httpx.Client) -> None:
    """Versions are dates in order: the command refuses one not later than the current version."""
    current = current_policies(client)["privacy"]
    refused = publish(stack, "privacy", current)
    assert refused.returncode == 1
    assert "a new version must be a later date" in refused.stderr
    assert current_policies(client)["privacy"] == current


def test_consents_need_a_session(client: httpx.Client) -> None:
    assert client.get("/api/consents").status_code == 401
    assert client.post("/api/consents", json={"documents": [{"document": "terms",
                                                             "version": "2025-05-09"}]}).status_code == 401
