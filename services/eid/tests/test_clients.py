"""portal_eid's certificate checks, OCSP and TSA clients and trusted list reader (issue 33) against the stack's SK
stand-in: real HTTP, real signatures. A revoked certificate is revoked, an ADVANCED one is not qualified, another
CA's is untrusted, and an answer that does not check out is an outage (503), never a verdict."""

import base64
import datetime as dt
import hashlib

import httpx
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.x509 import ocsp
from portal_eid import certificates, trusted_list, tsa
from portal_eid.certificates import TrustAnchors
from portal_eid.errors import CertificateError, ServiceUnavailable
from portal_eid.ocsp import OcspClient, check_response, ocsp_url_of
from portal_eid.settings import EidSettings, Trust
from portal_eid.tsa import InvalidTimeStamp, TsaClient
from sk_standin.pki import TestPki

from services.eid.tests.support import id_code

pytestmark = pytest.mark.usefixtures("stack")


def test_a_qualified_signing_certificate_passes_every_check(pki: TestPki, trust: Trust) -> None:
    code = id_code("3800108571")
    person = pki.person(code, "p384", given_name="MARI", surname="MAASIKAS")
    checked = certificates.check(person.certificate, trust.anchors, "signing", id_code=code)
    assert (checked.person.id_code, checked.person.name, checked.key_type, checked.level) == (
        code, "MARI MAASIKAS", "p384", "QUALIFIED")
    assert checked.issuer == person.chain[0]


@pytest.mark.parametrize("key", ["rsa", "p256", "p384"])
async def test_ocsp_says_good_for_a_valid_certificate(pki: TestPki, trust: Trust, settings: EidSettings,
                                                      key: str) -> None:
    person = pki.person(id_code("3900101000"), key)  # type: ignore[arg-type]
    answer = await OcspClient(settings.ocsp_url).check(person.certificate, person.chain[0])
    assert answer.status == "good"
    assert answer.responder == pki.ocsp_responder.certificate
    assert abs(answer.produced_at - dt.datetime.now(dt.UTC)) < dt.timedelta(minutes=1)


async def test_ocsp_asks_the_responder_the_certificate_names_when_none_is_configured(pki: TestPki) -> None:
    person = pki.person(id_code("3900101001"))
    assert ocsp_url_of(person.certificate) == pki.ocsp_url
    assert (await OcspClient().check(person.certificate, person.chain[0])).status == "good"


async def test_a_revoked_certificate_is_revoked(pki: TestPki, settings: EidSettings) -> None:
    code = id_code("4900101002")
    person = pki.person(code, "p256")
    pki.revoke(code, "p256")
    answer = await OcspClient(settings.ocsp_url).check(person.certificate, person.chain[0])
    assert answer.status == "revoked"
    assert answer.revocation_reason == "key_compromise" and answer.revocation_time is not None


async def test_a_certificate_the_ca_never_issued_is_unknown(pki: TestPki, stranger: TestPki,
                                                            settings: EidSettings) -> None:
    """Same CA name and key as far as the responder knows (the issuer hashes), but a serial it never issued."""
    person = pki.person(id_code("3900101003"))
    forged = x509.CertificateBuilder(
        subject_name=person.certificate.subject, issuer_name=person.certificate.issuer,
        public_key=person.certificate.public_key(), serial_number=x509.random_serial_number(),
        not_valid_before=person.certificate.not_valid_before_utc,
        not_valid_after=person.certificate.not_valid_after_utc,
    ).sign(stranger.issuing_ca.private_key, hashes.SHA256())
    answer = await OcspClient(settings.ocsp_url).check(forged, person.chain[0])
    assert answer.status == "unknown"


async def test_another_cas_certificate_is_refused_by_the_responder(stranger: TestPki,
                                                                   settings: EidSettings) -> None:
    person = stranger.person(id_code("3900101004"))
    with pytest.raises(ServiceUnavailable, match="UNAUTHORIZED"):
        await OcspClient(settings.ocsp_url).check(person.certificate, person.chain[0])


async def test_an_answer_that_does_not_check_out_is_an_outage_not_a_verdict(pki: TestPki,
                                                                           settings: EidSettings) -> None:
    person = pki.person(id_code("3900101005"))
    request = ocsp.OCSPRequestBuilder().add_certificate(person.certificate, person.chain[0], hashes.SHA1()).build()  # noqa: S303
    async with httpx.AsyncClient() as http:
        answer = await http.post(settings.ocsp_url or "", content=request.public_bytes(serialization.Encoding.DER))
    good = check_response(answer.content, person.certificate, person.chain[0])
    assert good.status == "good"
    changed = bytearray(answer.content)
    changed[answer.content.index(ocsp.load_der_ocsp_response(answer.content).signature) + 10] ^= 1
    with pytest.raises(ServiceUnavailable, match="signature"):
        check_response(bytes(changed), person.certificate, person.chain[0])
    other = pki.person(id_code("3900101006"))
    with pytest.raises(ServiceUnavailable, match="another certificate"):
        check_response(answer.content, other.certificate, other.chain[0])
    with pytest.raises(ServiceUnavailable, match="nonce"):
        check_response(answer.content, person.certificate, person.chain[0], nonce=b"x" * 32)
    with pytest.raises(ServiceUnavailable, match="stale"):
        check_response(answer.content, person.certificate, person.chain[0],
                       now=dt.datetime.now(dt.UTC) + dt.timedelta(hours=2))


async def test_an_unreachable_responder_is_an_outage(pki: TestPki) -> None:
    person = pki.person(id_code("3900101007"))
    with pytest.raises(ServiceUnavailable, match="could not be reached"):
        await OcspClient("http://127.0.0.1:9/ocsp", timeout_seconds=2).check(person.certificate, person.chain[0])


def test_an_advanced_certificate_is_not_qualified(pki: TestPki, trust: Trust) -> None:
    code = id_code("3900101008")
    advanced = pki.person(code, "rsa", level="advanced")
    with pytest.raises(CertificateError) as refused:
        certificates.check(advanced.certificate, trust.anchors, "signing", id_code=code)
    assert refused.value.code == "certificate_not_qualified"
    # Good enough where an advanced signature is (require_qualified=False), and described as such.
    assert certificates.check(advanced.certificate, trust.anchors, "signing", require_qualified=False).level == \
        "ADVANCED"


def test_an_authentication_certificate_does_not_sign_and_a_signing_one_does_not_authenticate(
        pki: TestPki, trust: Trust) -> None:
    code = id_code("3900101009")
    auth = pki.person(code, "p256", "authentication")
    with pytest.raises(CertificateError) as refused:
        certificates.check(auth.certificate, trust.anchors, "signing")
    assert refused.value.code == "certificate_not_qualified"
    assert certificates.check(auth.certificate, trust.anchors, "authentication", id_code=code).person.id_code == code
    with pytest.raises(CertificateError) as refused:
        certificates.check(pki.person(code).certificate, trust.anchors, "authentication")
    assert refused.value.code == "certificate_untrusted"


def test_another_cas_certificate_is_untrusted(stranger: TestPki, trust: Trust) -> None:
    person = stranger.person(id_code("3900101010"))
    with pytest.raises(CertificateError) as refused:
        certificates.check(person.certificate, trust.anchors, "signing")
    assert refused.value.code == "certificate_untrusted"


def test_another_persons_certificate_is_a_signer_mismatch(pki: TestPki, trust: Trust) -> None:
    person = pki.person(id_code("3900101011"))
    with pytest.raises(CertificateError) as refused:
        certificates.check(person.certificate, trust.anchors, "signing", id_code=id_code("3900101012"))
    assert refused.value.code == "signer_mismatch"


def test_a_certificate_out_of_its_validity_is_untrusted(pki: TestPki, trust: Trust) -> None:
    person = pki.person(id_code("3900101013"))
    with pytest.raises(CertificateError) as refused:
        certificates.check(person.certificate, trust.anchors, "signing",
                           at=person.certificate.not_valid_after_utc + dt.timedelta(days=1))
    assert refused.value.code == "certificate_untrusted"


def test_what_is_not_a_certificate_is_invalid() -> None:
    with pytest.raises(CertificateError) as refused:
        certificates.load_certificate("bm90IGEgY2VydGlmaWNhdGU=")
    assert refused.value.code == "certificate_invalid"


def test_web_eids_base64_certificate_loads(pki: TestPki) -> None:
    der = pki.person(id_code("3900101014")).certificate.public_bytes(serialization.Encoding.DER)
    assert certificates.load_certificate(base64.b64encode(der).decode()).public_bytes(
        serialization.Encoding.DER) == der


async def test_the_tsa_time_stamps_our_data(trust: Trust, settings: EidSettings, pki: TestPki) -> None:
    data = b"the signature value"
    token = await TsaClient(settings.tsa_url or "", trust.anchors).timestamp(data)
    assert token.tsa_certificate == pki.tsa.certificate
    assert token.message_imprint == hashlib.sha256(data).digest()
    assert abs(token.gen_time - dt.datetime.now(dt.UTC)) < dt.timedelta(minutes=1)
    assert tsa.check_token(token.der, data, trust.anchors).gen_time == token.gen_time
    with pytest.raises(InvalidTimeStamp, match="other data"):
        tsa.check_token(token.der, b"other data", trust.anchors)
    changed = bytearray(token.der)
    changed[-5] ^= 1  # inside the TSA's signature, the token's last field
    with pytest.raises(InvalidTimeStamp):
        tsa.check_token(bytes(changed), data, trust.anchors)


async def test_an_untrusted_tsa_is_an_outage(settings: EidSettings, stranger: TestPki) -> None:
    nobody = TrustAnchors([stranger.root.certificate])
    with pytest.raises(ServiceUnavailable, match="not trusted"):
        await TsaClient(settings.tsa_url or "", nobody).timestamp(b"data")
    with pytest.raises(ServiceUnavailable, match="could not be reached"):
        await TsaClient("http://127.0.0.1:9/tsa", nobody, timeout_seconds=2).timestamp(b"data")


def test_the_trusted_list_lists_the_test_pkis_services(listed: TrustAnchors, pki: TestPki) -> None:
    assert listed.cas == [pki.issuing_ca.certificate]
    assert listed.tsas == [pki.tsa.certificate]
    assert listed.ocsp_responders == [pki.ocsp_responder.certificate]
    # The list alone is enough to trust a person's certificate.
    person = pki.person(id_code("3900101015"))
    assert certificates.check(person.certificate, listed, "signing").level == "QUALIFIED"


def test_a_changed_or_foreign_trusted_list_is_refused(pki: TestPki, stranger: TestPki) -> None:
    xml = pki.trusted_list.read_bytes()
    signer = x509.load_pem_x509_certificate(pki.trusted_list_signer.read_bytes())
    assert len(trusted_list.read(xml, [signer])) == 3
    changed = xml.replace(b"granted", b"withdrawn", 1)
    with pytest.raises(trusted_list.InvalidTrustedList, match="changed"):
        trusted_list.read(changed, [signer])
    other_signer = x509.load_pem_x509_certificate(stranger.trusted_list_signer.read_bytes())
    with pytest.raises(trusted_list.InvalidTrustedList, match="do not trust"):
        trusted_list.read(xml, [other_signer])
