"""Web eID's authentication token (format ``web-eid:1.0``, issue 34): what the browser extension answers an
ID-card sign-in with, and how a relying party checks it (web-eid.eu, "Authentication token format" and
web-eid-authtoken-validation-java, which this follows).

The token is ``{unverifiedCertificate, algorithm, signature, format, appVersion}``: the card's authentication
certificate (base64 DER) and its signature, made with the card's authentication key, over
``hash(origin) || hash(nonce)``, where ``hash`` is the algorithm's hash (SHA-256 for ES256/PS256/RS256, ...), the
origin is the site's origin as the browser saw it (``https://portal.example``, no path, no trailing slash) and the
nonce is the challenge the site gave out (its base64 text, as bytes). ECDSA signatures are IEEE P1363 (r||s), RSA
ones PKCS#1 v1.5 (RS*) or PSS with a salt as long as the hash (PS*).

This module checks the token's form and signature only; the certificate's chain, validity, purpose, Mobile-ID
policy and revocation are portal_eid.authentication's, and the nonce's freshness is the caller's (it is single use
and stored by the service)."""

from __future__ import annotations

import base64
import binascii
import hashlib
import secrets
from typing import Final, Literal

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from pydantic import BaseModel, ConfigDict, Field

from .certificates import load_certificate
from .errors import EidError

FORMAT_PREFIX: Final = "web-eid:1"
# At least 256 bits of randomness (Web eID's rule for the challenge nonce); 32 bytes, base64: 44 characters.
NONCE_BYTES: Final = 32
_HASHES: Final[dict[str, type[hashes.HashAlgorithm]]] = {
    "256": hashes.SHA256, "384": hashes.SHA384, "512": hashes.SHA512,
}
ALGORITHMS: Final = ("ES256", "ES384", "ES512", "PS256", "PS384", "PS512", "RS256", "RS384", "RS512")

TokenCode = Literal["token_invalid", "signature_invalid"]


class TokenError(EidError):
    """The token is refused: ``token_invalid`` (its form), ``signature_invalid`` (it does not sign this origin and
    nonce with the certificate's key: made for another site, another challenge, or by another key)."""

    def __init__(self, code: TokenCode, detail: str) -> None:
        super().__init__(f"{code}: {detail}")
        self.code: TokenCode = code
        self.detail = detail


class AuthToken(BaseModel):
    """The token as the extension sends it (camelCase)."""

    model_config = ConfigDict(populate_by_name=True, frozen=True)

    unverified_certificate: str = Field(alias="unverifiedCertificate", min_length=1, max_length=10_000)
    algorithm: str = Field(max_length=10)
    signature: str = Field(min_length=1, max_length=2_000)
    format: str = Field(max_length=40)
    app_version: str | None = Field(default=None, alias="appVersion", max_length=200)


def new_nonce() -> str:
    """A challenge nonce: 256 random bits, base64 (the text the browser passes to the extension)."""
    return base64.b64encode(secrets.token_bytes(NONCE_BYTES)).decode("ascii")


def signed_data(algorithm: str, origin: str, nonce: str) -> bytes:
    """What a token signs: hash(origin) || hash(nonce), with the algorithm's hash."""
    name = {"256": "sha256", "384": "sha384", "512": "sha512"}[_hash_size(algorithm)]
    return hashlib.new(name, origin.encode()).digest() + hashlib.new(name, nonce.encode()).digest()


def _hash_size(algorithm: str) -> str:
    if algorithm not in ALGORITHMS:
        raise TokenError("token_invalid", f"unsupported algorithm {algorithm!r}")
    return algorithm[2:]


def verify(token: AuthToken, *, origin: str, nonce: str) -> x509.Certificate:
    """The token's certificate, once the token is in Web eID's format and its signature signs ``origin`` and
    ``nonce`` with that certificate's key; TokenError otherwise."""
    if not token.format.startswith(FORMAT_PREFIX):
        raise TokenError("token_invalid", f"unsupported token format {token.format!r}")
    size = _hash_size(token.algorithm)
    try:
        certificate = load_certificate(token.unverified_certificate)
    except EidError:
        raise TokenError("token_invalid", "unverifiedCertificate is not a certificate") from None
    try:
        signature = base64.b64decode(token.signature, validate=True)
    except (binascii.Error, ValueError):
        raise TokenError("token_invalid", "the signature is not base64") from None
    data = signed_data(token.algorithm, origin.rstrip("/"), nonce)
    algorithm = _HASHES[size]()
    key = certificate.public_key()
    try:
        if token.algorithm.startswith("ES"):
            if not isinstance(key, ec.EllipticCurvePublicKey):
                raise TokenError("token_invalid", "an ECDSA signature but the certificate's key is not EC")
            half = (key.curve.key_size + 7) // 8
            if len(signature) != 2 * half:
                raise TokenError("signature_invalid", "the ECDSA signature is not r||s of the key's size")
            der = encode_dss_signature(int.from_bytes(signature[:half], "big"),
                                       int.from_bytes(signature[half:], "big"))
            key.verify(der, data, ec.ECDSA(algorithm))
        else:
            if not isinstance(key, rsa.RSAPublicKey):
                raise TokenError("token_invalid", "an RSA signature but the certificate's key is not RSA")
            scheme: padding.AsymmetricPadding = padding.PKCS1v15() if token.algorithm.startswith("RS") else \
                padding.PSS(mgf=padding.MGF1(algorithm), salt_length=algorithm.digest_size)
            key.verify(signature, data, scheme, algorithm)
    except InvalidSignature:
        raise TokenError("signature_invalid", "the token does not sign this origin and nonce") from None
    return certificate
