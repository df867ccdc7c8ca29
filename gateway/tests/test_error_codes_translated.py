"""Issue 12, "Errors people read in their own language": every code any service or the gateway can answer
with, in `code` or under a field in `fieldCodes`, has an Estonian and an English text in the SPA
(web/public/locales/{et,en}/common.json, errors.codes), so nothing reaches an Estonian page in English.

A service's codes are its errors.ERROR_CODES (portal_common's shared ones and its own enumeration), the same
list its OpenAPI document gives as the enum of the error body's `code`; the gateway's own are those of the
error pages it answers with (deploy/local/static_site.py and the web image's nginx.conf)."""

import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from static_site import GATEWAY_ERRORS

from applications.errors import ERROR_CODES as APPLICATIONS
from audit.errors import ERROR_CODES as AUDIT
from compliance.errors import ERROR_CODES as COMPLIANCE
from contracts.errors import ERROR_CODES as CONTRACTS
from documents.errors import ERROR_CODES as DOCUMENTS
from identity.errors import ERROR_CODES as IDENTITY
from identity.estonian_id import ID_CODE_MESSAGES
from messages.errors import ERROR_CODES as MESSAGES
from notifications.errors import ERROR_CODES as NOTIFICATIONS
from payroll.errors import ERROR_CODES as PAYROLL
from portal_common.errors import ErrorCode, GatewayCode

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "web" / "public" / "locales"
SERVICE_CODES = {"identity": IDENTITY, "applications": APPLICATIONS, "documents": DOCUMENTS, "contracts": CONTRACTS,
                 "messages": MESSAGES, "notifications": NOTIFICATIONS, "audit": AUDIT, "payroll": PAYROLL,
                 "compliance": COMPLIANCE}


def gateway_codes() -> set[str]:
    nginx = (ROOT / "deploy" / "web" / "nginx.conf").read_text()
    return {code for code, _ in GATEWAY_ERRORS.values()} | set(re.findall(r'"code":"([a-z_]+)"', nginx))


def every_code() -> set[str]:
    return {code for codes in SERVICE_CODES.values() for code in codes} | gateway_codes()


def translations(language: str) -> dict[str, Any]:
    common = json.loads((LOCALES / language / "common.json").read_text())
    return dict(common["errors"]["codes"])


@pytest.mark.parametrize("language", ["et", "en"])
def test_every_code_has_a_text_in_both_languages(language: str) -> None:
    texts = translations(language)
    missing = sorted(code for code in every_code() if not str(texts.get(code, "")).strip())
    assert missing == [], f"codes without a {language} text in web/public/locales/{language}/common.json"


def test_no_text_is_left_for_a_code_nobody_answers_with() -> None:
    assert sorted(set(translations("en")) - every_code()) == []


def test_the_gateway_answers_only_with_enumerated_codes() -> None:
    assert gateway_codes() <= {*ErrorCode, *GatewayCode}
    assert set(GatewayCode) <= gateway_codes()


def test_the_id_code_rules_read_as_spec_section_5_in_english() -> None:
    texts = translations("en")
    assert {code: texts[code] for code in ID_CODE_MESSAGES} == {str(c): m for c, m in ID_CODE_MESSAGES.items()}


@pytest.mark.parametrize("service", sorted(SERVICE_CODES))
def test_each_service_s_openapi_document_lists_its_codes(stack: Any, service: str) -> None:
    document = httpx.get(f"{stack.service_url(service)}/openapi.json").json()
    assert document["components"]["schemas"]["ErrorBody"]["properties"]["code"]["enum"] == list(
        SERVICE_CODES[service])
