"""Starts the whole portal on this machine: Postgres, NATS JetStream, SeaweedFS S3, the five services, the
built SPA and Traefik, all on 127.0.0.1 (design.md, Running it). `make run` and the test suite use it.

    python deploy/local/stack.py                 # the portal at http://localhost:8080, data under .data/
    python deploy/local/stack.py --port-base 28000 --gateway-port 28080 --data-dir .test-data/run

Ctrl-C stops everything; the data directory survives restarts.
"""

import argparse
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import IO

import httpx
import psycopg

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from gateway.render import RateLimit, Upstreams, write  # noqa: E402
from gateway.routes import SERVICES  # noqa: E402

BIN = Path(sys.executable).parent
POSTGRES_USER_WHEN_ROOT = "pgserver"  # postgres refuses to run as root
S3_BUCKET = "documents"


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
    def web(self) -> int:
        return self.base + 90

    @property
    def traefik_ping(self) -> int:
        return self.base + 91

    def service(self, name: str, replica: int = 0) -> int:
        return self.base + 101 + SERVICES.index(name) * 10 + replica

    def seaweed(self) -> dict[str, int]:
        # SeaweedFS puts each gRPC port at HTTP port + 10000; keep those clear of our range.
        return {"master.port": self.base + 40, "volume.port": self.base + 41, "filer.port": self.base + 42,
                "webdav.port": self.base + 43, "s3.port.iceberg": self.base + 44, "s3.port.lance": self.base + 45,
                "admin.port": self.base + 46, "s3.port": self.s3}


@dataclass
class StackConfig:
    data_dir: Path
    ports: Ports
    documents_replicas: int = 2
    rate_limit: RateLimit = field(default_factory=lambda: RateLimit(average=30, period="1m", burst=20))
    admin_username: str | None = None
    admin_password: str | None = None
    extra_env: dict[str, str] = field(default_factory=dict)

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
    """Secrets for this machine only, made once and kept beside the data they protect."""
    path = data_dir / "secrets.env"
    values = _read_env_file(path)
    if not values:
        values = {"PORTAL_ASSERTION_SECRET": secrets.token_urlsafe(48),
                  "S3_ACCESS_KEY": "portal-" + secrets.token_hex(4), "S3_SECRET_KEY": secrets.token_urlsafe(24)}
        path.write_text("".join(f"{k}={v}\n" for k, v in values.items()))
        path.chmod(0o600)
    return values


def _port_open(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(0.5)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def _wait(what: str, ready: Callable[[], bool], timeout: float, process: subprocess.Popen[bytes] | None = None,
          log: Path | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            tail = log.read_text()[-3000:] if log and log.exists() else ""
            raise RuntimeError(f"{what} exited with {process.returncode}\n{tail}")
        try:
            if ready():
                return
        except (httpx.HTTPError, OSError, psycopg.Error):
            pass
        time.sleep(0.2)
    tail = log.read_text()[-3000:] if log and log.exists() else ""
    raise RuntimeError(f"{what} was not ready within {timeout:.0f}s\n{tail}")


def _postgres_answers(url: str) -> bool:
    with psycopg.connect(url, connect_timeout=1):
        return True


def _http_ok(url: str) -> bool:
    return httpx.get(url, timeout=1).status_code == 200


class Stack:
    def __init__(self, config: StackConfig) -> None:
        self.config = config
        self.ports = config.ports
        self.logs = config.data_dir / "logs"
        self.processes: list[tuple[str, subprocess.Popen[bytes], IO[bytes]]] = []
        self.env: dict[str, str] = {}

    # ---- lifecycle -------------------------------------------------------------------------------
    def start(self) -> None:
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
            self._start_services()
            self._start_web()
            self._start_gateway()
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        for name, process, _ in reversed(self.processes):
            if process.poll() is None:
                process.send_signal(signal.SIGINT if name == "postgres" else signal.SIGTERM)
        for _, process, log in reversed(self.processes):
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            log.close()
        self.processes.clear()

    @property
    def gateway_url(self) -> str:
        return f"http://localhost:{self.ports.gateway}"

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
        env = {**os.environ, **_read_env_file(ROOT / ".env"), **_local_secrets(self.config.data_dir)}
        env.update({
            "PORTAL_NATS_URL": f"nats://127.0.0.1:{self.ports.nats}",
            "S3_ENDPOINT": f"127.0.0.1:{self.ports.s3}", "S3_SECURE": "false", "S3_BUCKET": S3_BUCKET,
            **{f"{s.upper()}_DATABASE_URL": self.database_url(s) for s in SERVICES},
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
        _wait("postgres", lambda: _postgres_answers(url), 60, process, log)

    def _start_nats(self) -> None:
        store = self.config.data_dir / "nats"
        process = self._spawn("nats", [str(BIN / "nats-server"), "-a", "127.0.0.1", "-p", str(self.ports.nats),
                                       "-js", "-sd", str(store)])
        _wait("nats", lambda: _port_open(self.ports.nats), 30, process, self.logs / "nats.log")

    def _start_seaweed(self) -> None:
        store = self.config.data_dir / "seaweedfs"
        store.mkdir(exist_ok=True)
        flags = [f"-{k}={v}" for k, v in self.ports.seaweed().items()]
        env = {**os.environ, "AWS_ACCESS_KEY_ID": self.env["S3_ACCESS_KEY"],
               "AWS_SECRET_ACCESS_KEY": self.env["S3_SECRET_KEY"]}
        process = self._spawn("seaweedfs", [str(BIN / "weed"), "mini", f"-dir={store}", "-ip=127.0.0.1",
                                            "-ip.bind=127.0.0.1", "-admin.ui=false", f"-bucket={S3_BUCKET}", *flags],
                              env=env)
        _wait("seaweedfs", lambda: _port_open(self.ports.s3), 60, process, self.logs / "seaweedfs.log")

    def _create_databases(self) -> None:
        url = f"postgresql://postgres@127.0.0.1:{self.ports.postgres}/postgres"
        with psycopg.connect(url, autocommit=True) as connection:
            existing = {row[0] for row in connection.execute("select datname from pg_database")}
            for name in SERVICES:
                if name not in existing:
                    connection.execute(f'create database "{name}"')

    def _migrate(self) -> None:
        running = [(name, subprocess.Popen([str(BIN / "python"), "-m", name, "migrate"], env=self.env, cwd=ROOT,
                                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)) for name in SERVICES]
        for name, process in running:
            output, _ = process.communicate()
            if process.returncode != 0:
                raise RuntimeError(f"migrations of {name} failed:\n{output.decode()[-3000:]}")

    def _ensure_admin(self) -> None:
        if self.config.admin_username and self.config.admin_password:
            env = {**self.env, "PORTAL_ADMIN_USERNAME": self.config.admin_username,
                   "PORTAL_ADMIN_PASSWORD": self.config.admin_password}
            subprocess.run([str(BIN / "python"), "-m", "identity", "ensure-admin"], env=env, cwd=ROOT, check=True,
                           capture_output=True)

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

    def _start_web(self) -> None:
        dist = ROOT / "web" / "dist"
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
        write(dynamic, upstreams, self.config.rate_limit)
        process = self._spawn("traefik", [
            str(BIN / "traefik"), f"--entryPoints.web.address=127.0.0.1:{self.ports.gateway}",
            # Traefik cuts a request body after 60 s by default; a large upload on a slow line needs longer.
            "--entryPoints.web.transport.respondingTimeouts.readTimeout=15m",
            f"--entryPoints.ping.address=127.0.0.1:{self.ports.traefik_ping}", "--ping=true",
            "--ping.entryPoint=ping", f"--providers.file.filename={dynamic}", "--log.level=INFO",
            "--log.format=json", "--accessLog=true", "--accessLog.format=json",
            "--global.checkNewVersion=false", "--global.sendAnonymousUsage=false",
        ])
        _wait("traefik", lambda: _http_ok(f"http://127.0.0.1:{self.ports.traefik_ping}/ping"), 30, process,
              self.logs / "traefik.log")
        # Routes are loaded a moment after the ping answers; /api/user answering 401 proves they are in place.
        _wait("gateway routes", lambda: httpx.get(f"{self.gateway_url}/api/user", timeout=1).status_code == 401,
              30, process, self.logs / "traefik.log")


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
    lines += [f"  Logs          {stack.logs}", "", "  Ctrl-C stops everything; data is kept.", ""]
    return "\n".join(lines)


def main() -> None:
    for key, value in _read_env_file(ROOT / ".env").items():
        os.environ.setdefault(key, value)
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data-dir", type=Path, default=Path(os.environ.get("PORTAL_DATA_DIR", ROOT / ".data")))
    parser.add_argument("--port-base", type=int, default=int(os.environ.get("PORTAL_PORT_BASE", "18000")))
    parser.add_argument("--gateway-port", type=int, default=int(os.environ.get("PORTAL_GATEWAY_PORT", "8080")))
    args = parser.parse_args()
    stack = Stack(StackConfig.from_env(args.data_dir, args.port_base, args.gateway_port))

    def interrupt(*_: object) -> None:
        raise KeyboardInterrupt

    for stop_signal in (signal.SIGINT, signal.SIGTERM):  # also when started with SIGINT ignored
        signal.signal(stop_signal, interrupt)
    print("starting the portal ...", flush=True)
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
