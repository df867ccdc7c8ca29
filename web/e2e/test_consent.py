"""Issue 16 "Consent" in Chromium: 'When a published version changes, a signed-in applicant accepts the new one
before going on.' A new version of the terms is published with `python -m identity publish-policy`; the applicant
signs in, is sent to /consent (Estonian texts), sees the new version's date, accepts it and reaches the dashboard;
the terms page then shows that version."""

import json
import re
import subprocess
import sys
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from conftest import ROOT, Applicant
from web.e2e.signin import sign_in

# Issue 32: alone on the stack, after the parallel part: it publishes new terms, which every signed-in user must
# then accept.
pytestmark = pytest.mark.exclusive

LOCALES = Path(__file__).resolve().parents[1] / "public" / "locales"


def texts(language: str, namespace: str) -> Any:
    return json.loads((LOCALES / language / f"{namespace}.json").read_text(encoding="utf-8"))


def publish_next_terms(stack: Any, current: date) -> date:
    version = current + timedelta(days=1)
    published = subprocess.run([sys.executable, "-m", "identity", "publish-policy", "--document", "terms",
                                "--version", version.isoformat()], env=stack.env, cwd=ROOT, capture_output=True,
                               text=True, timeout=120)
    assert published.returncode == 0, published.stderr
    return version


def test_an_applicant_accepts_a_newly_published_version_before_the_dashboard(
        page: Page, stack: Any, make_applicant: Callable[..., Applicant]) -> None:
    applicant = make_applicant()
    current = date.fromisoformat(applicant.client.get("/api/policies").json()["terms"])
    version = publish_next_terms(stack, current)
    consent, dashboard = texts("et", "consent"), texts("et", "dashboard")

    sign_in(page, applicant.user["username"], applicant.password, language="et")
    expect(page).to_have_url(re.compile("/consent$"))
    expect(page.get_by_role("heading", name=consent["title"])).to_be_visible()
    document = page.get_by_test_id("consent-document")
    expect(document).to_have_count(1)
    expect(document).to_contain_text(consent["documents"]["terms"])
    expect(document.locator("time")).to_have_attribute("datetime", version.isoformat())
    expect(document.get_by_role("link", name=re.compile(consent["read"]["terms"]))).to_have_attribute("href", "/terms")

    page.get_by_role("button", name=consent["form"]["submit"]).click()
    expect(page.get_by_text(consent["form"]["required"])).to_be_visible()  # not without the tick
    page.get_by_label(consent["form"]["accept"]).check()
    page.get_by_role("button", name=consent["form"]["submit"]).click()
    expect(page).to_have_url(re.compile("/dashboard$"))
    expect(page.get_by_role("tab", name=dashboard["tabs"]["profile"])).to_be_visible()
    assert applicant.client.get("/api/user").json()["consentRequired"] is False

    # Signed in again later, the applicant goes straight on; the terms page shows the new version.
    page.goto("/consent")
    expect(page.get_by_text(consent["upToDate"]["title"])).to_be_visible()
    page.goto("/terms")
    expect(page.get_by_test_id("policy-version").locator("time")).to_have_attribute("datetime", version.isoformat())
