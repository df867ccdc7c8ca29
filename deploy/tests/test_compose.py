"""docker-compose.yml checked without a container engine (issue 7): the Compose Specification schema,
files it refers to, what is exposed, the order things start in, settings every service needs, and images
that match the binaries `make run` uses."""

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import check_jsonschema
import jsonschema
import pytest

from deploy.tests import support
from deploy.tests.support import ROOT, VARIABLE, example_env, interpolate, settings_class
from gateway.routes import SERVICES

SCHEMA = Path(check_jsonschema.__file__).parent / "builtin_schemas/vendor/compose-spec.json"
BIN = Path(sys.executable).parent
APP_CONTAINERS = (*SERVICES, "web")
SEAWEEDFS_SIGNING_KEYS = ["WEED_JWT_SIGNING_KEY", "WEED_JWT_SIGNING_READ_KEY", "WEED_JWT_FILER_SIGNING_KEY",
                          "WEED_JWT_FILER_SIGNING_READ_KEY"]
# The contract seal (issue 37): seal/seal.p12 beside .env, its folder mounted into contracts, its password in .env.
SEAL_FOLDER = "seal"
SEAL_MOUNT = "/run/secrets/contracts-seal"
SEAL_SETTINGS = ("CONTRACTS_SEAL_PKCS12_PATH", "CONTRACTS_SEAL_PKCS12_PASSWORD")
# SK's CA certificates and pinned TLS certificates for eID (issue 33; test_eid_deployment.py).
EID_FOLDERS = ("./eid/ca", "./eid/tls")


@pytest.fixture(scope="module")
def raw() -> dict[str, Any]:
    return support.raw_compose()


@pytest.fixture(scope="module")
def compose(raw: dict[str, Any]) -> dict[str, Any]:
    interpolated: dict[str, Any] = interpolate(raw, example_env())
    return interpolated


@pytest.fixture(scope="module")
def services(compose: dict[str, Any]) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = compose["services"]
    return found


def test_the_file_validates_against_the_compose_specification(raw: dict[str, Any],
                                                               compose: dict[str, Any]) -> None:
    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text()))
    for form in (raw, compose):
        errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(form)]
        assert errors == []


def _strings(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [text for item in value.values() for text in _strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in _strings(item)]
    return [value] if isinstance(value, str) else []


def test_every_required_variable_is_in_the_example_env_file(raw: dict[str, Any]) -> None:
    references = [m for text in _strings(raw) for m in VARIABLE.finditer(text)]
    used = {m["name"] for m in references}
    required = {m["name"] for m in references if m["op"] == "?"}
    example = example_env()
    assert used <= set(example), used - set(example)
    assert required == {k for k, v in example.items() if v == "change-me"}  # new-env.py fills exactly these
    with pytest.raises(KeyError, match="PORTAL_ASSERTION_SECRET"):
        interpolate(raw, {k: v for k, v in example.items() if k != "PORTAL_ASSERTION_SECRET"})


def test_new_env_writes_every_secret_fresh_and_private(tmp_path: Path) -> None:
    target = tmp_path / ".env"
    subprocess.run([sys.executable, str(ROOT / "deploy/compose/new-env.py"), "--output", str(target)], check=True,
                   capture_output=True)
    values = dict(line.split("=", 1) for line in target.read_text().splitlines() if "=" in line
                  and not line.startswith("#"))
    assert target.stat().st_mode & 0o777 == 0o600
    nats_passwords = [f"{s.upper()}_NATS_PASSWORD" for s in SERVICES]
    secrets = ["PORTAL_ASSERTION_SECRET", "PORTAL_DB_PASSWORD", "POSTGRES_PASSWORD", "S3_SECRET_KEY",
               *nats_passwords, *SEAWEEDFS_SIGNING_KEYS]
    assert all(len(values[key]) >= 32 for key in secrets)
    assert len({values[key] for key in secrets}) == len(secrets)
    # nats-server reads these as configuration values: anything but a letter first and then letters and
    # digits is refused, read as a number, or never matches.
    assert all(re.fullmatch(r"[A-Za-z][A-Za-z0-9]+", values[key]) for key in nats_passwords)
    again = subprocess.run([sys.executable, str(ROOT / "deploy/compose/new-env.py"), "--output", str(target)],
                           capture_output=True)
    assert again.returncode == 1  # never overwrites


def test_only_traefik_publishes_ports(services: dict[str, dict[str, Any]]) -> None:
    assert [name for name, service in services.items() if service.get("ports")] == ["traefik"]
    assert services["traefik"]["ports"] == ["80:8080", "443:8443"]


def test_traefik_metrics_are_on_an_entry_point_published_nowhere(services: dict[str, dict[str, Any]]) -> None:
    """Issue 21, Metrics: Traefik's Prometheus metrics on the entry point `metrics` (port 9100, as the PodMonitor of
    overlays/prometheus-operator expects), which no published port maps."""
    command = services["traefik"]["command"]
    assert {"--metrics.prometheus=true", "--metrics.prometheus.entryPoint=metrics",
            "--entryPoints.metrics.address=:9100"} <= set(command)
    assert not [port for port in services["traefik"]["ports"] if port.endswith(":9100")]


def test_files_it_builds_from_and_mounts_exist(services: dict[str, dict[str, Any]]) -> None:
    """Every file it mounts is in the repository; the folders the operator fills (the contract seal's, SK's
    certificates for eID, issue 33) need not be, as Docker makes them, and git never takes the seal."""
    for name, service in services.items():
        if "build" in service:
            assert (ROOT / service["build"]["context"] / service["build"]["dockerfile"]).is_file(), name
        for volume in service.get("volumes", []):
            if isinstance(volume, dict):
                assert volume["type"] == "bind" and volume["bind"]["create_host_path"] is True, name
                assert volume["source"] in (f"./{SEAL_FOLDER}", *EID_FOLDERS) and volume["read_only"] is True, name
                continue
            source = volume.split(":")[0]
            if source.startswith("."):
                assert (ROOT / source).is_file(), f"{name} mounts {source}"


@pytest.mark.parametrize("name", APP_CONTAINERS)
def test_each_part_is_built_from_its_dockerfile(services: dict[str, dict[str, Any]], name: str) -> None:
    """The five services from the one services/Dockerfile, told which by SERVICE (issue 12)."""
    build = {"context": ".", "dockerfile": "web/Dockerfile"} if name == "web" else \
        {"context": ".", "dockerfile": "services/Dockerfile", "args": {"SERVICE": name}}
    assert services[name]["build"] == build
    assert services[name]["image"] == f"shelf-board/{name}:latest"
    assert services[name]["read_only"] is True and services[name]["cap_drop"] == ["ALL"]


@pytest.mark.parametrize("name", SERVICES)
def test_services_start_after_their_migrations_and_the_broker(services: dict[str, dict[str, Any]],
                                                               name: str) -> None:
    service, migration = services[name], services[f"{name}-migrate"]
    assert service["depends_on"] == {f"{name}-migrate": {"condition": "service_completed_successfully"},
                                     "nats": {"condition": "service_healthy"}}
    assert migration["depends_on"] == {"postgres": {"condition": "service_healthy"}}
    assert migration["image"] == service["image"] and migration["build"] == service["build"]
    assert f"python -m {name} migrate" in " ".join(migration["command"])
    assert migration["restart"] == "no"
    # The same settings, but for the admin identity's migration makes and the seal, which only contracts itself uses.
    assert {k: v for k, v in migration["environment"].items() if not k.startswith("PORTAL_ADMIN")} \
        == {k: v for k, v in service["environment"].items() if k not in SEAL_SETTINGS}


@pytest.mark.parametrize("name", SERVICES)
def test_each_service_gets_every_setting_it_requires(services: dict[str, dict[str, Any]], name: str) -> None:
    required = {field.alias for field in settings_class(name).model_fields.values() if field.is_required()}
    environment = services[name]["environment"]
    assert required <= set(environment), required - set(environment)
    database_url = environment[f"{name.upper()}_DATABASE_URL"]
    assert database_url == f"postgresql://portal@postgres:5432/{name}"  # the password comes from PGPASSWORD
    assert environment["PGPASSWORD"] == "change-me"
    assert environment["PORTAL_NATS_URL"] == "nats://nats:4222"
    # Its own NATS user (by default its name) and password, and no other service's.
    assert {key for key in environment if key.endswith(("_NATS_USER", "_NATS_PASSWORD"))} == \
        {f"{name.upper()}_NATS_PASSWORD"}
    assert settings_class(name).model_fields["nats_user"].default == name  # the user nats-users.conf names


def test_nats_knows_every_services_password_and_reads_the_shared_users_file(
        services: dict[str, dict[str, Any]]) -> None:
    nats = services["nats"]
    assert nats["environment"] == {f"{s.upper()}_NATS_PASSWORD": "change-me" for s in SERVICES}
    assert "./deploy/k8s/base/nats-users.conf:/etc/nats/nats-users.conf:ro" in nats["volumes"]
    assert nats["command"][:2] == ["--config", "/etc/nats/nats-users.conf"]


def test_only_seaweedfs_holds_its_signing_keys(services: dict[str, dict[str, Any]]) -> None:
    holders = {name for name, service in services.items() if "WEED_JWT_SIGNING_KEY" in service.get("environment", {})}
    assert holders == {"seaweedfs"}
    assert set(SEAWEEDFS_SIGNING_KEYS) <= set(services["seaweedfs"]["environment"])


def test_only_the_documents_service_holds_the_storage_keys(services: dict[str, dict[str, Any]]) -> None:
    holders = {name for name in SERVICES if "S3_SECRET_KEY" in services[name]["environment"]}
    assert holders == {"documents"}


def test_only_notifications_holds_the_smtp_settings_and_reaches_out_for_its_relay(
        raw: dict[str, Any], compose: dict[str, Any], services: dict[str, dict[str, Any]]) -> None:
    """Issue 14: the notifications service sends through the SMTP relay named in .env, which it reaches through
    the edge network (the backend network has no way out); without a relay the deployment still starts, so
    nothing about the relay is required, and new-env.py leaves its password to the operator."""
    holders = {name for name, service in services.items()
               if any(key.startswith("NOTIFICATIONS_SMTP_") for key in service.get("environment", {}))}
    assert holders == {"notifications", "notifications-migrate"}
    smtp = {key: value for key, value in raw["services"]["notifications"]["environment"].items()
            if key.startswith("NOTIFICATIONS_SMTP_")}
    assert set(smtp) == {f"NOTIFICATIONS_SMTP_{k}" for k in ("HOST", "PORT", "TLS", "USER", "PASSWORD")}
    assert all(f"${{{key}:-" in value for key, value in smtp.items())  # each from .env, none required
    assert example_env()["NOTIFICATIONS_SMTP_PASSWORD"] == ""
    assert "edge" in services["notifications"]["networks"] and not compose["networks"]["edge"].get("internal")
    environment = {**services["notifications"]["environment"], "PORTAL_ASSERTION_SECRET": "s" * 32}
    settings = settings_class("notifications")(_env_file=None, **environment)  # the values parse
    assert (settings.smtp_port, settings.smtp_tls) == (587, "starttls")


def test_contracts_mounts_the_seal_and_reads_its_path_and_password(raw: dict[str, Any],
                                                                    services: dict[str, dict[str, Any]]) -> None:
    """Issue 37: the seal's folder beside .env is mounted read-only into the contracts container alone, the path
    setting names seal.p12 in it and the password comes from .env. Nothing of it is required, so a fresh
    `docker compose up` starts without a seal (Docker makes the empty folder; the service then logs that PDFs go
    out unsealed, services/contracts/tests/test_seal_at_start.py), and new-env.py leaves the password empty."""
    contracts = services["contracts"]
    assert [v for v in contracts["volumes"] if v["source"] not in EID_FOLDERS] == [
        {"type": "bind", "source": f"./{SEAL_FOLDER}", "target": SEAL_MOUNT, "read_only": True,
         "bind": {"create_host_path": True}}]
    environment = raw["services"]["contracts"]["environment"]
    assert environment["CONTRACTS_SEAL_PKCS12_PATH"] == f"{SEAL_MOUNT}/seal.p12"
    assert environment["CONTRACTS_SEAL_PKCS12_PASSWORD"] == "${CONTRACTS_SEAL_PKCS12_PASSWORD:-}"
    assert example_env()["CONTRACTS_SEAL_PKCS12_PASSWORD"] == ""
    # Only the contracts container has the seal: not its migration, no other service.
    def mounts_the_seal(service: dict[str, Any]) -> bool:
        return any(isinstance(v, dict) and v["source"] == f"./{SEAL_FOLDER}" for v in service.get("volumes", []))

    holders = {name for name, service in services.items()
               if set(SEAL_SETTINGS) & set(service.get("environment", {})) or mounts_the_seal(service)}
    assert holders == {"contracts"}
    # The values parse as the service reads them, and it looks for the file inside the mounted folder.
    settings = settings_class("contracts")(_env_file=None, **{**contracts["environment"],
                                                             "PORTAL_ASSERTION_SECRET": "s" * 32,
                                                             "CONTRACTS_SEAL_PKCS12_PASSWORD": "a password"})
    assert Path(settings.seal_pkcs12_path).parent == Path(SEAL_MOUNT)
    assert settings.seal_pkcs12_password.get_secret_value() == "a password"
    # What the operator puts there never reaches git nor an image's build context.
    ignored = subprocess.run(["git", "check-ignore", "-q", f"{SEAL_FOLDER}/seal.p12"], cwd=ROOT)
    assert ignored.returncode == 0, f"git would take {SEAL_FOLDER}/seal.p12"


def test_documents_run_two_replicas_by_default(services: dict[str, dict[str, Any]]) -> None:
    assert services["documents"]["deploy"]["replicas"] == "2"


def test_data_stores_are_on_an_internal_network(compose: dict[str, Any],
                                                services: dict[str, dict[str, Any]]) -> None:
    assert compose["networks"]["backend"]["internal"] is True
    for name in ("postgres", "nats"):
        assert services[name]["networks"] == ["backend"]
    assert services["traefik"]["networks"] == ["edge"]
    # Storage, whose gRPC ports take no credentials, shares a network with the documents containers alone.
    assert compose["networks"]["storage"]["internal"] is True
    for name in ("seaweedfs", "minio"):
        assert services[name]["networks"] == ["storage"]
    assert {name for name, service in services.items() if "storage" in service.get("networks", [])} == \
        {"seaweedfs", "minio", "documents", "documents-migrate"}


def test_seaweedfs_is_the_default_store_and_minio_an_opt_in_profile(services: dict[str, dict[str, Any]]) -> None:
    assert "profiles" not in services["seaweedfs"]
    assert services["minio"]["profiles"] == ["minio"]
    assert services["documents"]["environment"]["S3_ENDPOINT"] == "seaweedfs:8333"
    assert "-bucket=documents" in services["seaweedfs"]["command"]


def test_traefik_reads_the_generated_routes(services: dict[str, dict[str, Any]]) -> None:
    traefik = services["traefik"]
    assert "./deploy/compose/traefik/dynamic.yml:/etc/traefik/dynamic.yml:ro" in traefik["volumes"]
    assert "--providers.file.filename=/etc/traefik/dynamic.yml" in traefik["command"]
    routes = json.loads((ROOT / "deploy/compose/traefik/dynamic.yml").read_text().split("\n", 1)[1])
    for name, upstream in routes["http"]["services"].items():
        host = upstream["loadBalancer"]["servers"][0]["url"].split("//")[1].split(":")[0]
        assert host in services and "edge" in services[host]["networks"], name


def _version(command: list[str], pattern: str) -> str:
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    found = re.search(pattern, output)
    assert found is not None, output
    return found.group(1)


def test_images_are_the_versions_the_local_stack_runs(services: dict[str, dict[str, Any]]) -> None:
    from pgserver._commands import POSTGRES_BIN_PATH
    traefik = _version([str(BIN / "traefik"), "version"], r"Version:\s+(\S+)")
    nats = _version([str(BIN / "nats-server"), "--version"], r" v(\d\S+)")
    weed = _version([str(BIN / "weed"), "version"], r"version \S+ (\S+)")
    postgres_major = _version([str(POSTGRES_BIN_PATH / "postgres"), "--version"], r"\) (\d+)\.")
    assert services["traefik"]["image"] == f"traefik:v{traefik}"
    assert services["nats"]["image"] == f"nats:{nats}-alpine"
    assert services["seaweedfs"]["image"] == f"chrislusf/seaweedfs:{weed}"
    assert services["postgres"]["image"] == f"postgres:{postgres_major}-alpine"
