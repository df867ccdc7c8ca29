"""Request and response bodies of identity's API; field names as spec §3 (camelCase on the wire)."""

import unicodedata
from datetime import date, datetime
from typing import Any, Literal
from zoneinfo import ZoneInfo

from pydantic import ConfigDict, Field, ValidationInfo, field_validator, model_validator
from pydantic.alias_generators import to_camel

from identity.errors import IdentityErrorCode
from identity.estonian_id import ID_CODE_MESSAGES, birth_date_in, id_code_problem
from portal_common.validation import CamelModel, at_least, at_most, email_address, invalid

TALLINN = ZoneInfo("Europe/Tallinn")
MINIMUM_AGE = 21
TOO_YOUNG = "You must be at least 21 years old to apply"
DATE_OF_BIRTH_MISMATCH = "Date of birth does not match the ID code"
CONTRACT_NAME_MISMATCH = "The name must be the same as the full name in the registration form"
CONTRACT_ID_CODE_MISMATCH = "The ID code must be the same as in the registration form"
Language = Literal["et", "en"]
# What an eID registration takes from the certificate (issue 34), never from the body: both spellings.
EID_IDENTITY_FIELDS = frozenset({
    "fullName", "full_name", "idCode", "id_code", "dateOfBirth", "date_of_birth", "contractSignedName",
    "contract_signed_name", "contractSignedIdCode", "contract_signed_id_code"})


def age_on(birthday: date, today: date) -> int:
    """Whole years, counted by exact birthday (spec §5)."""
    return today.year - birthday.year - ((today.month, today.day) < (birthday.month, birthday.day))


def today_in_tallinn() -> date:
    return datetime.now(TALLINN).date()


def city(value: str) -> str:
    return at_most(at_least(value, 2, IdentityErrorCode.CITY_REQUIRED, "Please enter your city of residence"), 120,
                   "City")


def same_name(typed: str, expected: str) -> bool:
    """Names as a person retypes them: case and runs of spaces do not count, letters do (õ is not o). Its
    TypeScript twin is sameName in web/src/features/auth/signature.ts."""
    def plain(name: str) -> str:
        return " ".join(unicodedata.normalize("NFC", name).split()).lower()
    return plain(typed) == plain(expected)


def valid_id_code(value: str) -> str:
    """The code without surrounding spaces, or the field error of the first rule it breaks (spec §5)."""
    value = value.strip()
    problem = id_code_problem(value)
    if problem is not None:
        raise invalid(problem, ID_CODE_MESSAGES[problem])
    return value



def new_password(value: str) -> str:
    """A password as registration accepts it (spec §5); reset and change use the same rules."""
    if len(value) < 8:
        raise invalid(IdentityErrorCode.PASSWORD_TOO_SHORT, "Password must be at least 8 characters")
    return at_most(value, 1024, "Password")


def same_password(value: str, info: ValidationInfo) -> str:
    """The confirmation, declared after ``password``: the same text."""
    if "password" in info.data and value != info.data["password"]:
        raise invalid(IdentityErrorCode.PASSWORDS_DIFFER, "Passwords don't match")
    return value


def account_email(value: str) -> str:
    return email_address(value, IdentityErrorCode.INVALID_EMAIL, "Please enter a valid email address").lower()

class RegisterRequest(CamelModel):
    """Typed identity (full name, ID code, date of birth) and a password; or, issue 34, `eidSessionId` of a
    confirmed eID registration session instead of the identity fields (the server takes the identity from the
    session and ignores any sent), where the password is optional (the person may sign in with eID only). Which
    fields are required is checked in routes.register."""

    username: str
    password: str | None = None
    confirm_password: str | None = None
    full_name: str | None = None
    email: str
    phone: str
    # Before date_of_birth, which is checked against the date the code carries (issue 13).
    id_code: str | None = None
    date_of_birth: str | None = None
    city: str
    consent_terms: bool
    consent_privacy: bool
    employment_contract: bool
    contract_signed_name: str | None = None
    contract_signed_id_code: str | None = None
    language: Language = "et"
    eid_session_id: str | None = Field(default=None, max_length=36)

    @model_validator(mode="before")
    @classmethod
    def _identity_from_eid(cls, data: Any) -> Any:
        """With an eID session the identity is the session's: typed identity fields are dropped unread."""
        if isinstance(data, dict) and data.get("eidSessionId", data.get("eid_session_id")) is not None:
            return {key: value for key, value in data.items() if key not in EID_IDENTITY_FIELDS}
        return data

    @field_validator("username")
    @classmethod
    def _username(cls, v: str) -> str:
        username = at_least(v, 4, IdentityErrorCode.USERNAME_TOO_SHORT, "Username must be at least 4 characters")
        return at_most(username, 150, "Username")

    @field_validator("password")
    @classmethod
    def _password(cls, v: str | None) -> str | None:
        return None if v is None else new_password(v)

    @field_validator("confirm_password")
    @classmethod
    def _confirm(cls, v: str | None, info: ValidationInfo) -> str | None:
        if info.data.get("password") is None:  # none typed (eID), or refused: nothing to compare
            return v
        return same_password(v or "", info)

    @field_validator("full_name")
    @classmethod
    def _full_name(cls, v: str | None) -> str | None:
        if v is None:
            return None
        full_name = at_least(v, 2, IdentityErrorCode.FULL_NAME_TOO_SHORT, "Full name must be at least 2 characters")
        return at_most(full_name, 200, "Full name")

    @field_validator("email")
    @classmethod
    def _email(cls, v: str) -> str:
        return account_email(v)

    @field_validator("phone")
    @classmethod
    def _phone(cls, v: str) -> str:
        phone = at_least(v, 7, IdentityErrorCode.PHONE_TOO_SHORT, "Phone number must be at least 7 characters")
        return at_most(phone, 50, "Phone number")

    @field_validator("id_code")
    @classmethod
    def _id_code(cls, v: str | None) -> str | None:
        return None if v is None else valid_id_code(v)

    @field_validator("date_of_birth")
    @classmethod
    def _date_of_birth(cls, v: str | None, info: ValidationInfo) -> str | None:
        """The code's date where the code is valid, so the age rule cannot be passed with another date."""
        if v is None:
            return None
        try:
            birthday = date.fromisoformat(v.strip())
        except ValueError:
            raise invalid(IdentityErrorCode.UNDER_MINIMUM_AGE, TOO_YOUNG) from None
        if info.data.get("id_code") is not None and birth_date_in(info.data["id_code"]) != birthday:
            raise invalid(IdentityErrorCode.DATE_OF_BIRTH_MISMATCH, DATE_OF_BIRTH_MISMATCH)
        if age_on(birthday, today_in_tallinn()) < MINIMUM_AGE:
            raise invalid(IdentityErrorCode.UNDER_MINIMUM_AGE, TOO_YOUNG)
        return birthday.isoformat()

    @field_validator("city")
    @classmethod
    def _city(cls, v: str) -> str:
        return city(v)

    @field_validator("consent_terms")
    @classmethod
    def _terms(cls, v: bool) -> bool:
        if not v:
            raise invalid(IdentityErrorCode.TERMS_NOT_ACCEPTED, "You must agree to the terms to continue")
        return v

    @field_validator("consent_privacy")
    @classmethod
    def _privacy(cls, v: bool) -> bool:
        if not v:
            raise invalid(IdentityErrorCode.PRIVACY_NOT_ACCEPTED, "You must agree to the privacy policy to continue")
        return v

    @field_validator("employment_contract")
    @classmethod
    def _contract(cls, v: bool) -> bool:
        if not v:
            raise invalid(IdentityErrorCode.EMPLOYMENT_CONTRACT_NOT_ACCEPTED,
                          "You must read and accept the employment contract to continue")
        return v

    @field_validator("contract_signed_name")
    @classmethod
    def _signed_name(cls, v: str | None, info: ValidationInfo) -> str | None:
        """The contract is signed by the applicant: the typed name is the form's full name (issue 13)."""
        if v is None:
            return None
        signed_name = at_most(v.strip(), 200, "Signature")
        if info.data.get("full_name") is not None and not same_name(signed_name, info.data["full_name"]):
            raise invalid(IdentityErrorCode.CONTRACT_NAME_MISMATCH, CONTRACT_NAME_MISMATCH)
        return signed_name

    @field_validator("contract_signed_id_code")
    @classmethod
    def _signed_id_code(cls, v: str | None, info: ValidationInfo) -> str | None:
        if v is None:
            return None
        signed_id_code = at_most(v.strip(), 200, "Signature")
        if info.data.get("id_code") is not None and signed_id_code != info.data["id_code"]:
            raise invalid(IdentityErrorCode.CONTRACT_ID_CODE_MISMATCH, CONTRACT_ID_CODE_MISMATCH)
        return signed_id_code


class LoginRequest(CamelModel):
    username: str
    password: str
    # The second factor (issue 15): a TOTP code or a recovery code; ignored for an account without one.
    otp: str | None = None

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
        return v

    @field_validator("otp")
    @classmethod
    def _otp(cls, v: str | None) -> str | None:
        return at_most(v, 64, "Code") if v else None


class LanguageRequest(CamelModel):
    language: str

    @field_validator("language")
    @classmethod
    def _language(cls, v: str) -> str:
        if v not in ("et", "en"):
            raise invalid(IdentityErrorCode.INVALID_LANGUAGE, "Language must be 'et' or 'en'")
        return v


class UserOut(CamelModel):
    id: int
    username: str
    full_name: str
    email: str
    phone: str
    role: Literal["admin", "applicant"]
    language: Language
    second_factor: bool = False  # the account has a second factor enrolled (issue 15)
    second_factor_passed: bool = False  # this session passed it; admins need it for the admin routes
    consent_required: bool = False  # a newer version of a text waits for the applicant's consent (issue 16)


class ProfileOut(CamelModel):
    full_name: str
    email: str
    phone: str
    date_of_birth: date | None
    id_code: str | None
    city: str | None
    address: str | None
    # Issue 34: the identity came from an eID certificate at registration ("smart_id", "mobile_id", "id_card").
    eid_verified_method: str | None = None
    eid_verified_at: datetime | None = None


class ProfileUpdate(CamelModel):
    """Only these three change (spec §3); anything else in the body is ignored."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="ignore")

    city: str | None = None
    id_code: str | None = None
    address: str | None = None

    @field_validator("city")
    @classmethod
    def _city(cls, v: str | None) -> str | None:
        return None if v is None else city(v)

    @field_validator("id_code")
    @classmethod
    def _id_code(cls, v: str | None) -> str | None:
        return None if v is None else valid_id_code(v)

    @field_validator("address")
    @classmethod
    def _address(cls, v: str | None) -> str | None:
        return None if v is None else at_most(v.strip(), 300, "Address") or None


# ---- password reset and account self-service (issue 14) -------------------------------------------------

class PasswordResetRequest(CamelModel):
    login: str  # a username or an e-mail address

    @field_validator("login")
    @classmethod
    def _login(cls, v: str) -> str:
        return at_most(at_least(v, 1, IdentityErrorCode.USERNAME_REQUIRED, "Username or e-mail is required"), 320,
                       "Username or e-mail")


class PasswordResetConfirm(CamelModel):
    token: str
    password: str
    confirm_password: str

    @field_validator("token")
    @classmethod
    def _token(cls, v: str) -> str:
        return at_most(v, 200, "Token")

    @field_validator("password")
    @classmethod
    def _password(cls, v: str) -> str:
        return new_password(v)

    @field_validator("confirm_password")
    @classmethod
    def _confirm(cls, v: str, info: ValidationInfo) -> str:
        return same_password(v, info)


class PasswordChange(CamelModel):
    current_password: str
    password: str
    confirm_password: str

    @field_validator("current_password")
    @classmethod
    def _current(cls, v: str) -> str:
        if not v:
            raise invalid(IdentityErrorCode.PASSWORD_REQUIRED, "Password is required")
        return at_most(v, 1024, "Password")

    @field_validator("password")
    @classmethod
    def _password(cls, v: str) -> str:
        return new_password(v)

    @field_validator("confirm_password")
    @classmethod
    def _confirm(cls, v: str, info: ValidationInfo) -> str:
        return same_password(v, info)


class EmailChangeRequest(CamelModel):
    email: str
    current_password: str

    @field_validator("email")
    @classmethod
    def _email(cls, v: str) -> str:
        return account_email(v)

    @field_validator("current_password")
    @classmethod
    def _current(cls, v: str) -> str:
        if not v:
            raise invalid(IdentityErrorCode.PASSWORD_REQUIRED, "Password is required")
        return at_most(v, 1024, "Password")


class EmailChangeConfirm(CamelModel):
    token: str

    @field_validator("token")
    @classmethod
    def _token(cls, v: str) -> str:
        return at_most(v, 200, "Token")


class MessageOut(CamelModel):
    message: str


class EmailOut(CamelModel):
    email: str


# ---- the second factor (issue 15) ------------------------------------------------------------------------

class PasskeySummary(CamelModel):
    id: int
    name: str
    created_at: datetime
    last_used_at: datetime | None


class SecondFactorOut(CamelModel):
    totp: bool
    passkeys: list[PasskeySummary]
    recovery_codes_left: int
    required: bool  # admins must keep one


class TotpStartOut(CamelModel):
    secret: str
    otpauth_uri: str
    qr_svg: str


class CodeRequest(CamelModel):
    code: str

    @field_validator("code")
    @classmethod
    def _code(cls, v: str) -> str:
        return at_most(v, 64, "Code")


class RecoveryCodesOut(CamelModel):
    recovery_codes: list[str]
