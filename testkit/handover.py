"""An approved client to hand a company over to (issue 35, Handover gate), for the tests whose subject is
something else (the contract ending with the handover, payroll cancelling later payments): a row in
applications' projection of compliance's client cases, as compliance's ``compliance.client.changed`` would leave
it. The gate itself, with real cases approved through compliance, is tested in
services/compliance/tests/test_handover_gate.py. The ids are far above compliance's own, so no event touches them."""

import random
from typing import Any

import psycopg

SEEDED_IDS = (1_900_000_000, 2_100_000_000)


def approved_client_id(stack: Any, name: str = "Northwind Holdings Ltd") -> int:
    client_id = random.randint(*SEEDED_IDS)
    with psycopg.connect(stack.database_url("applications"), autocommit=True) as db:
        db.execute("insert into client_cases (client_id, name, status, review_due, updated_at) "
                   "values (%s, %s, 'approved', current_date + 365, now())", (client_id, name))
    return client_id
