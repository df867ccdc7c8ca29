"""Issue 37, 'What a new user found', in Chromium through the real gateway, on Estonian pages: the sign dialog
fits a 1366x768 screen's window and a phone without scrolling to the pad's Clear button or its 'please draw'
alert, and the landing page's three hero figures sit on one line on a phone with the start button's arrow
whole. The other findings are held by Vitest (web/src); these two are about layout, which jsdom does not draw."""

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from conftest import Applicant, eventually
from web.e2e.conftest import PAGE_WAIT_MS, wait_until_the_landing_page_is_live

LOCALES = Path(__file__).resolve().parents[1] / "public" / "locales"
TITLE = "Juhatuse liikme leping"


def et(namespace: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((LOCALES / "et" / f"{namespace}.json").read_text(encoding="utf-8"))
    return loaded


def estonian_page(browser: Browser, gateway: str, width: int, height: int) -> Page:
    context = browser.new_context(base_url=gateway, locale="et", viewport={"width": width, "height": height},
                                  reduced_motion="reduce")
    context.set_default_timeout(PAGE_WAIT_MS)
    return context.new_page()


def fully_in_view(page: Page, box: Any) -> bool:
    """Whether an element's bounding box lies inside the window."""
    viewport = page.viewport_size
    assert box is not None and viewport is not None
    return bool(box["y"] >= 0 and box["x"] >= 0 and box["y"] + box["height"] <= viewport["height"]
                and box["x"] + box["width"] <= viewport["width"])


# 657 px: the window of a 1366x768 screen under the browser's own bars.
@pytest.mark.parametrize(("width", "height"), [(1366, 657), (1366, 800), (390, 844)])
def test_the_sign_dialog_fits_without_scrolling_to_clear_or_the_alert(
        browser: Browser, gateway: str, make_applicant: Callable[..., Applicant], admin_client: httpx.Client,
        width: int, height: int) -> None:
    applicant = make_applicant()
    eventually(lambda: len(applicant.client.get("/api/contracts").json()) == 1, 15, "the employment contract")
    clause = "Käesolev leping sõlmitakse juhatuse liikme ülesannete täitmiseks."
    content = "\n".join(f"{n}. {clause}" for n in range(1, 30))
    created = admin_client.post("/api/contracts",
                                json={"userId": applicant.user["id"], "title": TITLE, "content": content})
    assert created.status_code == 201, created.text
    texts = et("contracts")
    page = estonian_page(browser, gateway, width, height)
    response = page.request.post("/api/login", data={"username": applicant.user["username"],
                                                     "password": applicant.password}, headers={"Origin": gateway})
    assert response.ok, response.text()
    page.goto("/dashboard?tab=contracts&lng=et")
    page.get_by_role("button", name=texts["actions"]["signNamed"].replace("{{title}}", TITLE)).click()
    dialog = page.get_by_role("dialog")
    clear = dialog.get_by_role("button", name=texts["sign"]["clear"])
    alert = dialog.get_by_role("alert").filter(has_text=texts["sign"]["empty"])
    expect(clear).to_be_visible()
    expect(alert).to_be_visible()
    # Nothing was scrolled: both are inside the window as the dialog opened, and its body needs no scrolling.
    assert fully_in_view(page, clear.bounding_box())
    assert fully_in_view(page, alert.bounding_box())
    assert fully_in_view(page, dialog.get_by_role("button", name=texts["sign"]["cancel"]).bounding_box())
    body_scrolls = dialog.locator("form > div").nth(1).evaluate("body => body.scrollHeight > body.clientHeight + 1")
    assert not body_scrolls
    canvas = dialog.get_by_role("img", name=texts["sign"]["canvasLabel"])
    units = canvas.evaluate("canvas => [canvas.width / devicePixelRatio, canvas.height / devicePixelRatio]")
    assert units == [500, 200]  # spec §9, whatever size it is shown at
    page.context.close()


def test_the_hero_figures_line_up_and_the_start_arrow_is_whole_on_an_estonian_phone(browser: Browser,
                                                                                    gateway: str) -> None:
    page = estonian_page(browser, gateway, 390, 844)
    page.goto("/?lng=et")
    wait_until_the_landing_page_is_live(page)
    facts = page.get_by_test_id("hero-facts")
    values = [box["y"] for box in (dd.bounding_box() for dd in facts.locator("dd").all()) if box]
    labels = [box["y"] for box in (dt.bounding_box() for dt in facts.locator("dt").all()) if box]
    assert len(values) == len(labels) == 3
    assert max(values) - min(values) < 1, values
    assert max(labels) - min(labels) < 1, labels
    heights = [box["height"] for box in (dd.bounding_box() for dd in facts.locator("dd").all()) if box]
    assert max(heights) < 40, heights  # one line each: '5 pangapäeva' does not wrap
    start = page.get_by_role("link", name=et("landing")["hero"]["start"])
    arrow = start.locator("svg").bounding_box()
    assert arrow is not None and arrow["width"] >= 15.5, arrow
    page.context.close()
