"""What several deployment tests need: free local ports, each service's settings class, and
docker-compose.yml as compose reads it (interpolated from the example env file)."""

import importlib
import re
import socket
from pathlib import Path
from typing import Any

import yaml

from portal_common.settings import ServiceSettings

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = ROOT / "docker-compose.yml"
ENV_EXAMPLE = ROOT / "deploy/compose/portal.env.example"
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
    """The environment variables the service reads (DATABASE_URL is only the default each service renames)."""
    return {f.alias for f in settings_class(service).model_fields.values() if f.alias and f.alias != "DATABASE_URL"}


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
