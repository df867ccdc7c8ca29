"""messages's command line: ``python -m messages migrate | revision -m "..." | wait-for-migrations``."""

import sys
from pathlib import Path

from messages.config import get_settings
from portal_common.migrations import migration_cli

if __name__ == "__main__":
    migrations = Path(__file__).parent / "migrations"
    sys.exit(migration_cli("python -m messages", migrations, lambda: get_settings().database_url))
