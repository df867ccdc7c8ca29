"""portal_eid.mobile_id against the SK stand-in over real HTTP (issue 33; issue 34 reuses it for sign-in): every
result of Mobile-ID REST, with the signatures checked by real cryptography."""

import hashlib
import os
from typing import Any

import httpx
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import Prehashed, encode_dss_signature
from cryptography.x509.oid import NameOID
from portal_eid import mobile_id
from portal_eid.sk_rest import EidSessionFailed, ProviderMaintenance, ProviderResponseInvalid, RelyingPartyRejected

PERSON = "39001011237"
PHONE = "+37255500001"
DEMO_RP = {"EID_MOBILE_ID_RP_UUID": "00000000-0000-0000-0000-000000000000", "EID_MOBILE_ID_RP_NAME": "DEMO"}


def settings(url: str, **extra: Any) -> mobile_id.MobileIdSettings:
    return mobile_id.MobileIdSettings.model_validate({"EID_MOBILE_ID_URL": f"{url}/mid-api", **DEMO_RP, **extra})


async def until_done(poll: Any) -> Any:
    for _ in range(20):
        result = await poll()
        if result is not None:
            return result
    raise AssertionError("the session never finished")


def test_verification_code_is_six_bits_from_the_start_and_seven_from_the_end() -> None:
    # MID README §2.4.1's example.
    assert mobile_id.verification_code(bytes.fromhex("2f665f6a6999e0ef0752e00ec9f453adf59d8cb6")) == "1462"
    assert mobile_id.verification_code(bytes(32)) == "0000"


@pytest.mark.parametrize(("hash_type", "hash_name"), [("SHA256", "sha256"), ("SHA384", "sha384"),
                                                      ("SHA512", "sha512")])
async def test_signing_gives_an_ecdsa_signature_over_the_hash(standin: Any, hash_type: Any, hash_name: str) -> None:
    digest = hashlib.new(hash_name, os.urandom(64)).digest()
    async with mobile_id.MobileIdClient(settings(standin.url)) as client:
        certificate = await client.signing_certificate(PERSON, PHONE)
        assert certificate.subject.get_attributes_for_oid(NameOID.SERIAL_NUMBER)[0].value == f"PNOEE-{PERSON}"
        session = await client.start_signature(PERSON, PHONE, digest, hash_type, certificate, "Lepingu allkiri")
        assert session.verification_code == mobile_id.verification_code(digest)
        restored = mobile_id.SignatureSession.loads(session.dumps())
        signature = await until_done(lambda: client.signature_result(restored))

    assert signature.algorithm == f"{hash_type}WithECEncryption"
    assert signature.certificate == certificate
    key = certificate.public_key()
    assert isinstance(key, ec.EllipticCurvePublicKey)
    # r||s, each the curve's size: verified again with cryptography directly.
    half = len(signature.value) // 2
    assert half == 32
    der = encode_dss_signature(int.from_bytes(signature.value[:half], "big"), int.from_bytes(signature.value[half:]))
    key.verify(der, digest, ec.ECDSA(Prehashed(getattr(hashes, hash_type)())))


async def test_a_signature_checked_against_another_certificate_is_not_accepted(standin: Any) -> None:
    digest = hashlib.sha256(b"contract").digest()
    async with mobile_id.MobileIdClient(settings(standin.url)) as client:
        someone_else = await client.signing_certificate("49001011238", PHONE)
        session = await client.start_signature(PERSON, PHONE, digest, "SHA256", someone_else, "Sign")
        with pytest.raises(ProviderResponseInvalid, match="does not verify"):
            await until_done(lambda: client.signature_result(session))


async def test_authentication_verifies_the_signature_over_the_random_hash(standin: Any) -> None:
    async with mobile_id.MobileIdClient(settings(standin.url)) as client:
        session = await client.start_authentication(PERSON, PHONE, "Sisselogimine")
        authentication = await until_done(lambda: client.authentication_result(session))
    subject = authentication.certificate.subject
    assert subject.get_attributes_for_oid(NameOID.SERIAL_NUMBER)[0].value == f"PNOEE-{PERSON}"
    usage = authentication.certificate.extensions.get_extension_for_class(x509.KeyUsage).value
    assert usage.digital_signature


@pytest.mark.parametrize(("phone", "code", "result"), [
    ("+37201100266", "refused", "USER_CANCELLED"),
    ("+37213100266", "phone_unreachable", "PHONE_ABSENT"),
    ("+37207110066", "phone_unreachable", "DELIVERY_ERROR"),
    ("+37201200266", "sim_error", "SIM_ERROR"),
    ("+37200000666", "account_unusable", "SIGNATURE_HASH_MISMATCH"),
    ("+37200000366", "not_a_customer", "NOT_MID_CLIENT"),
    ("+37066000266", "timeout", "TIMEOUT"),
])
async def test_sks_demo_numbers_end_as_on_sks_demo(standin: Any, phone: str, code: str, result: str) -> None:
    async with mobile_id.MobileIdClient(settings(standin.url)) as client:
        session = await client.start_authentication(PERSON, phone, "Sisselogimine")
        with pytest.raises(EidSessionFailed) as failed:
            await until_done(lambda: client.authentication_result(session))
    assert (failed.value.code, failed.value.provider_result) == (code, result)


async def test_someone_without_mobile_id_has_no_signing_certificate(standin: Any) -> None:
    async with mobile_id.MobileIdClient(settings(standin.url)) as client:
        with pytest.raises(EidSessionFailed) as failed:
            await client.signing_certificate(PERSON, "+37200000366")
    assert failed.value.code == "not_a_customer"


async def test_the_person_cancels_on_the_phone_page(pki_folder: Any, serve_standin: Any) -> None:
    async with serve_standin(pki_folder, confirm_after=30) as standin, \
            mobile_id.MobileIdClient(settings(standin.url)) as client:
        session = await client.start_authentication(PERSON, PHONE, "Sisselogimine")
        async with httpx.AsyncClient(base_url=standin.url) as browser:
            page = (await browser.get("/phone", params={"lang": "en"})).text
            assert "Mobiil-ID" in page and session.verification_code in page
            await browser.post(f"/phone/{session.session_id}", data={"answer": "refuse", "lang": "en"})
        with pytest.raises(EidSessionFailed) as failed:
            await client.authentication_result(session)
    assert failed.value.code == "refused"


async def test_maintenance_is_a_distinct_error(standin: Any) -> None:
    async with mobile_id.MobileIdClient(settings(standin.url)) as client:
        standin.maintenance.mobile_id = True
        try:
            with pytest.raises(ProviderMaintenance):
                await client.start_authentication(PERSON, PHONE, "Sisselogimine")
        finally:
            standin.maintenance.mobile_id = False


async def test_a_relying_party_sk_does_not_know_is_refused(standin: Any) -> None:
    wrong = settings(standin.url, EID_MOBILE_ID_RP_NAME="SOMEONE")
    async with mobile_id.MobileIdClient(wrong) as client:
        with pytest.raises(RelyingPartyRejected):
            await client.start_authentication(PERSON, PHONE, "Sisselogimine")


async def test_bad_input_is_refused_before_anything_is_sent() -> None:
    async with mobile_id.MobileIdClient(settings("http://127.0.0.1:9")) as client:
        with pytest.raises(ValueError, match="phone number"):
            await client.start_authentication(PERSON, "5550001", "Sisselogimine")
        with pytest.raises(ValueError, match="ID code"):
            await client.start_authentication("3900101123X", PHONE, "Sisselogimine")
