"""Reading what the stack's mail catcher received (deploy/local/mail_catcher.py): every message is an .eml file in
``stack.mail_dir``, named in order of arrival; the tests read them with the standard library's parser."""

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path
from typing import Any

import psycopg

from conftest import eventually
from testkit.accounts import admin_on_the_command_line

TEMPLATE_HEADER = "X-Portal-Template"
SERVICE = "notifications"


@dataclass(frozen=True)
class Mail:
    path: Path
    message: EmailMessage

    @property
    def to(self) -> str:
        return str(self.message["To"])

    @property
    def subject(self) -> str:
        return str(self.message["Subject"])

    @property
    def template(self) -> str:
        return str(self.message[TEMPLATE_HEADER])

    @property
    def message_id(self) -> str:
        return str(self.message["Message-ID"])

    def part(self, subtype: str) -> str:
        body = self.message.get_body((subtype,))
        assert isinstance(body, EmailMessage), f"no text/{subtype} part"
        content: str = body.get_content()
        return content

    @property
    def text(self) -> str:
        return self.part("plain")

    @property
    def html(self) -> str:
        return self.part("html")


def read_mail(path: Path) -> Mail:
    message = BytesParser(policy=policy.default).parsebytes(path.read_bytes())
    assert isinstance(message, EmailMessage)
    return Mail(path, message)


# Every message parsed once per test process: the folder holds thousands by the end of a run, and waiting for one
# parsed them all ten times a second (issue 32: welcome e-mail tests took 12 s). The catcher renames a message into
# place whole, and nothing changes it after.
_PARSED: dict[Path, Mail] = {}


def all_mail(stack: Any) -> Iterator[Mail]:
    folder: Path = stack.mail_dir
    for path in sorted(folder.glob("*.eml")):
        mail = _PARSED.get(path)
        if mail is None:
            mail = _PARSED[path] = read_mail(path)
        yield mail


def mail_to(stack: Any, address: str, template: str | None = None) -> list[Mail]:
    return [mail for mail in all_mail(stack)
            if mail.to == address and (template is None or mail.template == template)]


def wait_for_mail(stack: Any, address: str, template: str, count: int = 1, timeout: float = 60,
                  where: Callable[[Mail], bool] = lambda _: True) -> list[Mail]:
    """The e-mails ``template`` to ``address`` (those ``where`` says are the test's own: an admin's address gets
    every test's admin e-mails) once there are ``count`` of them."""
    def arrived() -> list[Mail]:
        return [mail for mail in mail_to(stack, address, template) if where(mail)]
    found: list[Mail] = eventually(lambda: (m := arrived()) and len(m) >= count and m,
                                   timeout=timeout, what=f"{count} e-mail(s) {template} to {address}")
    return found


def email_rows(stack: Any, query: str, *params: Any) -> list[tuple[Any, ...]]:
    with psycopg.connect(stack.database_url("notifications")) as db:
        return [tuple(row) for row in db.execute(query, params).fetchall()]


def create_admin(stack: Any, retire_admins: list[int], username: str, email: str, password: str) -> int:
    """An admin with a real address, through identity's command line as an operator would; deactivated after the
    test (conftest's retire_admins). Its id."""
    admin_id = admin_on_the_command_line(stack.env, username, password=password, email=email)
    retire_admins.append(admin_id)
    return admin_id


def when(check: Callable[[], Any], what: str, timeout: float = 60) -> Any:
    return eventually(check, timeout=timeout, what=what)


