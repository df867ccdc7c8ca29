"""Helpers of the erasure and retention tests (issue 16): applicants only these tests know by name, their request,
and the check that a sign-in is refused as a wrong password is."""

import base64
import io
import random
import string
from typing import Any

import httpx
from PIL import Image, ImageDraw

from conftest import Applicant, eventually

MakeApplicant = Any


def letters(count: int) -> str:
    return "".join(random.choice(string.ascii_lowercase) for _ in range(count))


def drawn_signature() -> str:
    """What the signing pad sends: a stroke on a transparent 500x200 PNG."""
    image = Image.new("RGBA", (500, 200), (0, 0, 0, 0))
    ImageDraw.Draw(image).line([(30, 150), (120, 40), (220, 160), (330, 50), (460, 140)], fill=(0, 0, 0, 255),
                               width=2)
    out = io.BytesIO()
    image.save(out, "PNG")
    return f"data:image/png;base64,{base64.b64encode(out.getvalue()).decode()}"


def unique_person() -> dict[str, str]:
    """A name, e-mail and phone no other test uses, so finding them anywhere means finding this person."""
    surname = "Kustutaja" + letters(8)
    return {"fullName": f"Erika {surname.capitalize()}", "email": f"{surname.lower()}@example.com",
            "phone": f"+372 5{random.randint(1000000, 9999999)}"}


def ask(applicant: Applicant, reason: str = "I no longer want an account") -> httpx.Response:
    return applicant.client.post("/api/privacy/erasure", json={"reason": reason})


def wait_for_projections(applicant: Applicant) -> dict[str, Any]:
    """The application (applications' projection) and the registration contract (contracts') have arrived."""
    application = eventually(lambda: applicant.client.get("/api/application").json().get("application"),
                             what="the application")
    eventually(lambda: applicant.client.get("/api/contracts").json(), what="the registration contract")
    return dict(application)


def refused_like_a_wrong_password(gateway: str, username: str, password: str) -> None:
    with httpx.Client(base_url=gateway, headers={"Origin": gateway}, timeout=15) as fresh:
        erased = fresh.post("/api/login", json={"username": username, "password": password})
        wrong = fresh.post("/api/login", json={"username": f"nobody{letters(8)}", "password": "wrong-password-1"})
    assert erased.status_code == wrong.status_code == 401
    assert erased.json() == wrong.json()
