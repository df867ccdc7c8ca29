"""Issue 3 end to end: a visitor reads the landing page in Estonian, uses the FAQ and sends a contact
message; an admin reads it in the Messages tab and marks it read; the legal pages in English
(spec §2 Landing page, Legal pages, Admin panel Messages; §4 contact form states; §9)."""

import re
import uuid

import httpx
from playwright.sync_api import Page, expect

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, admin_otp
from web.e2e.conftest import wait_until_the_landing_page_is_live
from web.e2e.signin import sign_in


def test_visitor_reads_landing_page_and_sends_a_message_that_an_admin_marks_read(
    page: Page, admin_client: httpx.Client
) -> None:
    page.goto("/")
    expect(page).to_have_title(re.compile("Hakake Eesti ettevõtte juhatuse liikmeks"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Teenige 500 € kuus ettevõtte juhatuse liikmena")
    expect(page.get_by_text("Täiesti seaduslik")).to_be_visible()
    expect(page.get_by_text("Kõik protsessid järgivad Eesti äriõiguse nõudeid")).to_be_visible()
    assert page.locator('meta[property="og:title"]').get_attribute("content", timeout=1000).startswith(
        "Hakake Eesti ettevõtte juhatuse liikmeks")
    for anchor in ("how-it-works", "benefits", "faq", "contact", "registration"):
        expect(page.locator(f"section#{anchor}")).to_have_count(1)
    expect(page.get_by_test_id("trusted-by").get_by_role("listitem")).to_have_count(5)
    expect(page.get_by_test_id("testimonial")).to_have_count(2)
    expect(page.get_by_role("link", name="Alusta kohe")).to_have_attribute("href", "/auth")

    # FAQ: one answer open at a time.
    wait_until_the_landing_page_is_live(page)
    page.get_by_role("link", name="Vaadake, kuidas see käib").click()
    expect(page).to_have_url(re.compile("#how-it-works$"))
    first = page.get_by_role("button", name="Kes saavad kandideerida?")
    other = page.get_by_role("button", name="Kas see on seaduslik?")
    first.click()
    expect(first).to_have_attribute("aria-expanded", "true")
    expect(page.get_by_text(re.compile("vähemalt 21-aastased"))).to_be_visible()
    other.click()
    expect(other).to_have_attribute("aria-expanded", "true")
    expect(first).to_have_attribute("aria-expanded", "false")
    expect(page.get_by_text(re.compile("vähemalt 21-aastased"))).to_be_hidden()

    # The get-in-touch link jumps to the contact section.
    page.get_by_role("link", name="Võtke meiega ühendust").click()
    expect(page).to_have_url(re.compile("#contact$"))

    form = page.get_by_role("form", name="Kontaktivorm")
    expect(page.get_by_text("E–R 9.00–17.00")).to_be_visible()
    expect(page.get_by_text("Nädalavahetustel suletud")).to_be_visible()
    form.get_by_role("button", name="Saada sõnum").click()  # empty: the Estonian rule texts show
    expect(form.get_by_text("Nimi peab olema vähemalt 2 tähemärki")).to_be_visible()
    expect(form.get_by_text("Sõnum peab olema vähemalt 10 tähemärki")).to_be_visible()

    subject = f"Küsimus maksete kohta {uuid.uuid4().hex[:8]}"
    form.get_by_label("Nimi").fill("Mari Maasikas")
    form.get_by_label("E-post").fill("mari@example.com")
    form.get_by_label("Teema").fill(subject)
    form.get_by_label("Sõnum").fill("Millal tehakse esimene makse? " * 8)  # long: clamped in the admin list
    form.get_by_role("button", name="Saada sõnum").click()
    expect(page.get_by_text("Sõnum saadetud").first).to_be_visible()
    for label in ("Nimi", "E-post", "Teema", "Sõnum"):
        expect(form.get_by_label(label)).to_have_value("")

    stored = [m for m in admin_client.get("/api/admin/messages").json() if m["subject"] == subject]
    assert len(stored) == 1 and stored[0]["isRead"] is False and stored[0]["name"] == "Mari Maasikas"

    # The admin signs in through the UI and reads the message.
    sign_in(page, ADMIN_USERNAME, ADMIN_PASSWORD, admin_otp(), language="et")
    expect(page).to_have_url(re.compile("/admin$"))
    page.get_by_role("tab", name="Sõnumid").click()
    expect(page).to_have_url(re.compile(r"/admin\?tab=messages$"))

    card = page.get_by_test_id("message-card").filter(has_text=subject)
    expect(card).to_be_visible()
    expect(card.get_by_text("Mari Maasikas")).to_be_visible()
    expect(card.get_by_text("mari@example.com")).to_be_visible()
    expect(card.get_by_text("Uus", exact=True)).to_be_visible()
    card.get_by_role("button", name="Näita rohkem").click()
    expect(card.get_by_role("button", name="Näita vähem")).to_be_visible()
    card.get_by_role("button", name="Märgi loetuks").click()
    expect(card.get_by_text("Uus", exact=True)).to_be_hidden()
    expect(card.get_by_role("button", name="Märgi loetuks")).to_be_hidden()
    stored = [m for m in admin_client.get("/api/admin/messages").json() if m["subject"] == subject]
    assert stored[0]["isRead"] is True

    page.reload()  # ?tab=messages opens the tab directly
    expect(page.get_by_role("tab", name="Sõnumid")).to_have_attribute("aria-selected", "true")
    expect(page.get_by_test_id("message-card").filter(has_text=subject).get_by_text("Uus", exact=True)).to_be_hidden()


LEGAL_PAGES = {
    "/terms": ("Terms of Service", "1. About the service", "10. Governing law and disputes"),
    "/privacy": ("Privacy Policy", "1. Controller", "6. How long we keep data"),
    "/cookies": ("Cookie Policy", "1. What cookies are", "3. Third-party services"),
    "/gdpr": ("GDPR", "1. Who is responsible", "4. When we answer"),
}


def test_legal_pages_in_english(page: Page) -> None:
    for path, (title, first, other) in LEGAL_PAGES.items():
        page.goto(f"{path}?lng=en")
        expect(page.get_by_role("heading", level=1)).to_have_text(title)
        expect(page).to_have_title(f"{title} | Shelf Board")
        expect(page.get_by_test_id("last-updated")).to_have_text("Last updated: May 09, 2025")
        expect(page.get_by_text("Shelf Board Services OÜ").first).to_be_visible()
        expect(page.get_by_text("Private limited company (osaühing, OÜ)")).to_be_visible()
        sections = page.get_by_test_id("legal-sections")
        expect(sections.get_by_role("heading", name=first)).to_be_visible()
        expect(sections.get_by_role("heading", name=other)).to_be_visible()
        expect(page.get_by_role("link", name="info@shelfboard.ee").last).to_have_attribute(
            "href", "mailto:info@shelfboard.ee")
    # The cookie policy names the three tracking services and the cookie durations.
    page.goto("/cookies?lng=en")
    for text in ("Google Analytics", "Meta Pixel", "LinkedIn Insight Tag", "Preference cookies (1 year)",
                 "Analytics cookies (2 years)", "Essential cookies (session or persistent)"):
        expect(page.get_by_text(text, exact=True)).to_be_visible()
