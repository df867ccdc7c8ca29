"""ASiC-E containers with XAdES baseline-LT signatures (portal_eid.asice, issue 33), proven with libdigidocpp (the
engine of DigiDoc4, via pydigidoc) against the test PKI's trusted list: every container we make is VALID with
profile time-stamp for RSA (PSS) and EC P-256/P-384 keys; a changed byte, a missing OCSP response, another
signer's certificate, an unknown CA or an ADVANCED certificate are not."""

import asyncio
import base64
import io
import os
import time
import zipfile
from collections.abc import Callable

import httpx
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, utils
from lxml import etree
from portal_eid import asice
from portal_eid.certificates import TrustAnchors
from portal_eid.errors import CertificateError
from portal_eid.ocsp import OcspClient
from portal_eid.settings import EidSettings, Trust
from portal_eid.tsa import TsaClient
from sk_standin.app import create_app
from sk_standin.pki import Person, TestPki

from services.eid.tests.support import id_code

pytestmark = pytest.mark.usefixtures("stack")
PDF = asice.DataFile("leping-42.pdf", b"%PDF-1.7\n" + bytes(range(256)) * 64 + b"\n%%EOF\n")
XADES = "{http://uri.etsi.org/01903/v1.3.2#}"
DS = "{http://www.w3.org/2000/09/xmldsig#}"


def sign(person: Person, prepared: asice.PreparedSignature) -> bytes:
    """What the phone or the card does: sign the digest with the person's key (raw r||s for EC, as Web eID and
    Mobile-ID return it; RSASSA-PSS as Smart-ID v3 does)."""
    algorithm = {"SHA-256": asice.hashes.SHA256(), "SHA-384": asice.hashes.SHA384(),
                 "SHA-512": asice.hashes.SHA512()}[prepared.hash_function]
    key = person.private_key
    if isinstance(key, ec.EllipticCurvePrivateKey):
        r, s = utils.decode_dss_signature(key.sign(prepared.digest, ec.ECDSA(utils.Prehashed(algorithm))))
        size = (key.curve.key_size + 7) // 8
        return r.to_bytes(size, "big") + s.to_bytes(size, "big")
    return key.sign(prepared.digest, padding.PSS(padding.MGF1(algorithm), algorithm.digest_size),
                    utils.Prehashed(algorithm))


@pytest.fixture(scope="module")
def clients(settings: EidSettings, trust: Trust) -> tuple[TsaClient, OcspClient]:
    return TsaClient(settings.tsa_url or "", trust.anchors), OcspClient(settings.ocsp_url)


@pytest.fixture(scope="module")
def make(pki: TestPki, clients: tuple[TsaClient, OcspClient]) -> Callable[..., object]:
    async def made(person: Person, files: list[asice.DataFile] | None = None) -> bytes:
        prepared = asice.prepare(files or [PDF], person.certificate)
        return await asice.finish(prepared, sign(person, prepared), *clients)
    return made


def entries(container: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(container)) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


def rebuilt(container: bytes, change: Callable[[dict[str, bytes]], None]) -> bytes:
    files = entries(container)
    change(files)
    data_files = [asice.DataFile(name, content) for name, content in files.items()
                  if name != "mimetype" and not name.startswith("META-INF/")]
    return asice.container(data_files, files[asice.SIGNATURES_FILE])


def without(xml: bytes, path: str) -> bytes:
    root = etree.fromstring(xml)
    element = root.find(path)
    assert element is not None
    element.getparent().remove(element)  # type: ignore[union-attr]
    return bytes(etree.tostring(root, xml_declaration=True, encoding="UTF-8"))


@pytest.mark.parametrize(("key", "method"), [
    ("rsa", "http://www.w3.org/2007/05/xmldsig-more#sha256-rsa-MGF1"),
    ("p256", "http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256"),
    ("p384", "http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha384"),
])
async def test_libdigidocpp_finds_our_container_valid_at_profile_time_stamp(
        pki: TestPki, trust: Trust, make: Callable[..., object], key: str, method: str) -> None:
    code = id_code("4800101020")
    person = pki.person(code, key, given_name="MARI", surname="MAASIKAS")  # type: ignore[arg-type]
    container = await make(person)  # type: ignore[misc]
    verdict = await asice.verify(container, trust)
    assert verdict.valid, verdict.problems
    assert (verdict.profile, verdict.signature_method, verdict.level, verdict.signatures) == (
        "BES/time-stamp", method, "QUALIFIED", 1)
    assert verdict.signer is not None and (verdict.signer.id_code, verdict.signer.name) == (code, "MARI MAASIKAS")
    assert verdict.signer_certificate == person.certificate and verdict.signed_at is not None
    assert [(f.name, f.media_type, f.size) for f in verdict.data_files] == [(PDF.name, PDF.media_type,
                                                                              len(PDF.content))]
    assert asice.data_file(container, PDF.name) == PDF.content
    # ETSI EN 319 162-1: mimetype first, stored, no extra field.
    with zipfile.ZipFile(io.BytesIO(container)) as archive:
        first = archive.infolist()[0]
        assert (first.filename, first.compress_type, first.extra) == ("mimetype", zipfile.ZIP_STORED, b"")
        assert archive.read("mimetype") == b"application/vnd.etsi.asic-e+zip"
        assert {"META-INF/manifest.xml", asice.SIGNATURES_FILE} <= set(archive.namelist())


async def test_several_data_files_are_signed_together(pki: TestPki, trust: Trust,
                                                      make: Callable[..., object]) -> None:
    files = [PDF, asice.DataFile("lisa 1.txt", "Lisa õ ä ö ü".encode(), "text/plain")]
    verdict = await asice.verify(await make(pki.person(id_code("4800101021")), files), trust)  # type: ignore[misc]
    assert verdict.valid, verdict.problems
    assert [f.name for f in verdict.data_files] == ["leping-42.pdf", "lisa 1.txt"]


async def test_a_changed_byte_makes_it_invalid(pki: TestPki, trust: Trust, make: Callable[..., object]) -> None:
    container = await make(pki.person(id_code("4800101022")))  # type: ignore[misc]

    def change_pdf(files: dict[str, bytes]) -> None:
        content = bytearray(files[PDF.name])
        content[100] ^= 1
        files[PDF.name] = bytes(content)

    verdict = await asice.verify(rebuilt(container, change_pdf), trust)
    assert not verdict.valid and any(PDF.name in p for p in verdict.problems), verdict.problems

    def change_signing_time(files: dict[str, bytes]) -> None:
        files[asice.SIGNATURES_FILE] = files[asice.SIGNATURES_FILE].replace(b"<xades:SigningTime>2",
                                                                            b"<xades:SigningTime>1")

    assert not (await asice.verify(rebuilt(container, change_signing_time), trust)).valid
    # A byte of the ZIP itself.
    broken = bytearray(container)
    broken[len(broken) // 2] ^= 0xFF
    assert not (await asice.verify(bytes(broken), trust)).valid


async def test_without_the_ocsp_response_it_is_not_valid(pki: TestPki, trust: Trust,
                                                         make: Callable[..., object]) -> None:
    container = await make(pki.person(id_code("4800101023")))  # type: ignore[misc]

    def drop_ocsp(files: dict[str, bytes]) -> None:
        files[asice.SIGNATURES_FILE] = without(files[asice.SIGNATURES_FILE], f".//{XADES}RevocationValues")

    verdict = await asice.verify(rebuilt(container, drop_ocsp), trust)
    assert not verdict.valid and "RevocationValues object is missing" in verdict.problems, verdict.problems

    def drop_time_stamp(files: dict[str, bytes]) -> None:
        files[asice.SIGNATURES_FILE] = without(files[asice.SIGNATURES_FILE], f".//{XADES}SignatureTimeStamp")

    assert not (await asice.verify(rebuilt(container, drop_time_stamp), trust)).valid


async def test_another_signers_certificate_is_not_valid(pki: TestPki, trust: Trust,
                                                        make: Callable[..., object]) -> None:
    signer, other = pki.person(id_code("4800101024")), pki.person(id_code("4800101025"))
    container = await make(signer)  # type: ignore[misc]
    theirs = base64.b64encode(signer.certificate.public_bytes(serialization.Encoding.DER))
    others = base64.b64encode(other.certificate.public_bytes(serialization.Encoding.DER))

    def swap(files: dict[str, bytes]) -> None:
        files[asice.SIGNATURES_FILE] = files[asice.SIGNATURES_FILE].replace(theirs, others)

    verdict = await asice.verify(rebuilt(container, swap), trust)
    assert not verdict.valid, verdict.problems
    # And a signature by another key than the certificate's never becomes a container.
    prepared = asice.prepare([PDF], signer.certificate)
    with pytest.raises(asice.InvalidSignatureValue):
        asice.check_signature_value(prepared, sign(other, prepared))


async def test_an_unknown_cas_signature_is_not_valid(stranger: TestPki, trust: Trust, settings: EidSettings) -> None:
    """A complete LT signature by another CA's person, with that CA's own OCSP responder (the stand-in app over the
    stranger's PKI, in process) and our TSA: libdigidocpp finds no trusted issuer, even when our own anchors are
    told to trust the CA."""
    person = stranger.person(id_code("4800101026"))
    prepared = asice.prepare([PDF], person.certificate)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=create_app(stranger)),
                                 base_url="http://stranger") as http:
        container = await asice.finish(
            prepared, sign(person, prepared), TsaClient(settings.tsa_url or "", trust.anchors),
            OcspClient("http://stranger/ocsp", http=http), issuer=person.chain[0])
    verdict = await asice.verify(container, trust)
    assert not verdict.valid and verdict.reason is not None
    assert any("issuer" in p for p in verdict.problems), verdict.problems
    lenient = Trust(trust.anchors + TrustAnchors([stranger.issuing_ca.certificate]), trust.trusted_list_path,
                    trust.trusted_list_signers)
    assert not (await asice.verify(container, lenient)).valid


async def test_an_advanced_certificates_signature_is_not_valid(pki: TestPki, trust: Trust,
                                                               make: Callable[..., object]) -> None:
    person = pki.person(id_code("4800101027"), "rsa", level="advanced")
    verdict = await asice.verify(await make(person), trust)  # type: ignore[misc]
    assert not verdict.valid and verdict.level == "ADVANCED", verdict.problems


async def test_a_revoked_certificate_signs_nothing(pki: TestPki, clients: tuple[TsaClient, OcspClient]) -> None:
    code = id_code("4800101028")
    person = pki.person(code)
    pki.revoke(code)
    prepared = asice.prepare([PDF], person.certificate)
    with pytest.raises(CertificateError) as refused:
        await asice.finish(prepared, sign(person, prepared), *clients)
    assert refused.value.code == "certificate_revoked"


async def test_the_prepared_state_survives_between_the_two_steps(pki: TestPki, trust: Trust,
                                                                 clients: tuple[TsaClient, OcspClient]) -> None:
    person = pki.person(id_code("4800101029"), "p384")
    prepared = asice.prepare([PDF], person.certificate)
    assert prepared.hash_function == "SHA-384" and len(prepared.digest) == 48
    restored = asice.PreparedSignature.restore(prepared.state(), [PDF])
    assert restored == prepared
    with pytest.raises(ValueError, match="not the ones prepared"):
        asice.PreparedSignature.restore(prepared.state(), [asice.DataFile(PDF.name, b"other")])
    # A DER-encoded ECDSA signature (what a PKCS#11 or OpenSSL signer gives) is accepted too.
    der = person.private_key.sign(prepared.digest, ec.ECDSA(utils.Prehashed(asice.hashes.SHA384())))  # type: ignore[call-arg,union-attr]
    verdict = await asice.verify(await asice.finish(restored, der, *clients), trust)
    assert verdict.valid, verdict.problems


async def test_what_is_not_a_container_is_not_valid(trust: Trust) -> None:
    verdict = await asice.verify(b"%PDF-1.7 not a zip", trust)
    assert not verdict.valid and verdict.reason




async def test_verifying_does_not_stop_the_event_loop(pki: TestPki, trust: Trust, make: Callable[..., object]) -> None:
    """libdigidocpp's binding holds the GIL for a whole call: it runs in a worker process, so a service keeps
    answering while a 1 MB contract's container is checked."""
    big = asice.DataFile("leping-1mb.pdf", b"%PDF-1.7\n" + os.urandom(1024 * 1024) + b"\n%%EOF\n")
    container = await make(pki.person(id_code("4800101030")), [big])  # type: ignore[misc]
    gaps: list[float] = []

    async def tick() -> None:
        last = time.monotonic()
        while True:
            await asyncio.sleep(0.01)
            now = time.monotonic()
            gaps.append(now - last)
            last = now

    ticker = asyncio.create_task(tick())
    try:
        for _ in range(3):
            verdict = await asice.verify(container, trust)
            assert verdict.valid, verdict.problems
    finally:
        ticker.cancel()
    assert gaps and max(gaps) < 0.5, max(gaps)
