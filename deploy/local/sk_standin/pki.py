"""The stand-in's test PKI (issue 33), made once in ``<data dir>/eid/`` like the contract seal: a root, an issuing
CA, an OCSP responder, a time-stamping unit and a trusted list signer, and a person certificate for any valid ID
code on first use, with SK's profile (ESTEID2018 / Smart-ID): ``PNOEE-`` serial number, QC statements, policies and
an OCSP address on this machine. Not production code: SK's real certificates come from SK.

Files (``folder`` is ``<data dir>/eid``):
  ca/root.pem, ca/issuing.pem          the CA certificates
  ocsp-responder.pem, tsa.pem          the OCSP responder's and the TSA's certificates
  trusted-list.xml                     an ETSI TS 119 612 trusted list of the above, signed (XMLDSig, enveloped)
  trusted-list-signer.pem              its signer's certificate (what libdigidocpp's TSL-CERTS trusts)
  keys/*.pem                           the private keys (test keys, unencrypted, 0600)
  people/<code>-<key>-<purpose>-<level>.pem   a person's certificate and key
  issued/<serial hex>.pem              every person certificate issued (what the OCSP responder knows)
  revoked.json                         {serial hex: {"time": ISO 8601, "reason": name}}

Several processes use one folder (the stand-in, the services' tests): files are written whole (a rename), and
everything that creates files holds an flock on ``.lock``.
"""

from __future__ import annotations

import base64
import contextlib
import datetime as dt
import fcntl
import hashlib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, NamedTuple

import portal_eid.qc as qc
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID, ObjectIdentifier
from lxml import etree
from portal_eid.id_code import is_valid

KeyType = Literal["rsa", "p256", "p384"]
Purpose = Literal["signing", "authentication"]
Level = Literal["qualified", "advanced"]
PrivateKey = rsa.RSAPrivateKey | ec.EllipticCurvePrivateKey

TRUSTED_LIST = "trusted-list.xml"
TRUSTED_LIST_SIGNER = "trusted-list-signer.pem"
# Person certificates are valid from a day before they are made (clocks differ) for five years, like an ID-card's.
_PERSON_YEARS = 5
_CA_YEARS = 20
_PDS_URL = "https://www.skidsolutions.eu/en/repository/conditions-for-use-of-certificates/"

_TSL_NS = "http://uri.etsi.org/02231/v2#"
_DS_NS = "http://www.w3.org/2000/09/xmldsig#"
_XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
_EXC_C14N = "http://www.w3.org/2001/10/xml-exc-c14n#"


class Person(NamedTuple):
    certificate: x509.Certificate
    private_key: PrivateKey
    chain: list[x509.Certificate]  # the issuing CA, then the root


@dataclass(frozen=True)
class Authority:
    certificate: x509.Certificate
    private_key: PrivateKey


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(microsecond=0)


def _write(path: Path, data: bytes, mode: int = 0o644) -> None:
    """Whole or not at all: another process may be reading the file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data)
    tmp.chmod(mode)
    tmp.replace(path)


def _pem(certificate: x509.Certificate) -> bytes:
    return certificate.public_bytes(serialization.Encoding.PEM)


def _key_pem(key: PrivateKey) -> bytes:
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


def _new_key(key: KeyType) -> PrivateKey:
    if key == "rsa":
        return rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return ec.generate_private_key(ec.SECP256R1() if key == "p256" else ec.SECP384R1())


def _hash_for(key: PrivateKey) -> hashes.SHA256 | hashes.SHA384:
    if isinstance(key, ec.EllipticCurvePrivateKey) and key.curve.key_size >= 384:
        return hashes.SHA384()
    return hashes.SHA256()


def _name(common_name: str, organization: str = "SK ID Solutions AS (stand-in)") -> x509.Name:
    return x509.Name([
        x509.NameAttribute(NameOID.COUNTRY_NAME, "EE"),
        x509.NameAttribute(NameOID.ORGANIZATION_NAME, organization),
        x509.NameAttribute(NameOID.ORGANIZATION_IDENTIFIER, "NTREE-10747013"),
        x509.NameAttribute(NameOID.COMMON_NAME, common_name),
    ])


def _ca_usage() -> x509.KeyUsage:
    return x509.KeyUsage(digital_signature=False, content_commitment=False, key_encipherment=False,
                         data_encipherment=False, key_agreement=False, key_cert_sign=True, crl_sign=True,
                         encipher_only=False, decipher_only=False)


def _usage(*, digital_signature: bool = False, non_repudiation: bool = False,
           key_agreement: bool = False) -> x509.KeyUsage:
    return x509.KeyUsage(digital_signature=digital_signature, content_commitment=non_repudiation,
                         key_encipherment=False, data_encipherment=False, key_agreement=key_agreement,
                         key_cert_sign=False, crl_sign=False, encipher_only=False, decipher_only=False)


class TestPki:
    """The test PKI in ``folder``, made on first use. ``ocsp_url`` is the responder's address written into the
    person certificates made from now on (their AIA); certificates already made keep theirs."""

    __test__ = False  # not a pytest class

    def __init__(self, folder: Path, ocsp_url: str) -> None:
        self.folder = folder
        self.ocsp_url = ocsp_url
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        with self._locked():
            if not (self.folder / TRUSTED_LIST).exists():
                self._make_authorities()
        self.root = self._authority("root")
        self.issuing_ca = self._authority("issuing")
        self.ocsp_responder = self._authority("ocsp-responder")
        self.tsa = self._authority("tsa")

    # -- files -------------------------------------------------------------------------------------------------

    @property
    def trusted_list(self) -> Path:
        return self.folder / TRUSTED_LIST

    @property
    def trusted_list_signer(self) -> Path:
        return self.folder / TRUSTED_LIST_SIGNER

    @property
    def ca_folder(self) -> Path:
        return self.folder / "ca"

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        with open(self.folder / ".lock", "a+b") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)

    def _certificate_path(self, name: str) -> Path:
        return self.ca_folder / f"{name}.pem" if name in ("root", "issuing") else self.folder / f"{name}.pem"

    def _authority(self, name: str) -> Authority:
        certificate = x509.load_pem_x509_certificate(self._certificate_path(name).read_bytes())
        key = serialization.load_pem_private_key((self.folder / "keys" / f"{name}.pem").read_bytes(), None)
        assert isinstance(key, rsa.RSAPrivateKey | ec.EllipticCurvePrivateKey)
        return Authority(certificate, key)

    def _save_authority(self, name: str, authority: Authority) -> None:
        _write(self.folder / "keys" / f"{name}.pem", _key_pem(authority.private_key), 0o600)
        _write(self._certificate_path(name), _pem(authority.certificate))

    # -- the authorities ---------------------------------------------------------------------------------------

    def _make_authorities(self) -> None:
        now = _now()
        root_key = ec.generate_private_key(ec.SECP384R1())
        root_name = _name("TEST of EE-GovCA2018 (stand-in)", "Republic of Estonia (stand-in)")
        root = self._issue(root_name, root_key.public_key(), root_name, root_key, now, _CA_YEARS,
                           [(x509.BasicConstraints(ca=True, path_length=None), True), (_ca_usage(), True)])
        issuing_key = ec.generate_private_key(ec.SECP384R1())
        issuing_name = _name("TEST of ESTEID2018 (stand-in)")
        issuing = self._issue(issuing_name, issuing_key.public_key(), root_name, root_key, now, _CA_YEARS,
                              [(x509.BasicConstraints(ca=True, path_length=0), True), (_ca_usage(), True)])
        self._save_authority("root", Authority(root, root_key))
        self._save_authority("issuing", Authority(issuing, issuing_key))

        # The responder is delegated by the CA (RFC 6960 §4.2.2.2), so it signs answers for the CA's certificates;
        # id-pkix-ocsp-nocheck: nobody asks about the responder's own status.
        ocsp_key = ec.generate_private_key(ec.SECP256R1())
        ocsp = self._issue(_name("TEST of SK OCSP RESPONDER 2026 (stand-in)"), ocsp_key.public_key(), issuing_name,
                           issuing_key, now, _CA_YEARS - 1,
                           [(_usage(digital_signature=True, non_repudiation=True), True),
                            (x509.ExtendedKeyUsage([ExtendedKeyUsageOID.OCSP_SIGNING]), True),
                            (x509.OCSPNoCheck(), False)])
        self._save_authority("ocsp-responder", Authority(ocsp, ocsp_key))

        # RFC 3161 §2.3: the TSA's certificate has exactly one extended key usage, timeStamping, critical.
        tsa_key = ec.generate_private_key(ec.SECP256R1())
        tsa = self._issue(_name("DEMO SK TIMESTAMPING UNIT 2026 (stand-in)"), tsa_key.public_key(), root_name,
                          root_key, now, _CA_YEARS - 1,
                          [(_usage(digital_signature=True, non_repudiation=True), True),
                           (x509.ExtendedKeyUsage([ExtendedKeyUsageOID.TIME_STAMPING]), True)])
        self._save_authority("tsa", Authority(tsa, tsa_key))

        signer_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        signer_name = _name("TEST trusted list signer (stand-in)", "Information System Authority (stand-in)")
        signer = self._issue(signer_name, signer_key.public_key(), signer_name, signer_key, now, _CA_YEARS,
                             [(_usage(digital_signature=True, non_repudiation=True), True)])
        self._save_authority("trusted-list-signer", Authority(signer, signer_key))
        _write(self.folder / "trusted-list-signer.pem", _pem(signer))
        _write(self.trusted_list, self._signed_trusted_list(now, issuing, ocsp, tsa, Authority(signer, signer_key)))

    def _issue(self, subject: x509.Name, public_key: object, issuer: x509.Name, issuer_key: PrivateKey,
               now: dt.datetime, years: int, extensions: list[tuple[x509.ExtensionType, bool]]) -> x509.Certificate:
        builder = (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer)
                   .public_key(public_key)  # type: ignore[arg-type]
                   .serial_number(x509.random_serial_number())
                   .not_valid_before(now - dt.timedelta(days=1))
                   .not_valid_after(now + dt.timedelta(days=365 * years))
                   .add_extension(x509.SubjectKeyIdentifier.from_public_key(public_key),  # type: ignore[arg-type]
                                  critical=False))
        if issuer != subject:
            builder = builder.add_extension(
                x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False)
        for extension, critical in extensions:
            builder = builder.add_extension(extension, critical=critical)
        return builder.sign(issuer_key, _hash_for(issuer_key))

    # -- people ------------------------------------------------------------------------------------------------

    def _person_path(self, id_code: str, key: KeyType, purpose: Purpose, level: Level) -> Path:
        return self.folder / "people" / f"{id_code}-{key}-{purpose}-{level}.pem"

    def person(self, id_code: str, key: KeyType = "p256", purpose: Purpose = "signing",
               level: Level = "qualified", *, given_name: str = "DEMO", surname: str = "TESTNUMBER") -> Person:
        """The person's certificate, key and chain, made on first use and the same ever after. The names count
        only the first time."""
        if not is_valid(id_code):
            raise ValueError(f"not a valid Estonian ID code: {id_code!r}")
        path = self._person_path(id_code, key, purpose, level)
        if not path.exists():
            with self._locked():
                if not path.exists():
                    self._make_person(path, id_code, key, purpose, level, given_name, surname)
        data = path.read_bytes()
        certificate = x509.load_pem_x509_certificate(data)
        private_key = serialization.load_pem_private_key(data, None)
        assert isinstance(private_key, rsa.RSAPrivateKey | ec.EllipticCurvePrivateKey)
        return Person(certificate, private_key, [self.issuing_ca.certificate, self.root.certificate])

    def _make_person(self, path: Path, id_code: str, key: KeyType, purpose: Purpose, level: Level,
                     given_name: str, surname: str) -> None:
        private_key = _new_key(key)
        subject = x509.Name([
            x509.NameAttribute(NameOID.COUNTRY_NAME, "EE"),
            x509.NameAttribute(NameOID.COMMON_NAME, f"{surname},{given_name},{id_code}"),
            x509.NameAttribute(NameOID.SURNAME, surname),
            x509.NameAttribute(NameOID.GIVEN_NAME, given_name),
            x509.NameAttribute(NameOID.SERIAL_NUMBER, f"PNOEE-{id_code}"),
        ])
        smart_id = key == "rsa"
        if purpose == "signing":
            usage = _usage(non_repudiation=True)
            policies = [qc.POLICY_SK_SMART_ID_QUALIFIED if smart_id else qc.POLICY_SK_ESTEID,
                        qc.POLICY_QCP_N_QSCD] if level == "qualified" else \
                [qc.POLICY_SK_SMART_ID_ADVANCED if smart_id else qc.POLICY_SK_ESTEID, qc.POLICY_NCP_PLUS]
            statements = qc.encode_qualified_statements(_PDS_URL) if level == "qualified" \
                else qc.encode_advanced_statements()
            extra: list[tuple[x509.ExtensionType, bool]] = [
                (x509.UnrecognizedExtension(ObjectIdentifier(qc.QC_STATEMENTS), statements), False)]
        else:
            usage = _usage(digital_signature=True, key_agreement=not smart_id)
            policies = [qc.POLICY_SK_SMART_ID_QUALIFIED if smart_id else qc.POLICY_SK_ESTEID, qc.POLICY_NCP_PLUS]
            extra = [(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.CLIENT_AUTH]), False),
                     (x509.UnrecognizedExtension(ObjectIdentifier(qc.QC_STATEMENTS),
                                                 qc.encode_advanced_statements()), False)]
        ca = self.issuing_ca
        certificate = self._issue(
            subject, private_key.public_key(), ca.certificate.subject, ca.private_key, _now(), _PERSON_YEARS,
            [(x509.BasicConstraints(ca=False, path_length=None), True), (usage, True),
             (x509.CertificatePolicies([x509.PolicyInformation(ObjectIdentifier(p), None) for p in policies]), False),
             (x509.AuthorityInformationAccess([
                 x509.AccessDescription(x509.oid.AuthorityInformationAccessOID.OCSP,
                                        x509.UniformResourceIdentifier(self.ocsp_url))]), False),
             *extra])
        _write(self.folder / "issued" / f"{certificate.serial_number:x}.pem", _pem(certificate))
        _write(path, _key_pem(private_key) + _pem(certificate), 0o600)

    # -- revocation (what the OCSP responder answers) ---------------------------------------------------------

    def _revocations(self) -> dict[str, dict[str, str]]:
        path = self.folder / "revoked.json"
        return json.loads(path.read_text()) if path.exists() else {}

    def revoke(self, id_code: str, key: KeyType = "p256", purpose: Purpose = "signing",
               level: Level = "qualified", *, reason: str = "key_compromise") -> x509.Certificate:
        """Revokes the person's certificate (made first if need be) from now on; the OCSP responder says so."""
        certificate = self.person(id_code, key, purpose, level).certificate
        with self._locked():
            revocations = self._revocations()
            revocations.setdefault(f"{certificate.serial_number:x}",
                                   {"time": _now().isoformat(), "reason": reason})
            _write(self.folder / "revoked.json", json.dumps(revocations, indent=1).encode())
        return certificate

    def unrevoke(self, id_code: str, key: KeyType = "p256", purpose: Purpose = "signing",
                 level: Level = "qualified") -> None:
        """Takes a revocation back (tests that revoke a person must leave the person usable for others)."""
        serial = f"{self.person(id_code, key, purpose, level).certificate.serial_number:x}"
        with self._locked():
            revocations = self._revocations()
            if revocations.pop(serial, None) is not None:
                _write(self.folder / "revoked.json", json.dumps(revocations, indent=1).encode())

    def status(self, serial_number: int) -> Literal["good", "unknown"] | tuple[dt.datetime, str]:
        """``good``, ``unknown`` (not issued here), or (revocation time, reason name)."""
        key = f"{serial_number:x}"
        revoked = self._revocations().get(key)
        if revoked is not None:
            return dt.datetime.fromisoformat(revoked["time"]), revoked["reason"]
        return "good" if (self.folder / "issued" / f"{key}.pem").exists() else "unknown"

    # -- the trusted list --------------------------------------------------------------------------------------

    def _signed_trusted_list(self, now: dt.datetime, issuing: x509.Certificate, ocsp: x509.Certificate,
                             tsa: x509.Certificate, signer: Authority) -> bytes:
        return sign_trusted_list(trusted_list_xml(now, [
            ("http://uri.etsi.org/TrstSvc/Svctype/CA/QC", "TEST of ESTEID2018 (stand-in)", issuing),
            ("http://uri.etsi.org/TrstSvc/Svctype/Certstatus/OCSP/QC", "TEST of SK OCSP (stand-in)", ocsp),
            ("http://uri.etsi.org/TrstSvc/Svctype/TSA/QTST", "DEMO SK TIMESTAMPING (stand-in)", tsa),
        ]), signer)


def _sub(parent: etree._Element, tag: str, text: str | None = None, ns: str = _TSL_NS,
         **attributes: str) -> etree._Element:
    element = etree.SubElement(parent, f"{{{ns}}}{tag}")
    for name, value in attributes.items():
        element.set(_XML_LANG if name == "lang" else name, value)
    if text is not None:
        element.text = text
    return element


def _names(parent: etree._Element, tag: str, name: str) -> None:
    _sub(_sub(parent, tag), "Name", name, lang="en")


def _address(parent: etree._Element) -> None:
    address = _sub(parent, "TSPAddress" if parent.tag.endswith("TSPInformation") else "SchemeOperatorAddress")
    postal = _sub(_sub(address, "PostalAddresses"), "PostalAddress", lang="en")
    _sub(postal, "StreetAddress", "Pärnu mnt 141")
    _sub(postal, "Locality", "Tallinn")
    _sub(postal, "PostalCode", "11314")
    _sub(postal, "CountryName", "EE")
    _sub(_sub(address, "ElectronicAddress"), "URI", "mailto:info@example.invalid", lang="en")


def trusted_list_xml(now: dt.datetime,
                     services: list[tuple[str, str, x509.Certificate]]) -> etree._Element:
    """A generic (national) trusted list of one provider with the given (type, name, certificate) services,
    status granted, as ETSI TS 119 612 v2.2.1 and libdigidocpp read it."""
    root = etree.Element(f"{{{_TSL_NS}}}TrustServiceStatusList",
                         nsmap={None: _TSL_NS, "ds": _DS_NS},
                         attrib={"Id": "TrustServiceStatusList", "TSLTag": "http://uri.etsi.org/19612/TSLTag"})
    info = _sub(root, "SchemeInformation")
    _sub(info, "TSLVersionIdentifier", "5")
    _sub(info, "TSLSequenceNumber", "1")
    _sub(info, "TSLType", "http://uri.etsi.org/TrstSvc/TrustedList/TSLType/EUgeneric")
    _names(info, "SchemeOperatorName", "Shelf Board local test PKI (stand-in)")
    _address(info)
    _names(info, "SchemeName", "EE:Trusted list of the portal's local test PKI (stand-in)")
    _sub(_sub(info, "SchemeInformationURI"), "URI", "https://example.invalid/trusted-list", lang="en")
    _sub(info, "StatusDeterminationApproach", "http://uri.etsi.org/TrstSvc/TrustedList/StatusDetn/EUappropriate")
    _sub(_sub(info, "SchemeTypeCommunityRules"), "URI",
         "http://uri.etsi.org/TrstSvc/TrustedList/schemerules/EUcommon", lang="en")
    _sub(info, "SchemeTerritory", "EE")
    _sub(_sub(info, "PolicyOrLegalNotice"), "TSLLegalNotice",
         "A test PKI for the portal's local stack; it has no legal effect.", lang="en")
    _sub(info, "HistoricalInformationPeriod", "65535")
    _sub(info, "ListIssueDateTime", now.strftime("%Y-%m-%dT%H:%M:%SZ"))
    next_update = now + dt.timedelta(days=365 * _CA_YEARS)
    _sub(_sub(info, "NextUpdate"), "dateTime", next_update.strftime("%Y-%m-%dT%H:%M:%SZ"))
    providers = _sub(root, "TrustServiceProviderList")
    provider = _sub(providers, "TrustServiceProvider")
    tsp = _sub(provider, "TSPInformation")
    _names(tsp, "TSPName", "SK ID Solutions AS (stand-in)")
    _address(tsp)
    _sub(_sub(tsp, "TSPInformationURI"), "URI", "https://example.invalid/sk", lang="en")
    tsp_services = _sub(provider, "TSPServices")
    for service_type, name, certificate in services:
        service_info = _sub(_sub(tsp_services, "TSPService"), "ServiceInformation")
        _sub(service_info, "ServiceTypeIdentifier", service_type)
        _names(service_info, "ServiceName", name)
        digital_id = _sub(_sub(service_info, "ServiceDigitalIdentity"), "DigitalId")
        _sub(digital_id, "X509Certificate",
             base64.b64encode(certificate.public_bytes(serialization.Encoding.DER)).decode())
        _sub(service_info, "ServiceStatus", "http://uri.etsi.org/TrstSvc/TrustedList/Svcstatus/granted")
        _sub(service_info, "StatusStartingTime", "2016-06-30T22:00:00Z")
    return root


def sign_trusted_list(root: etree._Element, signer: Authority) -> bytes:
    """An enveloped XMLDSig signature over the whole list (exclusive c14n), the signer's certificate in KeyInfo:
    what libdigidocpp checks against its configured TSL signing certificates."""
    assert isinstance(signer.private_key, rsa.RSAPrivateKey)
    digest = hashlib.sha256(etree.tostring(root, method="c14n", exclusive=True)).digest()
    signature = etree.SubElement(root, f"{{{_DS_NS}}}Signature", attrib={"Id": "trusted-list-signature"})
    signed_info = etree.SubElement(signature, f"{{{_DS_NS}}}SignedInfo")
    etree.SubElement(signed_info, f"{{{_DS_NS}}}CanonicalizationMethod", Algorithm=_EXC_C14N)
    etree.SubElement(signed_info, f"{{{_DS_NS}}}SignatureMethod",
                     Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256")
    reference = etree.SubElement(signed_info, f"{{{_DS_NS}}}Reference", URI="")
    transforms = etree.SubElement(reference, f"{{{_DS_NS}}}Transforms")
    etree.SubElement(transforms, f"{{{_DS_NS}}}Transform",
                     Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature")
    etree.SubElement(transforms, f"{{{_DS_NS}}}Transform", Algorithm=_EXC_C14N)
    etree.SubElement(reference, f"{{{_DS_NS}}}DigestMethod", Algorithm="http://www.w3.org/2001/04/xmlenc#sha256")
    etree.SubElement(reference, f"{{{_DS_NS}}}DigestValue").text = base64.b64encode(digest).decode()
    value = signer.private_key.sign(etree.tostring(signed_info, method="c14n", exclusive=True),
                                    padding.PKCS1v15(), hashes.SHA256())
    etree.SubElement(signature, f"{{{_DS_NS}}}SignatureValue").text = base64.b64encode(value).decode()
    x509_data = etree.SubElement(etree.SubElement(signature, f"{{{_DS_NS}}}KeyInfo"), f"{{{_DS_NS}}}X509Data")
    etree.SubElement(x509_data, f"{{{_DS_NS}}}X509Certificate").text = base64.b64encode(
        signer.certificate.public_bytes(serialization.Encoding.DER)).decode()
    return bytes(etree.tostring(root, xml_declaration=True, encoding="UTF-8"))
