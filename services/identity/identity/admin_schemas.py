"""Bodies of admin management (issue 15, "Admin management"): the admin list, invitations and their acceptance."""

from datetime import datetime

from pydantic import StrictBool, ValidationInfo, field_validator

from identity.errors import IdentityErrorCode
from identity.schemas import Language, account_email, same_password
from identity.service import ADMIN_PASSWORD_MIN_LENGTH
from portal_common.validation import CamelModel, at_least, at_most, invalid

ADMIN_PASSWORD_TOO_SHORT = f"An admin password must be at least {ADMIN_PASSWORD_MIN_LENGTH} characters"


class AdminOut(CamelModel):
    id: int
    username: str
    full_name: str
    email: str
    last_login_at: datetime | None
    second_factor: bool  # a confirmed authenticator app or a passkey
    active: bool
    deactivated_at: datetime | None
    compliance_officer: bool


class ComplianceOfficerIn(CamelModel):
    compliance_officer: StrictBool


class AdminInvitationRequest(CamelModel):
    full_name: str
    email: str
    language: Language = "et"  # the invitation e-mail's, and the new admin's

    @field_validator("full_name")
    @classmethod
    def _full_name(cls, v: str) -> str:
        full_name = at_least(v, 2, IdentityErrorCode.FULL_NAME_TOO_SHORT, "Full name must be at least 2 characters")
        return at_most(full_name, 200, "Full name")

    @field_validator("email")
    @classmethod
    def _email(cls, v: str) -> str:
        return account_email(v)


class AdminInvitationOut(CamelModel):
    id: int
    full_name: str
    email: str
    language: Language
    created_at: datetime
    expires_at: datetime


class InvitationPreview(CamelModel):
    """What the invitation page shows its holder before they choose a username and password."""

    full_name: str
    email: str
    expires_at: datetime


class InvitationAccept(CamelModel):
    token: str
    username: str
    password: str
    confirm_password: str | None = None  # checked when sent (the SPA sends it)

    @field_validator("token")
    @classmethod
    def _token(cls, v: str) -> str:
        return at_most(v, 200, "Token")

    @field_validator("username")
    @classmethod
    def _username(cls, v: str) -> str:
        username = at_least(v, 4, IdentityErrorCode.USERNAME_TOO_SHORT, "Username must be at least 4 characters")
        return at_most(username, 150, "Username")

    @field_validator("password")
    @classmethod
    def _password(cls, v: str) -> str:
        """As long as the command line asks of an admin (service.ensure_admin)."""
        if len(v) < ADMIN_PASSWORD_MIN_LENGTH:
            raise invalid(IdentityErrorCode.ADMIN_PASSWORD_TOO_SHORT, ADMIN_PASSWORD_TOO_SHORT)
        return at_most(v, 1024, "Password")

    @field_validator("confirm_password")
    @classmethod
    def _confirm(cls, v: str | None, info: ValidationInfo) -> str | None:
        return None if v is None else same_password(v, info)
