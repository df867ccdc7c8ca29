"""Issue 16, What each role sees: "ID codes are masked in admin lists and user pickers (first digit and last
two: 4••••••••21) and shown whole on the application detail; search still finds by the full code. Applicants
see their own in full." Masked on the server: the whole code is not in a list's JSON at all."""

from collections.abc import Callable
from typing import Any

import httpx

from conftest import Applicant, new_id_code
from portal_common.privacy import mask_id_code

OwnApplication = Callable[[httpx.Client], dict[str, Any]]
PICKER_LIMIT = 10  # what the SPA's applicant picker (ApplicantCombobox) asks for


def found_by_full_code(admin: httpx.Client, id_code: str, **params: Any) -> httpx.Response:
    response = admin.get("/api/admin/applications", params={"q": id_code, **params})
    assert response.status_code == 200, response.text
    return response


def test_the_admin_list_and_picker_mask_the_code_that_search_still_takes_whole(
        admin_client: httpx.Client, make_applicant: Callable[..., Applicant], own_application: OwnApplication) -> None:
    id_code = new_id_code()
    applicant = make_applicant(idCode=id_code)
    application_id = own_application(applicant.client)["application"]["id"]
    masked = mask_id_code(id_code)
    assert masked == id_code[0] + "••••••••" + id_code[-2:]

    for params in ({}, {"limit": PICKER_LIMIT}, {"status": "pending", "sort": "name", "order": "asc"}):
        response = found_by_full_code(admin_client, id_code, **params)
        assert [item["id"] for item in response.json()] == [application_id]
        assert response.json()[0]["profile"]["idCode"] == masked
        assert id_code not in response.text


def test_the_csv_export_masks_the_code(admin_client: httpx.Client, make_applicant: Callable[..., Applicant],
                                       own_application: OwnApplication) -> None:
    id_code = new_id_code()
    applicant = make_applicant(idCode=id_code)
    application_id = own_application(applicant.client)["application"]["id"]
    response = admin_client.get("/api/admin/applications/export.csv", params={"q": id_code})
    assert response.status_code == 200, response.text
    rows = response.text.splitlines()[1:]
    assert len(rows) == 1 and rows[0].startswith(f"{application_id},")
    assert mask_id_code(id_code) in rows[0] and id_code not in response.text


def test_the_detail_and_the_applicants_own_views_show_the_whole_code(
        admin_client: httpx.Client, make_applicant: Callable[..., Applicant], own_application: OwnApplication) -> None:
    id_code = new_id_code()
    applicant = make_applicant(idCode=id_code)
    application_id = own_application(applicant.client)["application"]["id"]

    detail = admin_client.get(f"/api/admin/applications/{application_id}")
    assert detail.status_code == 200, detail.text
    assert detail.json()["profile"]["idCode"] == id_code
    assert applicant.client.get("/api/profile").json()["idCode"] == id_code
    assert own_application(applicant.client)["application"]["profile"]["idCode"] == id_code
