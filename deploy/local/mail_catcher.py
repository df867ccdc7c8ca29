"""A mail catcher for `make run` and the tests (issue 14): an SMTP server on 127.0.0.1 that keeps every message it
receives as an .eml file in a folder (named by arrival time, so they sort in order), and a small web page listing
them, newest first, with each message's text and raw source.

    python deploy/local/mail_catcher.py --smtp-port 18060 --http-port 18061 --dir .data/mail
"""

import argparse
import html
import os
import time
import uuid
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from aiosmtpd.controller import Controller

HOST = "127.0.0.1"
LISTED = 200


class Keeper:
    """aiosmtpd's handler: writes each message whole, then renames it into place, so a reader never sees half."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:
        name = f"{time.time_ns():020d}-{uuid.uuid4().hex[:8]}.eml"
        partial = self.folder / f".{name}.part"
        partial.write_bytes(envelope.original_content or envelope.content)
        os.replace(partial, self.folder / name)
        return "250 OK"


def read_message(path: Path) -> EmailMessage:
    message = BytesParser(policy=policy.default).parsebytes(path.read_bytes())
    assert isinstance(message, EmailMessage)
    return message


def text_of(message: EmailMessage) -> str:
    part = message.get_body(("plain",))
    return part.get_content() if isinstance(part, EmailMessage) else ""


def _row(path: Path) -> str:
    message = read_message(path)
    name = html.escape(path.name)
    cells = [html.escape(str(message.get(h, ""))) for h in ("Date", "To", "Subject")]
    return (f"<tr><td>{cells[0]}</td><td>{cells[1]}</td><td><a href='/text/{name}'>{cells[2]}</a></td>"
            f"<td><a href='/raw/{name}'>.eml</a></td></tr>")


def page(folder: Path) -> str:
    files = sorted(folder.glob("*.eml"), reverse=True)[:LISTED]
    rows = "".join(_row(path) for path in files) or "<tr><td colspan='4'>No mail yet.</td></tr>"
    return ("<!DOCTYPE html><html><head><meta charset='utf-8'><title>Mail catcher</title>"
            "<style>body{font-family:sans-serif;margin:2rem}td,th{padding:.3rem .8rem;text-align:left}</style>"
            f"</head><body><h1>Mail catcher</h1><p>{html.escape(str(folder))}</p><table><tr><th>Date</th>"
            f"<th>To</th><th>Subject</th><th>Source</th></tr>{rows}</table></body></html>")


def handler_for(folder: Path) -> type[BaseHTTPRequestHandler]:
    class Pages(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            if self.path in ("/", ""):
                return self._answer(page(folder).encode(), "text/html; charset=utf-8")
            if self.path == "/healthz":  # readiness at no cost: the page reads the newest of thousands of files
                return self._answer(b"ok", "text/plain")
            kind, _, name = self.path.lstrip("/").partition("/")
            path = folder / Path(unquote(name)).name  # a bare file name: nothing outside the folder
            if kind not in ("raw", "text") or path.suffix != ".eml" or not path.is_file():
                return self._answer(b"not found", "text/plain", 404)
            if kind == "raw":
                return self._answer(path.read_bytes(), "text/plain; charset=utf-8")
            return self._answer(text_of(read_message(path)).encode(), "text/plain; charset=utf-8")

        def _answer(self, body: bytes, content_type: str, status: int = 200) -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    return Pages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--smtp-port", type=int, required=True)
    parser.add_argument("--http-port", type=int, required=True)
    parser.add_argument("--dir", type=Path, required=True)
    args = parser.parse_args()
    folder: Path = args.dir
    folder.mkdir(parents=True, exist_ok=True)
    smtp = Controller(Keeper(folder), hostname=HOST, port=args.smtp_port)
    smtp.start()
    web = ThreadingHTTPServer((HOST, args.http_port), handler_for(folder))
    print(f"mail catcher: SMTP {HOST}:{args.smtp_port}, page http://{HOST}:{args.http_port}/", flush=True)
    try:
        web.serve_forever()  # until SIGTERM (the stack) or Ctrl-C
    except KeyboardInterrupt:
        pass
    finally:
        web.server_close()
        smtp.stop()


if __name__ == "__main__":
    main()
