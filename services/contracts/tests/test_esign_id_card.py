"""Issue 33, ID-card: an applicant signs a contract with a qualified electronic signature through the API as Web eID
drives it (the card's key is the test PKI's), against the stack's SK stand-in (OCSP, TSA). The container is stored
once, served as .asice, and libdigidocpp finds it VALID at profile time-stamp; the certificate is checked before
any digest leaves the server."""

import asyncio
import base64
import io
import zipfile
from pathlib import Path
from typing import Any

import httpx
import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, utils
from portal_eid import asice
from portal_eid.settings import EidSettings, Trust
from sk_standin.pki import Person, TestPki

from services.contracts.tests.test_api import SIGNATURE, MakeApplicant, create, db_row, registered
from testkit.accounts import new_id_code

HASHES = {"SHA-256": hashes.SHA256(), "SHA-384": hashes.SHA384(), "SHA-512": hashes.SHA512()}


@pytest.fixture(scope="module")
def pki(stack: Any) -> TestPki:
    return TestPki(stack.eid_dir, f"{stack.sk_standin_url}/ocsp")


@pytest.fixture(scope="module")
def stranger(tmp_path_factory: pytest.TempPathFactory) -> TestPki:
    return TestPki(tmp_path_factory.mktemp("stranger"), "http://127.0.0.1:9/ocsp")


@pytest.fixture(scope="module")
def trust(stack: Any) -> Trust:
    env = stack.env
    return EidSettings(trust_anchors_dir=Path(env["EID_TRUST_ANCHORS_DIR"]),
                       trusted_list_path=Path(env["EID_TRUSTED_LIST_PATH"]),
                       trusted_list_signer_path=Path(env["EID_TRUSTED_LIST_SIGNER_PATH"])).trust()


def der_b64(person: Person) -> str:
    return base64.b64encode(person.certificate.public_bytes(serialization.Encoding.DER)).decode()


def card_signs(person: Person, started: dict[str, Any]) -> str:
    """What Web eID's sign() gives back for the digest: raw r||s for the card's EC key (RSASSA-PSS for RSA)."""
    digest, algorithm = base64.b64decode(started["digest"]), HASHES[started["hashFunction"]]
    key = person.private_key
    if isinstance(key, ec.EllipticCurvePrivateKey):
        r, s = utils.decode_dss_signature(key.sign(digest, ec.ECDSA(utils.Prehashed(algorithm))))
        size = (key.curve.key_size + 7) // 8
        value = r.to_bytes(size, "big") + s.to_bytes(size, "big")
    else:
        value = key.sign(digest, padding.PSS(padding.MGF1(algorithm), algorithm.digest_size),
                         utils.Prehashed(algorithm))
    return base64.b64encode(value).decode()


def start(client: httpx.Client, contract_id: int, certificate: str) -> httpx.Response:
    return client.post(f"/api/contracts/{contract_id}/esign", json={"method": "id_card", "certificate": certificate})


def finish(client: httpx.Client, contract_id: int, session_id: str, signature: str) -> httpx.Response:
    return client.post(f"/api/contracts/{contract_id}/esign/{session_id}/signature", json={"signature": signature})


def verify(client: httpx.Client, data: bytes, name: str = "leping.asice") -> dict[str, Any]:
    response = client.post("/api/contracts/verify", files={"file": (name, data, asice.MIMETYPE)})
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def applicant_with_contract(make_applicant: MakeApplicant, admin: httpx.Client) -> tuple[Any, str, dict[str, Any]]:
    code = new_id_code()
    applicant = registered(make_applicant, idCode=code, fullName="Mari Maasikas")
    return applicant, code, create(admin, applicant.user["id"])


@pytest.mark.parametrize("key", ["p256", "p384"])
def test_an_applicant_signs_with_the_id_card_and_the_container_is_valid(
        stack: Any, make_applicant: MakeApplicant, admin_client: httpx.Client, client: httpx.Client, pki: TestPki,
        trust: Trust, key: str) -> None:
    applicant, code, contract = applicant_with_contract(make_applicant, admin_client)
    person = pki.person(code, key, given_name="MARI", surname="MAASIKAS")  # type: ignore[arg-type]
    started = start(applicant.client, contract["id"], der_b64(person))
    assert started.status_code == 201, started.text
    body = started.json()
    assert (body["method"], body["state"], body["hashFunction"]) == (
        "id_card", "awaiting_signature", "SHA-384" if key == "p384" else "SHA-256")
    finished = finish(applicant.client, contract["id"], body["sessionId"], card_signs(person, body))
    assert finished.status_code == 200, finished.text
    assert (finished.json()["state"], finished.json()["error"]) == ("signed", None)
    status = applicant.client.get(f"/api/contracts/{contract['id']}/esign/{body['sessionId']}")
    assert status.json()["state"] == "signed"
    shown = next(c for c in applicant.client.get("/api/contracts").json() if c["id"] == contract["id"])
    assert (shown["status"], shown["signatureMethod"]) == ("signed", "id_card")

    download = applicant.client.get(f"/api/contracts/{contract['id']}/asice")
    assert download.status_code == 200, download.text
    assert download.headers["content-type"] == "application/vnd.etsi.asic-e+zip"
    container = download.content
    verdict = asyncio.run(asice.verify(container, trust))
    assert verdict.valid, verdict.problems
    assert verdict.profile == "BES/time-stamp" and verdict.signer is not None and verdict.signer.id_code == code
    assert [f.name for f in verdict.data_files] == [f"leping-{contract['id']}.pdf"]
    assert asice.data_file(container, f"leping-{contract['id']}.pdf").startswith(b"%PDF")
    # Stored once: the same bytes every time, to the owner and to an admin; nobody else sees it.
    assert applicant.client.get(f"/api/contracts/{contract['id']}/asice").content == container
    assert admin_client.get(f"/api/contracts/{contract['id']}/asice").content == container
    other = registered(make_applicant)
    assert other.client.get(f"/api/contracts/{contract['id']}/asice").status_code == 404
    assert db_row(stack, "select method, signer_id_code from signature_audit where contract_id = %s",
                  contract["id"]) == ("id_card", code)

    checked = verify(client, container)
    assert (checked["valid"], checked["kind"], checked["signerIdCode"], checked["signerName"], checked["profile"],
            checked["portalContract"], checked["contractId"]) == (
        True, "asice", code, "MARI MAASIKAS", "BES/time-stamp", True, contract["id"])
    assert checked["signedAt"] is not None


def test_the_certificate_is_checked_before_any_digest_leaves(
        stack: Any, make_applicant: MakeApplicant, admin_client: httpx.Client, pki: TestPki,
        stranger: TestPki) -> None:
    applicant, code, contract = applicant_with_contract(make_applicant, admin_client)
    revoked_code = new_id_code()
    pki.revoke(revoked_code)
    refusals = {
        "signer_mismatch": der_b64(pki.person(new_id_code())),
        "certificate_not_qualified": der_b64(pki.person(code, "rsa", level="advanced")),
        "certificate_untrusted": der_b64(stranger.person(code)),
        "certificate_invalid": base64.b64encode(b"not a certificate").decode(),
    }
    for expected, certificate in refusals.items():
        response = start(applicant.client, contract["id"], certificate)
        assert response.status_code == 422, response.text
        assert response.json()["fieldCodes"]["certificate"] == expected, response.text
    # A revoked certificate of the applicant's own (an applicant whose code is the revoked one).
    revoked_applicant = registered(make_applicant, idCode=revoked_code)
    revoked_contract = create(admin_client, revoked_applicant.user["id"])
    response = start(revoked_applicant.client, revoked_contract["id"], der_b64(pki.person(revoked_code)))
    assert response.status_code == 422 and response.json()["fieldCodes"]["certificate"] == "certificate_revoked"
    # Nothing was started or signed.
    assert db_row(stack, "select count(*) from esign_sessions where contract_id in (%s, %s)", contract["id"],
                  revoked_contract["id"]) == (0,)
    assert db_row(stack, "select status from contracts where id = %s", contract["id"]) == ("pending",)


def test_a_wrong_signature_value_is_refused_and_the_session_still_waits(
        make_applicant: MakeApplicant, admin_client: httpx.Client, pki: TestPki) -> None:
    applicant, code, contract = applicant_with_contract(make_applicant, admin_client)
    person = pki.person(code)
    body = start(applicant.client, contract["id"], der_b64(person)).json()
    wrong = finish(applicant.client, contract["id"], body["sessionId"], card_signs(pki.person(new_id_code()), body))
    assert wrong.status_code == 422 and wrong.json()["fieldCodes"]["signature"] == "invalid_signature_value"
    garbage = finish(applicant.client, contract["id"], body["sessionId"], "***")
    assert garbage.status_code == 422
    assert applicant.client.get(f"/api/contracts/{contract['id']}/esign/{body['sessionId']}").json()["state"] == \
        "awaiting_signature"
    assert finish(applicant.client, contract["id"], body["sessionId"], card_signs(person, body)).status_code == 200
    # Signed: a second session, or the same one again, is a conflict.
    assert finish(applicant.client, contract["id"], body["sessionId"], card_signs(person, body)).status_code == 409
    assert start(applicant.client, contract["id"], der_b64(person)).status_code == 409


def test_a_certificate_revoked_after_the_digest_went_out_signs_nothing(
        stack: Any, make_applicant: MakeApplicant, admin_client: httpx.Client, pki: TestPki) -> None:
    applicant, code, contract = applicant_with_contract(make_applicant, admin_client)
    person = pki.person(code)
    body = start(applicant.client, contract["id"], der_b64(person)).json()
    pki.revoke(code)
    response = finish(applicant.client, contract["id"], body["sessionId"], card_signs(person, body))
    assert response.status_code == 422 and response.json()["fieldCodes"]["signature"] == "certificate_revoked"
    status = applicant.client.get(f"/api/contracts/{contract['id']}/esign/{body['sessionId']}").json()
    assert (status["state"], status["error"]) == ("failed", {"code": "certificate_revoked"})
    assert db_row(stack, "select status, signed_at from contracts where id = %s", contract["id"]) == ("pending", None)
    assert db_row(stack, "select count(*) from signed_containers where contract_id = %s", contract["id"]) == (0,)


def test_only_a_contract_signed_with_eid_has_a_container(make_applicant: MakeApplicant,
                                                         admin_client: httpx.Client) -> None:
    applicant, _, contract = applicant_with_contract(make_applicant, admin_client)
    assert applicant.client.get(f"/api/contracts/{contract['id']}/asice").status_code == 409
    signed = applicant.client.post(f"/api/contracts/{contract['id']}/sign", json={"signatureData": SIGNATURE})
    assert signed.status_code == 200 and signed.json()["signatureMethod"] == "drawn"
    assert applicant.client.get(f"/api/contracts/{contract['id']}/asice").status_code == 409


def test_verify_says_a_changed_container_is_not_valid(
        make_applicant: MakeApplicant, admin_client: httpx.Client, client: httpx.Client, pki: TestPki) -> None:
    applicant, code, contract = applicant_with_contract(make_applicant, admin_client)
    person = pki.person(code, "p384")
    body = start(applicant.client, contract["id"], der_b64(person)).json()
    assert finish(applicant.client, contract["id"], body["sessionId"], card_signs(person, body)).status_code == 200
    container = applicant.client.get(f"/api/contracts/{contract['id']}/asice").content
    with zipfile.ZipFile(io.BytesIO(container)) as archive:
        files = {info.filename: archive.read(info) for info in archive.infolist()}
    name = f"leping-{contract['id']}.pdf"
    pdf = bytearray(files[name])
    pdf[len(pdf) // 2] ^= 1
    changed = asice.container([asice.DataFile(name, bytes(pdf))], files[asice.SIGNATURES_FILE])
    result = verify(client, changed)
    assert (result["valid"], result["reason"], result["portalContract"], result["contractId"]) == (
        False, "signature_invalid", False, None)
    assert any(name in problem for problem in result["problems"]), result["problems"]
