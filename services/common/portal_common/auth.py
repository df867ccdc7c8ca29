"""The signed identity assertion that the gateway hands to services (design.md, Identity at the gateway).

identity signs it after checking the session cookie; Traefik's ForwardAuth copies it onto the request,
replacing any header of that name the client sent. Services trust only a valid, unexpired signature.
Format: ``v1.<base64url JSON claims>.<base64url HMAC-SHA256>``.

The claims carry whether the session passed a second factor (``mfa``). An admin's session that did not is no admin
to any service (issue 37): the routes every signed-in user reaches (a document's download, a contract's PDF, a
payslip) would otherwise hand every applicant's files to a password alone. ``Identity.is_admin`` is that one rule.
"""

import base64
import hashlib
import hmac
import json
import time
from dataclasses import dataclass
from typing import Annotated, Literal

from fastapi import Depends, Request

from portal_common.errors import ApiError, ErrorCode

ASSERTION_HEADER = "X-Portal-Identity"
ASSERTION_TTL_SECONDS = 60
Role = Literal["admin", "applicant"]


@dataclass(frozen=True)
class Identity:
    user_id: int
    role: str
    language: str
    expires_at: int
    second_factor: bool = False
    # Issue 35: an admin attribute set in the Admins tab (claim ``co``): approves client cases, decides screening
    # hits and works suspicion reports.
    compliance_officer: bool = False

    @property
    def is_admin(self) -> bool:
        """An admin's powers need the session's second factor, not the role alone."""
        return self.role == "admin" and self.second_factor

    @property
    def is_compliance_officer(self) -> bool:
        return self.is_admin and self.compliance_officer


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _signature(secret: str, signed_part: str) -> str:
    return _b64(hmac.new(secret.encode(), signed_part.encode(), hashlib.sha256).digest())


def sign_assertion(secret: str, user_id: int, role: str, language: str, ttl: int = ASSERTION_TTL_SECONDS, *,
                   second_factor: bool = False, compliance_officer: bool = False) -> str:
    claims = {"sub": user_id, "role": role, "lang": language, "exp": int(time.time()) + ttl, "mfa": second_factor,
              "co": compliance_officer}
    signed_part = "v1." + _b64(json.dumps(claims, separators=(",", ":")).encode())
    return f"{signed_part}.{_signature(secret, signed_part)}"


def verify_assertion(secret: str, token: str, now: float | None = None) -> Identity | None:
    try:
        version, payload, signature = token.split(".")
    except ValueError:
        return None
    if version != "v1" or not hmac.compare_digest(signature, _signature(secret, f"{version}.{payload}")):
        return None
    try:
        claims = json.loads(_unb64(payload))
        identity = Identity(int(claims["sub"]), str(claims["role"]), str(claims["lang"]), int(claims["exp"]),
                            claims.get("mfa") is True, claims.get("co") is True)
    except (ValueError, KeyError, TypeError, AttributeError):
        return None
    if identity.expires_at < (now if now is not None else time.time()):
        return None
    return identity


async def current_identity(request: Request) -> Identity:
    token = request.headers.get(ASSERTION_HEADER, "")
    secret = request.app.state.settings.assertion_secret.get_secret_value()
    identity = verify_assertion(secret, token) if token else None
    if identity is None:
        raise ApiError(401, ErrorCode.NOT_AUTHENTICATED, "Not signed in")
    return identity


CurrentIdentity = Annotated[Identity, Depends(current_identity)]


async def require_admin(identity: CurrentIdentity) -> Identity:
    if not identity.is_admin:
        raise ApiError(403, ErrorCode.FORBIDDEN, "Admins only")
    return identity


AdminIdentity = Annotated[Identity, Depends(require_admin)]
