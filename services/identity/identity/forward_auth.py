"""Traefik ForwardAuth (design.md, Identity at the gateway).

Traefik asks here before every protected route. No valid session (or a deactivated account's): 401. A non-admin
on an admin route: 403; an admin whose session did not pass the second factor: 403 ``mfa_required`` (issue 15).
Otherwise 200 with a short-lived signed assertion that Traefik copies onto the forwarded request.
Who holds an applicant's session is remembered for a few seconds (session_cache.py), so most requests cost no
database read; an admin's is read every time.
"""

from fastapi import APIRouter, Request, Response

from identity.metrics import forward_auth_timer
from identity.second_factor import not_passed
from identity.sessions import holder_for_token, session_token
from portal_common.auth import ASSERTION_HEADER, sign_assertion
from portal_common.errors import ApiError, ErrorCode
from portal_common.tracing import TRACEPARENT, current_traceparent
from portal_common.unit_of_work import SessionDep

router = APIRouter(prefix="/internal/auth", tags=["forward-auth"], include_in_schema=False)
ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]


async def _authorise(request: Request, db: SessionDep, admin_only: bool) -> Response:
    holder = await holder_for_token(db, session_token(request))
    if holder is None:
        raise ApiError(401, ErrorCode.NOT_AUTHENTICATED, "Not signed in")
    if admin_only and holder.role != "admin":
        raise ApiError(403, ErrorCode.FORBIDDEN, "Admins only")
    if admin_only and not holder.second_factor:
        raise not_passed()
    secret = request.app.state.settings.assertion_secret.get_secret_value()
    assertion = sign_assertion(secret, holder.user_id, holder.role, holder.language,
                               second_factor=holder.second_factor, compliance_officer=holder.compliance_officer)
    # Traefik copies this onto the forwarded request (gateway/render.py), so the service continues this trace.
    return Response(status_code=200, headers={ASSERTION_HEADER: assertion, TRACEPARENT: current_traceparent() or ""})


@router.api_route("/user", methods=ALL_METHODS)
async def any_signed_in_user(request: Request, db: SessionDep) -> Response:
    with forward_auth_timer("user"):
        return await _authorise(request, db, admin_only=False)


@router.api_route("/admin", methods=ALL_METHODS)
async def admins_only(request: Request, db: SessionDep) -> Response:
    with forward_auth_timer("admin"):
        return await _authorise(request, db, admin_only=True)
