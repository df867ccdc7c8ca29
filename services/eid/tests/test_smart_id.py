"""portal_eid.smart_id against the SK stand-in over real HTTP (issue 33; issue 34 reuses it for sign-in): every
outcome of Smart-ID RP API v3's notification flows, with the signatures checked by real cryptography."""

import asyncio
import base64
import hashlib
import os
from pathlib import Path
from typing import Any

import httpx
import pytest
from cryptography import x509
from cryptography.hazmat.primitives.asymmetric import padding, rsa
from cryptography.hazmat.primitives.asymmetric.utils import Prehashed
from cryptography.x509.oid import NameOID
from portal_eid import smart_id
from portal_eid.sk_rest import (
    EidSessionFailed,
    ProviderMaintenance,
    ProviderResponseInvalid,
    ProviderUnavailable,
    RelyingPartyRejected,
)

PERSON = "39001011237"  # any valid ID code: the stand-in's phone confirms
DEMO_RP = {"EID_SMART_ID_RP_UUID": "00000000-0000-4000-8000-000000000000", "EID_SMART_ID_RP_NAME": "DEMO",
           "EID_SMART_ID_SCHEME": "smart-id-demo"}


def settings(url: str, **extra: Any) -> smart_id.SmartIdSettings:
    return smart_id.SmartIdSettings.model_validate({"EID_SMART_ID_URL": f"{url}/smart-id-rp/v3/", **DEMO_RP,
                                                    **extra})


async def until_done(poll: Any) -> Any:
    """Polls as a portal service does (each poll is one long poll) until the session has an answer."""
    for _ in range(20):
        result = await poll()
        if result is not None:
            return result
    raise AssertionError("the session never finished")


def serial_number(certificate: x509.Certificate) -> str:
    return str(certificate.subject.get_attributes_for_oid(NameOID.SERIAL_NUMBER)[0].value)


def test_verification_codes_follow_sks_rule() -> None:
    # SK's Java client's known answers: the code of SHA-256("Hello World!") and of the two bytes 27, -69.
    assert smart_id.verification_code(hashlib.sha256(b"Hello World!").digest()) == "7712"
    assert smart_id.verification_code(bytes([27, 256 - 69])) == "4555"


@pytest.mark.parametrize("name", ["SHA-256", "SHA-512"])
async def test_signing_gives_an_rsassa_pss_signature_over_the_digest(standin: Any, name: str) -> None:
    digest = hashlib.new(name.replace("-", "").lower(), os.urandom(100)).digest()
    async with smart_id.SmartIdClient(settings(standin.url)) as client:
        choice_session = await client.start_certificate_choice(PERSON)
        choice = await until_done(lambda: client.certificate_choice_result(choice_session))
        assert serial_number(choice.certificate) == f"PNOEE-{PERSON}"
        assert choice.document_number == f"PNOEE-{PERSON}-MOCK-Q"
        by_number = await client.signing_certificate(choice.document_number)
        assert by_number.certificate == choice.certificate

        session = await client.start_signature(digest, smart_id.HashAlgorithm(name), "Sign the contract",
                                               document_number=choice.document_number)
        # SK computes the code the phone shows; the stand-in by SK's long-standing rule, from the digest.
        assert session.verification_code == smart_id.verification_code(digest)
        restored = smart_id.SignatureSession.loads(session.dumps())
        signature = await until_done(lambda: client.signature_result(restored))

    assert signature.certificate == choice.certificate
    assert signature.interaction_type_used == "confirmationMessageAndVerificationCodeChoice"
    key = signature.certificate.public_key()
    assert isinstance(key, rsa.RSAPublicKey)
    algorithm = smart_id.hash_algorithm(name)
    # Verified again here with cryptography directly: PSS, MGF1 over the same hash, salt of the hash's length.
    key.verify(signature.value, digest, padding.PSS(mgf=padding.MGF1(algorithm), salt_length=algorithm.digest_size),
               Prehashed(algorithm))


async def test_signing_by_id_code_goes_to_any_of_the_persons_devices(standin: Any) -> None:
    digest = hashlib.sha256(b"contract").digest()
    async with smart_id.SmartIdClient(settings(standin.url)) as client:
        session = await client.start_signature(digest, smart_id.HashAlgorithm.SHA256, "Sign", id_code=PERSON)
        signature = await until_done(lambda: client.signature_result(session))
    assert serial_number(signature.certificate) == f"PNOEE-{PERSON}"


async def test_a_signature_over_another_digest_is_not_accepted(standin: Any) -> None:
    digest = hashlib.sha256(b"what the person signed").digest()
    async with smart_id.SmartIdClient(settings(standin.url)) as client:
        session = await client.start_signature(digest, smart_id.HashAlgorithm.SHA256, "Sign", id_code=PERSON)
        other = session.model_copy(update={"digest_b64": base64.b64encode(hashlib.sha256(b"other").digest()).decode()})
        with pytest.raises(ProviderResponseInvalid, match="does not verify"):
            await until_done(lambda: client.signature_result(other))
        # The same answer, checked against what was really sent, verifies.
        assert await until_done(lambda: client.signature_result(session)) is not None


async def test_authentication_verifies_the_acsp_v2_signature(standin: Any) -> None:
    async with smart_id.SmartIdClient(settings(standin.url)) as client:
        session = await client.start_authentication(PERSON, "Log in to the portal")
        assert session.verification_code == smart_id.verification_code(base64.b64decode(session.rp_challenge))
        authentication = await until_done(lambda: client.authentication_result(session))
    assert serial_number(authentication.certificate) == f"PNOEE-{PERSON}"
    assert authentication.certificate_level == "QUALIFIED"
    usage = authentication.certificate.extensions.get_extension_for_class(x509.KeyUsage).value
    assert usage.digital_signature and not usage.content_commitment


async def test_authentication_under_another_scheme_or_relying_party_name_does_not_verify(standin: Any) -> None:
    """What ACSP_V2 signs binds the scheme (LIVE or DEMO) and the relying party's name: an answer made for
    another is refused."""
    async with smart_id.SmartIdClient(settings(standin.url, EID_SMART_ID_SCHEME="smart-id")) as client:
        session = await client.start_authentication(PERSON, "Log in")
        with pytest.raises(ProviderResponseInvalid, match="does not verify"):
            await until_done(lambda: client.authentication_result(session))


@pytest.mark.parametrize(("id_code", "code", "provider_result"), [
    ("30403039917", "refused", "USER_REFUSED"),
    ("30403039928", "refused", "USER_REFUSED_INTERACTION"),
    ("30403039950", "refused", "USER_REFUSED_INTERACTION"),
    ("30403039972", "wrong_verification_code", "WRONG_VC"),
    ("30403039983", "timeout", "TIMEOUT"),
])
async def test_sks_demo_accounts_end_as_on_sks_demo(standin: Any, id_code: str, code: str,
                                                      provider_result: str) -> None:
    async with smart_id.SmartIdClient(settings(standin.url)) as client:
        signing = await client.start_signature(hashlib.sha256(b"x").digest(), smart_id.HashAlgorithm.SHA256, "Sign",
                                               id_code=id_code)
        with pytest.raises(EidSessionFailed) as failed:
            await until_done(lambda: client.signature_result(signing))
        assert (failed.value.code, failed.value.provider_result) == (code, provider_result)
        authentication = await client.start_authentication(id_code, "Log in")
        with pytest.raises(EidSessionFailed) as failed:
            await until_done(lambda: client.authentication_result(authentication))
        assert failed.value.code == code


async def test_a_poll_returns_nothing_while_the_phone_has_not_answered(standin: Any) -> None:
    async with smart_id.SmartIdClient(settings(standin.url)) as client:
        session = await client.start_authentication("30403039983", "Log in")
        started = asyncio.get_running_loop().time()
        assert await client.authentication_result(session, timeout_ms=1000) is None
        # The long poll waited for the phone (timeoutMs), and no longer.
        assert 0.9 <= asyncio.get_running_loop().time() - started < 1.9


async def test_the_person_refuses_on_the_phone_page(pki_folder: Path, serve_standin: Any) -> None:
    async with serve_standin(pki_folder, confirm_after=30) as standin, \
            smart_id.SmartIdClient(settings(standin.url)) as client:
        session = await client.start_signature(hashlib.sha256(b"y").digest(), smart_id.HashAlgorithm.SHA256,
                                               "Töölepingu allkirjastamine", id_code=PERSON)
        async with httpx.AsyncClient(base_url=standin.url) as browser:
            page = (await browser.get("/phone")).text
            assert "Kontrollkood" in page and session.verification_code in page
            assert "Töölepingu allkirjastamine" in page
            assert "Verification code" in (await browser.get("/phone", params={"lang": "en"})).text
            answered = await browser.post(f"/phone/{session.session_id}", data={"answer": "refuse"})
            assert answered.status_code == 303
        with pytest.raises(EidSessionFailed) as failed:
            await client.signature_result(session)
        assert failed.value.code == "refused"


async def test_an_id_code_without_an_account_is_not_a_customer(standin: Any) -> None:
    async with smart_id.SmartIdClient(settings(standin.url)) as client:
        with pytest.raises(EidSessionFailed) as failed:
            await client.start_authentication("39001011235", "Log in")  # the checksum is wrong: nobody has it
    assert failed.value.code == "not_a_customer"


async def test_maintenance_is_a_distinct_error_with_a_retry_time(standin: Any) -> None:
    async with smart_id.SmartIdClient(settings(standin.url)) as client:
        session = await client.start_authentication(PERSON, "Log in")
        standin.maintenance.smart_id = True
        try:
            with pytest.raises(ProviderMaintenance) as maintenance:
                await client.start_authentication(PERSON, "Log in")
            assert maintenance.value.retry_after > 0
            with pytest.raises(ProviderMaintenance):
                await client.authentication_result(session)
        finally:
            standin.maintenance.smart_id = False


async def test_a_relying_party_sk_does_not_know_is_refused(standin: Any) -> None:
    wrong = settings(standin.url, EID_SMART_ID_RP_UUID="11111111-0000-4000-8000-000000000000")
    async with smart_id.SmartIdClient(wrong) as client:
        with pytest.raises(RelyingPartyRejected):
            await client.start_authentication(PERSON, "Log in")
    async with smart_id.SmartIdClient(settings(standin.url, EID_SMART_ID_RP_UUID="")) as client:
        with pytest.raises(RelyingPartyRejected, match="not configured"):
            await client.start_authentication(PERSON, "Log in")


async def test_an_unreachable_service_is_unavailable_not_a_hang() -> None:
    unreachable = settings("http://127.0.0.1:9", EID_SMART_ID_CONNECT_TIMEOUT=1)
    async with smart_id.SmartIdClient(unreachable) as client:
        with pytest.raises(ProviderUnavailable):
            await client.start_authentication(PERSON, "Log in")


async def test_pinned_tls_trusts_only_the_pinned_certificate(pki_folder: Path, tmp_path: Path, serve_standin: Any,
                                                             make_tls_certificate: Any) -> None:
    served = make_tls_certificate(tmp_path, "sk-host")
    other, _ = make_tls_certificate(tmp_path, "someone-else")
    async with serve_standin(pki_folder, tls=served) as standin:
        pinned = settings(standin.url, EID_SMART_ID_TLS_CERTIFICATES=str(served[0]))
        async with smart_id.SmartIdClient(pinned) as client:
            session = await client.start_authentication(PERSON, "Log in")
            assert await until_done(lambda: client.authentication_result(session)) is not None
        wrong_pin = settings(standin.url, EID_SMART_ID_TLS_CERTIFICATES=str(other))
        async with smart_id.SmartIdClient(wrong_pin) as client:
            with pytest.raises(ProviderUnavailable):
                await client.start_authentication(PERSON, "Log in")


async def test_a_digest_of_the_wrong_length_is_refused_before_anything_is_sent() -> None:
    async with smart_id.SmartIdClient(settings("http://127.0.0.1:9")) as client:
        with pytest.raises(ValueError, match="32 bytes"):
            await client.start_signature(b"short", smart_id.HashAlgorithm.SHA256, "Sign", id_code=PERSON)



@pytest.mark.parametrize(("id_code", "code", "provider_result"), [
    ("30403039917", "refused", "USER_REFUSED_CERT_CHOICE"),
    ("30403039983", "timeout", "TIMEOUT"),
])
async def test_the_demo_accounts_that_refuse_or_never_answer_do_so_at_certificate_choice(
        standin: Any, id_code: str, code: str, provider_result: str) -> None:
    async with smart_id.SmartIdClient(settings(standin.url)) as client:
        session = await client.start_certificate_choice(id_code)
        with pytest.raises(EidSessionFailed) as failed:
            await until_done(lambda: client.certificate_choice_result(session))
    assert (failed.value.code, failed.value.provider_result) == (code, provider_result)


async def test_the_wrong_code_account_chooses_its_certificate_then_picks_the_wrong_code(standin: Any) -> None:
    async with smart_id.SmartIdClient(settings(standin.url)) as client:
        choice_session = await client.start_certificate_choice("30403039972")
        choice = await until_done(lambda: client.certificate_choice_result(choice_session))
        session = await client.start_signature(hashlib.sha256(b"z").digest(), smart_id.HashAlgorithm.SHA256, "Sign",
                                               document_number=choice.document_number)
        with pytest.raises(EidSessionFailed) as failed:
            await until_done(lambda: client.signature_result(session))
    assert failed.value.code == "wrong_verification_code"
