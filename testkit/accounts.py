"""The test admin, valid registration bodies and ID codes, and an API client that behaves like the SPA."""

import os
import random
import re
import subprocess
import sys
import threading
import time
import uuid
from dataclasses import dataclass
from datetime import date
from typing import Any

import httpx
import pyotp

from identity.estonian_id import birth_date_in, check_digit
from testkit import ROOT

# The parallel workers of testkit/stack_suites.py each have an admin of their own (admingw0, ...; conftest.py's
# stack fixture makes it): a test that switches its admin's saved language, or signs it in, meets no other test's.
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
ADMIN_USERNAME = f"admin{WORKER}"
ADMIN_PASSWORD = "admin-test-password"
# The admin is enrolled with this TOTP secret (PORTAL_ADMIN_TOTP_SECRET, issue 15), so tests can give the code.
ADMIN_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"


# The last time step this process handed out a code of, per account and secret.
_handed_out: dict[tuple[str, str], int] = {}
_handing_out = threading.Lock()


def totp_code(secret: str, account: str = "") -> str:
    """A one-time code of ``secret`` whose time step this process has not handed out before for ``account``:
    identity accepts each account's code once (RFC 6238 §5.2, issue 37), so a test never replays one. The current
    step's code, else the next step's (identity's drift window takes it), and only when that one is given out too
    it waits for the step. Accounts that share a secret (the admins the tests make on the command line) each have
    steps of their own: one account's sign-in never waits for another's (issue 32)."""
    totp = pyotp.TOTP(secret)
    with _handing_out:
        current = int(time.time()) // totp.interval
        step = max(current, _handed_out.get((account, secret), current - 1) + 1)
        if step > current + 1:
            # Until ``step`` is the next step; the earliest it is good.
            time.sleep(max(0.0, (step - 1) * totp.interval - time.time()))
        _handed_out[(account, secret)] = step
        return totp.generate_otp(step)


def admin_otp(account: str = ADMIN_USERNAME) -> str:
    """A one-time code of ``account``, the test admin unless another made with its TOTP secret, that this process
    has not used yet (totp_code)."""
    return totp_code(ADMIN_TOTP_SECRET, account.lower())


def admin_login_body() -> dict[str, str]:
    """POST /api/login's body that signs the test admin in, second factor included."""
    return {"username": ADMIN_USERNAME, "password": ADMIN_PASSWORD, "otp": admin_otp()}


def client_address() -> str:
    """The loopback address this test process calls the gateway from. Parallel workers each have their own
    (127.0.0.11 for gw1, ...), so the per-address rate limits and sign-in slow-downs of one worker's tests do not
    count another's (issue 32); a lone test process calls from 127.0.0.1 as before."""
    return f"127.0.0.{10 + int(WORKER[2:])}" if WORKER.startswith("gw") else "127.0.0.1"


def browser_client(base_url: str) -> httpx.Client:
    """An API client that behaves like the SPA in a browser: same-origin Origin header, keeps cookies."""
    return httpx.Client(base_url=base_url, headers={"Origin": base_url}, timeout=15,
                        transport=httpx.HTTPTransport(local_address=client_address()))


FIRST_DIGITS_BY_CENTURY = {18: "12", 19: "34", 20: "56"}
# The date of birth sent with an ID code that carries none (an invalid one, in tests of the rules).
FALLBACK_DATE_OF_BIRTH = "1980-04-12"


def random_birth_date(rng: random.Random | None = None) -> date:
    rng = rng or random.Random()
    return date(rng.randint(1950, 1999), rng.randint(1, 12), rng.randint(1, 28))


def new_id_code(rng: random.Random | None = None, born: date | None = None) -> str:
    """A valid, almost surely unused Estonian ID code of someone born on `born` (a random day of 1950-1999
    unless given)."""
    return id_codes_born(born or random_birth_date(rng), 1, rng)[0]


# A run registers thousands of people among some 33 million codes, so random codes met now and then (run 15:
# account_exists for a stranger). Each process hands out a code once, and parallel workers draw from serials of
# their own share, so no two tests of a run ever get the same code.
SERIAL_SHARES = 8
SERIAL_SHARE = int(WORKER[2:]) % SERIAL_SHARES if WORKER.startswith("gw") else 0
_handed_out_codes: set[str] = set()


def id_codes_born(born: date, count: int, rng: random.Random | None = None) -> list[str]:
    """`count` different valid ID codes that all carry the birth date `born` (spec §5), none handed out before."""
    rng = rng or random.Random()
    first_digits = FIRST_DIGITS_BY_CENTURY[born.year // 100]
    serials = [serial for serial in range(len(first_digits) * 1000) if serial % SERIAL_SHARES == SERIAL_SHARE]
    rng.shuffle(serials)
    codes: list[str] = []
    with _handing_out:
        for serial in serials:
            first_ten = f"{first_digits[serial // 1000]}{born:%y%m%d}{serial % 1000:03d}"
            code = first_ten + str(check_digit(first_ten))
            if code not in _handed_out_codes:
                _handed_out_codes.add(code)
                codes.append(code)
                if len(codes) == count:
                    return codes
    raise RuntimeError(f"fewer than {count} unused ID codes are left of people born on {born}")


def registration(**overrides: Any) -> dict[str, Any]:
    """A registration body that passes every rule: the date of birth is the one the ID code carries, and the
    contract is signed with the body's own full name and ID code (issue 13), unless overridden."""
    tag = uuid.uuid4().hex[:10]
    id_code = overrides["idCode"] if "idCode" in overrides else new_id_code()
    full_name = overrides.get("fullName", "Mari Maasikas")
    code_date = birth_date_in(id_code) if isinstance(id_code, str) else None
    body: dict[str, Any] = {
        "username": f"user{tag}", "password": "correct-horse-1", "confirmPassword": "correct-horse-1",
        "fullName": full_name, "email": f"mari.{tag}@example.com", "phone": "+372 5551 2345",
        "dateOfBirth": code_date.isoformat() if code_date else FALLBACK_DATE_OF_BIRTH, "idCode": id_code,
        "city": "Tallinn", "consentTerms": True, "consentPrivacy": True, "employmentContract": True,
        "contractSignedName": full_name, "contractSignedIdCode": id_code, "language": "et",
    }
    body.update(overrides)
    return body


@dataclass
class Applicant:
    client: httpx.Client
    user: dict[str, Any]
    password: str


def admin_on_the_command_line(env: dict[str, str], username: str, *flags: str, password: str,
                              totp_secret: str = "", email: str | None = None) -> int:
    """An admin made with `python -m identity create-admin`, as an operator makes one, with the stack's settings
    ``env``; enrolled with ``totp_secret`` when one is given. The new admin's id."""
    command = [sys.executable, "-m", "identity", "create-admin", username, *flags]
    if email is not None:
        command += ["--email", email]
    made = subprocess.run(command, env={**env, "PORTAL_ADMIN_PASSWORD": password,
                                        "PORTAL_ADMIN_TOTP_SECRET": totp_secret},
                          cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    ready = re.search(r"\(id (\d+)\)", made.stdout)
    assert made.returncode == 0 and ready, made.stderr or made.stdout
    return int(ready.group(1))
