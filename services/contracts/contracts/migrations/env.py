from sqlmodel import SQLModel

import contracts.models  # noqa: F401  (registers the tables on SQLModel.metadata)
from portal_common.migrations import run_env

run_env(SQLModel.metadata)
