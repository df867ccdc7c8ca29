"""Issue 37, Production and security: an admin who has not passed a second factor is no admin anywhere. The routes
every signed-in user reaches (a document's download, a contract's PDF) answer such a session as they answer any
other stranger to the file: 404. The payslip's route is checked in payroll's pay-run test, which has a paid one."""

from typing import Any

import httpx

from conftest import eventually


def test_a_document_download_refuses_an_admin_session_without_a_second_factor(
        make_applicant: Any, admin_client: httpx.Client, unenrolled_admin_client: httpx.Client) -> None:
    applicant = make_applicant()
    uploaded = applicant.client.post("/api/documents",
                                     files={"file": ("passport.pdf", b"%PDF-1.4 scan", "application/pdf")})
    assert uploaded.status_code == 201, uploaded.text
    download = f"/api/documents/{uploaded.json()['id']}/download"

    refused = unenrolled_admin_client.get(download)
    assert refused.status_code == 404 and refused.json()["code"] == "not_found", refused.text
    assert admin_client.get(download).status_code == 200  # the same file to an admin who passed it


def test_a_contract_pdf_refuses_an_admin_session_without_a_second_factor(
        make_applicant: Any, admin_client: httpx.Client, unenrolled_admin_client: httpx.Client) -> None:
    applicant = make_applicant()  # its employment contract signed at registration (spec §4)
    [contract] = eventually(lambda: applicant.client.get("/api/contracts").json(), what="the employment contract")
    pdf = f"/api/contracts/{contract['id']}/pdf"
    assert applicant.client.get(pdf).status_code == 200

    refused = unenrolled_admin_client.get(pdf)
    assert refused.status_code == 404 and refused.json()["code"] == "not_found", refused.text
    assert admin_client.get(pdf).status_code == 200


def test_an_admin_session_without_a_second_factor_sees_no_one_elses_application(
        make_applicant: Any, unenrolled_admin_client: httpx.Client) -> None:
    """Where a shared route widens what an admin sees, such a session sees only its own (here: nothing)."""
    make_applicant()
    own = unenrolled_admin_client.get("/api/documents")
    assert own.status_code == 200 and own.json() == []
    assert unenrolled_admin_client.get("/api/admin/applications").status_code == 403
