"""Issue 36, "A liability notice they understand, before they consent": the board member's liability notice is
versioned and published like the terms (`python -m identity publish-policy --document liability`); GET
/api/mandate/notice gives the current version in the reader's language and whether they acknowledged it; POST
/api/mandate/notice/acknowledgement stores the current version with time, IP and user agent (422 for any other,
nothing stored), and a new version must be acknowledged again. Admins read whether and when an applicant did.
Through the gateway, against the real stack."""

from datetime import date, datetime, timedelta
from typing import Any

import httpx
import psycopg
import pytest

from conftest import Applicant
from services.identity.tests.test_consents import publish

# Issue 32: alone on the stack, after the parallel part: it publishes a new notice, which every board member must
# then acknowledge again.
pytestmark = pytest.mark.exclusive

BROWSER = "Mozilla/5.0 (X11; Linux x86_64) LiabilityNoticeTest/36"
# What the issue says the notice says at least, in each language (identity/liability_notice.py).
MUST_SAY = {
    "et": ("seaduslik juht", "nominaalset", "viie aasta", "maksuvõlgade", "majandusaasta aruande",
           "tegelike kasusaajate", "avalik", "osanikud", "ID-kaarti", "PIN-koode", "Mobiil-ID", "Smart-ID",
           "aru ei saa"),
    "en": ("legal manager", "nominal", "five years", "tax debts", "annual report", "beneficial-owner", "public",
           "shareholders", "ID-card", "PINs", "Mobile-ID", "Smart-ID", "do not understand"),
}


def stored(stack: Any, user_id: int) -> list[tuple[date, datetime, str | None, str | None]]:
    with psycopg.connect(stack.database_url("identity"), autocommit=True) as db:
        return db.execute("select version, acknowledged_at, ip_address, user_agent from liability_acknowledgements "
                          "where user_id = %s order by version", (user_id,)).fetchall()


def notice(client: httpx.Client) -> dict[str, Any]:
    response = client.get("/api/mandate/notice")
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def acknowledge(client: httpx.Client, version: str) -> httpx.Response:
    return client.post("/api/mandate/notice/acknowledgement", json={"version": version},
                       headers={"User-Agent": BROWSER})


def admin_view(admin: httpx.Client, user_id: int) -> dict[str, Any]:
    response = admin.get(f"/api/admin/users/{user_id}/liability-notice")
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def test_the_notice_in_the_readers_language_says_what_the_issue_lists(make_applicant: Any) -> None:
    applicant: Applicant = make_applicant()
    estonian = notice(applicant.client)
    assert estonian["acknowledged"] is False and estonian["acknowledgedAt"] is None
    assert estonian["version"] >= "2026-12-01"
    assert estonian["title"] == "Mida tähendab olla juhatuse liige"
    for phrase in MUST_SAY["et"]:
        assert phrase in estonian["text"], phrase
    assert "\n\n" in estonian["text"]  # paragraphs

    assert applicant.client.post("/api/set-language", json={"language": "en"}).status_code == 200
    english = notice(applicant.client)
    assert english["version"] == estonian["version"]
    assert english["title"] == "What being a board member means"
    for phrase in MUST_SAY["en"]:
        assert phrase in english["text"], phrase


def test_acknowledging_stores_the_version_time_ip_and_user_agent_and_a_new_version_asks_again(
        stack: Any, make_applicant: Any, admin_client: httpx.Client) -> None:
    applicant: Applicant = make_applicant()
    user_id = applicant.user["id"]
    current = notice(applicant.client)["version"]
    assert admin_view(admin_client, user_id) == {"version": current, "acknowledged": False, "acknowledgedAt": None}

    # A version that is not the current one: 422, nothing stored.
    older = (date.fromisoformat(current) - timedelta(days=1)).isoformat()
    refused = acknowledge(applicant.client, older)
    assert refused.status_code == 422, refused.text
    assert refused.json()["code"] == "notice_version_outdated"
    assert stored(stack, user_id) == []

    before = datetime.now().astimezone()
    accepted = acknowledge(applicant.client, current)
    assert accepted.status_code == 200, accepted.text
    assert accepted.json()["acknowledged"] is True
    rows = stored(stack, user_id)
    assert len(rows) == 1
    version, at, ip, agent = rows[0]
    assert version.isoformat() == current and (ip, agent) == ("127.0.0.1", BROWSER)
    assert before - timedelta(seconds=5) <= at <= datetime.now().astimezone() + timedelta(seconds=5)
    assert notice(applicant.client)["acknowledged"] is True
    seen = admin_view(admin_client, user_id)
    assert seen["acknowledged"] is True and datetime.fromisoformat(seen["acknowledgedAt"]) == at
    # Acknowledging the same version again keeps the first.
    assert acknowledge(applicant.client, current).status_code == 200
    assert stored(stack, user_id) == rows

    # A new version: everyone is asked again, and the old version's acknowledgement changes nothing.
    new = (date.fromisoformat(current) + timedelta(days=1)).isoformat()
    published = publish(stack, "liability", date.fromisoformat(new))
    assert published.returncode == 0, published.stderr
    assert f"published liability version {new}" in published.stdout
    again = notice(applicant.client)
    assert (again["version"], again["acknowledged"]) == (new, False)
    assert again["text"]  # the newest text written on or before the version
    assert admin_view(admin_client, user_id) == {"version": new, "acknowledged": False, "acknowledgedAt": None}
    old = acknowledge(applicant.client, current)
    assert old.status_code == 422 and old.json()["code"] == "notice_version_outdated"
    assert stored(stack, user_id) == rows
    assert notice(applicant.client)["acknowledged"] is False

    assert acknowledge(applicant.client, new).status_code == 200
    assert [row[0].isoformat() for row in stored(stack, user_id)] == [current, new]
    assert admin_view(admin_client, user_id)["acknowledged"] is True

    # The notice is not one of the texts accepted at registration: nobody is sent to the consent page for it.
    assert applicant.client.get("/api/user").json()["consentRequired"] is False
    assert set(applicant.client.get("/api/policies").json()) == {"terms", "privacy", "contract"}


def test_publishing_the_notice_refuses_a_version_that_is_not_later(stack: Any, make_applicant: Any) -> None:
    applicant: Applicant = make_applicant()
    current = date.fromisoformat(notice(applicant.client)["version"])
    refused = publish(stack, "liability", current)
    assert refused.returncode == 1
    assert "a new version must be a later date" in refused.stderr


def test_only_the_signed_in_read_it_and_only_admins_read_anothers(
        client: httpx.Client, make_applicant: Any, admin_client: httpx.Client) -> None:
    applicant: Applicant = make_applicant()
    other: Applicant = make_applicant()
    assert client.get("/api/mandate/notice").status_code == 401
    assert client.post("/api/mandate/notice/acknowledgement", json={"version": "2026-12-01"}).status_code in (401, 403)
    assert other.client.get(f"/api/admin/users/{applicant.user['id']}/liability-notice").status_code == 403
    assert admin_client.get("/api/admin/users/999999999/liability-notice").status_code == 404
    bad = applicant.client.post("/api/mandate/notice/acknowledgement", json={"version": "not a date"})
    assert bad.status_code == 422
