"""The eID sign-in and registration API (issue 34; identity/eid_login.py): public, as /api/login is."""

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse

from identity import eid_login
from identity.eid_schemas import (
    ChallengeOut,
    EidIdentityOut,
    EidStartedOut,
    EidStartRequest,
    EidWaitingOut,
    OtpRequest,
    WebEidToken,
)
from identity.metrics import SIGN_INS, sign_in_outcome
from identity.routes import Settings, described
from identity.schemas import UserOut
from portal_common.unit_of_work import SessionDep, UnitOfWorkDep

router = APIRouter(prefix="/api", tags=["eid"])
WAITING = {202: {"model": EidWaitingOut, "description": "The person has not answered on the phone yet: poll again"}}


def _waiting(answer: object) -> JSONResponse | None:
    if isinstance(answer, EidWaitingOut):
        return JSONResponse(answer.model_dump(by_alias=True, mode="json"), status_code=202)
    return None


@router.post("/login/eid", status_code=201, response_model=EidStartedOut)
async def start_eid_sign_in(body: EidStartRequest, request: Request, response: Response,
                            unit_of_work: UnitOfWorkDep, settings: Settings) -> EidStartedOut:
    """Asks Smart-ID or Mobile-ID to authenticate the person; the phone shows the verification code."""
    with sign_in_outcome(f"{body.method}_start"):
        return await eid_login.start(unit_of_work, body, request, response, settings, eid_login.SIGN_IN)


@router.get("/login/eid/challenge", response_model=ChallengeOut)
async def eid_challenge(request: Request, response: Response, db: SessionDep, settings: Settings) -> ChallengeOut:
    """Web eID's nonce for an ID-card sign-in or registration in this browser: good once, for five minutes."""
    return ChallengeOut(nonce=await eid_login.challenge(db, request, response, settings))


@router.get("/login/eid/{session_id}", response_model=UserOut, responses=WAITING)  # type: ignore[arg-type]
async def poll_eid_sign_in(session_id: str, request: Request, response: Response, unit_of_work: UnitOfWorkDep,
                           settings: Settings) -> UserOut | JSONResponse:
    """202 while the person has not answered; 200 signed in (the session cookie set) once they confirmed."""
    answer = await eid_login.poll(unit_of_work, session_id, request, response, settings, eid_login.SIGN_IN)
    return _waiting(answer) or await _signed_in(unit_of_work, answer, "phone")


async def _signed_in(unit_of_work: UnitOfWorkDep, answer: object, method: str) -> UserOut:
    assert isinstance(answer, eid_login.SignedIn)
    SIGN_INS.labels(f"eid_{method}", "success").inc()
    return await described(unit_of_work.session, answer.user, answer.second_factor)


@router.post("/login/eid/id-card", response_model=UserOut)
async def eid_id_card_sign_in(body: WebEidToken, request: Request, response: Response, unit_of_work: UnitOfWorkDep,
                              settings: Settings) -> UserOut:
    """Web eID's authentication token for this browser's challenge: signed in, the session cookie set."""
    with sign_in_outcome("id_card"):
        user = await eid_login.id_card(unit_of_work, body, request, response, settings, eid_login.SIGN_IN)
    return await _signed_in(unit_of_work, user, "id_card")


@router.post("/login/eid/{session_id}/second-factor", response_model=UserOut)
async def eid_second_factor(session_id: str, body: OtpRequest, request: Request, response: Response,
                            unit_of_work: UnitOfWorkDep, settings: Settings) -> UserOut:
    """An admin's eID sign-in confirmed on the phone, finished with the code of the admin's second factor."""
    with sign_in_outcome("eid_second_factor"):
        user = await eid_login.second_factor_step(unit_of_work, session_id, body.otp, request, response, settings)
    return await _signed_in(unit_of_work, user, "second_factor")


@router.post("/register/eid", status_code=201, response_model=EidStartedOut)
async def start_eid_registration(body: EidStartRequest, request: Request, response: Response,
                                 unit_of_work: UnitOfWorkDep, settings: Settings) -> EidStartedOut:
    """Registration's identity from Smart-ID or Mobile-ID: a code under 21 years old is refused at once."""
    return await eid_login.start(unit_of_work, body, request, response, settings, eid_login.REGISTRATION)


@router.get("/register/eid/{session_id}", response_model=EidIdentityOut, responses=WAITING)  # type: ignore[arg-type]
async def poll_eid_registration(session_id: str, request: Request, response: Response, unit_of_work: UnitOfWorkDep,
                                settings: Settings) -> EidIdentityOut | JSONResponse:
    """202 while the person has not answered; 200 with the certificate's person once they confirmed."""
    answer = await eid_login.poll(unit_of_work, session_id, request, response, settings, eid_login.REGISTRATION)
    waiting = _waiting(answer)
    if waiting is not None:
        return waiting
    assert isinstance(answer, EidIdentityOut)
    return answer


@router.post("/register/eid/id-card", status_code=201, response_model=EidIdentityOut)
async def eid_id_card_registration(body: WebEidToken, request: Request, response: Response,
                                   unit_of_work: UnitOfWorkDep, settings: Settings) -> EidIdentityOut:
    """The ID-card's person (Web eID token for this browser's challenge) for the register form."""
    answer = await eid_login.id_card(unit_of_work, body, request, response, settings, eid_login.REGISTRATION)
    assert isinstance(answer, EidIdentityOut)
    return answer
