"""Writes the compose deployment's .env from portal.env.example with a fresh random value for every
secret still set to change-me. Refuses to overwrite an existing file.

    python3 deploy/compose/new-env.py [--output .env]
"""

import argparse
import os
import secrets
import sys
from pathlib import Path

EXAMPLE = Path(__file__).with_name("portal.env.example")
ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDER = "change-me"


def fresh_value(key: str) -> str:
    # S3 access keys are user names in SeaweedFS and MinIO: keep them short and alphanumeric.
    if key == "S3_ACCESS_KEY":
        return "portal" + secrets.token_hex(6)
    # nats-server reads the NATS passwords as configuration values: letters and digits, a letter first.
    if key.endswith("_NATS_PASSWORD"):
        return "n" + secrets.token_hex(24)
    return secrets.token_urlsafe(36)


def render(example: str) -> str:
    lines = []
    for line in example.splitlines():
        key, sep, value = line.partition("=")
        if sep and not line.startswith("#") and value == PLACEHOLDER:
            line = f"{key}={fresh_value(key)}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--output", type=Path, default=ROOT / ".env")
    args = parser.parse_args(argv)
    if args.output.exists():
        print(f"{args.output} exists; not overwriting it", file=sys.stderr)
        return 1
    descriptor = os.open(args.output, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w") as env_file:
        env_file.write(render(EXAMPLE.read_text()))
    print(f"wrote {args.output} (mode 600); set PORTAL_ADMIN_USERNAME/PASSWORD there for the first admin")
    return 0


if __name__ == "__main__":
    sys.exit(main())
