from compliance.models import ServiceTable
from portal_common.migrations import run_env

run_env(ServiceTable.metadata)
