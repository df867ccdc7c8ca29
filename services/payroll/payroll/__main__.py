"""payroll's command line, the one every service has (portal_common/cli.py):
``python -m payroll migrate | revision -m "..." | wait-for-migrations | prune-events``."""

import sys
from pathlib import Path

from payroll.config import get_settings
from portal_common.cli import service_cli


def main(argv: list[str] | None = None) -> int:
    return service_cli("python -m payroll", Path(__file__).parent / "migrations", get_settings, argv)


if __name__ == "__main__":
    sys.exit(main())
