"""Where the portal finds SK's services and what it trusts (issue 33), from EID_* environment variables.

Production (deploy/README.md): EID_OCSP_URL unset (each certificate names its responder: SK's AIA OCSP) or SK's
address; EID_TSA_URL the qualified TSA the portal has a contract with (SK: http://tsa.sk.ee, DEMO
http://tsa.demo.sk.ee/tsa); EID_TRUST_ANCHORS_DIR the CA certificates of SK (the esteid-certificates package has
them); no trusted list path, so libdigidocpp uses the EU's list of trusted lists. The local stack points all of
it at the stand-in and its test PKI (deploy/local/stack.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from cryptography import x509
from pydantic_settings import BaseSettings, SettingsConfigDict

from . import trusted_list
from .certificates import TrustAnchors


@dataclass(frozen=True)
class Trust:
    """What signatures are checked against: our own checks use ``anchors``; libdigidocpp uses the trusted list
    at ``trusted_list_path`` signed by ``trusted_list_signers``, or without it its built-in EU list of lists."""

    anchors: TrustAnchors
    trusted_list_path: Path | None = None
    trusted_list_signers: list[x509.Certificate] = field(default_factory=list)


class EidSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="EID_", extra="ignore")

    ocsp_url: str | None = None
    tsa_url: str | None = None
    trust_anchors_dir: Path | None = None
    trusted_list_path: Path | None = None
    trusted_list_signer_path: Path | None = None
    timeout_seconds: float = 10.0

    def trust(self) -> Trust:
        anchors = TrustAnchors([])
        if self.trust_anchors_dir is not None:
            anchors = anchors + TrustAnchors.from_dir(self.trust_anchors_dir)
        signers: list[x509.Certificate] = []
        if self.trusted_list_path is not None and self.trusted_list_signer_path is not None:
            signers = x509.load_pem_x509_certificates(self.trusted_list_signer_path.read_bytes())
            anchors = anchors + trusted_list.load(self.trusted_list_path, self.trusted_list_signer_path)
        return Trust(anchors, self.trusted_list_path, signers)
