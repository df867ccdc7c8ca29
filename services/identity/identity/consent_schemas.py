"""Bodies of the consent API (issue 16 "Consent"): which versions of the terms, the privacy policy and the
employment contract text are published, and which of them a user has accepted."""

from datetime import date, datetime
from typing import Literal

from pydantic import Field

from portal_common.validation import CamelModel

PolicyDocument = Literal["terms", "privacy", "contract"]
POLICY_DOCUMENTS: tuple[PolicyDocument, ...] = ("terms", "privacy", "contract")
# Issue 36: the board member's liability notice is published the same way but is not one of the texts accepted at
# registration: it is acknowledged once a company is assigned (identity/liability_notice.py).
LIABILITY: Literal["liability"] = "liability"
PublishedDocument = Literal["terms", "privacy", "contract", "liability"]
PUBLISHED_DOCUMENTS: tuple[PublishedDocument, ...] = (*POLICY_DOCUMENTS, LIABILITY)


class PoliciesOut(CamelModel):
    """The current version (date) of each document; the legal pages show it."""

    terms: date
    privacy: date
    contract: date


class PolicyVersionOut(CamelModel):
    document: PolicyDocument
    version: date


class AcceptedConsentOut(CamelModel):
    document: PolicyDocument
    version: date
    accepted_at: datetime


class ConsentsOut(CamelModel):
    """`required`: the current versions the user has not accepted yet; `accepted`: everything they have, newest
    first."""

    required: list[PolicyVersionOut]
    accepted: list[AcceptedConsentOut]


class ConsentRequest(CamelModel):
    documents: list[PolicyVersionOut] = Field(min_length=1, max_length=len(POLICY_DOCUMENTS))
