"""Issue 34: the admin's applicant file says whether the identity was verified by eID at registration, by which
method and when, and the applications list filters to eID-verified applicants (``eid=verified``), on the server.
identity publishes the verification with its registration event; applications projects it. Through the gateway,
against the local SK stand-in."""

import datetime as dt
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

from conftest import Applicant
from testkit.eid_accounts import register_with_eid

OwnApplication = Callable[[httpx.Client], dict[str, Any]]


@pytest.fixture
def eid_applicant(gateway: str) -> Iterator[Callable[[str], tuple[Applicant, dict[str, Any]]]]:
    clients: list[httpx.Client] = []

    def make(method: str) -> tuple[Applicant, dict[str, Any]]:
        applicant, person = register_with_eid(gateway, method)
        clients.append(applicant.client)
        return applicant, person

    yield make
    for client in clients:
        client.close()


def page(admin: httpx.Client, **params: Any) -> list[dict[str, Any]]:
    response = admin.get("/api/admin/applications", params={"limit": 100, **params})
    assert response.status_code == 200, response.text
    items: list[dict[str, Any]] = response.json()
    return items


@pytest.mark.parametrize("method", ["smart_id", "mobile_id"])
def test_the_file_shows_the_eid_method_and_when(admin_client: httpx.Client, eid_applicant: Any,
                                                own_application: OwnApplication, method: str) -> None:
    before = dt.datetime.now(dt.UTC)
    applicant, person = eid_applicant(method)
    application_id = own_application(applicant.client)["application"]["id"]
    detail = admin_client.get(f"/api/admin/applications/{application_id}")
    assert detail.status_code == 200, detail.text
    verification = detail.json()["eidVerification"]
    assert verification is not None and verification["method"] == method
    verified_at = dt.datetime.fromisoformat(verification["verifiedAt"])
    assert before - dt.timedelta(seconds=5) <= verified_at <= dt.datetime.now(dt.UTC)
    # the identity in the file is the certificate's
    assert (detail.json()["profile"]["fullName"], detail.json()["profile"]["idCode"]) == (
        person["fullName"], person["idCode"])


def test_a_typed_identity_is_not_verified(admin_client: httpx.Client, make_applicant: Any,
                                          own_application: OwnApplication) -> None:
    applicant = make_applicant()
    application_id = own_application(applicant.client)["application"]["id"]
    detail = admin_client.get(f"/api/admin/applications/{application_id}")
    assert detail.status_code == 200, detail.text
    assert detail.json()["eidVerification"] is None


def test_the_list_filters_to_eid_verified_applicants(admin_client: httpx.Client, eid_applicant: Any,
                                                     make_applicant: Any, own_application: OwnApplication) -> None:
    typed = make_applicant()
    typed_id = own_application(typed.client)["application"]["id"]
    verified, _ = eid_applicant("smart_id")
    verified_id = own_application(verified.client)["application"]["id"]

    # each applicant found (by their own e-mail) only under their own filter value, counted on the server
    for eid, shown, hidden in (("verified", verified, typed), ("unverified", typed, verified)):
        found = admin_client.get("/api/admin/applications", params={"eid": eid, "q": shown.user["email"]})
        assert found.status_code == 200, found.text
        assert [item["id"] for item in found.json()] == [verified_id if shown is verified else typed_id]
        assert found.headers["X-Total-Count"] == "1"
        assert page(admin_client, eid=eid, q=hidden.user["email"]) == []
    # with the other filters too
    found = admin_client.get("/api/admin/applications", params={"eid": "verified", "q": verified.user["email"],
                                                                "status": "pending"})
    assert [item["id"] for item in found.json()] == [verified_id]
    assert page(admin_client, eid="verified", q=verified.user["email"], status="approved") == []
    # a whole page holds only what the filter asks for
    assert all(item["eidVerification"] is not None for item in page(admin_client, eid="verified"))
    assert all(item["eidVerification"] is None for item in page(admin_client, eid="unverified"))
    # and without the filter both are there
    assert [item["id"] for item in page(admin_client, q=verified.user["email"])] == [verified_id]
    assert [item["id"] for item in page(admin_client, q=typed.user["email"])] == [typed_id]


def test_a_wrong_filter_value_is_refused(admin_client: httpx.Client) -> None:
    response = admin_client.get("/api/admin/applications", params={"eid": "yes"})
    assert response.status_code == 422 and response.json()["fieldCodes"].keys() == {"eid"}, response.text
