"""A service refuses to start with an empty or short assertion secret, and says which setting is wrong (issue 11,
Closed internals: "A service refuses to start with an empty or short (< 32 bytes) assertion secret ... with a
clear message"). Today's services started with an empty signing secret."""

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from pydantic import ValidationError

from portal_common.settings import ServiceSettings

MESSAGE = "PORTAL_ASSERTION_SECRET must be at least 32 bytes"
TOO_SHORT = ["", "x" * 31, "ä" * 15 + "x"]  # the last is 16 characters but 31 bytes
LONG_ENOUGH = ["x" * 32, "ä" * 16]


def settings(secret: str) -> ServiceSettings:
    return ServiceSettings(_env_file=None, PORTAL_ASSERTION_SECRET=secret)  # type: ignore[call-arg]


@pytest.mark.parametrize("secret", TOO_SHORT, ids=["empty", "31 bytes", "31 bytes in 16 characters"])
def test_a_short_secret_is_refused_naming_the_variable(secret: str) -> None:
    with pytest.raises(ValidationError, match=MESSAGE):
        settings(secret)


@pytest.mark.parametrize("secret", LONG_ENOUGH, ids=["32 bytes", "32 bytes in 16 characters"])
def test_a_secret_of_32_bytes_is_taken(secret: str) -> None:
    assert settings(secret).assertion_secret.get_secret_value() == secret


def test_the_secret_from_the_environment_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PORTAL_ASSERTION_SECRET", "change-me")
    with pytest.raises(ValidationError, match=MESSAGE):
        ServiceSettings(_env_file=None)  # type: ignore[call-arg]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _start_messages(secret: str, port: int, cwd: Path) -> subprocess.Popen[str]:
    """The messages service as the stack starts it, in a folder without a .env; nothing listens at its database
    and broker addresses, which /healthz does not need."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("PORTAL_", "MESSAGES_"))}
    env |= {"PORTAL_ASSERTION_SECRET": secret, "PORTAL_NATS_URL": f"nats://127.0.0.1:{_free_port()}",
            "MESSAGES_DATABASE_URL": f"postgresql://postgres@127.0.0.1:{_free_port()}/messages"}
    return subprocess.Popen([sys.executable, "-m", "uvicorn", "messages.main:app", "--host", "127.0.0.1", "--port",
                             str(port)], env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


@pytest.mark.parametrize("secret", TOO_SHORT[:2], ids=["empty", "31 bytes"])
def test_a_service_refuses_to_start_with_a_short_secret(secret: str, tmp_path: Path) -> None:
    process = _start_messages(secret, _free_port(), tmp_path)
    output, _ = process.communicate(timeout=60)
    assert process.returncode != 0
    assert MESSAGE in output


def test_a_service_starts_with_a_32_byte_secret(tmp_path: Path) -> None:
    port = _free_port()
    process = _start_messages("s" * 32, port, tmp_path)
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, process.communicate()[0]
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the service did not answer /healthz"
            time.sleep(0.2)
    finally:
        process.terminate()
        process.communicate(timeout=30)
