"""messages's command line, the one every service has (portal_common/cli.py):
``python -m messages migrate | revision -m "..." | wait-for-migrations | prune-events``."""

import sys
from pathlib import Path

from messages.config import get_settings
from portal_common.cli import service_cli


def main(argv: list[str] | None = None) -> int:
    return service_cli("python -m messages", Path(__file__).parent / "migrations", get_settings, argv)


if __name__ == "__main__":
    sys.exit(main())
