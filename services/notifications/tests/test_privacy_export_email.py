"""Issue 16, Download my data: "an e-mail says it is ready when e-mail exists", in the person's language, with the
link to the profile where the download is and the day (Europe/Tallinn) until which it works. The e-mail through
the real stack is in services/documents/tests/test_privacy_export.py; these render the template itself."""

from notifications.mail import render
from notifications.models import Recipient

CONTEXT = {"export_id": "7d1c4f0e-2b7a-4c55-9a43-1f0e8d2c6b11", "expires_on": "2031-06-09"}


def test_the_ready_email_reads_in_english_with_the_profile_link_and_the_last_day() -> None:
    recipient = Recipient(user_id=7, full_name="Mari Maasikas", email="mari@example.com", language="en")
    mail = render("privacy_export_ready", recipient, None, CONTEXT, "https://portal.example/")
    assert mail.language == "en" and mail.subject == "Your copy of your data is ready"
    assert "https://portal.example/dashboard?tab=profile" in mail.text and "Hello Mari Maasikas" in mail.text
    assert "until 9 June 2031" in mail.text and "Download available until: 9 June 2031" in mail.text


def test_the_ready_email_reads_in_estonian_by_default() -> None:
    recipient = Recipient(user_id=7, full_name="Mari Maasikas", email="mari@example.com", language=None)
    mail = render("privacy_export_ready", recipient, None, CONTEXT, "https://portal.example")
    assert mail.language == "et" and mail.subject == "Teie andmete koopia on valmis"
    assert "kuni 09.06.2031" in mail.text and 'href="https://portal.example/dashboard?tab=profile"' in mail.html
