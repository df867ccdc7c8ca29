"""What the test suites and the benchmarks share (issue 32): the test admin, registration bodies and ID codes,
an API client that behaves like the SPA, Chromium's settings, and the stack the suites run on. Product code
imports none of it; `conftest.py` re-exports it for the tests."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEST_DATA = ROOT / ".test-data"
# deploy/local/stack.py is imported as `stack`, as the local stack's own scripts do.
if str(ROOT / "deploy" / "local") not in sys.path:
    sys.path.insert(0, str(ROOT / "deploy" / "local"))
