"""Mobile-ID REST as the stand-in answers it (issue 33), on SK's paths under /mid-api/: the signing certificate,
signature and authentication sessions and their long-polled status. The test people's EC P-256 keys (pki.py) sign,
as a SIM does (ECDSA r||s over the hash); the "phone" (phone.py) decides. SK's DEMO phone numbers answer as on
SK's DEMO service (mid-rest-java-client's test data): +37200000366 is not a Mobile-ID customer, +37201100266
cancels, +37213100266 is absent, +37207110066 cannot be delivered to, +37201200266 has a SIM error,
+37200000666 a hash mismatch, and +37066000266 never answers (the session times out).

Not production code: portal_eid.mobile_id is the client, and it talks to SK the same way."""

import base64
import binascii
from dataclasses import dataclass
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import Prehashed, decode_dss_signature
from fastapi import APIRouter, Body, Query
from fastapi.responses import JSONResponse, Response
from portal_eid.id_code import is_valid
from portal_eid.mobile_id import HASH_LENGTHS, HASH_TYPES, valid_phone, verification_code
from portal_eid.sk_rest import hash_algorithm

from .phone import CONFIRM, Maintenance, Phone, PhoneRequest
from .smart_id import People

PREFIX = "/mid-api"
DEMO_RP_UUID = "00000000-0000-0000-0000-000000000000"
DEMO_RP_NAME = "DEMO"
NOT_MID_CLIENT = "+37200000366"
DEMO_PHONES: dict[str, str] = {
    "+37201100266": "USER_CANCELLED",
    "+37213100266": "PHONE_ABSENT",
    "+37207110066": "DELIVERY_ERROR",
    "+37201200266": "SIM_ERROR",
    "+37200000666": "SIGNATURE_HASH_MISMATCH",
    "+37066000266": "TIMEOUT",
}
KEY = "p256"


@dataclass
class _Session:
    request: PhoneRequest
    kind: str
    id_code: str
    phone_number: str
    hash: bytes
    hash_type: str


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def router(people: People, phone: Phone, maintenance: Maintenance, *, relying_party_uuid: str = DEMO_RP_UUID,
           relying_party_name: str = DEMO_RP_NAME) -> APIRouter:
    routes = APIRouter(prefix=PREFIX)
    sessions: dict[str, _Session] = {}

    def refused(body: dict[str, Any]) -> Response | None:
        if maintenance.mobile_id:
            return _error(503, "Service is temporarily unavailable")
        if body.get("relyingPartyUUID") != relying_party_uuid or body.get("relyingPartyName") != relying_party_name:
            return _error(401, "Failed to authorize user")
        for name in ("phoneNumber", "nationalIdentityNumber"):
            if not isinstance(body.get(name), str):
                return _error(400, f"{name} cannot be null.")
        if not valid_phone(body["phoneNumber"]):
            return _error(400, "phoneNumber must contain of + and numbers(8-30)")
        return None

    def customer(body: dict[str, Any]) -> bool:
        return is_valid(body["nationalIdentityNumber"]) and body["phoneNumber"] != NOT_MID_CLIENT

    @routes.post("/certificate")
    async def certificate(body: dict[str, Any] = Body()) -> Response:
        if (answer := refused(body)) is not None:
            return answer
        if not customer(body):
            return JSONResponse({"result": "NOT_FOUND"})
        person = people.person(body["nationalIdentityNumber"], KEY, "signing", "qualified")
        der = person.certificate.public_bytes(serialization.Encoding.DER)
        return JSONResponse({"result": "OK", "cert": base64.b64encode(der).decode()})

    async def start(kind: str, body: dict[str, Any]) -> Response:
        if (answer := refused(body)) is not None:
            return answer
        hash_type = body.get("hashType")
        if hash_type not in HASH_LENGTHS:
            return _error(400, "hashType must be one of SHA256, SHA384, SHA512")
        try:
            digest = base64.b64decode(str(body.get("hash", "")), validate=True)
        except (ValueError, binascii.Error):
            return _error(400, "Hash must be Base64 encoded")
        if len(digest) != HASH_LENGTHS[hash_type]:
            return _error(400, "The length of the hash must match the type of hash")
        if body.get("language") not in ("EST", "ENG", "RUS", "LIT"):
            return _error(400, "language must be one of EST, ENG, RUS, LIT")
        scripted = DEMO_PHONES.get(body["phoneNumber"]) if customer(body) else "NOT_MID_CLIENT"
        request = phone.ask("mobile_id", kind, body["nationalIdentityNumber"], verification_code(digest),
                            str(body.get("displayText") or ""), scripted)
        sessions[request.id] = _Session(request, kind, body["nationalIdentityNumber"], body["phoneNumber"], digest,
                                        hash_type)
        return JSONResponse({"sessionID": request.id})

    @routes.post("/signature")
    async def signature(body: dict[str, Any] = Body()) -> Response:
        return await start("signature", body)

    @routes.post("/authentication")
    async def authentication(body: dict[str, Any] = Body()) -> Response:
        return await start("authentication", body)

    async def status(kind: str, session_id: str, timeout_ms: int) -> Response:
        if maintenance.mobile_id:
            return _error(503, "Service is temporarily unavailable")
        session = sessions.get(session_id)
        if session is None or session.kind != kind:
            return _error(404, "SessionID not found")
        answer = await phone.wait(session.request, max(1000, min(120_000, timeout_ms)))
        if answer is None:
            return JSONResponse({"state": "RUNNING"})
        if session.request.result is None:
            session.request.result = _completed(session, answer)
        return JSONResponse(session.request.result)

    def _completed(session: _Session, answer: str) -> dict[str, Any]:
        if answer != CONFIRM:
            return {"state": "COMPLETE", "result": answer}
        purpose = "authentication" if session.kind == "authentication" else "signing"
        person = people.person(session.id_code, KEY, purpose, "qualified")
        key = person.private_key
        assert isinstance(key, ec.EllipticCurvePrivateKey)
        algorithm = hash_algorithm(HASH_TYPES[session.hash_type])
        r, s = decode_dss_signature(key.sign(session.hash, ec.ECDSA(Prehashed(algorithm))))
        size = (key.curve.key_size + 7) // 8
        value = r.to_bytes(size, "big") + s.to_bytes(size, "big")
        done: dict[str, Any] = {"state": "COMPLETE", "result": "OK", "signature": {
            "value": base64.b64encode(value).decode(), "algorithm": f"{session.hash_type}WithECEncryption"}}
        if session.kind == "authentication":
            done["cert"] = base64.b64encode(person.certificate.public_bytes(serialization.Encoding.DER)).decode()
        return done

    @routes.get("/signature/session/{session_id}")
    async def signature_status(session_id: str, timeout_ms: int = Query(default=10_000, alias="timeoutMs")) -> Response:
        return await status("signature", session_id, timeout_ms)

    @routes.get("/authentication/session/{session_id}")
    async def authentication_status(session_id: str,
                                    timeout_ms: int = Query(default=10_000, alias="timeoutMs")) -> Response:
        return await status("authentication", session_id, timeout_ms)

    return routes
