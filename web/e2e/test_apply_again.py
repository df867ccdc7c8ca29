"""Issue 13 end to end, 'The person may apply again' (spec §1): an applicant whose application was rejected
starts a new one from the dashboard and still sees the earlier one with its history."""

import re
import uuid
from collections.abc import Callable

import httpx
from playwright.sync_api import Page, expect

from conftest import Applicant
from web.e2e.test_application_review import sign_in, wait_until_listed


def test_a_rejected_applicant_applies_again_from_the_dashboard(page: Page, make_applicant: Callable[..., Applicant],
                                                               admin_client: httpx.Client) -> None:
    applicant = make_applicant()
    id_code = applicant.client.get("/api/profile").json()["idCode"]
    first_id = wait_until_listed(admin_client, id_code)
    reason = f"ID card copy unreadable ({uuid.uuid4().hex[:6]})"
    rejected = admin_client.put(f"/api/admin/applications/{first_id}/status",
                                json={"status": "rejected", "notes": reason})
    assert rejected.status_code == 200, rejected.text

    sign_in(page, applicant.user["username"], applicant.password)
    expect(page).to_have_url(re.compile("/dashboard$"))
    expect(page.get_by_text(f"Taotlus nr {first_id}")).to_be_visible()
    expect(page.get_by_text("Tagasi lükatud").first).to_be_visible()

    page.get_by_role("button", name="Kandideeri uuesti").click()
    expect(page.get_by_text("Uus taotlus esitatud").first).to_be_visible()
    expect(page.get_by_role("button", name="Kandideeri uuesti")).to_have_count(0)
    second_id = applicant.client.get("/api/application").json()["application"]["id"]
    assert second_id != first_id

    page.reload()
    expect(page.get_by_text(re.compile(f"^Taotlus nr {second_id} ·"))).to_be_visible()
    expect(page.get_by_text("Ootab ülevaatust").first).to_be_visible()
    earlier = page.get_by_role("list", name="Varasemad taotlused")
    expect(earlier.get_by_text(f"Taotlus nr {first_id}")).to_be_visible()
    expect(earlier.get_by_text(reason)).to_be_hidden()
    earlier.get_by_text(f"Taotlus nr {first_id}").click()
    expect(earlier.get_by_text(reason)).to_be_visible()
