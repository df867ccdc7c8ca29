"""The container images, checked without a container engine: the Dockerfiles' final stages (non-root, health
check, no build tools), that everything they COPY exists and survives .dockerignore, and that each service's
wheel (what the image installs, non-editable) carries every file of its package, migrations, templates and
fonts included. A file left out of package data would only be missed at run time, in the container.

The five services are built from one Dockerfile, services/Dockerfile, with the build argument SERVICE
(issue 12: one parameterised Dockerfile instead of five near-copies); every check of a service image reads
it as Docker does for that service, build arguments in scope substituted."""

import ast
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import tomllib
import zipfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, HTTPServer
from importlib import metadata
from pathlib import Path

import pytest
from dockerfile_parse import DockerfileParser
from packaging.requirements import Requirement

from gateway.routes import SERVICES

ROOT = Path(__file__).resolve().parents[2]
PYTHON_BASE = "python:3.11-slim-bookworm"
SERVICE_DOCKERFILE = ROOT / "services" / "Dockerfile"


@dataclass(frozen=True)
class Image:
    dockerfile: Path
    port: int  # the one its final stage exposes
    build_args: Mapping[str, str] = field(default_factory=dict)


IMAGES = {**{name: Image(SERVICE_DOCKERFILE, 8000, {"SERVICE": name}) for name in SERVICES},
          "web": Image(ROOT / "web" / "Dockerfile", 8080)}
# Tracked files .dockerignore may leave out: tests, which run from the repository and never in an image.
NOT_FOR_IMAGES = ("services/*/tests", "web/e2e")
BUILD_TOOLS = re.compile(r"\b(gcc|g\+\+|cc|clang|make|build-essential|build-base|python3?-dev|libc6?-dev|musl-dev)\b")


@dataclass(frozen=True)
class Instruction:
    name: str
    value: str


# Where Docker substitutes build arguments while building (RUN through its shell); not in CMD or HEALTHCHECK,
# which run in the container, where build arguments are gone.
BUILD_TIME = {"ADD", "COPY", "ENV", "EXPOSE", "LABEL", "RUN", "STOPSIGNAL", "USER", "VOLUME", "WORKDIR"}


def substitute(value: str, args: Mapping[str, str]) -> str:
    return re.sub(r"\$\{(\w+)\}|\$(\w+)", lambda m: args.get(m[1] or m[2], m[0]), value)


def stages(dockerfile: Path, build_args: Mapping[str, str] | None = None) -> list[list[Instruction]]:
    """The Dockerfile's stages, each starting with its FROM. Given build arguments, those each stage declares
    (an ARG is visible only in the stage that declares it) are substituted where Docker substitutes them;
    without, the text is left as written."""
    parser = DockerfileParser(path=str(dockerfile))
    result: list[list[Instruction]] = []
    in_scope: dict[str, str] = {}
    for item in parser.structure:
        name, value = item["instruction"], item["value"]
        if name == "FROM":
            result.append([])
            in_scope = {}
        elif name not in ("COMMENT", "ARG") and not result:
            raise AssertionError(f"{dockerfile}: {name} before the first FROM")
        elif name == "ARG" and result:
            key, _, default = value.partition("=")
            in_scope[key] = (build_args or {}).get(key, default)
        elif name in BUILD_TIME and build_args is not None:
            value = substitute(value, in_scope)
        if result:
            result[-1].append(Instruction(name, value))
    return result


def image_stages(image: str) -> list[list[Instruction]]:
    return stages(IMAGES[image].dockerfile, IMAGES[image].build_args)


def final_stage(image: str) -> list[Instruction]:
    return image_stages(image)[-1]


def image_env(image: str) -> dict[str, str]:
    """The final stage's environment, as the container starts with it."""
    parser = DockerfileParser(path=str(IMAGES[image].dockerfile), build_args=dict(IMAGES[image].build_args))
    return dict(parser.envs)


def values(stage: list[Instruction], name: str) -> list[str]:
    return [i.value for i in stage if i.name == name]


def copy_sources(image: str) -> list[str]:
    """The build-context sources of every COPY/ADD (not those copied from another stage)."""
    sources = []
    for stage in image_stages(image):
        for instruction in stage:
            if instruction.name not in ("COPY", "ADD"):
                continue
            words = instruction.value.split()
            if any(word.startswith("--from=") for word in words):
                continue
            sources += [word for word in words if not word.startswith("--")][:-1]
    return sources


# --- .dockerignore, as Docker reads it: paths relative to the context root, `*` within one path segment,
# `**` any number of segments, and a matching directory excludes everything under it. No `!` exceptions.

def dockerignore_patterns() -> list[str]:
    lines = (line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines())
    patterns = [line.strip("/") for line in lines if line and not line.startswith("#")]
    assert not [p for p in patterns if p.startswith("!")], "the matcher below does not handle `!` exceptions"
    return patterns


def _matches(pattern: list[str], path: list[str]) -> bool:
    if not pattern:
        return not path
    if pattern[0] == "**":
        return any(_matches(pattern[1:], path[i:]) for i in range(len(path) + 1))
    return bool(path) and fnmatch.fnmatchcase(path[0], pattern[0]) and _matches(pattern[1:], path[1:])


def matches(pattern: str, path: str) -> bool:
    """Whether the pattern matches the path or one of the directories it is in."""
    parts = path.strip("/").split("/")
    return any(_matches(pattern.split("/"), parts[:n]) for n in range(1, len(parts) + 1))


def ignored(path: str, patterns: list[str]) -> bool:
    return any(matches(pattern, path) for pattern in patterns)


def context_files(under: str) -> list[str]:
    """The files under a folder that reach the build context: what is there, less what .dockerignore drops."""
    patterns = dockerignore_patterns()
    kept = []
    for folder, dirs, files in os.walk(ROOT / under):
        relative = Path(folder).relative_to(ROOT).as_posix()
        dirs[:] = [d for d in dirs if not ignored(f"{relative}/{d}", patterns)]
        kept += [f"{relative}/{f}" for f in files if not ignored(f"{relative}/{f}", patterns)]
    return kept


def tracked_files(under: str) -> list[str]:
    output = subprocess.run(["git", "ls-files", "-z", "--", under], cwd=ROOT, check=True, capture_output=True).stdout
    return [name for name in output.decode().split("\0") if name]


# --- the Dockerfiles --------------------------------------------------------------------------------------

def test_every_service_and_the_web_have_a_dockerfile() -> None:
    assert set(SERVICES) <= set(IMAGES)
    for image in IMAGES.values():
        assert image.dockerfile.is_file(), image.dockerfile
        assert len(stages(image.dockerfile)) >= 2, f"{image.dockerfile}: not multi-stage"


def test_the_services_share_one_dockerfile() -> None:
    """One recipe, so the images cannot drift apart (issue 12); compose and the guide build from it."""
    assert sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "services").glob("**/Dockerfile")) \
        == ["services/Dockerfile"]
    guide = (ROOT / "deploy/README.md").read_text()
    assert "docker build -f services/Dockerfile --build-arg SERVICE=$s -t $REGISTRY/$s:$TAG ." in guide


@pytest.mark.parametrize("name", SERVICES)
def test_each_stage_declares_the_build_arguments_it_uses(name: str) -> None:
    """A stage that uses ${SERVICE} without its own `ARG SERVICE` would build with an empty name."""
    for stage in image_stages(name):
        for instruction in stage:
            if instruction.name in BUILD_TIME:
                assert not re.search(r"\$\{?SERVICE\b", instruction.value), instruction
    assert f'org.opencontainers.image.title="portal-{name}"' in " ".join(values(final_stage(name), "LABEL"))


@pytest.mark.parametrize(("service", "accepted"), [*((name, True) for name in SERVICES),
                                                   ("", False), ("common", False), ("..", False),
                                                   ("identity/../..", False)])
def test_the_service_dockerfile_builds_only_a_service(service: str, accepted: bool) -> None:
    """Without the check a missing or misspelt SERVICE would COPY services/ whole and fail later in pip."""
    (check,) = [i.value for i in stages(SERVICE_DOCKERFILE)[0] if i.name == "RUN" and "case" in i.value]
    # As Docker runs it: the build argument in the environment of the build stage's shell.
    result = subprocess.run(["sh", "-c", check], env={"PATH": os.environ["PATH"], "SERVICE": service},
                            capture_output=True, timeout=10)
    assert (result.returncode == 0) == accepted, result.stderr.decode()
    if not accepted:
        assert b"--build-arg SERVICE=" in result.stderr


@pytest.mark.parametrize("image", IMAGES)
def test_final_stage_runs_as_a_numeric_non_root_user(image: str) -> None:
    users = values(final_stage(image), "USER")
    assert users, "no USER in the final stage: it would run as root"
    # Numeric, so Kubernetes' runAsNonRoot can verify it without reading the image's /etc/passwd.
    match = re.fullmatch(r"(\d+)(?::(\d+))?", users[-1])
    assert match, f"USER {users[-1]} is not numeric"
    assert int(match[1]) != 0 and (match[2] is None or int(match[2]) != 0)


@pytest.mark.parametrize("image", IMAGES)
def test_final_stage_exposes_its_port_with_a_health_check_and_a_command(image: str) -> None:
    stage = final_stage(image)
    port = IMAGES[image].port
    assert str(port) in " ".join(values(stage, "EXPOSE")).split()
    healthchecks = values(stage, "HEALTHCHECK")
    assert len(healthchecks) == 1 and f"http://127.0.0.1:{port}/healthz" in healthchecks[0]
    assert "curl" not in healthchecks[0], "neither base image ships curl"
    if image != "web":  # nginx's image brings its command
        assert len(values(stage, "CMD")) == 1


@pytest.mark.parametrize("image", IMAGES)
def test_final_stage_has_no_build_tools(image: str) -> None:
    for run in values(final_stage(image), "RUN"):
        assert not re.search(r"\bpip3?\b|\bnpm\b", run), f"installs packages in the final stage: {run}"
        if re.search(r"apt-get install|apt install|apk add", run):
            assert not BUILD_TOOLS.search(run), f"build tools in the final stage: {run}"


@pytest.mark.parametrize("image", IMAGES)
def test_copy_sources_exist_and_survive_dockerignore(image: str) -> None:
    patterns = dockerignore_patterns()
    sources = copy_sources(image)
    assert sources
    for source in sources:
        assert (ROOT / source).exists(), f"COPY {source}: not in the repository"
        assert not ignored(source, patterns), f"COPY {source}: excluded by .dockerignore"
        assert (ROOT / source).is_file() or context_files(source), f"COPY {source}: nothing to copy"
        dropped = [f for f in tracked_files(source)
                   if ignored(f, patterns) and not any(matches(p, f) for p in NOT_FOR_IMAGES)]
        assert not dropped, f"COPY {source}: .dockerignore drops {dropped}"


@pytest.mark.parametrize("path", [".git/config", ".env", "services/identity/.env", ".venv/bin/python",
                                  "web/node_modules/react/index.js", "web/dist/index.html", ".data/secrets.env",
                                  ".test-data/stack-28000/logs/web.log", "services/identity/identity/__pycache__/x.pyc",
                                  "services/identity/portal_identity.egg-info/PKG-INFO", "screenshots/a.png",
                                  "services/identity/build/lib/identity/main.py", "seal/seal.p12", "seal.p12",
                                  "deploy/k8s/my-overlay/seal.p12"])
def test_dockerignore_keeps_local_state_and_secrets_out(path: str) -> None:
    assert ignored(path, dockerignore_patterns())


@pytest.mark.parametrize("path", ["services/identity/identity/main.py", ".env.example", "constraints.txt",
                                  "services/contracts/contracts/templates/employment_contract.et.json",
                                  "web/src/main.tsx", "web/src/features/auth/contract-document.test.ts"])
def test_dockerignore_matcher_keeps_sources(path: str) -> None:
    assert not ignored(path, dockerignore_patterns())


@pytest.mark.parametrize("name", SERVICES)
def test_service_image_installs_the_service_into_a_venv_from_the_same_base(name: str) -> None:
    build, final = image_stages(name)[0], image_stages(name)[-1]
    # The venv's python is a link to the base image's interpreter: both stages need the same one.
    assert values(build, "FROM")[0].split()[0] == values(final, "FROM")[0] == PYTHON_BASE
    installs = [run for run in values(build, "RUN") if "pip install" in run]
    assert len(installs) == 1
    install = installs[0].split()
    assert "-e" not in install and "--editable" not in install, "an editable install needs the source tree"
    assert "-c" in install and install[install.index("-c") + 1] == "constraints.txt"
    assert {"./services/common", f"./services/{name}"} <= set(install)
    # Only the venv reaches the runtime stage: no sources, no caches.
    copies = values(final, "COPY")
    assert copies and all(c.split() == ["--from=build", "/opt/venv", "/opt/venv"] for c in copies)
    env = " ".join(values(final, "ENV"))
    for setting in ("PATH=/opt/venv/bin:$PATH", "PYTHONUNBUFFERED=1", "PYTHONDONTWRITEBYTECODE=1"):
        assert setting in env
    assert values(final, "WORKDIR") == ["/app"]


def started_command(image: str, tmp_path: Path) -> list[str]:
    """What the image's CMD starts, run by the shell with the image's environment and a stand-in uvicorn
    that reports its arguments. The stand-in must have the shell's process id: `exec`, so that uvicorn is
    PID 1 in the container and the stop signal reaches it."""
    command = json.loads(values(final_stage(image), "CMD")[0])
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "uvicorn").write_text(f"#!{sys.executable}\n"
                                     "import json, os, sys\nprint(json.dumps([os.getpid(), sys.argv[1:]]))\n")
    (bin_dir / "uvicorn").chmod(0o755)
    env = {**image_env(image), "PATH": f"{bin_dir}:/usr/bin:/bin"}
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    output, errors = process.communicate(timeout=30)
    assert process.returncode == 0, errors.decode()
    pid, arguments = json.loads(output)
    assert pid == process.pid, "the command does not exec uvicorn"
    return ["uvicorn", *arguments]


@pytest.mark.parametrize("name", SERVICES)
def test_service_command_is_uvicorn_serving_the_services_app(name: str, tmp_path: Path) -> None:
    command = started_command(name, tmp_path)
    assert command[:2] == ["uvicorn", f"{name}.main:app"]
    options = command[2:]
    assert options[options.index("--host") + 1] == "0.0.0.0"  # noqa: S104 - inside its container
    assert options[options.index("--port") + 1] == "8000"
    assert "--proxy-headers" in options and options[options.index("--forwarded-allow-ips") + 1] == "*"
    assert "--no-access-log" in options
    main = ROOT / "services" / name / name / "main.py"
    assigned = {target.id for node in ast.parse(main.read_text()).body if isinstance(node, ast.Assign)
                for target in node.targets if isinstance(target, ast.Name)}
    assert "app" in assigned, f"{main} defines no module-level app"
    assert (ROOT / "services" / name / name / "__main__.py").is_file(), f"no `python -m {name} migrate`"


class _Health(BaseHTTPRequestHandler):
    status = 200

    def do_GET(self) -> None:
        self.send_response(self.status if self.path == "/healthz" else 404)
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(params=[200, 503], ids=["healthy", "unhealthy"])
def health_server(request: pytest.FixtureRequest) -> Iterator[tuple[int, int]]:
    handler = type("Handler", (_Health,), {"status": request.param})
    server = HTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    yield server.server_address[1], request.param
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("name", SERVICES)
def test_service_health_check_fails_unless_healthz_answers(name: str, health_server: tuple[int, int]) -> None:
    port, status = health_server
    healthcheck = values(final_stage(name), "HEALTHCHECK")[0]
    command = json.loads(healthcheck[healthcheck.index("CMD") + len("CMD"):].strip())
    assert command[:2] == ["python", "-c"]
    code = command[2].replace("127.0.0.1:8000", f"127.0.0.1:{port}")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=10)
    assert (result.returncode == 0) == (status == 200), result.stderr.decode()


# --- the wheels the images install --------------------------------------------------------------------

PACKAGES = {"common": "portal_common", "eid": "portal_eid", **{name: name for name in SERVICES}}


@pytest.fixture(scope="module")
def wheels(tmp_path_factory: pytest.TempPathFactory) -> dict[str, zipfile.ZipFile]:
    """Each package's wheel, built as the image's `pip install` builds it: from what .dockerignore lets into
    the context (no stale build/ or egg-info), not editable. Built side by side to keep the file fast."""
    base = tmp_path_factory.mktemp("wheels")
    builds = {}
    for folder in PACKAGES:
        source = f"services/{folder}"
        context = base / "context" / folder
        for name in context_files(source):
            target = context / Path(name).relative_to(source)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target)
        out = base / "wheels" / folder
        builds[folder] = subprocess.Popen(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(context)],
            env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    result = {}
    for folder, process in builds.items():
        output, _ = process.communicate(timeout=120)
        assert process.returncode == 0, output.decode()
        (wheel,) = (base / "wheels" / folder).glob("*.whl")
        result[folder] = zipfile.ZipFile(wheel)
    return result


@pytest.mark.parametrize("folder", PACKAGES)
def test_wheel_carries_every_file_of_the_package(folder: str, wheels: dict[str, zipfile.ZipFile]) -> None:
    package = PACKAGES[folder]
    prefix = f"services/{folder}/"
    expected = {name.removeprefix(prefix) for name in context_files(f"{prefix}{package}")}
    assert f"{package}/__init__.py" in expected
    missing = expected - set(wheels[folder].namelist())
    assert not missing, f"left out of the wheel (add to package-data in {prefix}pyproject.toml): {sorted(missing)}"


@pytest.mark.parametrize("name", SERVICES)
def test_wheel_carries_the_migrations(name: str, wheels: dict[str, zipfile.ZipFile]) -> None:
    files = set(wheels[name].namelist())
    assert {f"{name}/__main__.py", f"{name}/main.py", f"{name}/migrations/env.py",
            f"{name}/migrations/script.py.mako"} <= files
    versions = [f for f in files if re.fullmatch(rf"{name}/migrations/versions/\w+\.py", f)]
    assert versions, "no migration versions in the wheel"


def test_contracts_wheel_carries_the_contract_templates(wheels: dict[str, zipfile.ZipFile]) -> None:
    templates = sorted(f for f in wheels["contracts"].namelist() if fnmatch.fnmatch(f, "contracts/templates/*.json"))
    assert templates == ["contracts/templates/board_consent.en.json",
                         "contracts/templates/board_consent.et.json",
                         "contracts/templates/employment_contract.en.json",
                         "contracts/templates/employment_contract.et.json",
                         "contracts/templates/resignation.en.json",
                         "contracts/templates/resignation.et.json"]
    for template in templates:
        carried = json.loads(wheels["contracts"].read(template))
        assert carried["sections"] if "employment_contract" in template else carried


def test_contracts_wheel_carries_the_pdf_fonts_and_their_licence(wheels: dict[str, zipfile.ZipFile]) -> None:
    """The PDF's fonts ship with the package, not borrowed from another one (issue 12: reportlab)."""
    fonts = sorted(f for f in wheels["contracts"].namelist() if f.startswith("contracts/fonts/"))
    assert fonts == ["contracts/fonts/DejaVuSans-Bold.ttf", "contracts/fonts/DejaVuSans.ttf",
                     "contracts/fonts/LICENSE"]
    for font in fonts[:2]:
        assert wheels["contracts"].read(font)[:4] == b"\x00\x01\x00\x00"  # a TrueType font
    assert b"DejaVu changes are in public domain" in wheels["contracts"].read("contracts/fonts/LICENSE")


# --- the dependencies the images install --------------------------------------------------------------
# The development venv holds more than an image (test tools and what they pull in), so a service can import
# a package it never declares and pass every other test. Here each service is imported, as uvicorn loads it,
# with every installed package outside its declared dependencies hidden.

def normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def declared(name: str) -> set[str]:
    """The distributions `pip install services/common services/<name>` installs: the closure of the
    pyproject dependencies (ours read from source, the rest from the installed metadata)."""
    ours = {normalized(tomllib.loads(path.read_text())["project"]["name"]): path
            for path in (ROOT / "services").glob("*/pyproject.toml")}
    seen: set[str] = set()
    pending = [(f"portal-{name}", frozenset[str]())]
    while pending:
        dist, extras = pending.pop()
        key = f"{dist}[{','.join(sorted(extras))}]"
        if key in seen:
            continue
        seen.add(key)
        if dist in ours:
            requirements = tomllib.loads(ours[dist].read_text())["project"].get("dependencies", [])
        else:
            requirements = metadata.requires(dist) or []
        for line in requirements:
            requirement = Requirement(line)
            environments = [{"extra": extra} for extra in extras] or [{"extra": ""}]
            if requirement.marker is None or any(requirement.marker.evaluate(env) for env in environments):
                pending.append((normalized(requirement.name), frozenset(requirement.extras)))
    return {key.partition("[")[0] for key in seen}


HIDE_UNDECLARED = """
import sys
from importlib import metadata

allowed = set(sys.argv[2].split(","))
owners = {top: {d.lower().replace("_", "-").replace(".", "-") for d in dists}
          for top, dists in metadata.packages_distributions().items()}


class HideUndeclared:
    def find_spec(self, fullname, path=None, target=None):
        top = fullname.partition(".")[0]
        if top in owners and top not in sys.stdlib_module_names and not owners[top] & allowed:
            raise ModuleNotFoundError(f"{fullname} ({', '.join(owners[top])}) is not a declared dependency")
        return None


sys.meta_path.insert(0, HideUndeclared())
"""

IMPORT_AS_IN_THE_IMAGE = HIDE_UNDECLARED + """
import uvicorn

name = sys.argv[1]
config = uvicorn.Config(f"{name}.main:app", proxy_headers=True, forwarded_allow_ips="*")
config.load()  # what uvicorn does before serving: the app, its event loop, HTTP and websocket libraries
__import__(f"{name}.__main__")  # `python -m <name> migrate`
from portal_common.db import Database

Database("postgresql://portal@127.0.0.1/portal")  # the driver and the async engine, without connecting
"""


def example_settings() -> dict[str, str]:
    lines = (ROOT / ".env.example").read_text().splitlines()
    settings = dict(line.split("=", 1) for line in lines if "=" in line and not line.startswith("#"))
    # The example's placeholder is too short on purpose (services refuse it); `make run` makes a real one.
    return settings | {"PORTAL_ASSERTION_SECRET": "s" * 48}


@pytest.mark.parametrize("name", SERVICES)
def test_service_imports_with_only_its_declared_dependencies(name: str, tmp_path: Path) -> None:
    allowed = declared(name)
    assert {"portal-common", f"portal-{name}", "uvicorn", "uvloop", "psycopg-binary"} <= allowed
    result = subprocess.run([sys.executable, "-c", IMPORT_AS_IN_THE_IMAGE, name, ",".join(sorted(allowed))],
                            cwd=tmp_path, env={**os.environ, **example_settings()}, capture_output=True, timeout=60)
    assert result.returncode == 0, result.stderr.decode()[-3000:]


RENDER_A_CONTRACT_PDF = HIDE_UNDECLARED + """
from datetime import UTC, datetime

from contracts.models import Contract
from contracts.pdf import render_pdf

contract = Contract(id=1, user_id=1, title="Tööleping", content="Õie Šaržant", status="signed",
                    signed_at=datetime.now(UTC))
assert b"+DejaVuSansBook" in render_pdf(contract, None, compress=False)
"""


def test_contracts_renders_its_pdf_with_only_its_declared_dependencies(tmp_path: Path) -> None:
    """The fonts are read when the first PDF is made, not on import: this makes one (issue 12: no reportlab)."""
    allowed = declared("contracts")
    assert "reportlab" not in allowed
    result = subprocess.run([sys.executable, "-c", RENDER_A_CONTRACT_PDF, "contracts", ",".join(sorted(allowed))],
                            cwd=tmp_path, env={**os.environ, **example_settings()}, capture_output=True, timeout=60)
    assert result.returncode == 0, result.stderr.decode()[-3000:]
