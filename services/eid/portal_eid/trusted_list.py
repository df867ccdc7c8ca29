"""ETSI TS 119 612 trusted lists (issue 33): a signed XML list of trust service providers and their services.
``read`` checks the list's XMLDSig signature against the signing certificates we trust for it, then gives the
services; ``trust_anchors`` turns the granted ones into TrustAnchors (CA/QC, TSA/QTST, Certstatus/OCSP/QC).

Our own check covers what the portal uses the list for; libdigidocpp reads the same file for its validation of
containers (asice.verify)."""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes
from lxml import etree

from .certificates import TrustAnchors
from .ocsp import verify_signature

TSL_NS = "http://uri.etsi.org/02231/v2#"
DS_NS = "http://www.w3.org/2000/09/xmldsig#"
CA_QC = "http://uri.etsi.org/TrstSvc/Svctype/CA/QC"
TSA_QTST = "http://uri.etsi.org/TrstSvc/Svctype/TSA/QTST"
OCSP_QC = "http://uri.etsi.org/TrstSvc/Svctype/Certstatus/OCSP/QC"
_GRANTED = {
    "http://uri.etsi.org/TrstSvc/TrustedList/Svcstatus/granted",
    "http://uri.etsi.org/TrstSvc/TrustedList/Svcstatus/recognisedatnationallevel",
    "http://uri.etsi.org/TrstSvc/TrustedList/Svcstatus/undersupervision",
    "http://uri.etsi.org/TrstSvc/TrustedList/Svcstatus/accredited",
}
_DIGESTS = {"http://www.w3.org/2001/04/xmlenc#sha256": "sha256", "http://www.w3.org/2001/04/xmldsig-more#sha384":
            "sha384", "http://www.w3.org/2001/04/xmlenc#sha512": "sha512"}
_SIGNATURES: dict[str, hashes.HashAlgorithm] = {
    "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256": hashes.SHA256(),
    "http://www.w3.org/2001/04/xmldsig-more#rsa-sha384": hashes.SHA384(),
    "http://www.w3.org/2001/04/xmldsig-more#rsa-sha512": hashes.SHA512(),
}
_C14N = {"http://www.w3.org/2001/10/xml-exc-c14n#": (True, False),
         "http://www.w3.org/TR/2001/REC-xml-c14n-20010315": (False, False)}
_ENVELOPED = "http://www.w3.org/2000/09/xmldsig#enveloped-signature"


class InvalidTrustedList(ValueError):
    pass


@dataclass(frozen=True)
class TrustedService:
    type: str
    name: str
    status: str
    certificates: list[x509.Certificate]

    @property
    def granted(self) -> bool:
        return self.status in _GRANTED


def _c14n(element: etree._Element, algorithm: str) -> bytes:
    if algorithm not in _C14N:
        raise InvalidTrustedList(f"unsupported canonicalization {algorithm}")
    exclusive, comments = _C14N[algorithm]
    return bytes(etree.tostring(element, method="c14n", exclusive=exclusive, with_comments=comments))


def _check_signature(document: etree._ElementTree, signers: list[x509.Certificate]) -> None:
    root = document.getroot()
    signature = root.find(f"{{{DS_NS}}}Signature")
    if signature is None:
        raise InvalidTrustedList("the list is not signed")
    encoded = signature.findtext(f"{{{DS_NS}}}KeyInfo/{{{DS_NS}}}X509Data/{{{DS_NS}}}X509Certificate")
    if not encoded:
        raise InvalidTrustedList("the signature names no certificate")
    signer = x509.load_der_x509_certificate(base64.b64decode(encoded))
    if signer not in signers:
        raise InvalidTrustedList("the list is signed by a certificate we do not trust for it")
    signed_info = signature.find(f"{{{DS_NS}}}SignedInfo")
    if signed_info is None:
        raise InvalidTrustedList("the signature has no SignedInfo")
    references = signed_info.findall(f"{{{DS_NS}}}Reference")
    root_id = root.get("Id")
    if len(references) != 1 or references[0].get("URI") not in ("", f"#{root_id}" if root_id else ""):
        raise InvalidTrustedList("the signature does not cover the whole list")
    reference = references[0]
    transforms = [t.get("Algorithm", "") for t in reference.iterfind(f"{{{DS_NS}}}Transforms/{{{DS_NS}}}Transform")]
    if _ENVELOPED not in transforms:
        raise InvalidTrustedList("the signature is not enveloped")
    c14n = next((t for t in transforms if t in _C14N), "http://www.w3.org/TR/2001/REC-xml-c14n-20010315")
    digest_name = _DIGESTS.get(reference.find(f"{{{DS_NS}}}DigestMethod").get("Algorithm", ""))
    if digest_name is None:
        raise InvalidTrustedList("unsupported digest")
    copy = etree.fromstring(etree.tostring(root))
    copy.remove(copy.find(f"{{{DS_NS}}}Signature"))
    digest = hashlib.new(digest_name, _c14n(copy, c14n)).digest()
    if base64.b64decode(reference.findtext(f"{{{DS_NS}}}DigestValue") or "") != digest:
        raise InvalidTrustedList("the list was changed after it was signed")
    method = signed_info.find(f"{{{DS_NS}}}SignatureMethod")
    algorithm = _SIGNATURES.get(method.get("Algorithm", "") if method is not None else "")
    canonicalization = signed_info.find(f"{{{DS_NS}}}CanonicalizationMethod")
    if algorithm is None or canonicalization is None:
        raise InvalidTrustedList("unsupported signature method")
    value = base64.b64decode(signature.findtext(f"{{{DS_NS}}}SignatureValue") or "")
    if not verify_signature(signer, value, _c14n(signed_info, canonicalization.get("Algorithm", "")), algorithm):
        raise InvalidTrustedList("the list's signature does not verify")


def read(xml: bytes, signers: list[x509.Certificate]) -> list[TrustedService]:
    """The services of a trusted list signed by one of ``signers``; InvalidTrustedList otherwise."""
    try:
        document = etree.ElementTree(etree.fromstring(xml, etree.XMLParser(resolve_entities=False, no_network=True)))
    except etree.XMLSyntaxError as error:
        raise InvalidTrustedList(f"not XML: {error}") from error
    if document.getroot().tag != f"{{{TSL_NS}}}TrustServiceStatusList":
        raise InvalidTrustedList("not an ETSI TS 119 612 trusted list")
    _check_signature(document, signers)
    services = []
    t = f"{{{TSL_NS}}}"
    for service in document.getroot().iterfind(
            f"{t}TrustServiceProviderList/{t}TrustServiceProvider/{t}TSPServices/{t}TSPService/{t}ServiceInformation"):
        certificates = [x509.load_der_x509_certificate(base64.b64decode(e.text or ""))
                        for e in service.iterfind(f"{t}ServiceDigitalIdentity/{t}DigitalId/{t}X509Certificate")]
        services.append(TrustedService(type=service.findtext(f"{t}ServiceTypeIdentifier") or "",
                                       name=service.findtext(f"{t}ServiceName/{t}Name") or "",
                                       status=service.findtext(f"{t}ServiceStatus") or "", certificates=certificates))
    return services


def trust_anchors(services: list[TrustedService]) -> TrustAnchors:
    granted = [s for s in services if s.granted]
    return TrustAnchors(cas=[c for s in granted if s.type == CA_QC for c in s.certificates],
                        tsas=[c for s in granted if s.type == TSA_QTST for c in s.certificates],
                        ocsp_responders=[c for s in granted if s.type == OCSP_QC for c in s.certificates])


def load(path: Path, signer_path: Path) -> TrustAnchors:
    """The trust anchors of the list at ``path`` signed by the certificate(s) in ``signer_path`` (PEM)."""
    signers = x509.load_pem_x509_certificates(signer_path.read_bytes())
    return trust_anchors(read(path.read_bytes(), signers))
