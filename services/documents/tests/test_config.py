"""A documents process refuses to start with an empty S3 key, naming the variable (issue 11, Closed internals:
"A service refuses to start with ... empty S3 keys, with a clear message")."""

import os
import socket
import subprocess
import sys

import pytest
from stack import BIN, ROOT

VALID = {"DOCUMENTS_DATABASE_URL": "postgresql://postgres@127.0.0.1:1/documents", "S3_ENDPOINT": "127.0.0.1:1",
         "PORTAL_ASSERTION_SECRET": "a-test-secret-that-is-long-enough-for-anyone-0123456789",
         "S3_ACCESS_KEY": "portal-test", "S3_SECRET_KEY": "a-test-secret-key"}


def free_port() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return str(sock.getsockname()[1])


@pytest.mark.parametrize("command", [
    [str(BIN / "uvicorn"), "documents.main:app", "--host", "127.0.0.1", "--port", "PORT"],
    [sys.executable, "-m", "documents", "migrate"],
], ids=["service", "migrate"])
@pytest.mark.parametrize(("variable", "value"), [("S3_ACCESS_KEY", ""), ("S3_SECRET_KEY", ""),
                                                 ("S3_SECRET_KEY", "   ")])
def test_an_empty_s3_key_stops_the_start_naming_the_variable(command: list[str], variable: str, value: str) -> None:
    env = {**os.environ, **VALID, variable: value}
    started = subprocess.run([free_port() if part == "PORT" else part for part in command], env=env, cwd=ROOT,
                             # a service that starts never returns; the bound is for that, not for a slow start:
                             # an import beside the parallel suites took over 30 s twice (runs 27 and 28)
                             capture_output=True, text=True, timeout=120)
    output = started.stdout + started.stderr
    assert started.returncode != 0, output
    assert f"{variable} is empty" in output, output
