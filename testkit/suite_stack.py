"""The stack the suites run on: its settings, and who owns it (issue 32).

A lone `pytest` run starts a stack of its own and stops it at the end, as it always has. `make test` starts one
stack in testkit/stack_suites.py, which runs the suites' parallel workers against it (they attach to it), and
beside them the exclusive tests in a lone pytest run with a stack of its own."""

import os

from stack import BIN, Ports, Stack, StackConfig, interrupt_once

from gateway.render import RateLimit
from testkit import TEST_DATA
from testkit.accounts import ADMIN_PASSWORD, ADMIN_TOTP_SECRET, ADMIN_USERNAME

# What conftest.py takes from deploy/local/stack.py: through here, which puts it on the path first, so that a
# conftest loaded from anywhere finds it (deploy/tests/test_local_stack.py loads it from a folder of its own).
__all__ = ["BIN", "Stack", "interrupt_once"]

# Generous enough for a whole suite registering from one address; the rate-limit test outruns it.
TEST_RATE_LIMIT = RateLimit(average=10, period="1s", burst=30)
# The gateway's 504 for a service that never answers comes this soon (production: 30 s); still under the
# clients' own 15 s timeout, so a slow request fails as before rather than as a 504.
GATEWAY_RESPONSE_TIMEOUT_SECONDS = 10
TEST_PASSWORD_HASH_COST = {"IDENTITY_PASSWORD_HASH_TIME_COST": "1", "IDENTITY_PASSWORD_HASH_MEMORY_KIB": "8192",
                           "IDENTITY_PASSWORD_HASH_PARALLELISM": "1"}
# Set for the parallel workers: the stack is already running, started by the process that started them.
ATTACH_VARIABLE = "PORTAL_TEST_STACK_RUNNING"


def suite_config() -> StackConfig:
    # Two runs side by side (say, two developers' worktrees) each pick their own base.
    base = int(os.environ.get("PORTAL_TEST_PORT_BASE", "28000"))
    return StackConfig(data_dir=TEST_DATA / f"stack-{base}", ports=Ports(base=base, gateway=base + 80),
                       documents_replicas=2, rate_limit=TEST_RATE_LIMIT,
                       response_header_timeout_seconds=GATEWAY_RESPONSE_TIMEOUT_SECONDS,
                       admin_username=ADMIN_USERNAME, admin_password=ADMIN_PASSWORD,
                       admin_totp_secret=ADMIN_TOTP_SECRET,
                       extra_env={"PORTAL_LOG_LEVEL": "INFO",
                                  # the scheduled expiry's tests wait for a round (issue 13)
                                  "CONTRACTS_EXPIRY_INTERVAL_SECONDS": "1",
                                  # the eID stand-in's phone confirms at once and its demo account that never
                                  # answers times out in seconds, not a minute (issue 33)
                                  "SK_STANDIN_CONFIRM_SECONDS": "0.5", "SK_STANDIN_TIMEOUT_SECONDS": "3",
                                  # registrations refused as account_exists from one address before they slow
                                  # down (issue 37): a worker's address makes a few over a run, never this many
                                  "IDENTITY_REGISTRATION_FREE_REFUSALS": "10",
                                  # above the memory budget of the streaming tests, so they prove it flat
                                  "DOCUMENTS_MAX_UPLOAD_BYTES": str(64 * 1024 * 1024),
                                  # argon2id still, at a fraction of production's cost: 4 ms a hash instead of
                                  # 175 ms of CPU, over thousands of sign-ups and sign-ins (issue 32)
                                  **TEST_PASSWORD_HASH_COST})


def attaching() -> bool:
    return os.environ.get(ATTACH_VARIABLE) == "1"
