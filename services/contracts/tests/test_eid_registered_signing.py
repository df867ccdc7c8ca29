"""Issue 34: "The employment contract is then signed with the same eID as a qualified signature ... not with a
typed name". An applicant who registered with an eID finds their employment contract waiting for a signature
(not signed by the registration dialog's typed name); a drawn or typed signature of it is refused with
422 eid_registered_signature_required and changes nothing; Smart-ID signs it into an ASiC-E container. A typed
registration still signs its contract in the dialog. Through the
gateway against the SK stand-in."""

from collections.abc import Iterator
from typing import Any

import pytest

from conftest import Applicant
from services.contracts.tests.test_api import MakeApplicant, db_row, registered, wait_for_contracts
from services.contracts.tests.test_esign_phone import esign, until_finished
from services.contracts.tests.test_signing_and_expiry import sign
from testkit.eid_accounts import register_with_eid


@pytest.fixture
def eid_registered(gateway: str) -> Iterator[tuple[Applicant, dict[str, Any]]]:
    applicant, person = register_with_eid(gateway, "smart_id")
    yield applicant, person
    applicant.client.close()


def employment_contract(applicant: Applicant) -> dict[str, Any]:
    [contract] = wait_for_contracts(applicant.client)
    assert contract["kind"] == "employment"
    return contract


def test_an_eid_registered_applicant_signs_the_employment_contract_only_with_an_eid(
        stack: Any, eid_registered: tuple[Applicant, dict[str, Any]]) -> None:
    applicant, person = eid_registered
    contract = employment_contract(applicant)
    # waiting for the eID, made out to the certificate's name and ID code
    assert contract["status"] == "pending" and contract["signedAt"] is None
    assert person["fullName"] in contract["content"] and person["idCode"] in contract["content"]

    drawn = sign(applicant.client, contract["id"])
    assert drawn.status_code == 422, drawn.text
    assert drawn.json()["code"] == "eid_registered_signature_required"
    assert drawn.json()["fieldCodes"] == {"method": "eid_registered_signature_required"}
    typed = sign(applicant.client, contract["id"], method="typed", typedName=person["fullName"])
    assert typed.status_code == 422 and typed.json()["code"] == "eid_registered_signature_required", typed.text
    assert employment_contract(applicant)["status"] == "pending"
    assert int(db_row(stack, "select count(*) from signature_audit where contract_id = %s", contract["id"])[0]) == 0

    started = esign(applicant, contract["id"], method="smart_id")
    assert started.status_code == 201, started.text
    assert until_finished(applicant, contract["id"], started.json()["sessionId"])["state"] == "signed"
    signed = employment_contract(applicant)
    assert signed["status"] == "signed" and signed["signatureMethod"] == "smart_id"
    [signer] = db_row(stack, "select signer_id_code from signed_containers where contract_id = %s", contract["id"])
    assert signer == person["idCode"]


def test_a_typed_registration_still_signs_its_contract_in_the_dialog(make_applicant: MakeApplicant) -> None:
    applicant = registered(make_applicant)
    [contract] = wait_for_contracts(applicant.client)
    assert contract["kind"] == "employment" and contract["status"] == "signed"
