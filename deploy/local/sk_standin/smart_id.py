"""Smart-ID RP API v3 as the stand-in answers it (issue 33), on the DEMO service's paths under /smart-id-rp/v3/:
notification-based certificate choice, signature (RAW_DIGEST_SIGNATURE, RSASSA-PSS) and authentication (ACSP_V2),
the certificate by document number, and the long-polled session status. The test people's RSA keys (pki.py)
sign; the "phone" (phone.py) decides. SK's demo accounts answer as on SK's DEMO service
(smart-id-documentation, test accounts): 30403039917 refuses, 30403039928/39939/39946/39950 refuse an
interaction, 30403039972 picks the wrong verification code, 30403039983 never answers (the session times out).

Not production code: portal_eid.smart_id is the client, and it talks to SK the same way."""

import base64
import binascii
import json
import os
from dataclasses import dataclass
from typing import Any, Protocol

from cryptography import x509
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa
from cryptography.hazmat.primitives.asymmetric.utils import Prehashed
from fastapi import APIRouter, Body, Query
from fastapi.responses import JSONResponse, Response
from portal_eid.id_code import is_valid
from portal_eid.sk_rest import hash_algorithm
from portal_eid.smart_id import HASH_LENGTHS, acsp_v2_payload, verification_code

from .phone import CONFIRM, Maintenance, Phone, PhoneRequest

PREFIX = "/smart-id-rp/v3"
# SK's DEMO relying party: the local stack's services use it too.
DEMO_RP_UUID = "00000000-0000-4000-8000-000000000000"
DEMO_RP_NAME = "DEMO"
DEMO_SCHEME = "smart-id-demo"
DEMO_ACCOUNTS: dict[str, str] = {
    "30403039917": "USER_REFUSED",
    "30403039928": "USER_REFUSED_INTERACTION:displayTextAndPIN",
    "30403039939": "USER_REFUSED_INTERACTION:verificationCodeChoice",
    "30403039946": "USER_REFUSED_INTERACTION:confirmationMessage",
    "30403039950": "USER_REFUSED_INTERACTION:confirmationMessageAndVerificationCodeChoice",
    "30403039972": "WRONG_VC",
    "30403039983": "TIMEOUT",
}


class People(Protocol):
    """The test PKI (pki.TestPki): a person's certificate and key, made on first use."""

    def person(self, id_code: str, key: Any = ..., purpose: Any = ..., level: Any = ...) -> Any: ...


@dataclass
class _Session:
    request: PhoneRequest
    kind: str
    id_code: str
    level: str
    body: dict[str, Any]


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"title": message, "status": status}, status_code=status)


def _der_b64(certificate: x509.Certificate) -> str:
    return base64.b64encode(certificate.public_bytes(serialization.Encoding.DER)).decode()


def _document_number(id_code: str) -> str:
    return f"PNOEE-{id_code}-MOCK-Q"


def _id_code(reference: str, *, document: bool) -> str | None:
    """The ID code in `PNOEE-<code>` (etsi) or `PNOEE-<code>-MOCK-Q` (document); None if it is not one."""
    parts = reference.split("-")
    if not parts or parts[0] != "PNOEE" or len(parts) != (4 if document else 2):
        return None
    return parts[1] if is_valid(parts[1]) else None


def router(people: People, phone: Phone, maintenance: Maintenance, *, relying_party_uuid: str = DEMO_RP_UUID,
           relying_party_name: str = DEMO_RP_NAME, scheme_name: str = DEMO_SCHEME) -> APIRouter:
    routes = APIRouter(prefix=PREFIX)
    sessions: dict[str, _Session] = {}

    def refused(body: dict[str, Any]) -> Response | None:
        if maintenance.smart_id:
            return _error(580, "System is under maintenance, retry later")
        if body.get("relyingPartyUUID") != relying_party_uuid or body.get("relyingPartyName") != relying_party_name:
            return _error(401, "Unauthorized")
        return None

    def start(kind: str, id_code: str, body: dict[str, Any], vc: str, text: str) -> dict[str, Any]:
        level = str(body.get("certificateLevel") or "QUALIFIED")
        scripted = DEMO_ACCOUNTS.get(id_code)
        if kind == "certificate choice" and scripted is not None:
            # Choosing a certificate shows no code and no interaction to refuse: only a refusal of the choice
            # itself or never answering end it; the account's other outcome comes with its signature session.
            scripted = {"USER_REFUSED": "USER_REFUSED_CERT_CHOICE", "TIMEOUT": "TIMEOUT"}.get(scripted)
        request = phone.ask("smart_id", kind, id_code, vc, text, scripted)
        sessions[request.id] = _Session(request, kind, id_code, level, body)
        return {"sessionID": request.id}

    def display_text(body: dict[str, Any]) -> str:
        try:
            items = json.loads(base64.b64decode(str(body.get("interactions", "")), validate=True))
            first = items[0]
            return str(first.get("displayText200") or first.get("displayText60") or "")
        except (ValueError, binascii.Error, IndexError, KeyError, TypeError, AttributeError):
            return ""

    def signing_digest(body: dict[str, Any]) -> tuple[bytes, str] | None:
        if body.get("signatureProtocol") != "RAW_DIGEST_SIGNATURE":
            return None
        params = body.get("signatureProtocolParameters") or {}
        name = (params.get("signatureAlgorithmParameters") or {}).get("hashAlgorithm")
        if params.get("signatureAlgorithm") != "rsassa-pss" or name not in HASH_LENGTHS:
            return None
        try:
            digest = base64.b64decode(str(params.get("digest", "")), validate=True)
        except (ValueError, binascii.Error):
            return None
        return (digest, name) if len(digest) == HASH_LENGTHS[name] else None

    @routes.post("/signature/certificate-choice/notification/etsi/{semantics_identifier}")
    async def certificate_choice(semantics_identifier: str, body: dict[str, Any] = Body()) -> Response:
        if (answer := refused(body)) is not None:
            return answer
        id_code = _id_code(semantics_identifier, document=False)
        if id_code is None:
            return _error(404, "Not Found")
        return JSONResponse(start("certificate choice", id_code, body, "", ""))

    @routes.post("/signature/certificate/{document_number}")
    async def certificate(document_number: str, body: dict[str, Any] = Body()) -> Response:
        if (answer := refused(body)) is not None:
            return answer
        id_code = _id_code(document_number, document=True)
        if id_code is None:
            return _error(404, "Not Found")
        person = people.person(id_code, "rsa", "signing", "qualified")
        return JSONResponse({"state": "OK", "cert": {"value": _der_b64(person.certificate),
                                                     "certificateLevel": "QUALIFIED"}})

    async def signature(id_code: str | None, body: dict[str, Any]) -> Response:
        if (answer := refused(body)) is not None:
            return answer
        if id_code is None:
            return _error(404, "Not Found")
        signing = signing_digest(body)
        if signing is None or not body.get("interactions"):
            return _error(400, "Bad Request")
        vc = verification_code(signing[0])
        session = start("signature", id_code, body, vc, display_text(body))
        return JSONResponse({**session, "vc": {"type": "numeric4", "value": vc}})

    @routes.post("/signature/notification/etsi/{semantics_identifier}")
    async def signature_by_person(semantics_identifier: str, body: dict[str, Any] = Body()) -> Response:
        return await signature(_id_code(semantics_identifier, document=False), body)

    @routes.post("/signature/notification/document/{document_number}")
    async def signature_by_document(document_number: str, body: dict[str, Any] = Body()) -> Response:
        return await signature(_id_code(document_number, document=True), body)

    async def authentication(id_code: str | None, body: dict[str, Any]) -> Response:
        if (answer := refused(body)) is not None:
            return answer
        if id_code is None:
            return _error(404, "Not Found")
        params = body.get("signatureProtocolParameters") or {}
        name = (params.get("signatureAlgorithmParameters") or {}).get("hashAlgorithm")
        challenge = str(params.get("rpChallenge") or "")
        if (body.get("signatureProtocol") != "ACSP_V2" or params.get("signatureAlgorithm") != "rsassa-pss"
                or name not in HASH_LENGTHS or not 44 <= len(challenge) <= 88 or not body.get("interactions")):
            return _error(400, "Bad Request")
        try:
            vc = verification_code(base64.b64decode(challenge, validate=True))
        except (ValueError, binascii.Error):
            return _error(400, "Bad Request")
        return JSONResponse(start("authentication", id_code, body, vc, display_text(body)))

    @routes.post("/authentication/notification/etsi/{semantics_identifier}")
    async def authentication_by_person(semantics_identifier: str, body: dict[str, Any] = Body()) -> Response:
        return await authentication(_id_code(semantics_identifier, document=False), body)

    @routes.post("/authentication/notification/document/{document_number}")
    async def authentication_by_document(document_number: str, body: dict[str, Any] = Body()) -> Response:
        return await authentication(_id_code(document_number, document=True), body)

    @routes.get("/session/{session_id}")
    async def status(session_id: str, timeout_ms: int = Query(default=60_000, alias="timeoutMs")) -> Response:
        if maintenance.smart_id:
            return _error(580, "System is under maintenance, retry later")
        session = sessions.get(session_id)
        if session is None:
            return _error(404, "Not Found")
        answer = await phone.wait(session.request, max(1000, min(120_000, timeout_ms)))
        if answer is None:
            return JSONResponse({"state": "RUNNING"})
        if session.request.result is None:
            session.request.result = _completed(session, answer)
        return JSONResponse(session.request.result)

    def _completed(session: _Session, answer: str) -> dict[str, Any]:
        if answer != CONFIRM:
            end_result, _, interaction = answer.partition(":")
            result: dict[str, Any] = {"endResult": end_result}
            if interaction:
                result["details"] = {"interaction": interaction}
            return {"state": "COMPLETE", "result": result}
        purpose = "authentication" if session.kind == "authentication" else "signing"
        person = people.person(session.id_code, "rsa", purpose, "qualified")
        interaction_used = _first_interaction(session.body)
        done: dict[str, Any] = {
            "state": "COMPLETE",
            "result": {"endResult": "OK", "documentNumber": _document_number(session.id_code)},
            "cert": {"value": _der_b64(person.certificate), "certificateLevel": "QUALIFIED"},
        }
        if session.kind == "certificate choice":
            return done
        key = person.private_key
        assert isinstance(key, rsa.RSAPrivateKey)
        done["interactionTypeUsed"] = interaction_used
        params = session.body["signatureProtocolParameters"]
        name = params["signatureAlgorithmParameters"]["hashAlgorithm"]
        algorithm = hash_algorithm(name)
        pss = padding.PSS(mgf=padding.MGF1(algorithm), salt_length=HASH_LENGTHS[name])
        algorithm_parameters = {"hashAlgorithm": name, "maskGenAlgorithm": {
            "algorithm": "id-mgf1", "parameters": {"hashAlgorithm": name}},
            "saltLength": HASH_LENGTHS[name], "trailerField": "0xbc"}
        if session.kind == "signature":
            digest = base64.b64decode(params["digest"])
            value = key.sign(digest, pss, Prehashed(algorithm))
            done["signatureProtocol"] = "RAW_DIGEST_SIGNATURE"
            done["signature"] = {"value": base64.b64encode(value).decode(), "signatureAlgorithm": "rsassa-pss",
                                 "flowType": "Notification", "signatureAlgorithmParameters": algorithm_parameters}
            return done
        server_random = base64.b64encode(os.urandom(32)).decode()
        user_challenge = base64.urlsafe_b64encode(os.urandom(32)).decode().rstrip("=")
        payload = acsp_v2_payload(
            scheme_name=scheme_name, server_random=server_random, rp_challenge=params["rpChallenge"],
            user_challenge=user_challenge, relying_party_name=str(session.body.get("relyingPartyName")),
            interactions_b64=str(session.body["interactions"]), interaction_type_used=interaction_used,
            flow_type="Notification")
        done["signatureProtocol"] = "ACSP_V2"
        done["signature"] = {
            "value": base64.b64encode(key.sign(payload, pss, algorithm)).decode(), "serverRandom": server_random,
            "userChallenge": user_challenge, "flowType": "Notification", "signatureAlgorithm": "rsassa-pss",
            "signatureAlgorithmParameters": algorithm_parameters,
        }
        return done

    return routes


def _first_interaction(body: dict[str, Any]) -> str:
    """The phone "supports" every interaction, so the one used is the relying party's first choice."""
    try:
        return str(json.loads(base64.b64decode(str(body.get("interactions", ""))))[0]["type"])
    except (ValueError, binascii.Error, IndexError, KeyError, TypeError):
        return "displayTextAndPIN"
