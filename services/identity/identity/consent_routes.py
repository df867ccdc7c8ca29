"""The consent API (issue 16 "Consent"): the published versions for anyone, and a signed-in user's consents."""

from fastapi import APIRouter, Request, Response

from identity import consents
from identity.consent_schemas import AcceptedConsentOut, ConsentRequest, ConsentsOut, PoliciesOut
from identity.routes import CurrentUser, client_ip
from portal_common.unit_of_work import SessionDep

router = APIRouter(prefix="/api", tags=["identity"])


@router.get("/policies", response_model=PoliciesOut)
async def policies(db: SessionDep) -> PoliciesOut:
    return PoliciesOut.model_validate(await consents.current_versions(db))


@router.get("/consents", response_model=ConsentsOut)
async def my_consents(user: CurrentUser, db: SessionDep) -> ConsentsOut:
    assert user.id is not None
    accepted = await consents.accepted_consents(db, user.id)
    return ConsentsOut(
        required=await consents.required_of(db, user),
        accepted=[AcceptedConsentOut.model_validate(consent, from_attributes=True) for consent in accepted])


@router.post("/consents", status_code=204)
async def accept_consents(body: ConsentRequest, request: Request, user: CurrentUser, db: SessionDep) -> Response:
    assert user.id is not None
    await consents.accept(db, user.id, body.documents, client_ip(request), request.headers.get("user-agent"))
    return Response(status_code=204)
