"""Request and response bodies of the passkey API (issue 15). A credential travels as the browser's
PublicKeyCredential in its JSON form (base64url binary fields), as the `webauthn` library reads it."""

from datetime import datetime
from typing import Any

from pydantic import field_validator

from identity.errors import IdentityErrorCode
from portal_common.validation import CamelModel, at_least, at_most, invalid

PASSKEY_NAME_MAX_LENGTH = 100


class PasswordCredentials(CamelModel):
    """The password step of a passkey sign-in, checked exactly as POST /api/login checks it."""

    username: str
    password: str

    @field_validator("username")
    @classmethod
    def _username(cls, v: str) -> str:
        # No account has a longer name; the bound keeps the failure count's key in its column.
        return at_most(at_least(v, 1, IdentityErrorCode.USERNAME_REQUIRED, "Username is required"), 150, "Username")

    @field_validator("password")
    @classmethod
    def _password(cls, v: str) -> str:
        if not v:
            raise invalid(IdentityErrorCode.PASSWORD_REQUIRED, "Password is required")
        return at_most(v, 1024, "Password")


class PasskeySignInRequest(PasswordCredentials):
    credential: dict[str, Any]  # from navigator.credentials.get()


class PasskeyRegistrationRequest(CamelModel):
    credential: dict[str, Any]  # from navigator.credentials.create()
    name: str = ""

    @field_validator("name")
    @classmethod
    def _name(cls, v: str) -> str:
        return at_most(" ".join(v.split()), PASSKEY_NAME_MAX_LENGTH, "Name")


class PasskeyCreatedOut(CamelModel):
    id: int
    name: str
    created_at: datetime
    # Only when the passkey is the account's first second factor: shown once, stored hashed.
    recovery_codes: list[str] | None = None
