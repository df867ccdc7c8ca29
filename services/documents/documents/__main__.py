"""documents's command line: ``python -m documents migrate`` and ``python -m documents revision -m "..."``."""

import sys
from pathlib import Path

from documents.config import get_settings
from portal_common.migrations import migration_cli

if __name__ == "__main__":
    migrations = Path(__file__).parent / "migrations"
    sys.exit(migration_cli("python -m documents", migrations, lambda: get_settings().database_url))
