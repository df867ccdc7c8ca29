"""Checking a person's authentication certificate for sign-in (issue 34), whichever way it came: Smart-ID's and
Mobile-ID's authentication sessions or an ID-card's Web eID token.

A certificate signs a person in when it chains to a trust anchor, is valid now, is for authentication (key usage
digitalSignature and extended key usage clientAuth, portal_eid.certificates), names an Estonian personal code
(``PNOEE-``), is not revoked (OCSP good) and, for an ID-card token, is not a Mobile-ID certificate (Web eID refuses
those: SK's Mobile-ID policies 1.3.6.1.4.1.10015.1.3[.1-3], SubjectCertificatePolicies of
web-eid-authtoken-validation-java). Any failure is a CertificateError with its code (certificate_untrusted,
certificate_revoked, certificate_invalid); the responder unreachable is ServiceUnavailable."""

from __future__ import annotations

import datetime as dt
from typing import Final

from cryptography import x509

from . import certificates
from .certificates import PersonCertificate, TrustAnchors
from .errors import CertificateError
from .ocsp import OcspClient

MOBILE_ID_POLICY_PREFIX: Final = "1.3.6.1.4.1.10015.1.3"


def is_mobile_id_certificate(certificate: x509.Certificate) -> bool:
    """Whether the certificate carries one of SK's Mobile-ID policies."""
    try:
        policies = certificate.extensions.get_extension_for_class(x509.CertificatePolicies).value
    except x509.ExtensionNotFound:
        return False
    return any(p.policy_identifier.dotted_string == MOBILE_ID_POLICY_PREFIX
               or p.policy_identifier.dotted_string.startswith(MOBILE_ID_POLICY_PREFIX + ".") for p in policies)


def check_offline(certificate: x509.Certificate, trust: TrustAnchors, *, allow_mobile_id: bool = True,
                  at: dt.datetime | None = None) -> PersonCertificate:
    """Everything but revocation: chain, validity, authentication use, an Estonian personal code and (unless
    allowed) not Mobile-ID."""
    checked = certificates.check(certificate, trust, "authentication", require_qualified=False, at=at)
    if checked.person.country != "EE" or not checked.person.id_code.isdigit() or \
            not str(certificate.subject.get_attributes_for_oid(x509.NameOID.SERIAL_NUMBER)[0].value).startswith(
                "PNOEE-"):
        raise CertificateError("certificate_invalid", "the certificate names no Estonian personal code")
    if not allow_mobile_id and is_mobile_id_certificate(certificate):
        raise CertificateError("certificate_untrusted", "a Mobile-ID certificate is not an ID-card's")
    return checked


async def check(certificate: x509.Certificate, trust: TrustAnchors, ocsp: OcspClient, *,
                allow_mobile_id: bool = True) -> PersonCertificate:
    """The person the certificate authenticates, once it passes check_offline and OCSP says it is good."""
    checked = check_offline(certificate, trust, allow_mobile_id=allow_mobile_id)
    assert checked.issuer is not None
    status = await ocsp.check(certificate, checked.issuer)
    if status.status == "revoked":
        raise CertificateError("certificate_revoked", "the certificate is revoked")
    if status.status != "good":
        raise CertificateError("certificate_untrusted", "the OCSP responder does not know the certificate")
    return checked
