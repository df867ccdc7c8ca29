from functools import lru_cache
from typing import Literal

from pydantic import Field, SecretStr

from portal_common.settings import ServiceSettings, nats_password_field, nats_user_field

SmtpTls = Literal["none", "starttls", "tls"]


class NotificationsSettings(ServiceSettings):
    database_url: str = Field(alias="NOTIFICATIONS_DATABASE_URL")
    nats_user: str = nats_user_field("notifications")
    nats_password: SecretStr = nats_password_field("notifications")
    smtp_host: str = Field(default="localhost", alias="NOTIFICATIONS_SMTP_HOST")
    smtp_port: int = Field(default=25, gt=0, lt=65536, alias="NOTIFICATIONS_SMTP_PORT")
    smtp_tls: SmtpTls = Field(
        default="starttls", alias="NOTIFICATIONS_SMTP_TLS",
        description="none: plain SMTP (a local relay); starttls: upgrade after connecting; tls: TLS from the start")
    smtp_user: str = Field(default="", alias="NOTIFICATIONS_SMTP_USER", description="empty: no SMTP login")
    smtp_password: SecretStr = Field(default=SecretStr(""), alias="NOTIFICATIONS_SMTP_PASSWORD")
    mail_from: str = Field(default="Shelf Board <noreply@localhost>", alias="NOTIFICATIONS_MAIL_FROM")
    public_url: str = Field(default="http://localhost:8080", alias="NOTIFICATIONS_PUBLIC_URL",
                            description="the portal's address, for the links in e-mails")
    admin_new_message_emails: bool = Field(default=True, alias="NOTIFICATIONS_ADMIN_NEW_MESSAGE_EMAILS")
    admin_new_application_emails: bool = Field(default=True, alias="NOTIFICATIONS_ADMIN_NEW_APPLICATION_EMAILS")
    send_interval_seconds: float = Field(
        default=60.0, gt=0, alias="NOTIFICATIONS_SEND_INTERVAL_SECONDS",
        description="the sender's safety poll: a queued e-mail wakes it at once (Postgres NOTIFY) and a retry when "
                    "it falls due; this only bounds how long a missed wake-up can delay an e-mail")
    max_attempts: int = Field(default=10, ge=1, alias="NOTIFICATIONS_MAX_ATTEMPTS")
    reminder_check_seconds: float = Field(
        default=60.0, gt=0, alias="NOTIFICATIONS_REMINDER_CHECK_SECONDS",
        description="how often each replica looks whether today's 09:00 (Europe/Tallinn) reminder round is due")


@lru_cache
def get_settings() -> NotificationsSettings:
    return NotificationsSettings()
