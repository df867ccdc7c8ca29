"""Backs up the running local stack (deploy/local/stack.py) and restores a backup into a stopped one (issue 21,
Backup and restore, drilled; README.md, Backup and restore).

    python deploy/local/backup.py backup [--to FOLDER]       # make backup: backups/<UTC time>/
    python deploy/local/backup.py restore FOLDER [--force]   # make restore FROM=FOLDER

A backup holds every service's database (`pg_dump -Fc`), every object of the S3 bucket with its content type,
the secrets and the contract seal the stack generated (secrets.env, seal/), and manifest.json with the SHA-256
of each of those files. The databases are dumped first and the objects copied after: a document's object is
written before its row commits, so every row in the dumps finds its object in the copy.
"""

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path, PurePosixPath
from typing import Any

import psycopg
from minio import Minio
from stack import (
    ROOT,
    S3_BUCKET,
    Ports,
    Stack,
    StackConfig,
    _named_ports,
    _read_env_file,
    held_ports,
    postgres_answers,
    s3_answers,
)

from gateway.routes import SERVICES

MANIFEST = "manifest.json"
MANIFEST_FORMAT = 1
DEFAULT_FOLDER = ROOT / "backups"
SECRETS_FILE = "secrets.env"
SEAL_FOLDER = "seal"
DATABASES = "databases"
OBJECTS = "objects"
SECRETS = "secrets"
CHUNK_BYTES = 1024 * 1024
PRIVATE_FILE = 0o600
PRIVATE_FOLDER = 0o700


class BackupError(Exception):
    """Why a backup or a restore refused or failed, in words for the person who ran it."""


@dataclass(frozen=True)
class Target:
    """Which local stack: its data directory and its ports, as `make run` is given them."""

    data_dir: Path
    port_base: int
    gateway_port: int

    def stack(self) -> Stack:
        return Stack(StackConfig(data_dir=self.data_dir.resolve(), ports=Ports(self.port_base, self.gateway_port)))


def _postgres_bin(tool: str) -> str:
    from pgserver._commands import POSTGRES_BIN_PATH  # the same build as the stack's server

    return str(POSTGRES_BIN_PATH / tool)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        while chunk := file.read(CHUNK_BYTES):
            digest.update(chunk)
    return digest.hexdigest()


def _s3_client(env: dict[str, str]) -> Minio:
    return Minio(env["S3_ENDPOINT"], access_key=env["S3_ACCESS_KEY"], secret_key=env["S3_SECRET_KEY"], secure=False)


def _postgres_url(stack: Stack) -> str:
    return stack.database_url("postgres")


def _private_copy(source: Path, target: Path) -> None:
    target.parent.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
    shutil.copyfile(source, target)
    target.chmod(PRIVATE_FILE)


# ---- backup ---------------------------------------------------------------------------------------------

def _running_stack(target: Target) -> tuple[Stack, dict[str, str]]:
    """The running stack of this data directory and its environment; refuses when it is not running."""
    stack = target.stack()
    data_dir = stack.config.data_dir
    if not (data_dir / SECRETS_FILE).exists():
        raise BackupError(f"no portal data in {data_dir} (no {SECRETS_FILE}): nothing to back up")
    secrets = _read_env_file(data_dir / SECRETS_FILE)
    env = {"S3_ENDPOINT": f"127.0.0.1:{stack.ports.s3}", **secrets}
    try:
        answers = postgres_answers(_postgres_url(stack)) and s3_answers(
            env["S3_ENDPOINT"], env["S3_ACCESS_KEY"], env["S3_SECRET_KEY"], S3_BUCKET)
        why = "" if answers else f"the bucket '{S3_BUCKET}' is missing"
    except Exception as error:  # nothing listening, or not answering: either way not a running portal
        why = f"{type(error).__name__}: {error}"
    if why:
        raise BackupError(f"the portal is not running on port base {target.port_base} ({why}); start it with "
                          "`make run` and back it up while it runs")
    with psycopg.connect(_postgres_url(stack)) as connection:
        row = connection.execute("select current_setting('data_directory')").fetchone()
    served = Path(str(row[0] if row else "")).resolve()
    if served != (data_dir / "postgres").resolve():
        raise BackupError(f"the Postgres on port {stack.ports.postgres} serves {served}, not {data_dir}: "
                          "give the data directory and port base of the stack to back up")
    return stack, env


def _dump_databases(stack: Stack, folder: Path) -> list[str]:
    """Every service's database, dumped side by side so their snapshots are milliseconds apart."""
    folder.mkdir(mode=PRIVATE_FOLDER)
    running = [(name, subprocess.Popen(
        [_postgres_bin("pg_dump"), "--format=custom", "--dbname", stack.database_url(name),
         "--file", str(folder / f"{name}.dump")], stdout=subprocess.PIPE, stderr=subprocess.STDOUT))
        for name in SERVICES]
    failures = []
    for name, process in running:
        output, _ = process.communicate()
        if process.returncode != 0:
            failures.append(f"{name}: {output.decode(errors='replace').strip()}")
    if failures:
        raise BackupError("pg_dump failed:\n" + "\n".join(failures))
    return list(SERVICES)


def _copy_objects(env: dict[str, str], folder: Path) -> list[dict[str, Any]]:
    """Every object of the bucket as a numbered file (keys are not trusted as paths), with its key, content
    type and user metadata."""
    folder.mkdir(mode=PRIVATE_FOLDER)
    client = _s3_client(env)
    objects = []
    for number, item in enumerate(client.list_objects(S3_BUCKET, recursive=True), start=1):
        key = str(item.object_name)
        stat = client.stat_object(S3_BUCKET, key)
        file = folder / f"{number:08d}"
        client.fget_object(S3_BUCKET, key, str(file))
        metadata = {k: v for k, v in (stat.metadata or {}).items() if k.lower().startswith("x-amz-meta-")}
        objects.append({"key": key, "file": file.relative_to(folder.parent).as_posix(),
                        "contentType": stat.content_type, "metadata": metadata, "size": file.stat().st_size})
    return objects


def _copy_secrets(data_dir: Path, folder: Path) -> list[str]:
    sources = [data_dir / SECRETS_FILE, *sorted(p for p in (data_dir / SEAL_FOLDER).glob("*") if p.is_file())]
    for source in sources:
        _private_copy(source, folder / source.relative_to(data_dir))
    return [source.relative_to(data_dir).as_posix() for source in sources]


def _files_of(folder: Path) -> Iterator[Path]:
    return (path for path in sorted(folder.rglob("*")) if path.is_file() and path.name != MANIFEST)


def backup(target: Target, destination: Path | None = None) -> Path:
    """Writes the backup of the running stack into ``destination`` (backups/<UTC time>/ unless given) and
    answers that folder. It appears under its name only once complete."""
    stack, env = _running_stack(target)
    started = datetime.now(UTC)
    folder = (destination or DEFAULT_FOLDER / started.strftime("%Y-%m-%dT%H%M%SZ")).resolve()
    if folder.exists():
        raise BackupError(f"{folder} exists already: choose another folder")
    partial = folder.with_name(folder.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(mode=PRIVATE_FOLDER, parents=True)
    try:
        databases = _dump_databases(stack, partial / DATABASES)  # first: see the module's docstring
        objects = _copy_objects(env, partial / OBJECTS)
        secrets = _copy_secrets(stack.config.data_dir, partial / SECRETS)
        files = {path.relative_to(partial).as_posix(): _sha256(path) for path in _files_of(partial)}
        manifest = {
            "format": MANIFEST_FORMAT, "startedAt": started.isoformat(), "finishedAt": datetime.now(UTC).isoformat(),
            "dataDir": str(stack.config.data_dir), "portBase": target.port_base, "bucket": S3_BUCKET,
            "databases": databases, "objects": objects, "secrets": secrets, "sha256": files,
            "counts": {"databases": len(databases), "objects": len(objects), "secretFiles": len(secrets),
                       "objectBytes": sum(int(o["size"]) for o in objects), "files": len(files)},
        }
        (partial / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")
        partial.rename(folder)
    except BaseException:
        shutil.rmtree(partial, ignore_errors=True)
        raise
    return folder


# ---- restore --------------------------------------------------------------------------------------------

def _plain_relative(name: str) -> bool:
    """Whether a name from the manifest stays inside the folder it is joined to."""
    path = PurePosixPath(name)
    return bool(name) and not path.is_absolute() and ".." not in path.parts


def verified_manifest(folder: Path) -> dict[str, Any]:
    """The backup's manifest once every file it names is there with its SHA-256; refuses otherwise."""
    path = folder / MANIFEST
    try:
        manifest: dict[str, Any] = json.loads(path.read_text())
    except (OSError, ValueError) as error:
        raise BackupError(f"{path} is missing or unreadable ({error}): not a backup") from error
    if manifest.get("format") != MANIFEST_FORMAT:
        raise BackupError(f"{path}: unknown backup format {manifest.get('format')!r}")
    problems = []
    for name, expected in manifest["sha256"].items():
        file = folder / name
        if not _plain_relative(name) or not file.is_file():
            problems.append(f"{name}: missing")
        elif (actual := _sha256(file)) != expected:
            problems.append(f"{name}: checksum mismatch (manifest {expected}, file {actual})")
    named = {*manifest["sha256"]}
    unlisted = [f"{db}: not in the manifest's checksums" for db in manifest["databases"]
                if f"{DATABASES}/{db}.dump" not in named]
    unlisted += [f"{o['file']}: not in the manifest's checksums" for o in manifest["objects"] if o["file"] not in named]
    unlisted += [f"{SECRETS}/{s}: not in the manifest's checksums" for s in manifest["secrets"]
                 if f"{SECRETS}/{s}" not in named]
    if problems or unlisted:
        raise BackupError(f"{folder} fails its checks, nothing was restored:\n  " + "\n  ".join(problems + unlisted))
    return manifest


def _stopped_stack(target: Target, force: bool) -> Stack:
    stack = target.stack()
    if held := held_ports(stack.listening_ports(), timeout=0):
        raise BackupError(f"the portal's ports answer ({_named_ports(held)}): stop it first (Ctrl-C in `make run`)")
    data_dir = stack.config.data_dir
    if data_dir.exists() and any(data_dir.iterdir()):
        if not force:
            raise BackupError(f"{data_dir} is not empty: restore into an empty data directory, or give --force "
                              "to delete everything in it first")
        shutil.rmtree(data_dir)
    return stack


def _restore_secrets(folder: Path, manifest: dict[str, Any], data_dir: Path) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    for name in manifest["secrets"]:
        _private_copy(folder / SECRETS / name, data_dir / name)


def _restore_databases(stack: Stack, folder: Path, manifest: dict[str, Any]) -> None:
    for name in manifest["databases"]:
        done = subprocess.run([_postgres_bin("pg_restore"), "--exit-on-error", "--single-transaction",
                               "--dbname", stack.database_url(name), str(folder / DATABASES / f"{name}.dump")],
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise BackupError(f"pg_restore of {name} failed:\n{(done.stderr or done.stdout).strip()}")


def _republish_outbox(stack: Stack, databases: list[str]) -> int:
    """Marks every published outbox row unpublished, so the relays publish it again to the new, empty stream: a
    consumer may not have handled it when its own database was dumped. Consumers skip an event they handled
    (processed_events), and a row of the outbox is pruned no later than the id its consumers recorded."""
    republished = 0
    for name in databases:
        with psycopg.connect(stack.database_url(name), autocommit=True) as connection:
            row = connection.execute("select to_regclass('public.outbox') is not null").fetchone()
            if row and row[0]:
                republished += connection.execute(
                    "update outbox set published_at = null where published_at is not null").rowcount
    return republished


def _restore_objects(stack: Stack, folder: Path, manifest: dict[str, Any]) -> None:
    client = _s3_client(stack.env)
    for item in manifest["objects"]:
        client.fput_object(S3_BUCKET, item["key"], str(folder / item["file"]), content_type=item["contentType"],
                           metadata=item["metadata"] or None)


def restore(target: Target, folder: Path, force: bool = False) -> dict[str, Any]:
    """Puts the backup in ``folder`` into the stopped stack's data directory; answers the manifest. `make run`
    then starts the restored portal."""
    folder = folder.resolve()
    manifest = verified_manifest(folder)
    stack = _stopped_stack(target, force)
    _restore_secrets(folder, manifest, stack.config.data_dir)
    stack.logs.mkdir(parents=True, exist_ok=True)
    stack.env = stack._service_env()  # from the restored secrets.env: no key is made anew
    try:
        stack._start_postgres()
        stack._start_seaweed()
        stack._create_databases()
        _restore_databases(stack, folder, manifest)
        manifest["republished"] = _republish_outbox(stack, manifest["databases"])
        _restore_objects(stack, folder, manifest)
    finally:
        stack.stop()
    return manifest


# ---- command line ---------------------------------------------------------------------------------------

def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data-dir", type=Path, default=Path(os.environ.get("PORTAL_DATA_DIR", ROOT / ".data")))
    parser.add_argument("--port-base", type=int, default=int(os.environ.get("PORTAL_PORT_BASE", "18000")))
    parser.add_argument("--gateway-port", type=int, default=int(os.environ.get("PORTAL_GATEWAY_PORT", "8080")))
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("backup", help="back up the running portal")
    make.add_argument("--to", type=Path, help="the folder to write (default: backups/<UTC time>/)")
    put_back = commands.add_parser("restore", help="restore a backup into the stopped portal")
    put_back.add_argument("folder", type=Path)
    put_back.add_argument("--force", action="store_true", help="delete what the data directory holds first")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    for key, value in _read_env_file(ROOT / ".env").items():
        os.environ.setdefault(key, value)
    args = _arguments(argv)
    target = Target(args.data_dir, args.port_base, args.gateway_port)
    try:
        if args.command == "backup":
            folder = backup(target, args.to)
            counts = json.loads((folder / MANIFEST).read_text())["counts"]
            print(f"backed up {counts['databases']} databases and {counts['objects']} objects into {folder}")
        else:
            manifest = restore(target, args.folder, args.force)
            counts = manifest["counts"]
            print(f"restored {counts['databases']} databases, {counts['objects']} objects and the secrets of "
                  f"{manifest['finishedAt']} into {target.data_dir}; {manifest['republished']} events will be "
                  "published again. Start the portal with `make run`.")
    except BackupError as error:
        print(f"{args.command} refused: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
