"""Starts the whole portal on this machine: Postgres, NATS JetStream, SeaweedFS S3, the five services, the
built SPA and Traefik, all on 127.0.0.1 (design.md, Running it). `make run` and the test suite use it.

    python deploy/local/stack.py                 # the portal at http://localhost:8080, data under .data/
    python deploy/local/stack.py --port-base 28000 --gateway-port 28080 --data-dir .test-data/run

Ctrl-C stops everything; the data directory survives restarts.
"""

import argparse
import asyncio
import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from types import FrameType
from typing import IO
from urllib.parse import quote

import httpx
import nats
import psycopg
import urllib3
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509.oid import NameOID
from minio import Minio

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from gateway.render import PRODUCTION_RESPONSE_HEADER_TIMEOUT_SECONDS, RateLimit, Upstreams, write  # noqa: E402
from gateway.routes import SERVICES  # noqa: E402

BIN = Path(sys.executable).parent
POSTGRES_USER_WHEN_ROOT = "pgserver"  # postgres refuses to run as root
S3_BUCKET = "documents"
PROMETHEUS_BIN = shutil.which("prometheus") or ""
PROMETHEUS_SCRAPE_INTERVAL = "5s"
ALERT_RULES = ROOT / "deploy/monitoring/prometheus/alerts.yml"
# SeaweedFS's own names for the keys its filer and volume server check JWTs with ([jwt.signing],
# [jwt.signing.read], [jwt.filer_signing], [jwt.filer_signing.read] of security.toml).
SEAWEEDFS_JWT_KEYS = ("WEED_JWT_SIGNING_KEY", "WEED_JWT_SIGNING_READ_KEY", "WEED_JWT_FILER_SIGNING_KEY",
                      "WEED_JWT_FILER_SIGNING_READ_KEY")
NATS_USERS = ROOT / "deploy/k8s/base/nats-users.conf"  # compose and Kubernetes run the same file
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
STOP_GRACE_SECONDS = 20.0  # then the stragglers are killed
KILL_GRACE_SECONDS = 5.0
PORTS_RELEASE_SECONDS = 10.0
PROC = Path("/proc")
# contracts' seal on signed PDFs (contracts.sealing): a PKCS#12 file and its password.
SEAL_PATH_KEY = "CONTRACTS_SEAL_PKCS12_PATH"
SEAL_PASSWORD_KEY = "CONTRACTS_SEAL_PKCS12_PASSWORD"  # noqa: S105 - the setting's name, not a password
SEAL_ORGANIZATION = "Shelf Board Services OÜ (local)"
SEAL_YEARS = 10


@dataclass(frozen=True)
class Ports:
    base: int
    gateway: int

    @property
    def postgres(self) -> int:
        return self.base + 32

    @property
    def nats(self) -> int:
        return self.base + 22

    @property
    def s3(self) -> int:
        return self.base + 33

    @property
    def mail_smtp(self) -> int:
        return self.base + 60

    @property
    def mail_web(self) -> int:
        return self.base + 61

    @property
    def sk_standin(self) -> int:
        return self.base + 62

    @property
    def web(self) -> int:
        return self.base + 90

    @property
    def traefik_ping(self) -> int:
        return self.base + 91

    @property
    def traefik_metrics(self) -> int:
        return self.base + 92

    @property
    def prometheus(self) -> int:
        return self.base + 93

    def service(self, name: str, replica: int = 0) -> int:
        return self.base + 101 + SERVICES.index(name) * 10 + replica

    def seaweed(self) -> dict[str, int]:
        return {"master.port": self.base + 40, "volume.port": self.base + 41, "filer.port": self.base + 42,
                "s3.port.iceberg": self.base + 44, "s3.port.lance": self.base + 45,
                "admin.port": self.base + 46, "s3.port": self.s3}  # base + 43 was WebDAV's, now off

    def seaweed_grpc(self) -> dict[str, int]:
        # Named, not left at SeaweedFS's HTTP port + 10000: that lands in the kernel's range for outgoing
        # connections (32768-60999), where any client socket may hold it when the stack starts.
        keys = ("master.port", "volume.port", "filer.port", "admin.port", "s3.port")
        return {f"{key}.grpc": self.base + 50 + i for i, key in enumerate(keys)}


@dataclass
class StackConfig:
    data_dir: Path
    ports: Ports
    documents_replicas: int = 2
    rate_limit: RateLimit = field(default_factory=lambda: RateLimit(average=30, period="1m", burst=20))
    # How long the gateway waits for a service's response headers before answering 504 (gateway/render.py).
    response_header_timeout_seconds: int = PRODUCTION_RESPONSE_HEADER_TIMEOUT_SECONDS
    admin_username: str | None = None
    admin_password: str | None = None
    # The admin's TOTP secret (base32, issue 15): enrolled with it, so scripts and tests can give the code.
    admin_totp_secret: str | None = None
    extra_env: dict[str, str] = field(default_factory=dict)
    # How long start-up waits for a port still held: by the last run's stack still stopping, or by a closed
    # connection that happened to use it as its own port (the kernel keeps those 60 s in TIME_WAIT).
    port_wait_seconds: float = 75.0

    @classmethod
    def from_env(cls, data_dir: Path, port_base: int, gateway_port: int) -> "StackConfig":
        env = os.environ
        return cls(
            data_dir=data_dir.resolve(), ports=Ports(port_base, gateway_port),
            documents_replicas=int(env.get("PORTAL_DOCUMENTS_REPLICAS", "2")),
            rate_limit=RateLimit(average=int(env.get("PORTAL_RATE_LIMIT_AVERAGE", "30")),
                                 period=env.get("PORTAL_RATE_LIMIT_PERIOD", "1m"),
                                 burst=int(env.get("PORTAL_RATE_LIMIT_BURST", "20"))),
            admin_username=env.get("PORTAL_ADMIN_USERNAME"), admin_password=env.get("PORTAL_ADMIN_PASSWORD"),
            admin_totp_secret=env.get("PORTAL_ADMIN_TOTP_SECRET") or None,
        )


def _read_env_file(path: Path) -> dict[str, str]:
    values: dict[str, str] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip() and not line.lstrip().startswith("#") and "=" in line:
                key, value = line.split("=", 1)
                values[key.strip()] = value.strip()
    return values


def _local_secrets(data_dir: Path) -> dict[str, str]:
    """Secrets for this machine only, made once and kept beside the data they protect; one a data directory
    lacks (it predates the secret) is added."""
    path = data_dir / "secrets.env"
    values = _read_env_file(path)
    makers: dict[str, Callable[[], str]] = {
        "PORTAL_ASSERTION_SECRET": lambda: secrets.token_urlsafe(48),
        "S3_ACCESS_KEY": lambda: "portal-" + secrets.token_hex(4), "S3_SECRET_KEY": lambda: secrets.token_urlsafe(24),
        # nats-server reads these as configuration values (nats-users.conf): letters and digits, a letter first.
        **{f"{s.upper()}_NATS_PASSWORD": lambda: "n" + secrets.token_hex(24) for s in SERVICES},
        # SeaweedFS's JWT signing keys (its security.toml, from the environment): only S3 hands out files.
        **{key: lambda: secrets.token_urlsafe(32) for key in SEAWEEDFS_JWT_KEYS},
        SEAL_PASSWORD_KEY: lambda: secrets.token_urlsafe(24),
    }
    missing = {key: make() for key, make in makers.items() if not values.get(key)}
    if missing:
        values |= missing
        path.write_text("".join(f"{k}={v}\n" for k, v in values.items()))
        path.chmod(0o600)
    return values


def seal_files(data_dir: Path) -> tuple[Path, Path]:
    """The local seal's PKCS#12 file (key, certificate, CA) and its CA certificate in PEM, to check seals with."""
    folder = data_dir / "seal"
    return folder / "seal.p12", folder / "ca.pem"


def _seal_name(common_name: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COUNTRY_NAME, "EE"),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, SEAL_ORGANIZATION),
                      x509.NameAttribute(NameOID.COMMON_NAME, common_name)])


def _key_usage(*, seal: bool) -> x509.KeyUsage:
    # A CA signs certificates; the seal signs documents (content commitment: non-repudiation, which pyHanko asks).
    return x509.KeyUsage(digital_signature=seal, content_commitment=seal, key_encipherment=False,
                         data_encipherment=False, key_agreement=False, key_cert_sign=not seal, crl_sign=not seal,
                         encipher_only=False, decipher_only=False)


def _certificate(subject: x509.Name, key: ec.EllipticCurvePrivateKey, issuer: x509.Name,
                 issuer_key: ec.EllipticCurvePrivateKey, *, seal: bool) -> x509.Certificate:
    now = datetime.now(UTC)
    return (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - timedelta(hours=1)).not_valid_after(now + timedelta(days=365 * SEAL_YEARS))
            .add_extension(x509.BasicConstraints(ca=not seal, path_length=None if seal else 0), critical=True)
            .add_extension(_key_usage(seal=seal), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False)
            .sign(issuer_key, hashes.SHA256()))


def _seal_opens(path: Path, password: str) -> bool:
    try:
        pkcs12.load_key_and_certificates(path.read_bytes(), password.encode())
    except (OSError, ValueError):
        return False
    return True


def local_seal(data_dir: Path, password: str) -> Path:
    """A self-signed CA and a sealing certificate it issued, made once under the data directory like the other
    local secrets (made anew only when the password in secrets.env no longer opens them)."""
    pkcs12_path, ca_path = seal_files(data_dir)
    if _seal_opens(pkcs12_path, password) and ca_path.exists():
        return pkcs12_path
    pkcs12_path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    ca_key, seal_key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
    ca_name = _seal_name("Shelf Board local CA")
    ca = _certificate(ca_name, ca_key, ca_name, ca_key, seal=False)
    seal = _certificate(_seal_name("Shelf Board portal seal"), seal_key, ca_name, ca_key, seal=True)
    archive = pkcs12.serialize_key_and_certificates(b"portal seal", seal_key, seal, [ca],
                                                    serialization.BestAvailableEncryption(password.encode()))
    pkcs12_path.write_bytes(archive)
    pkcs12_path.chmod(0o600)
    ca_path.write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    return pkcs12_path


def _port_free(port: int) -> bool:
    """Whether a server could listen on the port now; bound as the servers bind it, so connections that are
    merely closing (TIME_WAIT) do not count."""
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def held_ports(ports: dict[int, str], timeout: float) -> dict[int, str]:
    """The ports (with their names) still in use after waiting up to ``timeout`` seconds for them to be freed."""
    deadline = time.monotonic() + timeout
    while (held := {port: name for port, name in ports.items() if not _port_free(port)}) \
            and time.monotonic() < deadline:
        time.sleep(0.2)
    return held


def _named_ports(ports: dict[int, str]) -> str:
    return ", ".join(f"{port} ({name})" for port, name in sorted(ports.items()))


def _wait(what: str, ready: Callable[[], bool], timeout: float, process: subprocess.Popen[bytes] | None = None,
          log: Path | None = None) -> None:
    deadline = time.monotonic() + timeout
    last_error = ""
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            tail = log.read_text()[-3000:] if log and log.exists() else ""
            raise RuntimeError(f"{what} exited with {process.returncode}\n{tail}")
        try:
            if ready():
                return
            last_error = "not ready yet"
        except Exception as error:  # any failure to answer means: not ready yet
            last_error = f"{type(error).__name__}: {error}"
        time.sleep(0.2)
    tail = log.read_text()[-3000:] if log and log.exists() else ""
    raise RuntimeError(f"{what} was not ready within {timeout:.0f}s (last check: {last_error})\n{tail}")


# Readiness means answering a real request: each of these servers opens its port before it can serve, and a
# client arriving in between gets its connection reset (SeaweedFS failed `documents migrate` that way).
def postgres_answers(url: str) -> bool:
    with psycopg.connect(url, connect_timeout=1) as connection:
        return connection.execute("select 1").fetchone() == (1,)


NATS_CHECK_SECONDS = 3  # a connect (1 s), a second try (1 s) and JetStream's answer (1 s)


def nats_answers(url: str) -> bool:
    """A client connects and JetStream answers for its account."""
    async def quiet(_error: Exception) -> None:  # failures surface as the exception below, not as log noise
        pass

    async def ask() -> bool:
        # nats.py's first connect reads max_reconnect_attempts=0 as no limit and waits reconnect_time_wait (2 s)
        # between tries: a refused port held the check for ever, and a reset one for 2 s a try (run 52). One more
        # try at once, then NoServersError; wait_for bounds the whole check whatever the client does.
        client = await nats.connect(url, connect_timeout=1, allow_reconnect=False, max_reconnect_attempts=1,
                                    reconnect_time_wait=0, error_cb=quiet)
        try:
            await client.jetstream(timeout=1).account_info()
        finally:
            await client.close()
        return True

    # On a thread of its own: the caller may already run an event loop (Playwright's sync API in the browser
    # tests), where asyncio.run() refuses to start another.
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, asyncio.wait_for(ask(), NATS_CHECK_SECONDS)).result()


def s3_answers(endpoint: str, access_key: str, secret_key: str, bucket: str) -> bool:
    """A request signed with the stack's keys is answered, and the bucket SeaweedFS makes at start-up exists
    (so `documents migrate` does not race it to create the bucket)."""
    http = urllib3.PoolManager(timeout=urllib3.Timeout(connect=1, read=2), retries=False)
    try:
        client = Minio(endpoint, access_key=access_key, secret_key=secret_key, secure=False, http_client=http)
        return client.bucket_exists(bucket)
    finally:
        http.clear()


def _http_ok(url: str) -> bool:
    return httpx.get(url, timeout=1).status_code == 200


def _gateway_routes(gateway_url: str) -> bool:
    # Routes are loaded a moment after the ping answers: the SPA answering and /api/user answering 401 (from
    # identity's ForwardAuth) prove both kinds are in place.
    return (httpx.get(f"{gateway_url}/", timeout=1).status_code == 200
            and httpx.get(f"{gateway_url}/api/user", timeout=1).status_code == 401)


# ---- stopping ----------------------------------------------------------------------------------------
def _write_stderr(text: str) -> None:
    os.write(2, text.encode())  # safe inside a signal handler, unlike print


def _ask_for_patience(_signum: int, _frame: FrameType | None) -> None:
    _write_stderr("still stopping the portal; waiting for every process to exit\n")


@contextlib.contextmanager
def _signal_handlers(handler: Callable[[int, FrameType | None], None]) -> Iterator[None]:
    """SIGINT and SIGTERM go to ``handler`` inside the block (only the main thread may set handlers)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {sig: signal.signal(sig, handler) for sig in STOP_SIGNALS}
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, signal.SIG_DFL if old is None else old)


@contextlib.contextmanager
def interrupt_once() -> Iterator[None]:
    """Inside the block the first SIGINT or SIGTERM raises KeyboardInterrupt and later ones are only noted, so
    the stop that follows runs to its end: a second Ctrl-C, or a SIGTERM (which would otherwise end Python at
    once), used to leave processes behind that kept their ports."""
    def interrupt(_signum: int, _frame: FrameType | None) -> None:
        for sig in STOP_SIGNALS:
            signal.signal(sig, _ask_for_patience)
        raise KeyboardInterrupt

    with _signal_handlers(interrupt):
        yield


@dataclass(frozen=True)
class ProcessStat:
    """One process as /proc/<pid>/stat shows it (proc(5))."""
    pid: int
    name: str
    state: str
    parent: int
    group: int
    started: int  # clock ticks after boot: with the pid, names one process even once its number is reused

    @property
    def running(self) -> bool:
        return self.state not in ("Z", "X")  # a zombie has exited and only waits for its parent


def process_stats() -> Iterator[ProcessStat]:
    """Every process on this machine now, read one by one: one that exits meanwhile is left out, never the
    rest (a pathlib glob over /proc gives up on the first entry it may not read)."""
    try:
        entries = os.listdir(PROC)
    except OSError:
        return
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            text = (PROC / entry / "stat").read_text()
            name, rest = text.split(" (", 1)[1].rsplit(")", 1)
            fields = rest.split()
            yield ProcessStat(int(entry), name, fields[0], int(fields[1]), int(fields[2]), int(fields[19]))
        except (OSError, IndexError, ValueError):
            continue  # exited while we looked


def _live_groups(processes: list[subprocess.Popen[bytes]]) -> set[int]:
    """The process groups (one per started process, which leads it) that still have a running member; a
    member may outlive its leader."""
    groups = {process.pid for process in processes}
    live = {process.pid for process in processes if process.poll() is None}  # poll() also reaps the leader
    live |= {stat.group for stat in process_stats() if stat.group in groups and stat.running}
    return live


def _signal_group(group: int, sig: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(group, sig)


def _wait_for_exit(processes: list[subprocess.Popen[bytes]], timeout: float) -> set[int]:
    """Waits until every group has exited; returns those that have not within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while (live := _live_groups(processes)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return live


class Stack:
    def __init__(self, config: StackConfig) -> None:
        self.config = config
        self.ports = config.ports
        self.logs = config.data_dir / "logs"
        self.processes: list[tuple[str, subprocess.Popen[bytes], IO[bytes]]] = []
        self.env: dict[str, str] = {}

    # ---- lifecycle -------------------------------------------------------------------------------
    @classmethod
    def attached(cls, config: StackConfig) -> "Stack":
        """The stack another process started with this config, to call and read, not to start or stop: the parallel
        test workers share one (testkit/stack_suites.py). Its processes are the starter's own."""
        stack = cls(config)
        stack.env = stack._service_env()
        return stack

    def start(self) -> None:
        self._wait_for_ports()
        self.config.data_dir.mkdir(parents=True, exist_ok=True)
        self.logs.mkdir(exist_ok=True)
        self.env = self._service_env()
        try:
            self._start_postgres()
            self._start_nats()
            self._start_seaweed()
            self._create_databases()
            self._migrate()
            self._ensure_admin()
            self.start_mail_catcher()
            self._start_sk_standin()
            self._start_services()
            self._start_web()
            self._start_gateway()
            self._start_prometheus()
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        """Returns once every process the stack started has exited, with anything it started, and the ports are
        free, whatever signals arrive meanwhile."""
        with _signal_handlers(_ask_for_patience):
            processes = [process for _, process, _ in self.processes]
            live = _live_groups(processes)  # a group that is gone may have lent its number to another by now
            for name, process, _ in reversed(self.processes):
                if process.pid not in live:
                    continue
                if name == "postgres":  # the postmaster shuts its backends down itself ("fast" shutdown)
                    process.send_signal(signal.SIGINT)
                else:
                    _signal_group(process.pid, signal.SIGTERM)
            for group in _wait_for_exit(processes, STOP_GRACE_SECONDS):
                _signal_group(group, signal.SIGKILL)
            if stuck := _wait_for_exit(processes, KILL_GRACE_SECONDS):
                _write_stderr(f"processes of groups {sorted(stuck)} survived SIGKILL\n")
            for _, _, log in self.processes:
                log.close()
            self.processes.clear()
            if processes:
                held_ports(self.listening_ports(), PORTS_RELEASE_SECONDS)

    def _wait_for_ports(self) -> None:
        if not (held := held_ports(self.listening_ports(), timeout=0)):
            return
        wait = self.config.port_wait_seconds
        _write_stderr(f"waiting up to {wait:.0f}s for ports still in use: {_named_ports(held)}\n")
        if held := held_ports(held, wait):
            raise RuntimeError(f"port still in use after {wait:.0f}s: {_named_ports(held)}. Another program (or a "
                               "stack that is still stopping) holds it: stop it, or choose another port base.")

    def listening_ports(self) -> dict[int, str]:
        """Every port the stack listens on, with what listens there."""
        p = self.ports
        named = {p.postgres: "postgres", p.nats: "nats", p.web: "web", p.traefik_ping: "traefik ping",
                 p.traefik_metrics: "traefik metrics", p.gateway: "gateway", **self._mail_ports(),
                 p.sk_standin: "SK stand-in"}
        if PROMETHEUS_BIN:
            named[p.prometheus] = "prometheus"
        named |= {port: f"seaweedfs {key}" for key, port in (p.seaweed() | p.seaweed_grpc()).items()}
        for name in SERVICES:
            named |= {p.service(name, r): f"{name} {r + 1}" for r in range(self._replicas(name))}
        return named

    @property
    def gateway_url(self) -> str:
        return f"http://localhost:{self.ports.gateway}"

    @property
    def mail_dir(self) -> Path:
        """Where the mail catcher keeps every message it received, one .eml file each, in order of arrival."""
        return self.config.data_dir / "mail"

    @property
    def mail_url(self) -> str:
        return f"http://127.0.0.1:{self.ports.mail_web}/"

    @property
    def sk_standin_url(self) -> str:
        """The stand-in of SK's services (deploy/local/sk_standin, issue 33): OCSP, time-stamps, Smart-ID,
        Mobile-ID."""
        return f"http://127.0.0.1:{self.ports.sk_standin}"

    @property
    def eid_dir(self) -> Path:
        """The stand-in's test PKI (sk_standin/pki.py): CA certificates, the trusted list, the test people."""
        return self.config.data_dir / "eid"

    def service_url(self, name: str, replica: int = 0) -> str:
        return f"http://127.0.0.1:{self.ports.service(name, replica)}"

    def database_url(self, name: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.ports.postgres}/{name}"

    # ---- pieces ----------------------------------------------------------------------------------
    def _spawn(self, name: str, command: list[str], env: dict[str, str] | None = None,
               user: str | None = None) -> subprocess.Popen[bytes]:
        log = (self.logs / f"{name}.log").open("ab")
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=ROOT, user=user,
                                   start_new_session=True)  # Ctrl-C reaches the stack, which stops children in order
        self.processes.append((name, process, log))
        return process

    def _service_env(self) -> dict[str, str]:
        # SeaweedFS's signing keys are for SeaweedFS alone; the services reach files through S3.
        local_secrets = _local_secrets(self.config.data_dir)
        service_secrets = {k: v for k, v in local_secrets.items()
                           if k not in (*SEAWEEDFS_JWT_KEYS, SEAL_PASSWORD_KEY)}
        configured = {**os.environ, **_read_env_file(ROOT / ".env")}
        env = {**configured, **service_secrets}
        if not configured.get(SEAL_PATH_KEY):  # a seal of one's own in .env is used as it is
            env[SEAL_PATH_KEY] = str(local_seal(self.config.data_dir, local_secrets[SEAL_PASSWORD_KEY]))
            env[SEAL_PASSWORD_KEY] = local_secrets[SEAL_PASSWORD_KEY]
        env.update({
            "PORTAL_NATS_URL": f"nats://127.0.0.1:{self.ports.nats}",
            # The users our NATS knows (nats-users.conf), whatever .env says.
            **{f"{s.upper()}_NATS_USER": s for s in SERVICES},
            "S3_ENDPOINT": f"127.0.0.1:{self.ports.s3}", "S3_SECURE": "false", "S3_BUCKET": S3_BUCKET,
            **{f"{s.upper()}_DATABASE_URL": self.database_url(s) for s in SERVICES},
            # E-mail goes to the mail catcher, whatever .env says; its links lead to this portal.
            "NOTIFICATIONS_SMTP_HOST": "127.0.0.1", "NOTIFICATIONS_SMTP_PORT": str(self.ports.mail_smtp),
            "NOTIFICATIONS_SMTP_TLS": "none", "NOTIFICATIONS_SMTP_USER": "", "NOTIFICATIONS_SMTP_PASSWORD": "",
            "NOTIFICATIONS_PUBLIC_URL": self.gateway_url,
            # eID (issue 33): SK's services cannot be reached from here, so the stand-in answers for them, and the
            # test PKI's trusted list and CA certificates are what is trusted, whatever .env says.
            "EID_OCSP_URL": f"{self.sk_standin_url}/ocsp", "EID_TSA_URL": f"{self.sk_standin_url}/tsa",
            "EID_TRUST_ANCHORS_DIR": str(self.eid_dir / "ca"),
            "EID_TRUSTED_LIST_PATH": str(self.eid_dir / "trusted-list.xml"),
            "EID_TRUSTED_LIST_SIGNER_PATH": str(self.eid_dir / "trusted-list-signer.pem"),
            # Smart-ID and Mobile-ID: the stand-in on SK's paths, as SK's DEMO relying party (no pinned TLS: HTTP).
            "EID_SMART_ID_URL": f"{self.sk_standin_url}/smart-id-rp/v3/",
            "EID_SMART_ID_RP_UUID": "00000000-0000-4000-8000-000000000000", "EID_SMART_ID_RP_NAME": "DEMO",
            "EID_SMART_ID_SCHEME": "smart-id-demo", "EID_SMART_ID_TLS_CERTIFICATES": "",
            "EID_MOBILE_ID_URL": f"{self.sk_standin_url}/mid-api",
            "EID_MOBILE_ID_RP_UUID": "00000000-0000-0000-0000-000000000000", "EID_MOBILE_ID_RP_NAME": "DEMO",
            "EID_MOBILE_ID_TLS_CERTIFICATES": "",
            # Passkeys are made and used at the address the browser shows (issue 15).
            "IDENTITY_WEBAUTHN_ORIGINS": self.gateway_url,
            # A process that dies in native code (a segfault or an abort) writes its Python stack to its log
            # first: service processes have died silently in full test runs (issue 21's closing note).
            "PYTHONFAULTHANDLER": "1",
        })
        env.update(self.config.extra_env)
        return env

    def _start_postgres(self) -> None:
        from pgserver._commands import POSTGRES_BIN_PATH
        pgdata = self.config.data_dir / "postgres"
        user = None
        if os.geteuid() == 0:
            from pgserver.utils import ensure_folder_permissions, ensure_prefix_permissions, ensure_user_exists
            user = POSTGRES_USER_WHEN_ROOT
            ensure_user_exists(user)
            ensure_prefix_permissions(self.config.data_dir)
            ensure_folder_permissions(POSTGRES_BIN_PATH, 0o555)
            ensure_folder_permissions(POSTGRES_BIN_PATH.parent / "lib", 0o444)
        if not (pgdata / "PG_VERSION").exists():
            pgdata.mkdir(mode=0o700, exist_ok=True)
            if user:
                import shutil
                shutil.chown(pgdata, user, user)
            subprocess.run([str(POSTGRES_BIN_PATH / "initdb"), "-D", str(pgdata), "-U", "postgres", "--auth=trust",
                            "--encoding=UTF8", "--locale=C"], check=True, user=user, capture_output=True)
        log = self.logs / "postgres.log"
        process = self._spawn("postgres", [str(POSTGRES_BIN_PATH / "postgres"), "-D", str(pgdata),
                                           "-h", "127.0.0.1", "-p", str(self.ports.postgres), "-k", str(pgdata),
                                           "-c", "max_connections=200"], user=user)
        url = f"postgresql://postgres@127.0.0.1:{self.ports.postgres}/postgres"
        _wait("postgres", lambda: postgres_answers(url), 60, process, log)

    def _start_nats(self) -> None:
        store = self.config.data_dir / "nats"
        # Only the services' users may connect, each with its password from the environment (nats-users.conf).
        passwords = {f"{s.upper()}_NATS_PASSWORD": self.env[f"{s.upper()}_NATS_PASSWORD"] for s in SERVICES}
        process = self._spawn("nats", [str(BIN / "nats-server"), "-c", str(NATS_USERS), "-a", "127.0.0.1",
                                       "-p", str(self.ports.nats), "-js", "-sd", str(store)],
                              env={**os.environ, **passwords})
        login = f"nats://identity:{quote(passwords['IDENTITY_NATS_PASSWORD'])}@127.0.0.1:{self.ports.nats}"
        _wait("nats", lambda: nats_answers(login), 30, process, self.logs / "nats.log")

    def _start_seaweed(self) -> None:
        store = self.config.data_dir / "seaweedfs"
        store.mkdir(exist_ok=True)
        flags = [f"-{k}={v}" for k, v in (self.ports.seaweed() | self.ports.seaweed_grpc()).items()]
        # The filer's and the volume server's HTTP ports answer only requests with a JWT signed with these
        # keys, which only SeaweedFS holds: files leave through S3, with its keys. WebDAV would serve them
        # to anyone, so it is off.
        signing_keys = {k: v for k, v in _local_secrets(self.config.data_dir).items() if k in SEAWEEDFS_JWT_KEYS}
        env = {**os.environ, "AWS_ACCESS_KEY_ID": self.env["S3_ACCESS_KEY"],
               "AWS_SECRET_ACCESS_KEY": self.env["S3_SECRET_KEY"], **signing_keys}
        process = self._spawn("seaweedfs", [str(BIN / "weed"), "mini", f"-dir={store}", "-ip=127.0.0.1",
                                            "-ip.bind=127.0.0.1", "-admin.ui=false", "-webdav=false",
                                            f"-bucket={S3_BUCKET}", *flags],
                              env=env)
        answers = partial(s3_answers, self.env["S3_ENDPOINT"], self.env["S3_ACCESS_KEY"], self.env["S3_SECRET_KEY"],
                          S3_BUCKET)
        _wait("seaweedfs", answers, 60, process, self.logs / "seaweedfs.log")

    def _create_databases(self) -> None:
        url = f"postgresql://postgres@127.0.0.1:{self.ports.postgres}/postgres"
        with psycopg.connect(url, autocommit=True) as connection:
            existing = {row[0] for row in connection.execute("select datname from pg_database")}
            for name in SERVICES:
                if name not in existing:
                    connection.execute(f'create database "{name}"')

    def _migrate(self) -> None:
        done = subprocess.run([str(BIN / "python"), str(ROOT / "deploy/local/migrate_all.py"), *SERVICES],
                              env=self.env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"the migrations failed:\n{done.stdout.decode()[-3000:]}")

    def _ensure_admin(self) -> None:
        if self.config.admin_username and self.config.admin_password:
            env = {**self.env, "PORTAL_ADMIN_USERNAME": self.config.admin_username,
                   "PORTAL_ADMIN_PASSWORD": self.config.admin_password,
                   "PORTAL_ADMIN_TOTP_SECRET": self.config.admin_totp_secret or ""}
            done = subprocess.run([str(BIN / "python"), "-m", "identity", "ensure-admin"], env=env, cwd=ROOT,
                                  capture_output=True, text=True)
            if done.returncode != 0:  # a short password or an applicant's name: say why instead of a traceback
                raise RuntimeError(f"the admin '{self.config.admin_username}' was not made ready:\n"
                                   f"{(done.stderr or done.stdout).strip()}")

    def _replicas(self, name: str) -> int:
        return self.config.documents_replicas if name == "documents" else 1

    def _start_services(self) -> None:
        started = []
        for name in SERVICES:
            for replica in range(self._replicas(name)):
                label = name if replica == 0 else f"{name}-{replica + 1}"
                port = self.ports.service(name, replica)
                process = self._spawn(label, [str(BIN / "uvicorn"), f"{name}.main:app", "--host", "127.0.0.1",
                                              "--port", str(port), "--no-access-log", "--proxy-headers",
                                              "--forwarded-allow-ips", "127.0.0.1"], env=self.env)
                started.append((label, port, process))
        for label, port, process in started:
            ready_url = f"http://127.0.0.1:{port}/readyz"
            _wait(label, partial(_http_ok, ready_url), 60, process, self.logs / f"{label}.log")

    def _mail_ports(self) -> dict[int, str]:
        return {self.ports.mail_smtp: "mail catcher SMTP", self.ports.mail_web: "mail catcher page"}

    def start_mail_catcher(self) -> None:
        """The local SMTP server (mail_catcher.py) the notifications service sends to. After an outage its port
        may still be held a moment: by a client that tried it meanwhile and, as the port lies in the kernel's
        range for outgoing connections, was given that very port and connected to itself."""
        if held := held_ports(self._mail_ports(), self.config.port_wait_seconds):
            raise RuntimeError(f"port still in use: {_named_ports(held)}")
        process = self._spawn("mail-catcher", [
            str(BIN / "python"), str(ROOT / "deploy/local/mail_catcher.py"), "--smtp-port", str(self.ports.mail_smtp),
            "--http-port", str(self.ports.mail_web), "--dir", str(self.mail_dir)])
        _wait("mail catcher", partial(_http_ok, f"{self.mail_url}/healthz"), 30, process,
              self.logs / "mail-catcher.log")

    def _start_sk_standin(self) -> None:
        """The stand-in of SK's OCSP, TSA, Smart-ID and Mobile-ID (deploy/local/sk_standin); it makes the test PKI
        in <data dir>/eid on its first start."""
        process = self._spawn("sk-standin", [
            str(BIN / "python"), "-m", "sk_standin", "--port", str(self.ports.sk_standin),
            "--data-dir", str(self.config.data_dir)], env={
                **os.environ, "PYTHONPATH": str(ROOT / "deploy/local"),
                # How soon its phone confirms and a demo account times out (sk_standin/phone.py): short in tests.
                **{k: v for k, v in self.config.extra_env.items() if k.startswith("SK_STANDIN_")}})
        _wait("SK stand-in", partial(_http_ok, f"{self.sk_standin_url}/healthz"), 60, process,
              self.logs / "sk-standin.log")

    def stop_mail_catcher(self) -> None:
        """Stops the mail catcher alone (an SMTP outage, for the tests), until ``start_mail_catcher``."""
        for entry in [entry for entry in self.processes if entry[0] == "mail-catcher"]:
            _, process, log = entry
            _signal_group(process.pid, signal.SIGTERM)
            if _wait_for_exit([process], STOP_GRACE_SECONDS):
                _signal_group(process.pid, signal.SIGKILL)
                _wait_for_exit([process], KILL_GRACE_SECONDS)
            log.close()
            self.processes.remove(entry)
        held_ports(self._mail_ports(), PORTS_RELEASE_SECONDS)

    def _start_web(self) -> None:
        # PORTAL_WEB_DIST lets a developer serve another build (one per worktree or helper) beside web/dist.
        dist = Path(os.environ.get("PORTAL_WEB_DIST") or ROOT / "web" / "dist")
        if not (dist / "index.html").exists():
            raise RuntimeError("web/dist is missing: build the SPA first (make web)")
        env = {**self.env, "PORTAL_WEB_DIST": str(dist)}
        process = self._spawn("web", [str(BIN / "uvicorn"), "static_site:app", "--app-dir", str(ROOT / "deploy/local"),
                                      "--host", "127.0.0.1", "--port", str(self.ports.web), "--no-access-log"],
                              env=env)
        _wait("web", lambda: _http_ok(f"http://127.0.0.1:{self.ports.web}/"), 30, process, self.logs / "web.log")

    def _start_gateway(self) -> None:
        dynamic = self.config.data_dir / "gateway" / "dynamic.yml"
        upstreams = Upstreams(
            services={s: [self.service_url(s, r) for r in range(self._replicas(s))] for s in SERVICES},
            web=f"http://127.0.0.1:{self.ports.web}", identity_auth=self.service_url("identity"))
        write(dynamic, upstreams, self.config.rate_limit, self.config.response_header_timeout_seconds)
        process = self._spawn("traefik", [
            str(BIN / "traefik"), f"--entryPoints.web.address=127.0.0.1:{self.ports.gateway}",
            # Traefik cuts a request body after 60 s by default; a large upload on a slow line needs longer.
            "--entryPoints.web.transport.respondingTimeouts.readTimeout=15m",
            f"--entryPoints.ping.address=127.0.0.1:{self.ports.traefik_ping}", "--ping=true",
            # Traefik's own metrics, on an entry point of their own that routes nothing else (issue 21).
            f"--entryPoints.metrics.address=127.0.0.1:{self.ports.traefik_metrics}", "--metrics.prometheus=true",
            "--metrics.prometheus.entryPoint=metrics", "--metrics.prometheus.addServicesLabels=true",
            "--metrics.prometheus.addRoutersLabels=true",
            "--ping.entryPoint=ping", f"--providers.file.filename={dynamic}", "--log.level=INFO",
            "--log.format=json", "--accessLog=true", "--accessLog.format=json",
            "--global.checkNewVersion=false", "--global.sendAnonymousUsage=false",
        ])
        _wait("traefik", lambda: _http_ok(f"http://127.0.0.1:{self.ports.traefik_ping}/ping"), 30, process,
              self.logs / "traefik.log")
        _wait("gateway routes", partial(_gateway_routes, self.gateway_url), 30, process, self.logs / "traefik.log")


    @property
    def prometheus_url(self) -> str | None:
        return f"http://127.0.0.1:{self.ports.prometheus}" if PROMETHEUS_BIN else None

    def _scrape_configs(self) -> list[dict[str, object]]:
        jobs: list[dict[str, object]] = [
            {"job_name": name, "static_configs": [{
                "targets": [self.service_url(name, r).removeprefix("http://") for r in range(self._replicas(name))],
                "labels": {"service": name}}]}
            for name in SERVICES]
        jobs.append({"job_name": "traefik",
                     "static_configs": [{"targets": [f"127.0.0.1:{self.ports.traefik_metrics}"]}]})
        return jobs

    def _start_prometheus(self) -> None:
        """Prometheus scraping the gateway and every service with the alert rules loaded (issue 21), when Debian's
        prometheus package is installed (deploy/local/install-system-packages.sh); without it the stack starts
        without and says so."""
        if not PROMETHEUS_BIN:
            _write_stderr("Prometheus is not installed (apt-get install prometheus): starting without metrics\n")
            return
        home = self.config.data_dir / "prometheus"
        home.mkdir(parents=True, exist_ok=True)
        config = {"global": {"scrape_interval": PROMETHEUS_SCRAPE_INTERVAL,
                             "evaluation_interval": PROMETHEUS_SCRAPE_INTERVAL},
                  "rule_files": [str(ALERT_RULES)], "scrape_configs": self._scrape_configs()}
        (home / "prometheus.yml").write_text(json.dumps(config, indent=2))  # JSON is YAML
        process = self._spawn("prometheus", [
            PROMETHEUS_BIN, f"--config.file={home / 'prometheus.yml'}", f"--storage.tsdb.path={home / 'data'}",
            f"--web.listen-address=127.0.0.1:{self.ports.prometheus}", "--storage.tsdb.retention.time=7d",
            "--log.format=json"])
        _wait("prometheus", lambda: _http_ok(f"{self.prometheus_url}/-/ready"), 60, process,
              self.logs / "prometheus.log")


def _summary(stack: Stack) -> str:
    p = stack.ports
    lines = [
        "", f"  Portal        {stack.gateway_url}", "",
        f"  Postgres      postgresql://postgres@127.0.0.1:{p.postgres}  (data {stack.config.data_dir / 'postgres'})",
        f"  NATS          nats://127.0.0.1:{p.nats}  (JetStream store {stack.config.data_dir / 'nats'})",
        f"  S3 storage    http://127.0.0.1:{p.s3}  (SeaweedFS, bucket '{S3_BUCKET}')",
    ]
    for name in SERVICES:
        urls = ", ".join(stack.service_url(name, r) for r in range(stack._replicas(name)))
        lines.append(f"  {name:<13} {urls}")
    lines.append(f"  Prometheus    {stack.prometheus_url}  (alert rules: {ALERT_RULES.relative_to(ROOT)})"
                 if stack.prometheus_url else "  Prometheus    not installed (apt-get install prometheus)")
    lines += [f"  Mail catcher  {stack.mail_url}  (SMTP 127.0.0.1:{p.mail_smtp}, messages in {stack.mail_dir})",
              f"  SK stand-in   {stack.sk_standin_url}  (OCSP /ocsp, time-stamps /tsa; demo signer, not SK)",
              f"  eID phone     {stack.sk_standin_url}/phone  (confirm or refuse Smart-ID and Mobile-ID requests)",
              f"  eID trust     trusted list {stack.eid_dir / 'trusted-list.xml'} (signer "
              f"{stack.eid_dir / 'trusted-list-signer.pem'}), CA certificates {stack.eid_dir / 'ca'}",
              f"  Logs          {stack.logs}", *_admin_second_factor(stack.config), "",
              "  Ctrl-C stops everything; data is kept.", ""]
    return "\n".join(lines)


def _admin_second_factor(config: StackConfig) -> list[str]:
    """The admin's authenticator entry when PORTAL_ADMIN_TOTP_SECRET enrolled it (issue 15); without it the
    admin sets up an authenticator app at the first sign-in."""
    if not (config.admin_username and config.admin_totp_secret):
        return []
    uri = (f"otpauth://totp/Shelf%20Board:{quote(config.admin_username)}?secret={config.admin_totp_secret}"
           "&issuer=Shelf%20Board")
    return [f"  Admin TOTP    secret {config.admin_totp_secret}  (add to an authenticator app: {uri})"]


def main() -> None:
    for key, value in _read_env_file(ROOT / ".env").items():
        os.environ.setdefault(key, value)
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data-dir", type=Path, default=Path(os.environ.get("PORTAL_DATA_DIR", ROOT / ".data")))
    parser.add_argument("--port-base", type=int, default=int(os.environ.get("PORTAL_PORT_BASE", "18000")))
    parser.add_argument("--gateway-port", type=int, default=int(os.environ.get("PORTAL_GATEWAY_PORT", "8080")))
    args = parser.parse_args()
    stack = Stack(StackConfig.from_env(args.data_dir, args.port_base, args.gateway_port))

    print("starting the portal ...", flush=True)
    # Also when started with SIGINT ignored (in the background of a script), and for SIGTERM.
    with interrupt_once():
        try:
            stack.start()
            print(_summary(stack), flush=True)
            while not (exited := [(n, p) for n, p, _ in stack.processes if p.poll() is not None]):
                time.sleep(0.5)
            for name, process in exited:
                print(f"{name} exited with {process.returncode}; see {stack.logs / (name + '.log')}", flush=True)
        except KeyboardInterrupt:
            pass
        finally:
            print("stopping ...", flush=True)
            stack.stop()
            print("stopped.", flush=True)


if __name__ == "__main__":
    main()
