"""What several deployment tests need: free local ports, each service's settings class, docker-compose.yml
as compose reads it (interpolated from the example env file), and SeaweedFS's signed tokens."""

import base64
import hashlib
import hmac
import importlib
import json
import re
import socket
import time
from pathlib import Path
from typing import Any

import httpx
import yaml

from portal_common.settings import ServiceSettings

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = ROOT / "docker-compose.yml"
ENV_EXAMPLE = ROOT / "deploy/compose/portal.env.example"
# Services whose NATS user may publish nothing at all (deploy/k8s/base/nats-users.conf): the audit store only reads
# the stream (issue 15).
READS_ONLY = frozenset({"audit"})
VARIABLE = re.compile(r"\$\{(?P<name>[A-Z0-9_]+)(?::?(?P<op>[-?])(?P<arg>[^}]*))?\}")


def free_ports(count: int) -> list[int]:
    """Ports nobody listens on now, all different (held open together while they are picked)."""
    sockets = [socket.socket() for _ in range(count)]
    try:
        for sock in sockets:
            sock.bind(("127.0.0.1", 0))
        return [int(sock.getsockname()[1]) for sock in sockets]
    finally:
        for sock in sockets:
            sock.close()


def free_port() -> int:
    [port] = free_ports(1)
    return port


def settings_class(service: str) -> type[ServiceSettings]:
    module = importlib.import_module(f"{service}.config")
    [settings] = [value for value in vars(module).values() if isinstance(value, type)
                  and issubclass(value, ServiceSettings) and value is not ServiceSettings]
    return settings


def setting_aliases(service: str) -> set[str]:
    """The environment variables the service reads (DATABASE_URL is only the default each service renames), with
    those of the shared settings its config module names in EID_SETTINGS (portal_eid's Smart-ID and Mobile-ID
    clients, issue 33)."""
    own = {f.alias for f in settings_class(service).model_fields.values() if f.alias and f.alias != "DATABASE_URL"}
    shared = getattr(importlib.import_module(f"{service}.config"), "EID_SETTINGS", ())
    return own | {f.alias for cls in shared for f in cls.model_fields.values() if f.alias}


def example_env() -> dict[str, str]:
    pairs = (line.split("=", 1) for line in ENV_EXAMPLE.read_text().splitlines()
             if "=" in line and not line.startswith("#"))
    return {key: value for key, value in pairs}


def interpolate(value: Any, env: dict[str, str]) -> Any:
    """Compose's ${NAME}, ${NAME:-default} and ${NAME:?error}, strictly: an unset required name fails."""
    if isinstance(value, dict):
        return {key: interpolate(item, env) for key, item in value.items()}
    if isinstance(value, list):
        return [interpolate(item, env) for item in value]
    if not isinstance(value, str):
        return value

    def substitute(match: re.Match[str]) -> str:
        name, op, arg = match["name"], match["op"], match["arg"] or ""
        if env.get(name):
            return env[name]
        if op == "?":
            raise KeyError(f"{name}: {arg}")
        return arg if op == "-" else ""

    return VARIABLE.sub(substitute, value)


def raw_compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(COMPOSE.read_text())  # resolves the x- anchors and << merges
    return loaded


def compose() -> dict[str, Any]:
    """docker-compose.yml with the example env file's values, as `docker compose config` would show it."""
    interpolated: dict[str, Any] = interpolate(raw_compose(), example_env())
    return interpolated


def seaweedfs_jwt(key: str, **claims: object) -> str:
    """An HS256 token as SeaweedFS's components sign them for each other (weed/security/jwt.go)."""
    def encoded(data: bytes) -> str:
        return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

    header = encoded(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
    body = encoded(json.dumps({"exp": int(time.time()) + 60, **claims}).encode())
    signature = hmac.new(key.encode(), f"{header}.{body}".encode(), hashlib.sha256).digest()
    return f"{header}.{body}.{encoded(signature)}"


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def seaweedfs_file(filer_port: int, volume_port: int, path: str, keys: dict[str, str]) -> tuple[str, str, bytes]:
    """Where SeaweedFS keeps a stored object: its filer URL, the volume-server URL of its one chunk, and that
    chunk, fetched with tokens signed with SeaweedFS's own keys (WEED_JWT_*), which proves it runs with them."""
    filer = f"http://127.0.0.1:{filer_port}{path}"
    entry = httpx.get(filer, params={"metadata": "true"}, timeout=5,
                      headers=bearer(seaweedfs_jwt(keys["WEED_JWT_FILER_SIGNING_READ_KEY"])))
    assert entry.status_code == 200, entry.text
    [chunk] = entry.json()["chunks"]
    volume = f"http://127.0.0.1:{volume_port}/{chunk['file_id']}"
    signed = httpx.get(volume, timeout=5,
                       headers=bearer(seaweedfs_jwt(keys["WEED_JWT_SIGNING_READ_KEY"], fid=chunk["file_id"])))
    assert signed.status_code == 200, signed.text
    return filer, volume, signed.content


def assert_refused_without_seaweedfs_keys(filer: str, volume: str, content: bytes) -> None:
    """Issue 11, Closed internals: neither the filer nor the volume server hands the file out without a token
    signed with SeaweedFS's keys, whether the token is missing or signed with a guessed key."""
    fid = volume.rsplit("/", 1)[1]
    for url in (filer, f"{filer}?metadata=true", volume, f"{volume}?readDeleted=true"):
        for headers in ({}, bearer(seaweedfs_jwt("a-guessed-key", fid=fid))):
            answer = httpx.get(url, headers=headers, timeout=5)
            assert answer.status_code in (401, 403), f"{url}: {answer.status_code}"
            assert content[:1000] not in answer.content
