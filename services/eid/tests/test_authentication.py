"""Issue 34: signing in with eID. Web eID's authentication token (web-eid:1.0) and the authentication certificate
check (portal_eid.web_eid, portal_eid.authentication) against the stack's SK stand-in: its test PKI's
certificates, its OCSP responder. A token signs one origin and one nonce with the card's key; a certificate signs a
person in only when trusted, valid, for authentication, not Mobile-ID's (for an ID-card) and not revoked."""

import datetime as dt
from typing import Any

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID
from portal_eid import authentication, web_eid
from portal_eid.errors import CertificateError
from portal_eid.ocsp import OcspClient
from portal_eid.settings import EidSettings, Trust
from sk_standin.pki import TestPki

from services.eid.tests.support import id_code, web_eid_token

pytestmark = pytest.mark.usefixtures("stack")
ORIGIN = "https://portal.example"


def token(pki: TestPki, code: str, nonce: str, *, key: Any = "p256", origin: str = ORIGIN,
          algorithm: str | None = None) -> web_eid.AuthToken:
    person = pki.person(code, key, "authentication")
    return web_eid.AuthToken.model_validate(web_eid_token(person.certificate, person.private_key, origin, nonce,
                                                          algorithm))


def test_nonces_carry_256_random_bits() -> None:
    nonces = {web_eid.new_nonce() for _ in range(100)}
    assert len(nonces) == 100
    assert all(len(n) == 44 for n in nonces)  # 32 bytes, base64


@pytest.mark.parametrize(("key", "algorithm"), [("p256", "ES256"), ("p384", "ES384"), ("rsa", "PS256"),
                                                 ("rsa", "RS256"), ("rsa", "PS512")])
async def test_a_token_for_this_origin_and_nonce_signs_its_holder_in(pki: TestPki, trust: Trust,
                                                                   settings: EidSettings, key: str,
                                                                   algorithm: str) -> None:
    code, nonce = id_code("3900101140"), web_eid.new_nonce()
    certificate = web_eid.verify(token(pki, code, nonce, key=key, algorithm=algorithm), origin=ORIGIN, nonce=nonce)
    checked = await authentication.check(certificate, trust.anchors, OcspClient(settings.ocsp_url),
                                         allow_mobile_id=False)
    assert checked.person.id_code == code


def test_a_token_made_for_another_origin_or_nonce_is_refused(pki: TestPki) -> None:
    nonce = web_eid.new_nonce()
    other_site = token(pki, id_code("3900101141"), nonce, origin="https://evil.example")
    with pytest.raises(web_eid.TokenError) as refused:
        web_eid.verify(other_site, origin=ORIGIN, nonce=nonce)
    assert refused.value.code == "signature_invalid"
    with pytest.raises(web_eid.TokenError) as stale:
        web_eid.verify(token(pki, id_code("3900101141"), nonce), origin=ORIGIN, nonce=web_eid.new_nonce())
    assert stale.value.code == "signature_invalid"


def test_a_token_signed_by_another_key_than_its_certificates_is_refused(pki: TestPki) -> None:
    nonce = web_eid.new_nonce()
    mine, theirs = pki.person(id_code("3900101142"), "p256", "authentication"), \
        pki.person(id_code("3900101143"), "p256", "authentication")
    forged = web_eid.AuthToken.model_validate(web_eid_token(theirs.certificate, mine.private_key, ORIGIN, nonce))
    with pytest.raises(web_eid.TokenError) as refused:
        web_eid.verify(forged, origin=ORIGIN, nonce=nonce)
    assert refused.value.code == "signature_invalid"


@pytest.mark.parametrize("change", [{"format": "web-eid:2.0"}, {"algorithm": "HS256"}, {"signature": "not base64!"},
                                    {"unverifiedCertificate": "bm90IGEgY2VydGlmaWNhdGU="}, {"algorithm": "RS256"}])
def test_a_malformed_token_is_invalid(pki: TestPki, change: dict[str, str]) -> None:
    nonce = web_eid.new_nonce()
    person = pki.person(id_code("3900101144"), "p256", "authentication")
    body = {**web_eid_token(person.certificate, person.private_key, ORIGIN, nonce), **change}
    with pytest.raises(web_eid.TokenError) as refused:
        web_eid.verify(web_eid.AuthToken.model_validate(body), origin=ORIGIN, nonce=nonce)
    assert refused.value.code == "token_invalid"


async def test_a_revoked_authentication_certificate_signs_nobody_in(pki: TestPki, trust: Trust,
                                                                   settings: EidSettings) -> None:
    code = id_code("3900101145")
    certificate = pki.revoke(code, "p256", "authentication")
    try:
        with pytest.raises(CertificateError) as refused:
            await authentication.check(certificate, trust.anchors, OcspClient(settings.ocsp_url))
        assert refused.value.code == "certificate_revoked"
    finally:
        pki.unrevoke(code, "p256", "authentication")


async def test_another_cas_or_a_signing_certificate_signs_nobody_in(pki: TestPki, stranger: TestPki,
                                                                   trust: Trust, settings: EidSettings) -> None:
    ocsp = OcspClient(settings.ocsp_url)
    with pytest.raises(CertificateError) as untrusted:
        await authentication.check(stranger.person(id_code("3900101146"), "p256", "authentication").certificate,
                                   trust.anchors, ocsp)
    assert untrusted.value.code == "certificate_untrusted"
    with pytest.raises(CertificateError) as not_for_sign_in:
        await authentication.check(pki.person(id_code("3900101146"), "p256", "signing").certificate,
                                   trust.anchors, ocsp)
    assert not_for_sign_in.value.code == "certificate_untrusted"


def _issued(pki: TestPki, policy: str, *, serial: str = "PNOEE-39001011470",
            valid_for: dt.timedelta = dt.timedelta(days=30)) -> x509.Certificate:
    key = ec.generate_private_key(ec.SECP256R1())
    ca = pki.issuing_ca
    now = dt.datetime.now(dt.UTC)
    return (x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.COUNTRY_NAME, "EE"),
                                     x509.NameAttribute(NameOID.SERIAL_NUMBER, serial),
                                     x509.NameAttribute(NameOID.GIVEN_NAME, "MARI"),
                                     x509.NameAttribute(NameOID.SURNAME, "MAASIKAS")]))
            .issuer_name(ca.certificate.subject).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - dt.timedelta(days=1))
            .not_valid_after(now + valid_for)
            .add_extension(x509.KeyUsage(digital_signature=True, content_commitment=False, key_encipherment=False,
                                         data_encipherment=False, key_agreement=True, key_cert_sign=False,
                                         crl_sign=False, encipher_only=False, decipher_only=False), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.CLIENT_AUTH]), critical=False)
            .add_extension(x509.CertificatePolicies([x509.PolicyInformation(x509.ObjectIdentifier(policy), None)]),
                           critical=False)
            .sign(ca.private_key, hashes.SHA384()))


def test_a_mobile_id_certificate_is_not_an_id_cards(pki: TestPki, trust: Trust) -> None:
    mobile = _issued(pki, "1.3.6.1.4.1.10015.1.3.2")
    assert authentication.is_mobile_id_certificate(mobile)
    with pytest.raises(CertificateError) as refused:
        authentication.check_offline(mobile, trust.anchors, allow_mobile_id=False)
    assert refused.value.code == "certificate_untrusted"
    assert authentication.check_offline(mobile, trust.anchors).person.id_code == "39001011470"
    id_card = _issued(pki, "1.3.6.1.4.1.51361.1.1.1")
    assert not authentication.is_mobile_id_certificate(id_card)
    assert authentication.check_offline(id_card, trust.anchors, allow_mobile_id=False).person.surname == "MAASIKAS"


def test_a_certificate_without_an_estonian_personal_code_or_out_of_date_signs_nobody_in(pki: TestPki,
                                                                                       trust: Trust) -> None:
    with pytest.raises(CertificateError) as foreign:
        authentication.check_offline(_issued(pki, "1.3.6.1.4.1.51361.1.1.1", serial="PNOLV-010101-12345"),
                                     trust.anchors)
    assert foreign.value.code == "certificate_invalid"
    expired = _issued(pki, "1.3.6.1.4.1.51361.1.1.1")
    with pytest.raises(CertificateError) as late:
        authentication.check_offline(expired, trust.anchors, at=dt.datetime.now(dt.UTC) + dt.timedelta(days=60))
    assert late.value.code == "certificate_untrusted"
