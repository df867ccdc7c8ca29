"""A person's eID certificate (issue 33): who it names, whether it chains to the configured trust anchors, is
valid, has the key usage its purpose needs, and is QUALIFIED (QC statements or policies) or only ADVANCED.

SK's certificates name the person in the subject: serialNumber ``PNOEE-<ID code>`` (ETSI EN 319 412-1), given
name and surname; signing certificates have non-repudiation only, authentication ones digitalSignature with
clientAuth."""

from __future__ import annotations

import base64
import binascii
import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from . import qc
from .errors import CertificateError

Level = Literal["QUALIFIED", "ADVANCED"]
KeyType = Literal["rsa", "p256", "p384", "p521"]
Purpose = Literal["signing", "authentication"]

_QSCD_POLICIES = {qc.POLICY_QCP_N_QSCD, "0.4.0.194112.1.3"}  # QCP-n-qscd, QCP-l-qscd


@dataclass(frozen=True)
class Person:
    id_code: str  # without the PNOEE- prefix
    country: str  # of the identifier: EE for PNOEE-
    given_name: str
    surname: str

    @property
    def name(self) -> str:
        return f"{self.given_name} {self.surname}".strip()


@dataclass(frozen=True)
class PersonCertificate:
    certificate: x509.Certificate
    person: Person
    key_type: KeyType
    level: Level
    issuer: x509.Certificate | None = None  # set once the chain is checked


def load_certificate(data: bytes | str) -> x509.Certificate:
    """A certificate in DER, PEM or base64 DER (Web eID's ``getSigningCertificate``); else certificate_invalid."""
    raw = data.encode() if isinstance(data, str) else data
    try:
        if raw.lstrip().startswith(b"-----BEGIN"):
            return x509.load_pem_x509_certificate(raw)
        try:
            return x509.load_der_x509_certificate(raw)
        except ValueError:
            return x509.load_der_x509_certificate(base64.b64decode(raw, validate=True))
    except (ValueError, binascii.Error) as error:
        raise CertificateError("certificate_invalid", "not an X.509 certificate") from error


def _attribute(name: x509.Name, oid: x509.ObjectIdentifier) -> str:
    values = name.get_attributes_for_oid(oid)
    return str(values[0].value) if values else ""


def person_of(certificate: x509.Certificate) -> Person:
    serial = _attribute(certificate.subject, NameOID.SERIAL_NUMBER)
    # ETSI EN 319 412-1 §5.1.3: three letters of type, two of country, a hyphen, the identifier.
    if len(serial) < 7 or serial[5] != "-" or serial[:3] not in ("PNO", "IDC", "PAS"):
        raise CertificateError("certificate_invalid", "the certificate names no personal identification number")
    return Person(id_code=serial[6:], country=serial[3:5], given_name=_attribute(certificate.subject,
                  NameOID.GIVEN_NAME), surname=_attribute(certificate.subject, NameOID.SURNAME))


def key_type(certificate: x509.Certificate) -> KeyType:
    key = certificate.public_key()
    if isinstance(key, rsa.RSAPublicKey):
        return "rsa"
    if isinstance(key, ec.EllipticCurvePublicKey):
        curves: dict[str, KeyType] = {"secp256r1": "p256", "secp384r1": "p384", "secp521r1": "p521"}
        if key.curve.name in curves:
            return curves[key.curve.name]
    raise CertificateError("certificate_invalid", "the certificate's key is neither RSA nor a NIST EC curve")


def _policies(certificate: x509.Certificate) -> set[str]:
    try:
        extension = certificate.extensions.get_extension_for_class(x509.CertificatePolicies)
    except x509.ExtensionNotFound:
        return set()
    return {p.policy_identifier.dotted_string for p in extension.value}


def _statements(certificate: x509.Certificate) -> set[str]:
    try:
        extension = certificate.extensions.get_extension_for_oid(x509.ObjectIdentifier(qc.QC_STATEMENTS))
    except x509.ExtensionNotFound:
        return set()
    if not isinstance(extension.value, x509.UnrecognizedExtension):
        return set()
    try:
        return qc.statement_ids(extension.value.value)
    except ValueError:
        return set()


def level(certificate: x509.Certificate) -> Level:
    """QUALIFIED when the certificate says it is an EU qualified certificate (QcCompliance) whose key is on a
    QSCD (QcSSCD or a -qscd policy), as libdigidocpp decides without trusted list qualifiers; else ADVANCED."""
    statements = _statements(certificate)
    on_qscd = qc.QC_SSCD in statements or bool(_policies(certificate) & _QSCD_POLICIES)
    return "QUALIFIED" if qc.QC_COMPLIANCE in statements and on_qscd else "ADVANCED"


def describe(certificate: x509.Certificate) -> PersonCertificate:
    return PersonCertificate(certificate, person_of(certificate), key_type(certificate), level(certificate))


class TrustAnchors:
    """The CA certificates a person's certificate must chain to, and the time-stamping units and OCSP responders
    trusted as themselves (a trusted list's CA/QC, TSA/QTST and Certstatus/OCSP/QC services)."""

    def __init__(self, cas: Iterable[x509.Certificate], tsas: Iterable[x509.Certificate] = (),
                 ocsp_responders: Iterable[x509.Certificate] = ()) -> None:
        self.cas = list(cas)
        self.tsas = list(tsas)
        self.ocsp_responders = list(ocsp_responders)

    @classmethod
    def from_dir(cls, folder: Path) -> TrustAnchors:
        """Every certificate in the folder's *.pem, *.crt and *.cer files (PEM or DER)."""
        certificates: list[x509.Certificate] = []
        for path in sorted(folder.iterdir()):
            if path.suffix.lower() in (".pem", ".crt", ".cer"):
                data = path.read_bytes()
                certificates += x509.load_pem_x509_certificates(data) if b"-----BEGIN" in data \
                    else [x509.load_der_x509_certificate(data)]
        return cls(certificates)

    def __add__(self, other: TrustAnchors) -> TrustAnchors:
        return TrustAnchors(self.cas + other.cas, self.tsas + other.tsas,
                            self.ocsp_responders + other.ocsp_responders)

    def issuer_of(self, certificate: x509.Certificate, at: dt.datetime) -> x509.Certificate | None:
        """The trusted CA that signed the certificate and was valid at ``at``, if any."""
        for ca in self.cas:
            if ca.subject != certificate.issuer or not _valid_at(ca, at) or not _is_ca(ca):
                continue
            try:
                certificate.verify_directly_issued_by(ca)
            except (ValueError, TypeError, InvalidSignature):
                continue
            return ca
        return None

    def trusts_service(self, certificate: x509.Certificate, listed: list[x509.Certificate],
                       at: dt.datetime) -> bool:
        """A TSA's or OCSP responder's certificate: listed as itself, or issued by a trusted CA."""
        return certificate in listed or self.issuer_of(certificate, at) is not None


def _is_ca(certificate: x509.Certificate) -> bool:
    try:
        return certificate.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    except x509.ExtensionNotFound:
        return False


def _valid_at(certificate: x509.Certificate, at: dt.datetime) -> bool:
    return certificate.not_valid_before_utc <= at <= certificate.not_valid_after_utc


def _key_usage(certificate: x509.Certificate) -> x509.KeyUsage | None:
    try:
        return certificate.extensions.get_extension_for_class(x509.KeyUsage).value
    except x509.ExtensionNotFound:
        return None


def _extended_key_usage(certificate: x509.Certificate) -> set[x509.ObjectIdentifier]:
    try:
        return set(certificate.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value)
    except x509.ExtensionNotFound:
        return set()


def check(certificate: x509.Certificate, trust: TrustAnchors, purpose: Purpose, *, id_code: str | None = None,
          require_qualified: bool = True, at: dt.datetime | None = None) -> PersonCertificate:
    """Everything about the certificate but its revocation (ocsp.OcspClient asks that): the chain to a trust
    anchor, validity at ``at`` (now), the key usage of ``purpose``, the level (QUALIFIED required for signing
    unless ``require_qualified`` is off) and, given ``id_code``, that it names that person. Raises
    CertificateError with the code of the first rule broken."""
    at = at or dt.datetime.now(dt.UTC)
    described = describe(certificate)
    issuer = trust.issuer_of(certificate, at)
    if issuer is None:
        raise CertificateError("certificate_untrusted", "the certificate was not issued by a trusted CA")
    if not _valid_at(certificate, at):
        raise CertificateError("certificate_untrusted", "the certificate is not valid now")
    usage = _key_usage(certificate)
    if purpose == "signing":
        if usage is None or not usage.content_commitment:
            raise CertificateError("certificate_not_qualified", "the certificate is not for signatures "
                                   "(no non-repudiation key usage)")
        if require_qualified and described.level != "QUALIFIED":
            raise CertificateError("certificate_not_qualified", "the certificate is not a qualified one on a QSCD")
    else:
        if usage is None or not usage.digital_signature or \
                ExtendedKeyUsageOID.CLIENT_AUTH not in _extended_key_usage(certificate):
            raise CertificateError("certificate_untrusted", "the certificate is not for authentication")
    if id_code is not None and (described.person.id_code != id_code or described.person.country != "EE"):
        raise CertificateError("signer_mismatch", "the certificate names another person")
    return PersonCertificate(certificate, described.person, described.key_type, described.level, issuer)
