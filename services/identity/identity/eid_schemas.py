"""Request and response bodies of signing in and registering with eID (issue 34)."""

from datetime import date
from typing import Literal

from pydantic import Field, field_validator

from identity.schemas import valid_id_code
from portal_common.validation import CamelModel

PhoneMethod = Literal["smart_id", "mobile_id"]
Method = Literal["smart_id", "mobile_id", "id_card"]


class EidStartRequest(CamelModel):
    """Smart-ID: the ID code; Mobile-ID: the ID code and the phone number (+372...)."""

    method: PhoneMethod
    id_code: str
    phone: str | None = Field(default=None, max_length=20)

    @field_validator("id_code")
    @classmethod
    def _id_code(cls, v: str) -> str:
        return valid_id_code(v)


class EidStartedOut(CamelModel):
    """The code the person checks on the phone before confirming."""

    session_id: str
    verification_code: str


class EidWaitingOut(CamelModel):
    """202 while the person has not answered on the phone."""

    session_id: str
    state: Literal["running"] = "running"
    verification_code: str | None = None


class ChallengeOut(CamelModel):
    """Web eID's challenge nonce: 256 random bits, base64, good once for five minutes in this browser."""

    nonce: str


class WebEidToken(CamelModel):
    """Web eID's authentication token (format web-eid:1.0), as the extension gives it; `otp`: an admin's one-time
    code (the second factor still applies to admins)."""

    unverified_certificate: str = Field(min_length=1, max_length=10_000)
    algorithm: str = Field(max_length=10)
    signature: str = Field(min_length=1, max_length=2_000)
    format: str = Field(max_length=40)
    app_version: str | None = Field(default=None, max_length=200)
    otp: str | None = Field(default=None, max_length=40)


class OtpRequest(CamelModel):
    otp: str = Field(max_length=40)


class EidIdentityOut(CamelModel):
    """The person an eID registration session confirmed: what the register form shows read-only, and the
    `sessionId` POST /api/register takes instead of typed identity fields."""

    session_id: str
    method: Method
    given_name: str
    surname: str
    full_name: str
    id_code: str
    date_of_birth: date
