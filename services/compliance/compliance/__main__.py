"""compliance's command line, the one every service has (portal_common/cli.py):
``python -m compliance migrate | revision -m "..." | wait-for-migrations | prune-events``."""

import sys
from pathlib import Path

from compliance.config import get_settings
from portal_common.cli import service_cli

if __name__ == "__main__":
    migrations = Path(__file__).parent / "migrations"
    sys.exit(service_cli("python -m compliance", migrations, get_settings))
