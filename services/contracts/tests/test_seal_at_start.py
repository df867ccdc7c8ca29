"""Issue 37, "The contract seal in compose and Kubernetes": what the contracts service does with the seal the
deployment gives it, without the stack. The deployments name the seal's place before the operator has put a seal
there (compose's seal/ folder, Kubernetes' optional Secret contracts-seal), so no file at the named path is no seal,
as no path is: the service starts, its PDFs go out unsealed, and it says so at start with a WARNING. A file that is
there but does not open stops the start, with the reason.

The seals are made with the local stack's own code (deploy/local/stack.py, local_seal), as test_sealing.py's are."""

import json
import logging
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from stack import local_seal

from contracts.config import ContractsSettings
from contracts.sealing import announce_seal, configured_seal

PASSWORD = "seal test password"
SEALING_LOGGER = "contracts.sealing"


def settings(path: Path | str = "", password: str = PASSWORD) -> ContractsSettings:
    return ContractsSettings(_env_file=None, CONTRACTS_DATABASE_URL="postgresql://portal@127.0.0.1:9/contracts",
                             PORTAL_ASSERTION_SECRET="an assertion secret of at least 32 bytes",
                             CONTRACTS_SEAL_PKCS12_PATH=str(path), CONTRACTS_SEAL_PKCS12_PASSWORD=password)


def said(caplog: pytest.LogCaptureFixture, level: int) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == SEALING_LOGGER and r.levelno == level]


def test_no_seal_named_is_no_seal_and_a_warning_at_start(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, SEALING_LOGGER):
        assert announce_seal(settings()) is None
    [warning] = said(caplog, logging.WARNING)
    assert "contract PDFs are NOT sealed: CONTRACTS_SEAL_PKCS12_PATH is empty" in warning
    assert "/verify calls every copy not genuine" in warning


def test_no_file_at_the_named_path_is_no_seal_and_a_warning_naming_it(tmp_path: Path,
                                                                      caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "contracts-seal" / "seal.p12"  # the folder is there, empty, as a fresh deployment has it
    path.parent.mkdir()
    with caplog.at_level(logging.INFO, SEALING_LOGGER):
        assert announce_seal(settings(path)) is None
    assert configured_seal(settings(path)) is None  # the PDFs and /verify then go without a seal; nothing raises
    [warning] = said(caplog, logging.WARNING)
    assert f"contract PDFs are NOT sealed: there is no file at {path} (CONTRACTS_SEAL_PKCS12_PATH)" in warning


def test_a_seal_is_read_at_start_and_said_with_its_certificate(tmp_path: Path,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    path = local_seal(tmp_path, PASSWORD)
    with caplog.at_level(logging.INFO, SEALING_LOGGER):
        seal = announce_seal(settings(path))
    assert seal is not None and seal is configured_seal(settings(path))  # read once, the same for every PDF
    assert said(caplog, logging.WARNING) == []
    [info] = said(caplog, logging.INFO)
    assert "Shelf Board portal seal" in info and str(path) in info and "valid until" in info


@pytest.mark.parametrize("problem", ["wrong password", "not a PKCS#12 file"])
def test_a_seal_file_that_does_not_open_stops_the_start(tmp_path: Path, problem: str) -> None:
    path = local_seal(tmp_path, PASSWORD)
    if problem == "not a PKCS#12 file":
        path.write_bytes(b"-----BEGIN CERTIFICATE-----\n")
    password = "another password" if problem == "wrong password" else PASSWORD
    with pytest.raises(RuntimeError, match="CONTRACTS_SEAL_PKCS12_PATH, CONTRACTS_SEAL_PKCS12_PASSWORD"):
        announce_seal(settings(path, password))


# The real app started (its lifespan, as uvicorn runs it) in a process of its own, without a database or NATS to
# reach: its JSON log says whether PDFs are sealed before it takes requests. Only the start matters here, and the
# process ends right after it (a stop would wait for its NATS client, which keeps trying to reach a server).
START = """
import asyncio, os, sys, traceback
from contracts.main import app

async def start() -> None:
    await app.router.lifespan_context(app).__aenter__()

code = 0
try:
    asyncio.new_event_loop().run_until_complete(start())
except BaseException:
    traceback.print_exc()
    code = 1
sys.stdout.flush()
sys.stderr.flush()
os._exit(code)
"""


def start_the_app(tmp_path: Path, seal_path: Path, password: str = PASSWORD) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "CONTRACTS_DATABASE_URL": "postgresql://portal@127.0.0.1:9/contracts",
                   "PORTAL_ASSERTION_SECRET": "an assertion secret of at least 32 bytes",
                   "PORTAL_NATS_URL": "nats://127.0.0.1:9", "PORTAL_OTLP_ENDPOINT": "",
                   "CONTRACTS_SEAL_PKCS12_PATH": str(seal_path), "CONTRACTS_SEAL_PKCS12_PASSWORD": password}
    # An empty working directory: no .env of the checkout's is read.
    return subprocess.run([sys.executable, "-c", START], cwd=tmp_path, env=environment, capture_output=True,
                          text=True, timeout=60)


def log_lines(output: str) -> list[dict[str, Any]]:
    lines = []
    for line in output.splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if isinstance(entry, dict):
            lines.append(entry)
    return lines


def test_the_service_starts_without_a_seal_and_its_log_says_pdfs_are_not_sealed(tmp_path: Path) -> None:
    missing = tmp_path / "seal" / "seal.p12"
    started = start_the_app(tmp_path, missing)
    assert started.returncode == 0, started.stderr[-2000:]
    [warning] = [e for e in log_lines(started.stdout) if e.get("logger") == SEALING_LOGGER]
    assert (warning["level"], warning["service"]) == ("warning", "contracts")
    assert f"contract PDFs are NOT sealed: there is no file at {missing}" in warning["message"]


def test_the_service_does_not_start_with_a_seal_file_that_does_not_open(tmp_path: Path) -> None:
    started = start_the_app(tmp_path, local_seal(tmp_path / "seal", PASSWORD), password="another password")
    assert started.returncode != 0
    assert "the sealing key and certificate could not be read from" in started.stdout + started.stderr
