"""Helpers of the eID tests."""

import base64

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
from portal_eid import web_eid
from portal_eid.id_code import checksum

PrivateKey = rsa.RSAPrivateKey | ec.EllipticCurvePrivateKey


def id_code(first_ten: str) -> str:
    """A valid ID code from its first ten digits: each test that revokes or changes a person has its own."""
    return first_ten + str(checksum(first_ten))


def web_eid_token(certificate: x509.Certificate, key: PrivateKey, origin: str, nonce: str,
                  algorithm: str | None = None) -> dict[str, str]:
    """The web-eid:1.0 authentication token an ID-card with this certificate and key answers a challenge with, as
    the Web eID extension sends it (the tests stand in for the extension, which cannot be installed here)."""
    if algorithm is None:
        algorithm = "PS256" if isinstance(key, rsa.RSAPrivateKey) else \
            {256: "ES256", 384: "ES384", 521: "ES512"}[key.curve.key_size]
    data = web_eid.signed_data(algorithm, origin, nonce)
    hash_algorithm = {"256": hashes.SHA256(), "384": hashes.SHA384(), "512": hashes.SHA512()}[algorithm[2:]]
    if isinstance(key, ec.EllipticCurvePrivateKey):
        r, s = decode_dss_signature(key.sign(data, ec.ECDSA(hash_algorithm)))
        size = (key.curve.key_size + 7) // 8
        signature = r.to_bytes(size, "big") + s.to_bytes(size, "big")
    elif algorithm.startswith("PS"):
        signature = key.sign(data, padding.PSS(mgf=padding.MGF1(hash_algorithm),
                                               salt_length=hash_algorithm.digest_size), hash_algorithm)
    else:
        signature = key.sign(data, padding.PKCS1v15(), hash_algorithm)
    return {"unverifiedCertificate": base64.b64encode(certificate.public_bytes(serialization.Encoding.DER)).decode(),
            "algorithm": algorithm, "signature": base64.b64encode(signature).decode(), "format": "web-eid:1.0",
            "appVersion": "https://web-eid.eu/web-eid-app/releases/2.5.0+0"}
