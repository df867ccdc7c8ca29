"""The stand-in's "phone" (issue 33): every Smart-ID and Mobile-ID session the stand-in starts waits here for
the person's answer. It confirms by default after a short while (so tests and `make run` need nobody); SK's
published demo accounts answer as they do on SK's DEMO service; and a small page (`/phone`, Estonian by
default, `?lang=en`) lets a person at `make run` confirm or refuse before that.

Not production code: in production the person's own phone answers SK."""

import asyncio
import contextlib
import html
import os
import time
from dataclasses import dataclass, field
from typing import Literal
from uuid import uuid4

from fastapi import APIRouter, Form, HTTPException, Query
from fastapi.responses import HTMLResponse, RedirectResponse

Service = Literal["smart_id", "mobile_id"]
# What the person (or the demo account) did: confirm, or SK's own end result of the failure.
Answer = str
CONFIRM: Answer = "OK"
# How long a finished session is kept for status requests (SK keeps them for minutes).
KEEP_SECONDS = 300.0


@dataclass
class PhoneRequest:
    id: str
    service: Service
    kind: str  # "signature", "authentication", "certificate choice"
    id_code: str
    verification_code: str
    text: str
    # The demo account's fixed answer, or None: the person's (confirms by default after confirm_after).
    scripted: Answer | None
    started: float = field(default_factory=time.monotonic)
    answer: Answer | None = None
    answered: asyncio.Event = field(default_factory=asyncio.Event)
    result: dict[str, object] | None = None


# SK_STANDIN_CONFIRM_SECONDS: how long the phone waits for the person at /phone before it confirms by itself;
# SK_STANDIN_TIMEOUT_SECONDS: when a demo account that never answers times out (SK's own is about two minutes;
# the test stacks set a few seconds, testkit/suite_stack.py).
DEFAULT_CONFIRM_SECONDS = 5.0
DEFAULT_TIMEOUT_SECONDS = 60.0


class Phone:
    """Requests by id; `wait` is the long poll of both status endpoints."""

    @classmethod
    def from_environment(cls) -> "Phone":
        return cls(confirm_after=float(os.environ.get("SK_STANDIN_CONFIRM_SECONDS", DEFAULT_CONFIRM_SECONDS)),
                   timeout_after=float(os.environ.get("SK_STANDIN_TIMEOUT_SECONDS", DEFAULT_TIMEOUT_SECONDS)))

    def __init__(self, *, confirm_after: float, timeout_after: float) -> None:
        self.confirm_after = confirm_after
        self.timeout_after = timeout_after
        self.requests: dict[str, PhoneRequest] = {}

    def ask(self, service: Service, kind: str, id_code: str, verification_code: str, text: str,
            scripted: Answer | None) -> PhoneRequest:
        self._forget_old()
        request = PhoneRequest(str(uuid4()), service, kind, id_code, verification_code, text, scripted)
        self.requests[request.id] = request
        return request

    def answer(self, request_id: str, answer: Answer) -> None:
        request = self.requests.get(request_id)
        if request is None or request.answer is not None:
            return
        request.answer = answer
        request.answered.set()

    def pending(self) -> list[PhoneRequest]:
        self._settle_due()
        return [r for r in self.requests.values() if r.answer is None]

    async def wait(self, request: PhoneRequest, timeout_ms: int) -> Answer | None:
        """The request's answer, waiting at most timeout_ms for it; None if it is still open then."""
        deadline = time.monotonic() + timeout_ms / 1000
        while request.answer is None:
            now = time.monotonic()
            due = self._due(request)
            if due <= now:
                self.answer(request.id, self._automatic(request))
                break
            if deadline <= now:
                return None
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(request.answered.wait(), min(deadline, due) - now)
        return request.answer

    def _due(self, request: PhoneRequest) -> float:
        """When the phone answers by itself: a demo account that times out never answers (the session times
        out), any other after confirm_after (a scripted refusal too: the person "pressed" it)."""
        if request.scripted == "TIMEOUT":
            return request.started + self.timeout_after
        return request.started + min(self.confirm_after, self.timeout_after)

    def _automatic(self, request: PhoneRequest) -> Answer:
        if request.scripted is not None:
            return request.scripted
        return CONFIRM if self.confirm_after <= self.timeout_after else "TIMEOUT"

    def _settle_due(self) -> None:
        now = time.monotonic()
        for request in list(self.requests.values()):
            if request.answer is None and self._due(request) <= now:
                self.answer(request.id, self._automatic(request))

    def _forget_old(self) -> None:
        limit = time.monotonic() - KEEP_SECONDS - self.timeout_after
        for request_id in [r.id for r in self.requests.values() if r.started < limit]:
            del self.requests[request_id]


_TEXTS = {
    "et": {
        "title": "Telefon (SK teenuste asendaja)",
        "intro": "Siin kinnitate või keeldute Smart-ID ja Mobiil-ID päringutest, mida portaal kohalikult saadab. "
                 "Vastuseta päring kinnitatakse mõne sekundi pärast ise.",
        "none": "Ootel päringuid ei ole.",
        "code": "Kontrollkood",
        "person": "Isikukood",
        "confirm": "Kinnita",
        "refuse": "Keeldu",
        "kinds": {"signature": "allkirjastamine", "authentication": "sisselogimine",
                  "certificate choice": "sertifikaadi valik"},
        "other": "In English",
    },
    "en": {
        "title": "Phone (stand-in for SK's services)",
        "intro": "Confirm or refuse here the Smart-ID and Mobile-ID requests the portal sends locally. A request "
                 "left unanswered is confirmed by itself after a few seconds.",
        "none": "No requests are waiting.",
        "code": "Verification code",
        "person": "ID code",
        "confirm": "Confirm",
        "refuse": "Refuse",
        "kinds": {"signature": "signing", "authentication": "sign-in", "certificate choice": "certificate choice"},
        "other": "Eesti keeles",
    },
}
_SERVICE_NAMES = {"smart_id": "Smart-ID", "mobile_id": "Mobiil-ID"}
_REFUSALS: dict[Service, Answer] = {"smart_id": "USER_REFUSED", "mobile_id": "USER_CANCELLED"}


def page(phone: Phone, lang: str) -> str:
    t = _TEXTS["en" if lang == "en" else "et"]
    other = "et" if lang == "en" else "en"
    items = []
    for request in phone.pending():
        kinds = t["kinds"]
        assert isinstance(kinds, dict)
        items.append(
            f"<li><h2>{_SERVICE_NAMES[request.service]}: {html.escape(kinds.get(request.kind, request.kind))}</h2>"
            f"<p>{html.escape(request.text)}</p>"
            f"<p>{t['person']}: {html.escape(request.id_code)}</p>"
            f"<p class=code>{t['code']}: <strong>{html.escape(request.verification_code)}</strong></p>"
            f"<form method=post action='/phone/{request.id}'><input type=hidden name=lang value='{lang}'>"
            f"<button name=answer value=confirm>{t['confirm']}</button> "
            f"<button name=answer value=refuse>{t['refuse']}</button></form></li>")
    body = f"<ul>{''.join(items)}</ul>" if items else f"<p>{t['none']}</p>"
    return (f"<!doctype html><html lang={'en' if lang == 'en' else 'et'}><head><meta charset=utf-8>"
            "<meta name=viewport content='width=device-width, initial-scale=1'><meta http-equiv=refresh content=2>"
            f"<title>{t['title']}</title><style>body{{font-family:sans-serif;max-width:30rem;margin:1rem auto;"
            "padding:0 1rem}li{list-style:none;border:1px solid #999;border-radius:.5rem;padding:.5rem 1rem;"
            "margin:.5rem 0}.code strong{font-size:2rem;letter-spacing:.2rem}button{font-size:1rem;"
            "padding:.5rem 1rem;margin-right:.5rem}</style></head>"
            f"<body><h1>{t['title']}</h1><p>{t['intro']}</p>{body}"
            f"<p><a href='/phone?lang={other}'>{t['other']}</a></p></body></html>")


def router(phone: Phone) -> APIRouter:
    routes = APIRouter()

    @routes.get("/phone", response_class=HTMLResponse, include_in_schema=False)
    async def show(lang: str = Query(default="et")) -> str:
        return page(phone, lang)

    @routes.post("/phone/{request_id}", include_in_schema=False)
    async def answer(request_id: str, answer: str = Form(), lang: str = Form(default="et")) -> RedirectResponse:
        request = phone.requests.get(request_id)
        if request is None or answer not in ("confirm", "refuse"):
            raise HTTPException(404)
        phone.answer(request_id, CONFIRM if answer == "confirm" else _REFUSALS[request.service])
        return RedirectResponse(f"/phone?lang={'en' if lang == 'en' else 'et'}", status_code=303)

    return routes



@dataclass
class Maintenance:
    """Switches a test turns on to see SK's services in maintenance (Smart-ID answers 580, Mobile-ID 503)."""

    smart_id: bool = False
    mobile_id: bool = False


def maintenance_router(maintenance: Maintenance) -> APIRouter:
    routes = APIRouter()

    @routes.put("/standin/maintenance", include_in_schema=False)
    async def switch(body: dict[str, bool]) -> dict[str, bool]:
        maintenance.smart_id = bool(body.get("smart_id", maintenance.smart_id))
        maintenance.mobile_id = bool(body.get("mobile_id", maintenance.mobile_id))
        return {"smart_id": maintenance.smart_id, "mobile_id": maintenance.mobile_id}

    return routes
