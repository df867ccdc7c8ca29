"""The gateway (design.md, Identity at the gateway; spec §6): who reaches what, forged identities,
cookie flags, CSRF, rate limits, and the SPA fallback, all through Traefik."""

import re
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest

from gateway.render import CONTENT_SECURITY_POLICY
from gateway.routes import ROUTES
from portal_common.auth import ASSERTION_HEADER, sign_assertion

SIGNED_IN_CALLS = [("GET", "/api/user"), ("GET", "/api/profile"), ("PUT", "/api/profile"),
                   ("POST", "/api/set-language"), ("GET", "/api/application"), ("GET", "/api/documents"),
                   ("POST", "/api/documents"), ("GET", "/api/documents/1/download"),
                   ("GET", "/api/document-requests"), ("GET", "/api/contracts"), ("POST", "/api/contracts/1/sign"),
                   ("GET", "/api/email-preferences"), ("PUT", "/api/email-preferences"),
                   ("GET", "/api/privacy/access-log"), ("GET", "/api/consents"), ("POST", "/api/consents"),
                   ("GET", "/api/privacy/erasure"), ("POST", "/api/privacy/export"),
                   ("GET", "/api/privacy/exports/00000000-0000-4000-8000-000000000001/download"),
                   ("GET", "/api/payout-details"), ("PUT", "/api/payout-details"), ("GET", "/api/payments"),
                   ("GET", "/api/payments/1/payslip"), ("POST", "/api/concerns"), ("GET", "/api/mandate"),
                   ("GET", "/api/mandate/notice"), ("POST", "/api/mandate/notice/acknowledgement"),
                   ("POST", "/api/mandate/resignation")]
ADMIN_CALLS = [("GET", "/api/admin/applications"), ("GET", "/api/admin/applications/1"),
               ("PUT", "/api/admin/applications/1/status"), ("GET", "/api/admin/messages"),
               ("PUT", "/api/admin/messages/1/read"), ("GET", "/api/admin/documents"),
               ("PUT", "/api/admin/documents/1/status"), ("GET", "/api/admin/contracts"),
               ("GET", "/api/admin/companies"), ("POST", "/api/document-requests"), ("POST", "/api/contracts"),
               ("GET", "/api/admin/emails"), ("POST", "/api/admin/emails/1/resend"), ("GET", "/api/admin/audit"),
               ("GET", "/api/admin/admins"), ("POST", "/api/admin/admin-invitations"),
               ("GET", "/api/admin/erasure-requests"), ("GET", "/api/admin/legal-holds"),
               ("GET", "/api/admin/pay-runs"), ("POST", "/api/admin/pay-runs"), ("GET", "/api/admin/pay-runs/1"),
               ("DELETE", "/api/admin/pay-runs/1"), ("POST", "/api/admin/pay-runs/1/approve"),
               ("POST", "/api/admin/pay-runs/1/paid"), ("POST", "/api/admin/pay-runs/1/lines/1/failed"),
               ("GET", "/api/admin/pay-runs/1/sepa"), ("GET", "/api/admin/pay-runs/1/tsd"),
               ("GET", "/api/admin/applications/1/payments"), ("GET", "/api/admin/clients"),
               ("GET", "/api/admin/screening/hits"), ("POST", "/api/admin/screening/lists"),
               ("PUT", "/api/admin/applications/1/mandate"), ("GET", "/api/admin/users/1/liability-notice")]


def test_every_protected_route_of_the_table_is_probed() -> None:
    guarded = {r.name for r in ROUTES if r.access in ("user", "admin", "self")}
    probed = {r.name for r in ROUTES for method, path in SIGNED_IN_CALLS + ADMIN_CALLS
              if r.access != "public" and _matches(r.rule, method, path)}
    assert guarded == probed


def _matches(rule: str, method: str, path: str) -> bool:
    """Whether a request matches a rule of the table: matchers joined by || and &&, no parentheses."""
    return any(all(_matcher_matches(matcher, method, path) for matcher in alternative.split("&&"))
               for alternative in rule.split("||"))


def _matcher_matches(matcher: str, method: str, path: str) -> bool:
    kind, value = matcher.strip().split("(`")
    value = value.rstrip("`)")
    return {"Path": path == value, "PathPrefix": path.startswith(value), "Method": method == value,
            "PathRegexp": re.search(value, path) is not None}[kind]


@pytest.mark.parametrize(("method", "path"), SIGNED_IN_CALLS + ADMIN_CALLS)
def test_anonymous_calls_are_401(client: httpx.Client, method: str, path: str) -> None:
    response = client.request(method, path, json={})
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"


@pytest.mark.parametrize(("method", "path"), ADMIN_CALLS)
def test_applicants_on_admin_routes_are_403(make_applicant: Any, method: str, path: str) -> None:
    response = make_applicant().client.request(method, path, json={})
    assert response.status_code == 403
    assert response.json()["code"] == "forbidden"


@pytest.mark.parametrize(("method", "path"), ADMIN_CALLS)
def test_admins_pass_the_gateway_on_admin_routes(admin_client: httpx.Client, method: str, path: str) -> None:
    assert admin_client.request(method, path, json={}).status_code not in (401, 403)


@pytest.mark.parametrize("path", ["/api/document-requests", "/api/contracts"])
def test_the_admin_posts_on_shared_paths_are_refused_at_the_gateway(make_applicant: Any, path: str) -> None:
    """issue 12: the admin-only POSTs go through the admin ForwardAuth like every other admin call. Malformed
    JSON tells the two checks apart: a service that let the applicant in would answer it with 422."""
    response = make_applicant().client.post(path, content=b"{not json", headers={"Content-Type": "application/json"})
    assert response.status_code == 403
    assert response.json()["code"] == "forbidden"


@pytest.mark.parametrize("token", [
    sign_assertion("a-guessed-secret", 1, "admin", "et", second_factor=True),
    "v1.eyJzdWIiOjEsInJvbGUiOiJhZG1pbiJ9.forged",
])
def test_a_forged_identity_header_is_refused(client: httpx.Client, token: str) -> None:
    for method, path in ADMIN_CALLS[:3] + SIGNED_IN_CALLS[4:6]:
        assert client.request(method, path, headers={ASSERTION_HEADER: token}).status_code == 401


def test_even_a_correctly_signed_header_from_the_client_is_not_trusted(stack: Any, client: httpx.Client) -> None:
    genuine = sign_assertion(stack.env["PORTAL_ASSERTION_SECRET"], 1, "admin", "et", second_factor=True)
    assert client.get("/api/admin/applications", headers={ASSERTION_HEADER: genuine}).status_code == 401


def test_session_cookie_flags(client: httpx.Client, make_applicant: Any, stack: Any) -> None:
    applicant = make_applicant()
    response = client.post("/api/login", json={"username": applicant.user["username"],
                                               "password": applicant.password})
    cookie = response.headers["set-cookie"]
    assert cookie.startswith("portal_session=")
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
    assert "Secure" not in cookie  # plain HTTP on this machine
    over_https = httpx.post(f"{stack.service_url('identity')}/api/login", json={
        "username": applicant.user["username"], "password": applicant.password},
        headers={"Origin": "https://portal.example", "Host": "portal.example", "X-Forwarded-Proto": "https"})
    assert over_https.status_code == 200
    assert "Secure" in over_https.headers["set-cookie"]


@pytest.mark.parametrize("headers", [
    {},
    {"Origin": "https://evil.example"},
    {"Origin": "null"},
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "same-site", "Origin": "SELF"},
])
def test_unsafe_requests_from_elsewhere_are_refused(gateway: str, headers: dict[str, str]) -> None:
    headers = {k: gateway if v == "SELF" else v for k, v in headers.items()}
    response = httpx.post(f"{gateway}/api/login", json={"username": "x", "password": "y"}, headers=headers)
    assert response.status_code == 403
    assert response.json()["code"] == "csrf_failed"


def test_same_origin_requests_pass_the_csrf_check(gateway: str) -> None:
    for headers in ({"Origin": gateway}, {"Sec-Fetch-Site": "same-origin"}):
        response = httpx.post(f"{gateway}/api/login", json={"username": "x", "password": "y"}, headers=headers)
        assert response.status_code == 401


def test_logout_cannot_be_forced_cross_site(make_applicant: Any, gateway: str) -> None:
    applicant = make_applicant()
    token = applicant.client.cookies["portal_session"]
    forced = httpx.post(f"{gateway}/api/logout", headers={"Cookie": f"portal_session={token}",
                                                          "Origin": "https://evil.example"})
    assert forced.status_code == 403
    assert applicant.client.get("/api/user").status_code == 200


def test_login_and_registration_are_rate_limited(gateway: str) -> None:
    def attempt(_: int) -> int:
        return httpx.post(f"{gateway}/api/login", json={"username": "", "password": ""},
                          headers={"Origin": gateway}).status_code

    with ThreadPoolExecutor(max_workers=16) as pool:
        statuses = list(pool.map(attempt, range(200)))
    assert 429 in statuses
    assert 422 in statuses  # the first ones went through to identity


def test_unknown_api_paths_are_json_404_and_pages_fall_back_to_the_spa(gateway: str) -> None:
    api = httpx.get(f"{gateway}/api/does-not-exist")
    assert api.status_code == 404 and api.json()["code"] == "not_found"
    for path in ("/", "/dashboard", "/admin/applications/12", "/no/such/page"):
        page = httpx.get(f"{gateway}{path}")
        assert page.status_code == 200
        assert page.headers["content-type"].startswith("text/html")
        assert page.headers["cache-control"] == "no-cache"
        assert '<div id="root"' in page.text  # on `/` the landing page comes drawn inside it (web/README.md)


def test_request_ids_pass_through(gateway: str) -> None:
    response = httpx.get(f"{gateway}/api/user", headers={"X-Request-Id": "trace-me-123"})
    assert response.headers["x-request-id"] == "trace-me-123"
    assert len(httpx.get(f"{gateway}/api/user").headers["x-request-id"]) >= 16


# ---- security headers and compression at the gateway (issue 7) --------------------------------------

@pytest.mark.parametrize("path", ["/", "/dashboard", "/api/user", "/api/does-not-exist"])
def test_every_answer_carries_the_security_headers(gateway: str, path: str) -> None:
    headers = httpx.get(f"{gateway}{path}").headers
    assert headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert headers["x-frame-options"] == "DENY"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "strict-origin-when-cross-origin"
    assert "camera=()" in headers["permissions-policy"]


def test_hsts_is_not_sent_over_plain_http_even_when_the_client_claims_https(gateway: str) -> None:
    assert "strict-transport-security" not in httpx.get(f"{gateway}/").headers
    claimed = httpx.get(f"{gateway}/", headers={"X-Forwarded-Proto": "https"})
    assert "strict-transport-security" not in claimed.headers  # Traefik replaces untrusted forwarded headers


def test_scripts_and_translations_are_compressed(gateway: str) -> None:
    index = httpx.get(f"{gateway}/").text
    script = re.search(r'src="(/assets/[^"]+\.js)"', index)
    assert script is not None
    for path in (script.group(1), "/locales/et/common.json"):
        plain = httpx.get(f"{gateway}{path}", headers={"Accept-Encoding": "identity"})
        packed = httpx.get(f"{gateway}{path}", headers={"Accept-Encoding": "gzip"})
        assert plain.status_code == packed.status_code == 200
        assert "content-encoding" not in plain.headers
        assert packed.headers["content-encoding"] == "gzip"
        assert packed.content == plain.content  # httpx decodes; the bytes behind must be the same
        assert packed.num_bytes_downloaded < plain.num_bytes_downloaded


def test_a_download_keeps_the_documents_own_content_security_policy(make_applicant: Any) -> None:
    """The gateway's headers on a download (issue 11, Closed internals): the SPA's policy would let a stored
    HTML or SVG file run as the portal; the documents service's `sandbox` policy must reach the browser."""
    client = make_applicant().client
    uploaded = client.post("/api/documents", files={"file": ("note.txt", b"plain words", "text/plain")})
    assert uploaded.status_code == 201, uploaded.text
    download = client.get(f"/api/documents/{uploaded.json()['id']}/download")
    assert download.status_code == 200 and download.content == b"plain words"
    assert download.headers["content-security-policy"] == "default-src 'none'; sandbox"
    assert download.headers["x-frame-options"] == "DENY"
    assert download.headers["x-content-type-options"] == "nosniff"
    # Every other answer still carries the SPA's policy.
    assert client.get("/api/documents").headers["content-security-policy"] == CONTENT_SECURITY_POLICY
