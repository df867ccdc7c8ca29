"""An e-mail from its template (texts.py) in HTML and plain text (Jinja2, templates/), and sending it over SMTP
(aiosmtplib) as the settings say."""

from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate, parseaddr
from pathlib import Path
from typing import Any

import aiosmtplib
from jinja2 import Environment, FileSystemLoader, StrictUndefined

from notifications.config import NotificationsSettings
from notifications.mandate_texts import MANDATE_TEMPLATES
from notifications.models import Recipient
from notifications.payment_paid_texts import PAYMENT_TEMPLATES
from notifications.privacy_export_texts import PRIVACY_EXPORT_TEMPLATES
from notifications.resignation_texts import RESIGNATION_TEMPLATES
from notifications.security_texts import SECURITY_TEMPLATES
from notifications.texts import DEFAULT_LANGUAGE, LANGUAGES, TEMPLATES, Facts, footer, greeting

TEMPLATE_DIR = Path(__file__).parent / "templates"
SMTP_TIMEOUT_SECONDS = 15.0
TEMPLATE_HEADER = "X-Portal-Template"
# The context key naming a recipient who has no account yet (service.py): their footer says why they got it.
GUEST = "guest"
# Each group of e-mails keeps its texts in its own module; a template's name is unique across them.
ALL_TEMPLATES = {**TEMPLATES, **PRIVACY_EXPORT_TEMPLATES, **PAYMENT_TEMPLATES, **SECURITY_TEMPLATES,
                 **MANDATE_TEMPLATES, **RESIGNATION_TEMPLATES}
_html = Environment(loader=FileSystemLoader(TEMPLATE_DIR), autoescape=True, undefined=StrictUndefined)
# The plain-text part is not HTML: nothing in it is ever shown as markup.
_text = Environment(loader=FileSystemLoader(TEMPLATE_DIR), autoescape=False, undefined=StrictUndefined,  # noqa: S701
                    keep_trailing_newline=True)


@dataclass(frozen=True)
class Rendered:
    language: str
    subject: str
    text: str
    html: str


def render(template: str, recipient: Recipient, applicant: Recipient | None, context: dict[str, Any],
           public_url: str) -> Rendered:
    """The e-mail ``template`` to ``recipient`` in their language; ``applicant``: whom an admin's e-mail is about."""
    language = recipient.language if recipient.language in LANGUAGES else DEFAULT_LANGUAGE
    facts = Facts(language, recipient.full_name or "", context, (applicant.full_name or "") if applicant else "")
    content = ALL_TEMPLATES[template](facts)
    base = public_url.rstrip("/")
    page = {"language": language, "subject": content.subject, "greeting": greeting(facts),
            "paragraphs": content.paragraphs, "details": content.details, "link_label": content.link_label,
            "link_url": base + content.link_path, "portal_url": base + "/",
            "footer": footer(language, has_account=GUEST not in context)}
    return Rendered(language, content.subject, _text.get_template("layout.txt").render(page),
                    _html.get_template("layout.html").render(page))


class Mailer:
    def __init__(self, settings: NotificationsSettings) -> None:
        self.settings = settings
        self.domain = parseaddr(settings.mail_from)[1].rpartition("@")[2] or "localhost"

    def message(self, email_id: int, template: str, address: str, rendered: Rendered) -> EmailMessage:
        """The Message-ID comes from the row, so a resend of one e-mail is recognisable as the same one."""
        message = EmailMessage()
        message["From"] = self.settings.mail_from
        message["To"] = address
        message["Subject"] = rendered.subject
        message["Date"] = formatdate(usegmt=True)
        message["Message-ID"] = f"<email-{email_id}@{self.domain}>"
        message[TEMPLATE_HEADER] = template  # which e-mail this is, for filters (and tests)
        message.set_content(rendered.text)
        message.add_alternative(rendered.html, subtype="html")
        message["Content-Language"] = rendered.language  # after the parts: set_content drops Content-* headers
        return message

    async def send(self, email_id: int, template: str, address: str, rendered: Rendered) -> None:
        settings = self.settings
        await aiosmtplib.send(
            self.message(email_id, template, address, rendered), hostname=settings.smtp_host, port=settings.smtp_port,
            use_tls=settings.smtp_tls == "tls", start_tls=settings.smtp_tls == "starttls",
            username=settings.smtp_user or None, password=settings.smtp_password.get_secret_value() or None,
            timeout=SMTP_TIMEOUT_SECONDS)
