"""The stand-in's test PKI (deploy/local/sk_standin/pki.py, issue 33): SK's certificate profile, made once, the
same next time, and a trusted list that is schema-valid and signed."""

import base64
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID
from lxml import etree
from portal_eid import qc
from sk_standin.pki import TestPki

SCHEMA = Path(__file__).parents[1] / "portal_eid" / "schema" / "ts_119612v020201_201601xsd.xsd"


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> TestPki:
    return TestPki(tmp_path_factory.mktemp("eid"), "http://127.0.0.1:1/ocsp")


def policies(certificate: x509.Certificate) -> set[str]:
    return {p.policy_identifier.dotted_string
            for p in certificate.extensions.get_extension_for_class(x509.CertificatePolicies).value}


def statements(certificate: x509.Certificate) -> set[str]:
    extension = certificate.extensions.get_extension_for_oid(x509.ObjectIdentifier(qc.QC_STATEMENTS))
    assert isinstance(extension.value, x509.UnrecognizedExtension)
    return qc.statement_ids(extension.value.value)


def test_a_qualified_signing_certificate_has_sks_profile(pki: TestPki) -> None:
    person = pki.person("38001085718", "p384", given_name="MARI", surname="MAASIKAS")
    cert = person.certificate
    assert cert.subject.get_attributes_for_oid(NameOID.SERIAL_NUMBER)[0].value == "PNOEE-38001085718"
    assert cert.subject.get_attributes_for_oid(NameOID.COMMON_NAME)[0].value == "MAASIKAS,MARI,38001085718"
    assert isinstance(person.private_key, ec.EllipticCurvePrivateKey) and person.private_key.curve.name == "secp384r1"
    usage = cert.extensions.get_extension_for_class(x509.KeyUsage).value
    assert usage.content_commitment and not usage.digital_signature
    assert {qc.QC_COMPLIANCE, qc.QC_SSCD, qc.QC_TYPE} <= statements(cert)
    assert qc.POLICY_QCP_N_QSCD in policies(cert)
    aia = cert.extensions.get_extension_for_class(x509.AuthorityInformationAccess).value
    assert [d.access_location.value for d in aia] == ["http://127.0.0.1:1/ocsp"]
    # The chain: the issuing CA signed it, the root signed the CA.
    cert.verify_directly_issued_by(person.chain[0])
    person.chain[0].verify_directly_issued_by(person.chain[1])


def test_advanced_and_authentication_certificates_are_not_qualified(pki: TestPki) -> None:
    advanced = pki.person("38001085718", "rsa", level="advanced").certificate
    assert qc.QC_COMPLIANCE not in statements(advanced) and qc.POLICY_QCP_N_QSCD not in policies(advanced)
    auth = pki.person("38001085718", "p256", "authentication").certificate
    assert auth.extensions.get_extension_for_class(x509.KeyUsage).value.digital_signature
    assert ExtendedKeyUsageOID.CLIENT_AUTH in auth.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value
    assert isinstance(pki.person("38001085718", "rsa").private_key, rsa.RSAPrivateKey)


def test_a_person_is_the_same_next_time_even_from_another_instance(pki: TestPki) -> None:
    first = pki.person("30303039914", "p256")
    again = TestPki(pki.folder, "http://elsewhere/ocsp").person("30303039914", "p256")
    assert again.certificate == first.certificate and again.chain == first.chain


def test_an_invalid_id_code_gets_no_certificate(pki: TestPki) -> None:
    with pytest.raises(ValueError, match="ID code"):
        pki.person("38001085719")


def test_revocation_is_recorded_and_can_be_taken_back(pki: TestPki) -> None:
    cert = pki.person("30403039917", "p256").certificate
    assert pki.status(cert.serial_number) == "good"
    pki.revoke("30403039917", "p256")
    revoked = pki.status(cert.serial_number)
    assert isinstance(revoked, tuple) and revoked[1] == "key_compromise"
    pki.unrevoke("30403039917", "p256")
    assert pki.status(cert.serial_number) == "good"
    assert pki.status(12345) == "unknown"


def test_the_trusted_list_is_schema_valid_and_signed_by_its_signer(pki: TestPki) -> None:
    schema = etree.XMLSchema(etree.parse(str(SCHEMA)))
    document = etree.parse(str(pki.trusted_list))
    schema.assertValid(document)
    ds = "{http://www.w3.org/2000/09/xmldsig#}"
    signature = document.getroot().find(f"{ds}Signature")
    assert signature is not None
    signer = x509.load_pem_x509_certificate(pki.trusted_list_signer.read_bytes())
    public_key = signer.public_key()
    assert isinstance(public_key, rsa.RSAPublicKey)
    signed_info = signature.find(f"{ds}SignedInfo")
    value = signature.findtext(f"{ds}SignatureValue")
    assert signed_info is not None and value
    public_key.verify(base64.b64decode(value), etree.tostring(signed_info, method="c14n", exclusive=True),
                      padding.PKCS1v15(), signer.signature_hash_algorithm)  # type: ignore[arg-type]
    listed = {base64.b64decode(e.text or "") for e in document.iter("{http://uri.etsi.org/02231/v2#}X509Certificate")}
    assert len(listed) == 3
    assert sorted(p.name for p in pki.ca_folder.glob("*.pem")) == ["issuing.pem", "root.pem"]
